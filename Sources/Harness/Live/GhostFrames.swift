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
        frames.append(Array(commands))
        intervals.append(interval)
        span += interval
        while frames.count > 1, span - intervals[0] >= Self.seconds {
            span -= intervals.removeFirst()
            frames.removeFirst()
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
        guard reader.int() == 1, let first = reader.int(), let count = reader.int(), first >= 0, count >= 0 else {
            return nil
        }
        var ghost = GhostFrames()
        ghost.first = first
        for _ in 0..<count {
            guard let length = reader.int(), length >= 0 else { return nil }
            var frame: [DrawCommand] = []
            for _ in 0..<length {
                guard let command = reader.command() else { return nil }
                frame.append(command)
            }
            ghost.frames.append(frame)
        }
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
        func fade(_ color: Color) -> Color {
            Color(color.r, color.g, color.b, UInt8((Double(color.a) * fraction).rounded()))
        }
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

/// Little-endian fields appended to a buffer.
private struct ByteWriter {
    var data = Data()

    mutating func int(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { data.append(contentsOf: $0) } }
    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) }
    }
    mutating func point(_ value: Point) {
        double(value.x)
        double(value.y)
    }
    mutating func rect(_ value: Rect) {
        for field in [value.x, value.y, value.width, value.height] { double(field) }
    }
    mutating func color(_ value: Color) { data.append(contentsOf: [value.r, value.g, value.b, value.a]) }

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
            let bytes = Array(text.utf8)
            int(bytes.count)
            data.append(contentsOf: bytes)
            point(at)
            int(size.rawValue)
            self.color(color)
        }
    }
}

/// Reads what ``ByteWriter`` wrote; nil for anything cut short or out of range.
private struct ByteReader {
    let data: Data
    var offset = 0

    var isAtEnd: Bool { offset == data.count }

    mutating func bytes(_ count: Int) -> Data? {
        guard count >= 0, offset + count <= data.count else { return nil }
        defer { offset += count }
        return data.subdata(in: (data.startIndex + offset)..<(data.startIndex + offset + count))
    }
    mutating func int() -> Int? {
        guard let bytes = bytes(8) else { return nil }
        return Int(Int64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }))
    }
    mutating func double() -> Double? {
        guard let bytes = bytes(8) else { return nil }
        return Double(bitPattern: UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }))
    }
    mutating func point() -> Point? {
        guard let x = double(), let y = double() else { return nil }
        return Point(x, y)
    }
    mutating func rect() -> Rect? {
        guard let x = double(), let y = double(), let width = double(), let height = double() else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }
    mutating func color() -> Color? {
        guard let bytes = bytes(4) else { return nil }
        let at = bytes.startIndex
        return Color(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3])
    }
    mutating func count() -> Int? {
        guard let count = int(), count >= 0, count <= (data.count - offset) else { return nil }
        return count
    }
    mutating func points() -> [Point]? {
        guard let count = count() else { return nil }
        var points: [Point] = []
        points.reserveCapacity(count)
        for _ in 0..<count {
            guard let point = point() else { return nil }
            points.append(point)
        }
        return points
    }

    mutating func command() -> DrawCommand? {
        switch int() {
        case 0: return color().map { .clear($0) }
        case 1:
            guard let rect = rect(), let color = color() else { return nil }
            return .fillRect(rect, color)
        case 2:
            guard let count = count() else { return nil }
            var rects: [Rect] = []
            for _ in 0..<count {
                guard let rect = rect() else { return nil }
                rects.append(rect)
            }
            guard let color = color() else { return nil }
            return .fillRects(rects, color)
        case 3:
            guard let rect = rect(), let color = color() else { return nil }
            return .strokeRect(rect, color)
        case 4:
            guard let from = point(), let to = point(), let color = color() else { return nil }
            return .line(from: from, to: to, color)
        case 5:
            guard let points = points(), let color = color() else { return nil }
            return .polyline(points, color)
        case 6:
            guard let center = point(), let radius = double(), let color = color() else { return nil }
            return .circle(center: center, radius: radius, color)
        case 7:
            guard let points = points(), let radius = double(), let color = color() else { return nil }
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
