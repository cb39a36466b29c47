import Foundation
import Testing
@testable import Harness

@Suite struct InputScriptTests {
    let sample: [RecordedEvent] = [
        RecordedEvent(frame: 0, event: .mouseMoved(to: Point(1, 2), dragging: false)),
        RecordedEvent(frame: 3, event: .mouseDown(.left, at: Point(640.5, 360))),
        RecordedEvent(frame: 3, event: .mouseMoved(to: Point(650, 370), dragging: true)),
        RecordedEvent(frame: 4, event: .mouseUp(.left, at: Point(650, 370))),
        RecordedEvent(frame: 9, event: .keyDown(.space)),
        RecordedEvent(frame: 9, event: .keyUp(.letter("p"))),
        RecordedEvent(frame: 10, event: .keyDown(.digit(3))),
        RecordedEvent(frame: 11, event: .keyDown(.other(1073741906))),
        RecordedEvent(frame: 12, event: .quit),
    ]

    @Test func jsonLinesRoundTrip() throws {
        let script = InputScript(events: sample)
        let parsed = try InputScript(jsonLines: script.jsonLines)
        #expect(parsed == script)
        #expect(script.jsonLines.split(separator: "\n").count == sample.count)
    }

    @Test func blankLinesAndCommentsAreSkipped() throws {
        let text = "# a demo\n\n{\"frame\":2,\"event\":{\"type\":\"keyDown\",\"key\":\"space\"}}\n"
        #expect(try InputScript(jsonLines: text).events == [RecordedEvent(frame: 2, event: .keyDown(.space))])
    }

    @Test func eventsAreHandedOutFrameByFrame() {
        let script = InputScript(events: sample)
        var cursor = 0
        #expect(script.events(forFrame: 0, cursor: &cursor).count == 1)
        #expect(script.events(forFrame: 1, cursor: &cursor).isEmpty)
        #expect(script.events(forFrame: 3, cursor: &cursor).map(\.event) == [sample[1].event, sample[2].event])
        #expect(script.events(forFrame: 9, cursor: &cursor).count == 2, "frames with no events are skipped over")
    }

    @Test func aCorruptLineIsReportedByNumber() {
        let good = #"{"frame":1,"event":{"type":"quit"}}"#
        let cases: [(String, Int, String)] = [
            (good + "\n" + #"{"frame":2,"event":{"type":"mouseDown","x":1"#, 2, "not a JSON event"),  // truncated
            (good + "\n\n" + #"{"frame":2,"event":{"type":"teleport"}}"#, 3, "unknown event type"),
            (#"{"frame":2,"event":{"type":"keyDown","key":"hyper"}}"#, 1, "unknown key"),
            (#"{"event":{"type":"quit"}}"#, 1, "missing 'frame'"),
            (#"{"frame":"x","event":{"type":"quit"}}"#, 1, "wrong type"),
            (#"{"frame":-1,"event":{"type":"quit"}}"#, 1, "negative frame"),
            (#"{"frame":5,"event":{"type":"quit"}}"# + "\n" + good, 2, "comes after frame 5"),
            (#"{"frame":1,"event":{"type":"mouseDown","button":9,"x":1,"y":1}}"#, 1, "button"),
            ("garbage", 1, "not a JSON event"),
        ]
        for (text, line, reason) in cases {
            do {
                _ = try InputScript(jsonLines: text, source: "in.jsonl")
                Issue.record("accepted a corrupt script: \(text)")
            } catch {
                guard case let .corruptReplay(source, reportedLine, message) = error else {
                    Issue.record("wrong error \(error)")
                    continue
                }
                #expect(source == "in.jsonl")
                #expect(reportedLine == line, "\(text)")
                #expect(message.contains(reason), "\(message)")
            }
        }
    }

    @Test func badLinesGetMessagesThatNameTheProblem() {
        let cases: [(String, String)] = [
            ("[1,2,3]", "expected an object such as"),
            ("42", "expected an object such as"),
            (
                #"{"frame":12345678901234567890,"event":{"type":"quit"}}"#,
                "frame number 1.2345678901234567e+19 is out of range"
            ),
            (#"{"frame":1.5,"event":{"type":"quit"}}"#, "frame number must be a whole number"),
            (#"{"frame":1,"event":{"type":"mouseDown","button":1,"x":1e200,"y":3}}"#, "far outside any window"),
            (#"{"frame":1,"event":{"type":"mouseMoved","x":5,"y":-100001}}"#, "far outside any window"),
            (#"{"cadence":"input","version":9}"#, "format version 9"),
        ]
        for (text, reason) in cases {
            #expect(throws: HarnessError.self) { try InputScript(jsonLines: "\n" + text, source: "in.jsonl") }
            do {
                _ = try InputScript(jsonLines: "\n" + text, source: "in.jsonl")
            } catch {
                #expect(error.description.hasPrefix("in.jsonl:2: "), "names the line: \(error.description)")
                #expect(error.description.contains(reason), "\(error.description)")
            }
        }
    }

    @Test func aFolderAsReplayIsNamedAsSuch() {
        #expect(
            throws: HarnessError.corruptReplay(
                NSTemporaryDirectory(), line: 0, reason: "it is a directory, not a replay file")
        ) {
            try InputScript.load(NSTemporaryDirectory())
        }
    }

    @Test func aHeaderRoundTripsAndHeaderlessFilesStillLoad() throws {
        let header = ReplayHeader(scene: "pause", fixedDt: 1.0 / 60)
        let script = InputScript(events: sample, header: header)
        let parsed = try InputScript(jsonLines: script.jsonLines)
        #expect(parsed == script && parsed.header == header)
        #expect(script.jsonLines.hasPrefix(#"{"cadence":"input","fixedDt":"#))
        let headerless = try InputScript(jsonLines: InputScript(events: sample).jsonLines)
        #expect(headerless.header == nil && headerless.events == sample)
    }

    @Test func aLargeFileIsReadOnceLineByLine() throws {
        let path = NSTemporaryDirectory() + "cadence-big-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let line = #"{"event":{"dragging":true,"type":"mouseMoved","x":640,"y":360},"frame":"#
        let text = (0..<100_000).map { line + "\($0)}\n" }.joined()
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let started = Date()
        let script = try InputScript.load(path)
        #expect(script.events.count == 100_000 && script.events.last?.frame == 99_999)
        #expect(Date().timeIntervalSince(started) < 30, "loaded in \(Date().timeIntervalSince(started)) s")
        var configuration = RunConfiguration()
        configuration.replayPath = "/no/such/replay.jsonl"
        #expect(throws: Never.self, "validate(loadingReplay: false) leaves the reading to the run") {
            try configuration.validate(loadingReplay: false)
        }
    }

    @Test func aMissingFileIsAClearError() {
        #expect(throws: HarnessError.self) { try InputScript.load("/no/such/replay.jsonl") }
    }
}

@Suite struct ExportTests {
    func samples() -> [FrameSample] {
        (0..<3).map { i in
            var phases = FramePhases()
            phases.input = 10_000
            phases.update = 200_000
            phases.draw = 30_000
            phases.render = 400_000
            phases.present = 50_000
            phases.wait = 15_976_000
            return FrameSample(
                index: i, start: 5_000_000_000 + UInt64(i) * 16_666_000, interval: i == 0 ? 0 : 16_666_000,
                phases: phases, tweens: 100 + i, animations: 7)
        }
    }

    func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "cadence-\(UUID().uuidString)-\(name)"
    }

    @Test func theTraceParsesAsTraceEventJSONWithASlicePerPhasePerFrame() throws {
        let path = temporaryPath("trace.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try ChromeTraceWriter(path: path)
        for sample in samples() { writer.record(sample) }
        #expect(!FileManager.default.fileExists(atPath: path), "nothing at the destination until finished")
        try writer.finish()

        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let events = try #require(json?["traceEvents"] as? [[String: Any]])
        let slices = events.filter { $0["ph"] as? String == "X" }
        #expect(slices.count == 3 * 7, "a frame slice and six phase slices per frame")
        for name in ["frame", "input", "update", "draw", "render", "present", "wait"] {
            #expect(slices.filter { $0["name"] as? String == name }.count == 3, "\(name)")
        }
        let update = try #require(slices.first { $0["name"] as? String == "update" })
        #expect(update["ts"] as? Double == 10, "update starts after 10 µs of input")
        #expect(update["dur"] as? Double == 200)
        let secondFrame = try #require(
            slices.first { $0["name"] as? String == "frame" && ($0["args"] as? [String: Any])?["frame"] as? Int == 1 })
        #expect(secondFrame["ts"] as? Double == 16_666)
        let counters = events.filter { $0["ph"] as? String == "C" }
        #expect(counters.count == 3)
        #expect((counters[2]["args"] as? [String: Any])?["tweens"] as? Int == 102)
    }

    @Test func theTraceHasTheLatchSchedulesLeadByItsParts() throws {
        let path = temporaryPath("latched.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try ChromeTraceWriter(path: path)
        var frames = samples()
        frames[1].plan = LatchPlan(
            lead: 12_500_000, budget: 3_000_000, headroom: 1_000_000, margin: 8_500_000, ahead: false)
        for sample in frames { writer.record(sample) }
        try writer.finish()
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let events = try #require(json?["traceEvents"] as? [[String: Any]])
        // One counter, for the one latched frame, at its start: its parts stack up to its lead.
        let leads = events.filter { $0["name"] as? String == "latch lead ms" }
        try #require(leads.count == 1)
        #expect(leads[0]["ts"] as? Double == 16_666)
        let parts = try #require(leads[0]["args"] as? [String: Double])
        #expect(parts == ["budget": 3, "headroom": 1, "margin": 8.5])
    }

    /// The column line comes first (CSV readers take the first line for the names), and every row ends
    /// with the run's columns.
    @Test func theProfileHasAHeaderAndARowPerFrame() throws {
        let path = temporaryPath("frames.csv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let about = ProfileHeader(
            scene: "stress", targetPeriod: 16_666_667, driver: "dummy", renderer: "software", objectCount: 500,
            sdlVersion: "2.26.5", scale: 2, refreshRate: 59.94)
        let writer = try CSVProfileWriter(path: path, about: about)
        for sample in samples() { writer.record(sample) }
        try writer.finish()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == Substring(CSVProfileWriter.header + "," + ProfileHeader.columns))
        let names = lines[0].split(separator: ",").map(String.init)
        let fields = lines[2].split(separator: ",", omittingEmptySubsequences: false)
        #expect(fields.count == names.count)
        #expect(fields[0] == "1")
        #expect(fields[2] == "16.6660")
        #expect(fields[4] == "0.2000")
        let column = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        #expect(ProfileHeader(row: fields, column: column) == about)
        #expect(try FrameProfile.load(path).header == about)
    }

    /// A profile written before Cadence 0.1.0, whose first line was a comment with the run's facts, still reads.
    @Test func aProfileWithTheCommentLineOfEarlierVersionsStillReads() throws {
        let path = temporaryPath("old.csv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let about = ProfileHeader(
            scene: "hello", targetPeriod: 8_333_333, driver: "x11", renderer: "opengl", objectCount: 0,
            sdlVersion: "2.26.5", scale: 1, refreshRate: 120)
        let row = "1,16.6,8.3,0.1,0.1,0.1,0.1,0.1,8,0.5,0,0,1,0,0,-7.8,0,0,0"
        // The 19 columns of those profiles, before the display columns.
        let header =
            "frame,start_ms,interval_ms,input_ms,update_ms,draw_ms,render_ms,present_ms,wait_ms,busy_ms,tweens,animations,paced,input_events,input_to_present_ms,overrun_ms,late_ms,stall,throttled"
        try (about.line + "\n" + header + "\n" + row + "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let profile = try FrameProfile.load(path)
        #expect(profile.header == about)
        #expect(profile.samples.map(\.index) == [1])
    }

    @Test func anUnfinishedExportLeavesNoFile() throws {
        let path = temporaryPath("trace.json")
        do {
            let writer = try ChromeTraceWriter(path: path)
            writer.record(samples()[0])
        }
        let folder = (path as NSString).deletingLastPathComponent
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.contains((path as NSString).lastPathComponent)
        }
        #expect(leftovers.isEmpty)
    }
}
