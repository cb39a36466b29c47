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
}

/// Input events with frame numbers, one JSON object per line (`--record` writes it, `--replay` reads it):
///
/// ```
/// {"frame":30,"event":{"type":"mouseDown","button":1,"x":900,"y":300}}
/// ```
///
/// Replayed with a fixed `dt`, a run sees exactly the same input at exactly the same frames, so it draws
/// exactly the same pixels (with the software renderer).
public struct InputScript: Sendable, Equatable {
    /// The events, in frame order.
    public private(set) var events: [RecordedEvent]

    /// Creates a script; events must be in non-decreasing frame order.
    public init(events: [RecordedEvent] = []) {
        self.events = events
    }

    /// Appends an event (frames must not go backwards).
    public mutating func append(_ event: InputEvent, frame: Int) {
        events.append(RecordedEvent(frame: frame, event: event))
    }

    /// Parses JSON lines. Blank lines and lines starting with `#` are skipped.
    /// - Throws: ``HarnessError/corruptReplay(_:line:reason:)`` naming the first bad line.
    public init(jsonLines text: String, source: String = "replay") throws(HarnessError) {
        var events: [RecordedEvent] = []
        let decoder = JSONDecoder()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let record: RecordedEvent
            do {
                record = try decoder.decode(RecordedEvent.self, from: Data(trimmed.utf8))
            } catch let DecodingError.dataCorrupted(context) {
                // An empty coding path means the line is not JSON at all (truncated, garbage).
                let reason = context.codingPath.isEmpty ? "not a JSON event (invalid JSON)" : context.debugDescription
                throw .corruptReplay(source, line: index + 1, reason: reason)
            } catch let DecodingError.keyNotFound(key, _) {
                throw .corruptReplay(source, line: index + 1, reason: "missing '\(key.stringValue)'")
            } catch let DecodingError.typeMismatch(_, context) {
                throw .corruptReplay(source, line: index + 1, reason: "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'")
            } catch {
                throw .corruptReplay(source, line: index + 1, reason: "not a JSON event")
            }
            guard record.frame >= 0 else { throw .corruptReplay(source, line: index + 1, reason: "negative frame number") }
            if let last = events.last, record.frame < last.frame {
                throw .corruptReplay(source, line: index + 1, reason: "frame \(record.frame) comes after frame \(last.frame)")
            }
            events.append(record)
        }
        self.events = events
    }

    /// Loads a script from a file.
    public static func load(_ path: String) throws(HarnessError) -> InputScript {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .corruptReplay(path, line: 0, reason: "cannot read the file (\(error.localizedDescription))")
        }
        return try InputScript(jsonLines: text, source: path)
    }

    /// The script as JSON lines.
    public var jsonLines: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return events.map { String(decoding: (try? encoder.encode($0)) ?? Data(), as: UTF8.self) + "\n" }.joined()
    }

    /// The events of one frame, consuming them from a cursor.
    public func events(forFrame frame: Int, cursor: inout Int) -> ArraySlice<RecordedEvent> {
        while cursor < events.count, events[cursor].frame < frame { cursor += 1 }
        let start = cursor
        while cursor < events.count, events[cursor].frame == frame { cursor += 1 }
        return events[start..<cursor]
    }
}
