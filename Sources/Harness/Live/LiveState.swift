import Foundation

/// Where a window is and how big: what a live reload opens the next build's window with.
public struct WindowPlacement: Codable, Sendable, Equatable {
    /// The window's position on the desktop, in screen coordinates (nil where the driver cannot tell or
    /// set it: Wayland lets the compositor place windows).
    public var x: Int?, y: Int?
    /// The window's size in points (what ``SceneCatalog/smallestLayout`` and scenes count in), while not
    /// fullscreen.
    public var width: Int, height: Int
    /// Whether the window fills its display.
    public var fullscreen: Bool

    /// Creates a placement.
    public init(x: Int? = nil, y: Int? = nil, width: Int, height: Int, fullscreen: Bool = false) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.fullscreen = fullscreen
    }
}

/// A scene whose own state survives a live reload (`--live`): the build that is replaced asks it for
/// ``liveState()``, the next build's fresh instance of the same scene gets it back in
/// ``restoreLiveState(_:)``. Scenes that do not conform start afresh with each build.
///
/// The data crosses from one build of your code to the next, so encode plain values (`Codable` structs of
/// numbers and strings), never a type's identity, and decode leniently: a field the new code no longer has
/// is dropped, one it gained keeps its default.
public protocol LiveReloadable: Scene {
    /// The scene's state, encoded, or nil to start the next build's scene afresh.
    func liveState() -> Data?
    /// Takes back what ``liveState()`` of the previous build returned (called once, before the first frame).
    func restoreLiveState(_ data: Data)
}

/// What a live reload carries from one build of the harness to the next: everything of the run that is not
/// the user's code. Written by the running build (a few times a second while something changes, and when it
/// stops), read by the next build before its first frame.
public struct LiveState: Codable, Sendable, Equatable {
    /// The build that wrote it (0 is the build `--live` started with).
    public var build: Int
    /// The scene shown, by name.
    public var scene: String
    /// The frame clock's pause, time scale and elapsed animation time.
    public var paused: Bool, timeScale: Double, elapsed: Double
    /// Frames run so far over every build (frame numbers, `--frames`, recordings and screenshot series go on
    /// counting from it).
    public var frame: Int
    /// Whether the profiler (P) and help (H) overlays are shown.
    public var showsProfiler: Bool, showsHelp: Bool
    /// The window, when the backend can tell.
    public var window: WindowPlacement?
    /// The scene's own state, when it is ``LiveReloadable``.
    public var sceneState: Data?

    /// Creates a state.
    public init(
        build: Int, scene: String, paused: Bool = false, timeScale: Double = 1, elapsed: Double = 0, frame: Int = 0,
        showsProfiler: Bool = false, showsHelp: Bool = false, window: WindowPlacement? = nil, sceneState: Data? = nil
    ) {
        self.build = build
        self.scene = scene
        self.paused = paused
        self.timeScale = timeScale
        self.elapsed = elapsed
        self.frame = frame
        self.showsProfiler = showsProfiler
        self.showsHelp = showsHelp
        self.window = window
        self.sceneState = sceneState
    }

    /// The file a state directory keeps it in.
    public static func path(in directory: String) -> String { directory + "/state.json" }

    /// The state saved in `directory`, or nil when there is none or it cannot be read (a reload then starts
    /// afresh rather than failing).
    public static func load(from directory: String) -> LiveState? {
        guard let data = FileManager.default.contents(atPath: path(in: directory)) else { return nil }
        return try? JSONDecoder().decode(LiveState.self, from: data)
    }

    /// The state as JSON.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }
}
