import Foundation

/// Everything a scene has been given since it was made: each frame's `dt`, the window's size, and the input
/// events it handled, in order. A live reload's next build replays it through the new code (see
/// ``FrameLoop/fastForward(through:)``), so that the scene is what the new code makes of the same session.
///
/// A scene that keeps the determinism contract (time only from `dt`, randomness only from a generator seeded
/// with ``SceneContext/seed``, nothing read from outside but its input) then comes back exactly; one that does
/// not is reported over the scene.
///
/// The history is bounded: past ``frameLimit`` frames, ``eventLimit`` events or ``replayBudget`` of replay (the
/// time the scene's updates took as they were recorded, which is about what replaying them takes) it stops
/// growing and is marked ``isOverflowed``; the next build then starts the scene afresh (restoring what
/// ``LiveReloadable`` keeps) and says so.
public struct SceneHistory: Sendable, Equatable {
    /// One frame as the scene saw it.
    public struct Frame: Sendable, Equatable {
        /// The `dt` the scene and the tweener were advanced by.
        public var dt: Double
        /// The frame clock's unscaled interval (``FrameClock/frameInterval``), which scenes may show.
        public var interval: Double
        /// The window's size in points, as `handle` and `draw` got it.
        public var width: Int32, height: Int32

        /// Creates a frame.
        public init(dt: Double, interval: Double, size: Size) {
            self.dt = dt
            self.interval = interval
            width = Int32(clamping: size.width)
            height = Int32(clamping: size.height)
        }

        /// The window's size.
        public var size: Size { Size(width: Int(width), height: Int(height)) }
    }

    /// The most frames a history keeps: ten minutes at 60 frames a second.
    public static let frameLimit = 36_000
    /// The most input events a history keeps.
    public static let eventLimit = 100_000
    /// The most replay a history keeps, in nanoseconds of recorded update time: a heavy scene (a stress run with
    /// a million objects) reaches it long before ``frameLimit``, and a reload never waits longer than this.
    public static let replayBudget: UInt64 = 3_000_000_000

    /// The scene's name.
    public var scene: String
    /// Whether the frame clock was paused, its time scale and its elapsed time when the scene was made (a
    /// replay starts the clock there, since a scene may read it and its keys may change it).
    public var startsPaused: Bool, startTimeScale: Double, startElapsed: Double
    /// Every frame, in order.
    public private(set) var frames: [Frame] = []
    /// Every input event the scene was given, with the index of its frame in ``frames``.
    public private(set) var events: [RecordedEvent] = []
    /// Whether the history passed ``frameLimit``, ``eventLimit`` or ``replayBudget`` and stopped (it cannot be
    /// replayed).
    public private(set) var isOverflowed = false
    /// The time the recorded frames' updates (the tweener's and the scene's) took, in nanoseconds.
    public private(set) var replayCost: UInt64 = 0

    /// An empty history of a scene made now.
    public init(scene: String, startsPaused: Bool = false, startTimeScale: Double = 1, startElapsed: Double = 0) {
        self.scene = scene
        self.startsPaused = startsPaused
        self.startTimeScale = startTimeScale
        self.startElapsed = startElapsed
    }

    /// An empty history of `scene`, made now on `clock`.
    init(scene: String, clock: FrameClock) {
        self.init(
            scene: scene, startsPaused: clock.isPaused, startTimeScale: clock.timeScale, startElapsed: clock.elapsed)
    }

    /// Adds a frame, the events handled in it (before its update) and what handling them and its update cost,
    /// in nanoseconds.
    public mutating func append(_ frame: Frame, events frameEvents: some Collection<InputEvent>, cost: UInt64 = 0) {
        guard !isOverflowed else { return }
        replayCost &+= cost
        guard frames.count < Self.frameLimit, events.count + frameEvents.count <= Self.eventLimit,
            replayCost <= Self.replayBudget
        else {
            isOverflowed = true
            frames = []
            events = []
            return
        }
        for event in frameEvents { events.append(RecordedEvent(frame: frames.count, event: event)) }
        frames.append(frame)
    }

    /// The animation time the history covers, in seconds.
    public var duration: Double { frames.reduce(0) { $0 + $1.dt } }

    // MARK: Files

    /// The history's header and events (JSON) and its frames (a flat array of little-endian records).
    static func paths(in directory: String) -> (header: String, frames: String) {
        (directory + "/history.json", directory + "/history.frames")
    }

    /// The size of one frame's record in the frames file: dt, interval (Float64), width, height (Int32).
    static let frameRecordSize = 24

    private struct Header: Codable {
        var version: Int
        var scene: String
        var startsPaused: Bool
        var startTimeScale: Double
        var startElapsed: Double
        var overflowed: Bool
        var replayCost: UInt64
        var frames: Int
        var events: [RecordedEvent]
    }

    /// Writes the history into `directory` (each file whole or not at all).
    public func write(to directory: String) throws(HarnessError) {
        let paths = Self.paths(in: directory)
        var writer = ByteWriter()
        for frame in frames {
            writer.double(frame.dt)
            writer.double(frame.interval)
            writer.int32(frame.width)
            writer.int32(frame.height)
        }
        let header = Header(
            version: 1, scene: scene, startsPaused: startsPaused, startTimeScale: startTimeScale,
            startElapsed: startElapsed, overflowed: isOverflowed, replayCost: replayCost, frames: frames.count,
            events: events)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let json = try? encoder.encode(header) else {
            throw .outputFailed(paths.header, reason: "the history could not be encoded")
        }
        // The frames first: a header is only ever next to the frames it counts.
        try OutputFile.write(writer.data, to: paths.frames)
        try OutputFile.write(json, to: paths.header)
    }

    /// Removes the history files in `directory`, if any.
    public static func remove(from directory: String) {
        let paths = paths(in: directory)
        try? FileManager.default.removeItem(atPath: paths.header)
        try? FileManager.default.removeItem(atPath: paths.frames)
    }

    /// The history in `directory`: nil when there is none, an error saying what is wrong with one that cannot
    /// be replayed as it is (a file cut short, a value out of range).
    public static func load(from directory: String) -> Result<SceneHistory, HistoryError>? {
        let paths = paths(in: directory)
        guard let json = FileManager.default.contents(atPath: paths.header) else { return nil }
        guard let header = try? JSONDecoder().decode(Header.self, from: json) else {
            return .failure(HistoryError(reason: "its header is not a history's"))
        }
        guard header.version == 1 else {
            return .failure(HistoryError(reason: "it has format version \(header.version), this build reads 1"))
        }
        guard let data = FileManager.default.contents(atPath: paths.frames),
            header.frames >= 0, data.count == header.frames * frameRecordSize
        else { return .failure(HistoryError(reason: "its frames file does not hold the \(header.frames) frames")) }
        guard header.startTimeScale.isFinite, header.startTimeScale > 0, header.startElapsed.isFinite,
            header.startElapsed >= 0
        else {
            return .failure(
                HistoryError(
                    reason: "its clock starts at time scale \(header.startTimeScale), elapsed \(header.startElapsed)"))
        }
        var history = SceneHistory(
            scene: header.scene, startsPaused: header.startsPaused, startTimeScale: header.startTimeScale,
            startElapsed: header.startElapsed)
        history.isOverflowed = header.overflowed
        history.replayCost = header.replayCost
        history.frames.reserveCapacity(header.frames)
        var reader = ByteReader(data: data)
        for index in 0..<header.frames {
            // (The file's size was checked above: every field is there.)
            guard let dt = reader.double(), let interval = reader.double(), let width = reader.int32(),
                let height = reader.int32()
            else { break }
            guard dt.isFinite, dt >= 0, interval.isFinite, interval >= 0, width > 0, height > 0 else {
                // (`\(Double.nan)` with a payload prints as "-nan(0x…)".)
                let (shownDt, shownInterval) = (dt.isNaN ? "NaN" : "\(dt)", interval.isNaN ? "NaN" : "\(interval)")
                return .failure(
                    HistoryError(
                        reason: "frame \(index) has dt \(shownDt), interval \(shownInterval), size \(width)×\(height)"))
            }
            history.frames.append(Frame(dt: dt, interval: interval, size: Size(width: Int(width), height: Int(height))))
        }
        var last = 0
        for event in header.events {
            guard event.frame >= last, event.frame < header.frames else {
                return .failure(
                    HistoryError(reason: "an event is at frame \(event.frame), out of order or past the end"))
            }
            last = event.frame
        }
        history.events = header.events
        return .success(history)
    }
}

/// Why a saved ``SceneHistory`` cannot be replayed.
public struct HistoryError: Error, Sendable, Equatable {
    /// What is wrong with it.
    public var reason: String
}
