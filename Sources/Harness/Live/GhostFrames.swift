import Foundation

/// What a build drew of its scene over its last seconds under `--live`, by history frame: what the next build
/// draws faintly over the same input replayed (watch again, W), so that the gesture before and after an edit
/// can be seen together.
///
/// Only the scene's own commands are kept (not the background, the title, the overlays). A frame of more than
/// ``pointLimit`` points (the stress scene's dots) turns the ghost off for the scene: keeping seconds of such
/// frames would cost hundreds of megabytes.
struct GhostFrames: Equatable {
    /// How much of the session a ghost keeps, in seconds of animation time.
    static let seconds = 5.0
    /// The most points (polyline and dot centres, rectangles) one kept frame may hold.
    static let pointLimit = 20_000

    /// The history frame of ``frames``' first.
    private(set) var first = 0
    /// The scene's commands of each frame, oldest first.
    private(set) var frames: [[DrawCommand]] = []
    /// Each kept frame's unscaled interval, to keep ``seconds`` of them (paused frames count too).
    private var intervals: [Double] = []
    private var span = 0.0
    /// The storage of the frame dropped last, for the next frame kept.
    private var spare: [DrawCommand]?
    /// Whether a frame was too large to keep (the ghost is then off for the scene).
    private(set) var isOff = false

    /// Keeps `commands`, what the scene drew at history frame `frame` (`interval` after the one before),
    /// dropping what is older than ``seconds``.
    mutating func keep(_ commands: ArraySlice<DrawCommand>, frame: Int, interval: Double) {
        guard !isOff else { return }
        guard commands.reduce(0, { $0 + $1.pointCount }) <= Self.pointLimit else {
            self = GhostFrames()
            isOff = true
            return
        }
        if frames.isEmpty || first + frames.count != frame {
            self = GhostFrames()
            first = frame
        }
        // The frame dropped last lends its storage to the next kept: a steady frame keeps without allocating.
        var kept = spare ?? []
        spare = nil
        kept.removeAll(keepingCapacity: true)
        kept.append(contentsOf: commands)
        frames.append(kept)
        intervals.append(interval)
        span += interval
        while frames.count > 1, span - intervals[0] >= Self.seconds {
            span -= intervals.removeFirst()
            spare = frames.removeFirst()
            first += 1
        }
    }

    /// Equal when they keep the same frames (the intervals only bound what is kept; a file does not hold them).
    static func == (a: GhostFrames, b: GhostFrames) -> Bool {
        a.first == b.first && a.frames == b.frames && a.isOff == b.isOff
    }

    /// Starts afresh (a new scene).
    mutating func reset() { self = GhostFrames() }

    /// The commands kept for history frame `frame`, if any.
    func commands(atFrame frame: Int) -> [DrawCommand]? {
        frames.indices.contains(frame - first) ? frames[frame - first] : nil
    }

    /// The history frames kept.
    var range: Range<Int> { first..<(first + frames.count) }

    // MARK: File

    static func path(in directory: String) -> String { directory + "/ghost.frames" }

    /// Writes the kept frames into `directory` (nothing when there are none).
    func write(to directory: String) throws(HarnessError) {
        guard !frames.isEmpty else { return }
        var writer = ByteWriter()
        writer.int(1)
        writer.int(first)
        writer.int(frames.count)
        for frame in frames {
            writer.int(frame.count)
            for command in frame { writer.command(command) }
        }
        try OutputFile.write(writer.data, to: Self.path(in: directory))
    }

    /// The frames a previous build left in `directory` (nil when there are none or they cannot be read), then
    /// removes the file.
    static func take(from directory: String) -> GhostFrames? {
        defer { try? FileManager.default.removeItem(atPath: path(in: directory)) }
        guard let data = FileManager.default.contents(atPath: path(in: directory)) else { return nil }
        var reader = ByteReader(data: data)
        guard reader.int() == 1, let first = reader.int(), first >= 0,
            let frames = reader.array({ $0.array { $0.command() } })
        else { return nil }
        var ghost = GhostFrames()
        ghost.first = first
        ghost.frames = frames
        return reader.isAtEnd ? ghost : nil
    }
}

extension DrawCommand {
    /// How many points or rectangles the command carries (what a kept frame costs).
    var pointCount: Int {
        switch self {
        case let .fillRects(rects, _): rects.count
        case let .polyline(points, _), let .dots(points, _, _): points.count
        default: 1
        }
    }

    /// The command in `color`'s place drawn at `fraction` of its opacity (a ghost's).
    func faded(to fraction: Double) -> DrawCommand {
        func fade(_ color: Color) -> Color { color.opacity(UInt8((Double(color.a) * fraction).rounded())) }
        switch self {
        case let .clear(color): return .clear(fade(color))
        case let .fillRect(rect, color): return .fillRect(rect, fade(color))
        case let .fillRects(rects, color): return .fillRects(rects, fade(color))
        case let .strokeRect(rect, color): return .strokeRect(rect, fade(color))
        case let .line(from, to, color): return .line(from: from, to: to, fade(color))
        case let .polyline(points, color): return .polyline(points, fade(color))
        case let .circle(center, radius, color): return .circle(center: center, radius: radius, fade(color))
        case let .dots(points, radius, color): return .dots(points, radius: radius, fade(color))
        case let .text(text, point, size, color): return .text(text, at: point, size: size, fade(color))
        }
    }
}

// The draw commands as ``ByteWriter`` and ``ByteReader`` fields: a ghost's file.
extension ByteWriter {
    mutating func command(_ command: DrawCommand) {
        switch command {
        case let .clear(color):
            int(0)
            self.color(color)
        case let .fillRect(rect, color):
            int(1)
            self.rect(rect)
            self.color(color)
        case let .fillRects(rects, color):
            int(2)
            int(rects.count)
            for rect in rects { self.rect(rect) }
            self.color(color)
        case let .strokeRect(rect, color):
            int(3)
            self.rect(rect)
            self.color(color)
        case let .line(from, to, color):
            int(4)
            point(from)
            point(to)
            self.color(color)
        case let .polyline(points, color):
            int(5)
            int(points.count)
            for point in points { self.point(point) }
            self.color(color)
        case let .circle(center, radius, color):
            int(6)
            point(center)
            double(radius)
            self.color(color)
        case let .dots(points, radius, color):
            int(7)
            int(points.count)
            for point in points { self.point(point) }
            double(radius)
            self.color(color)
        case let .text(text, at, size, color):
            int(8)
            int(text.utf8.count)
            bytes(text.utf8)
            point(at)
            int(size.rawValue)
            self.color(color)
        }
    }
}

extension ByteReader {
    mutating func command() -> DrawCommand? {
        switch int() {
        case 0: return color().map { .clear($0) }
        case 1:
            guard let rect = rect(), let color = color() else { return nil }
            return .fillRect(rect, color)
        case 2:
            guard let rects = array({ $0.rect() }), let color = color() else { return nil }
            return .fillRects(rects, color)
        case 3:
            guard let rect = rect(), let color = color() else { return nil }
            return .strokeRect(rect, color)
        case 4:
            guard let from = point(), let to = point(), let color = color() else { return nil }
            return .line(from: from, to: to, color)
        case 5:
            guard let points = array({ $0.point() }), let color = color() else { return nil }
            return .polyline(points, color)
        case 6:
            guard let center = point(), let radius = double(), let color = color() else { return nil }
            return .circle(center: center, radius: radius, color)
        case 7:
            guard let points = array({ $0.point() }), let radius = double(), let color = color() else { return nil }
            return .dots(points, radius: radius, color)
        case 8:
            guard let length = count(), let bytes = bytes(length), let at = point(), let raw = int(),
                let size = TextSize(rawValue: raw), let color = color()
            else { return nil }
            return .text(String(decoding: bytes, as: UTF8.self), at: at, size: size, color)
        default: return nil
        }
    }
}
