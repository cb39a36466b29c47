import CSDL2
import CWayland
import Foundation
import Harness

/// How the SDL window is opened.
public struct WindowOptions: Sendable {
    /// The window title (also what `xdotool search --name` finds).
    public var title: String
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Use SDL's `dummy` video driver and the software renderer: no window, no display needed.
    public var headless: Bool
    /// Ask the accelerated renderer for vsync (the pacer still measures whether presents really block).
    public var vsync: Bool
    /// Pixels per point asked for on top of the display's own scale (X11 has no HiDPI of its own): the
    /// window opens at `width × scale` by `height × scale` pixels and scenes still see `width × height`
    /// points, drawn sharper.
    public var scale: Double = 1
    /// The video driver to use (`wayland`, `x11`, …); nil: `SDL_VIDEODRIVER` when set, else Wayland when
    /// `WAYLAND_DISPLAY` names a compositor with a seat, else X11 when `DISPLAY` is set.
    public var driver: String?
    /// Where the window opens, in screen coordinates (nil: centred; Wayland places windows itself).
    public var position: (x: Int, y: Int)?
    /// Whether the window opens fullscreen on its display.
    public var fullscreen = false

    /// Creates options; the defaults are a 1280×720 window with vsync requested.
    public init(
        title: String = "Cadence", width: Int = 1280, height: Int = 720, headless: Bool = false, vsync: Bool = true,
        driver: String? = nil, scale: Double = 1
    ) {
        self.scale = scale
        self.driver = driver
        self.title = title
        self.width = width
        self.height = height
        self.headless = headless
        self.vsync = vsync
    }
}

/// SDL itself, one window and its renderer: opened together (with the driver chosen explicitly) and
/// closed together. Only one may be open at a time, since SDL is process-global.
final class SDLWindow {
    /// The video driver SDL is using (`x11`, `wayland`, `dummy`, `offscreen`, …).
    let driver: String
    /// The renderer SDL chose (`opengl`, `software`, …).
    let rendererName: String
    private(set) var window: OpaquePointer?
    private(set) var renderer: OpaquePointer?

    /// Initialises SDL, then opens the window and its renderer.
    /// - Throws: ``HarnessError/noDisplay`` without a display, ``HarnessError/displayUnreachable(_:)``
    ///   when the display names no live server, ``HarnessError/platform(_:)`` with SDL's own error text.
    init(options: WindowOptions) throws(HarnessError) {
        cadence_SDL_reuse_large_blocks()
        let asked = options.driver ?? Self.environment("SDL_VIDEODRIVER")
        let choice = options.headless ? (driver: "dummy", note: nil) : try Self.chooseDriver(asked: asked)
        note = choice.note
        // Named, never left to SDL: an unreachable DISPLAY would otherwise fall back to the invisible
        // `offscreen` driver, a run nobody can see that looks like success. OVERRIDE: SDL_VIDEODRIVER in
        // the environment would beat a hint of normal priority.
        SDL_SetHintWithPriority("SDL_VIDEODRIVER", choice.driver, SDL_HINT_OVERRIDE)
        // Signals are the harness's (StopRequest): SDL's handlers would turn SIGINT/SIGTERM into a quit
        // event that looks like the user closing the window, and leave SIGHUP killing the process.
        SDL_SetHint("SDL_NO_SIGNAL_HANDLERS", "1")
        guard SDL_Init(cadence_SDL_INIT_VIDEO()) == 0 else {
            if options.headless { throw .platform(Self.sdlError()) }
            if let asked { throw .unavailableDriver(asked, working: Self.workingDrivers()) }
            throw .displayUnreachable(Self.displayName)
        }

        let flags =
            options.headless
            ? SDL_WINDOW_HIDDEN.rawValue
            : SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard
            let window = SDL_CreateWindow(
                options.title, options.position.map { Int32(clamping: $0.x) } ?? cadence_SDL_WINDOWPOS_CENTERED(),
                options.position.map { Int32(clamping: $0.y) } ?? cadence_SDL_WINDOWPOS_CENTERED(),
                Int32((Double(options.width) * options.scale).rounded()),
                Int32((Double(options.height) * options.scale).rounded()), flags)
        else {
            let message = Self.sdlError()
            SDL_Quit()
            throw .platform(message)
        }
        // Lines with SDL's line method, as the software renderer of an OffscreenCanvas (plots, clips) draws
        // them: with points (SDL's default for a window) line ends differ by a pixel. One method, one
        // picture: a frame of any software-rendered window (headless, or SDL_RENDER_DRIVER=software) is the
        // frame a clip of it shows.
        SDL_SetHint(SDL_HINT_RENDER_LINE_METHOD, "2")
        // Resizable, but not below the size every scene is laid out for (nor below the size asked for).
        SDL_SetWindowMinimumSize(
            window, Int32((Double(min(options.width, SceneCatalog.smallestLayout.width)) * options.scale).rounded()),
            Int32((Double(min(options.height, SceneCatalog.smallestLayout.height)) * options.scale).rounded()))
        if options.fullscreen && !options.headless {
            SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        }
        var renderer: OpaquePointer?
        if !options.headless {
            var accelerated = SDL_RENDERER_ACCELERATED.rawValue
            if options.vsync { accelerated |= SDL_RENDERER_PRESENTVSYNC.rawValue }
            renderer = SDL_CreateRenderer(window, -1, accelerated)
        }
        if renderer == nil { renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let renderer else {
            let message = Self.sdlError()
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw .platform(message)
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)

        self.window = window
        self.renderer = renderer
    }

    deinit { close() }

    /// Destroys the renderer and the window and shuts SDL down. Safe to call twice.
    func close() {
        guard let renderer, let window else { return }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
        self.renderer = nil
        self.window = nil
    }

    /// The renderer's output size in pixels (zero once closed).
    var outputSize: Size {
        guard let renderer else { return Size(width: 0, height: 0) }
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        return Size(width: Int(width), height: Int(height))
    }

    /// Why the driver chosen is not the one the environment suggests (a Wayland compositor without a seat,
    /// so X11), for the run's log; nil when there is nothing to say.
    let note: String?

    /// The driver a window run uses: `asked` (refused when it is Wayland on a compositor without a seat),
    /// else Wayland when `WAYLAND_DISPLAY` names a compositor with a seat, else X11 when `DISPLAY` is set.
    static func chooseDriver(asked: String?) throws(HarnessError) -> (driver: String, note: String?) {
        let wayland = environment("WAYLAND_DISPLAY")
        let x11 = environment("DISPLAY")
        if let asked {
            if asked == "wayland", let wayland, cadence_wayland_seat(nil) == 0 {
                throw .noSeat("WAYLAND_DISPLAY=\(wayland)")
            }
            return (asked, nil)
        }
        if let wayland {
            switch cadence_wayland_seat(nil) {
            case 1: return ("wayland", nil)
            case 0:
                guard x11 != nil else { throw .noSeat("WAYLAND_DISPLAY=\(wayland)") }
                return ("x11", "the Wayland compositor at WAYLAND_DISPLAY=\(wayland) has no seat: using X11")
            default:
                guard x11 != nil else { throw .displayUnreachable("WAYLAND_DISPLAY=\(wayland)") }
                return ("x11", "no Wayland compositor answers at WAYLAND_DISPLAY=\(wayland): using X11")
            }
        }
        guard x11 != nil else { throw .noDisplay }
        return ("x11", nil)
    }

    /// The video drivers SDL was built with that start here (each is started and stopped; Wayland only on a
    /// compositor with a seat).
    static func workingDrivers() -> [String] {
        (0..<SDL_GetNumVideoDrivers()).compactMap { index -> String? in
            guard let name = SDL_GetVideoDriver(index).map({ String(cString: $0) }) else { return nil }
            if name == "wayland", cadence_wayland_seat(nil) != 1 { return nil }
            guard SDL_VideoInit(name) == 0 else { return nil }
            SDL_VideoQuit()
            return name
        }
    }

    /// SDL's id of the window, which events from it carry.
    var windowID: UInt32 { window.map { SDL_GetWindowID($0) } ?? 0 }

    static func sdlError() -> String { String(cString: SDL_GetError()) }

    /// The display a window would go to, as the environment names it (for messages).
    static var displayName: String {
        [("DISPLAY", environment("DISPLAY")), ("WAYLAND_DISPLAY", environment("WAYLAND_DISPLAY"))]
            .compactMap { name, value in value.map { "\(name)=\($0)" } }.joined(separator: ", ")
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let string = String(cString: value)
        return string.isEmpty ? nil : string
    }
}
