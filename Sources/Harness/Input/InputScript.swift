import Foundation

/// One recorded input event and the frame it arrived in.
public struct RecordedEvent: Codable, Hashable, Sendable {
    /// 0-based frame number.
    public var frame: Int
    /// The event.
    public var event: InputEvent

    /// Creates a record.
    public init(frame: Int, event: InputEvent) {
        self.frame = frame
        self.event = event
    }

    private enum CodingKeys: String, CodingKey { case frame, event }

    /// Decodes `{"frame":N,"event":{…}}`; a frame number that is not a whole number in Int's range is
    /// refused with a message saying so.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let frame = try? c.decode(Int.self, forKey: .frame) {
            self.frame = frame
        } else if let number = try? c.decode(Double.self, forKey: .frame) {
            let message =
                number.isFinite && number.rounded() == number
                ? "frame number \(number) is out of range (0 to \(Int.max))"
                : "frame number must be a whole number (got \(number))"
            throw DecodingError.dataCorruptedError(forKey: .frame, in: c, debugDescription: message)
        } else {
            frame = try c.decode(Int.self, forKey: .frame)
        }
        event = try c.decode(InputEvent.self, forKey: .event)
    }

    /// Encodes `{"event":{…},"frame":N}`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(frame, forKey: .frame)
        try c.encode(event, forKey: .event)
    }
}

/// The first line of a recording: what it recorded, so a replay can run it the same way.
///
/// `{"cadence":"input","fixedDt":0.0166666666667,"scene":"pause","version":1}`. Files without one
/// (older recordings, hand-written scripts) still load.
public struct ReplayHeader: Codable, Hashable, Sendable {
    /// The format version this build writes and the newest it reads.
    public static let currentVersion = 1
    /// Always `"input"`: the key `cadence` marks the line as a header.
    public var cadence: String
    /// The format version.
    public var version: Int
    /// The scene that was running when recording started.
    public var scene: String?
    /// The target frame rate of the recorded run, when it was paced.
    public var fps: Double?
    /// The fixed `dt` of the recorded run, when it had one (`--fixed-dt`).
    public var fixedDt: Double?

    /// Creates a header for the current format.
    public init(scene: String?, fps: Double? = nil, fixedDt: Double? = nil) {
        cadence = "input"
        version = Self.currentVersion
        self.scene = scene
        self.fps = fps
        self.fixedDt = fixedDt
    }

    /// The header as one JSON line (with its newline).
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }
}

/// Input events with frame numbers, one JSON object per line (`--record` writes it, `--replay` reads it),
/// after an optional ``ReplayHeader`` line:
///
/// ```
/// {"cadence":"input","scene":"retarget","fixedDt":0.0166666666667,"version":1}
/// {"event":{"button":1,"type":"mouseDown","x":900,"y":300},"frame":30}
/// ```
///
/// Replayed with a fixed `dt`, a run sees exactly the same input at exactly the same frames, so it draws
/// exactly the same pixels (with the software renderer).
public struct InputScript: Sendable, Equatable {
    /// The events, in frame order.
    public private(set) var events: [RecordedEvent]
    /// The recording's header, when it has one.
    public var header: ReplayHeader?

    /// Coordinates further than this from the origin (pixels) are refused: no window is that large, and
    /// drawing at such coordinates costs SDL's software renderer seconds per frame.
    public static let coordinateLimit = 100_000.0

    /// Creates a script; events must be in non-decreasing frame order.
    public init(events: [RecordedEvent] = [], header: ReplayHeader? = nil) {
        self.events = events
        self.header = header
    }

    /// Appends an event (frames must not go backwards).
    public mutating func append(_ event: InputEvent, frame: Int) {
        events.append(RecordedEvent(frame: frame, event: event))
    }

    /// Parses JSON lines. Blank lines and lines starting with `#` are skipped.
    /// - Throws: ``HarnessError/corruptReplay(_:line:reason:)`` naming the first bad line.
    public init(jsonLines text: String, source: String = "replay") throws(HarnessError) {
        var parser = Parser(source: source)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            try parser.parse(Array(line.utf8))
        }
        self = parser.script
    }

    /// Loads a script from a file, reading it once, line by line (a file of millions of events is never
    /// held whole in memory as text).
    public static func load(_ path: String) throws(HarnessError) -> InputScript {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw .corruptReplay(path, line: 0, reason: "it is a directory, not a replay file")
        }
        guard let file = fopen(path, "r") else {
            throw .corruptReplay(path, line: 0, reason: "cannot read the file (\(String(cString: strerror(errno))))")
        }
        defer { fclose(file) }
        var parser = Parser(source: path)
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while true {
            let count = getline(&buffer, &capacity, file)
            if count < 0 { break }
            guard let buffer else { break }
            var length = count
            if length > 0, buffer[length - 1] == 10 { length -= 1 }
            let bytes = UnsafeRawBufferPointer(start: buffer, count: length)
            try parser.parse(Array(bytes))
        }
        if ferror(file) != 0 {
            throw .corruptReplay(
                path, line: parser.lineNumber, reason: "reading failed (\(String(cString: strerror(errno))))")
        }
        return parser.script
    }

    /// Turns lines into a script one at a time, refusing the first bad one by number.
    struct Parser {
        let source: String
        var script = InputScript()
        var lineNumber = 0
        private var sawContent = false
        private let decoder = JSONDecoder()

        init(source: String) { self.source = source }

        mutating func parse(_ line: [UInt8]) throws(HarnessError) {
            lineNumber += 1
            let isSpace = { (b: UInt8) in b == 32 || b == 9 || b == 13 }
            guard let first = line.firstIndex(where: { !isSpace($0) }) else { return }
            let last = line.lastIndex(where: { !isSpace($0) })!
            if line[first] == UInt8(ascii: "#") { return }
            let data = Data(line[first...last])
            if !sawContent {
                sawContent = true
                if let header = try? decoder.decode(ReplayHeader.self, from: data) {
                    guard header.version <= ReplayHeader.currentVersion, header.version >= 1 else {
                        throw fail(
                            "format version \(header.version) is not one this cadence reads (1 to \(ReplayHeader.currentVersion))"
                        )
                    }
                    script.header = header
                    return
                }
            }
            let record: RecordedEvent
            do {
                record = try decoder.decode(RecordedEvent.self, from: data)
            } catch let DecodingError.dataCorrupted(context) {
                // An empty coding path means the line is not JSON at all (truncated, garbage).
                throw fail(context.codingPath.isEmpty ? "not a JSON event (invalid JSON)" : context.debugDescription)
            } catch let DecodingError.keyNotFound(key, _) {
                throw fail("missing '\(key.stringValue)'")
            } catch let DecodingError.typeMismatch(_, context) {
                if context.codingPath.isEmpty {
                    throw fail(
                        #"not a JSON event: expected an object such as {"frame":12,"event":{"type":"keyDown","key":"space"}}"#
                    )
                }
                throw fail("wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'")
            } catch {
                throw fail("not a JSON event")
            }
            guard record.frame >= 0 else { throw fail("negative frame number") }
            if let last = script.events.last, record.frame < last.frame {
                throw fail("frame \(record.frame) comes after frame \(last.frame)")
            }
            if let point = record.event.point,
                !(abs(point.x) <= InputScript.coordinateLimit && abs(point.y) <= InputScript.coordinateLimit)
            {
                throw fail(
                    "the point (\(point.x), \(point.y)) is far outside any window (coordinates must be within ±\(Int(InputScript.coordinateLimit)))"
                )
            }
            script.events.append(record)
        }

        private func fail(_ reason: String) -> HarnessError {
            .corruptReplay(source, line: lineNumber, reason: reason)
        }
    }

    /// The script as JSON lines (the header first, when there is one).
    public var jsonLines: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (header?.jsonLine ?? "")
            + events.map { String(decoding: (try? encoder.encode($0)) ?? Data(), as: UTF8.self) + "\n" }.joined()
    }

    /// The events of one frame, consuming them from a cursor.
    public func events(forFrame frame: Int, cursor: inout Int) -> ArraySlice<RecordedEvent> {
        while cursor < events.count, events[cursor].frame < frame { cursor += 1 }
        let start = cursor
        while cursor < events.count, events[cursor].frame == frame { cursor += 1 }
        return events[start..<cursor]
    }
}

extension InputEvent {
    /// The point a mouse event carries, or nil.
    public var point: Point? {
        switch self {
        case let .mouseDown(_, point), let .mouseUp(_, point), let .mouseMoved(point, _): return point
        default: return nil
        }
    }

    /// The event with its point (if any) multiplied by `factor`, axis by axis: window coordinates to the
    /// layout's points, for a window drawn at a scale.
    public func scaled(by factor: Point) -> InputEvent {
        switch self {
        case let .mouseDown(button, point): return .mouseDown(button, at: point * factor)
        case let .mouseUp(button, point): return .mouseUp(button, at: point * factor)
        case let .mouseMoved(point, dragging): return .mouseMoved(to: point * factor, dragging: dragging)
        default: return self
        }
    }
}
