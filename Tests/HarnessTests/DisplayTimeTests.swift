import Foundation
import Testing
@testable import Harness

/// A display on a manual clock that answers presentation feedback as a compositor does: each frame that asks is
/// shown at the first refresh after its present, and its answer arrives only once that time has passed.
final class FeedbackDisplay: RenderBackend {
    let time: ManualClock
    let refresh: UInt64
    var size = Size(width: 320, height: 240)
    /// Frames whose render takes this many refreshes longer (a scene stalling).
    var stalls: [Int: UInt64] = [:]
    /// Frames the display replaces before a repaint, and frames it never answers.
    var discards: Set<Int> = [], unanswered: Set<Int> = []
    /// Refreshes from a present to the frame being shown (a compositor repaints a refresh or two later).
    var latency: UInt64 = 1
    /// Input to deliver at a frame, stamped with the time it was polled.
    var input: [Int: InputEvent] = [:]
    private var frame = 0
    private var asked: Int?
    private var owed: [PresentationAnswer] = []

    init(refresh: UInt64, time: ManualClock) {
        self.refresh = refresh
        self.time = time
    }

    var displayTimes: DisplayTimes { .feedback(clock: "CLOCK_MONOTONIC") }
    func pollEvents(into events: inout [InputEvent], times: inout [UInt64]) {
        guard let event = input[frame] else { return }
        events.append(event)
        times.append(time.now())
    }
    func render(_ list: DrawList) {
        time.advance(by: 0.001)
        if let stall = stalls[frame] { time.sleep(until: time.now() + stall * refresh) }
    }
    func saveScreenshot(to path: String) throws(HarnessError) {}
    func requestPresentationFeedback(frame: Int) -> Bool {
        asked = frame
        return true
    }
    func present() {
        defer {
            frame += 1
            asked = nil
        }
        guard let asked, !unanswered.contains(asked) else { return }
        let shown = (time.now() / refresh + latency) * refresh
        owed.append(
            PresentationAnswer(
                frame: asked,
                feedback: discards.contains(asked) ? .discarded : .presented(at: shown, refresh: refresh, sequence: 0)))
    }
    func collectPresentationFeedback(into answers: inout [PresentationAnswer]) {
        let now = time.now()
        answers += owed.filter { $0.feedback.time <= now }
        owed.removeAll { $0.feedback.time <= now }
    }
}

/// A manual clock whose stop request is set once `stops()` says so: a run interrupted by a signal.
final class InterruptibleClock: TimeSource, @unchecked Sendable {
    // Unchecked: one test drives it from one thread.
    let manual: ManualClock
    var stops: () -> Bool = { false }
    init(_ manual: ManualClock) { self.manual = manual }
    func now() -> UInt64 { manual.now() }
    func sleep(until deadline: UInt64) { if stopRequest == nil { manual.sleep(until: deadline) } }
    func processorTime() -> UInt64 { 0 }
    var stopRequest: Int32? { stops() ? SIGTERM : nil }
}

@Suite struct DisplayTimeTests {
    static let refresh: UInt64 = 16_666_667

    /// A self-paced 60 Hz run on `display`, writing a profile and a trace to a fresh folder.
    func run(_ display: FeedbackDisplay, time: ManualClock, frames: Int) throws -> (
        FrameLoop, FramePlot, csv: String, trace: String
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("display-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (csvPath, tracePath) = (
            folder.appendingPathComponent("p.csv").path, folder.appendingPathComponent("t.json").path
        )
        let plot = FramePlot()
        let sinks: [FrameSink] = [
            try CSVProfileWriter(
                path: csvPath,
                about: ProfileHeader(
                    scene: "hello", targetPeriod: Self.refresh, driver: "test", renderer: "test", objectCount: 0)),
            try ChromeTraceWriter(path: tracePath, targetPeriod: Self.refresh), plot,
        ]
        var plan = HarnessSession.Plan(scene: "hello", rate: 60, detectsVSync: false)
        // Self-paced on the pacer's 60 Hz grid, which these tests count refreshes against.
        plan.schedule = .swap
        plan.options.sinks = sinks
        let session = try HarnessSession(backend: display, time: time, plan: plan)
        try session.loop.run(frames: frames)
        return (
            session.loop, plot, try String(contentsOfFile: csvPath, encoding: .utf8),
            try String(contentsOfFile: tracePath, encoding: .utf8)
        )
    }

    /// The CSV's rows as dictionaries by column name.
    func rows(_ csv: String) -> [[String: String]] {
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let columns = lines[0].map(String.init)
        return lines.dropFirst().map { fields in
            Dictionary(uniqueKeysWithValues: zip(columns, fields.map(String.init)))
        }
    }

    @Test func aFrameStalledByThreeRefreshesIsOneDisplayHitchOfThreeRefreshesEverywhere() throws {
        let time = ManualClock(start: 0)
        let display = FeedbackDisplay(refresh: Self.refresh, time: time)
        display.stalls = [40: 3]
        let (loop, plot, csv, trace) = try run(display, time: time, frames: 90)

        let summary = try #require(loop.stats.summary().display)
        #expect(summary.hitches == 1 && summary.stalls == 0, "\(loop.stats.summary().text)")
        #expect(abs(summary.hitchTotalMs - 3 * Double(Self.refresh) / 1e6) < 0.01, "late by three refreshes")
        #expect(summary.presented == loop.stats.summary().steadyFrames && summary.pending == 0)
        #expect(abs(summary.intervalP50 - Double(Self.refresh) / 1e6) < 0.02)

        let table = rows(csv)
        let late = table.filter { Double($0["display_late_ms"] ?? "") ?? 0 > 0 }
        #expect(late.map { $0["frame"] } == ["40"], "the hitch is at the frame that stalled")
        #expect(abs((Double(late.first?["display_late_ms"] ?? "") ?? 0) - 3 * Double(Self.refresh) / 1e6) < 0.001)
        #expect(table.allSatisfy { $0["display"] == "presented" })

        #expect(trace.contains(#""name":"display hitch","cat":"display","ph":"i","s":"t","pid":1,"tid":2"#))
        #expect(trace.components(separatedBy: "\"display hitch\"").count == 2, "one hitch in the trace")
        #expect(trace.contains(#""args":{"frame":40,"display_interval_ms":66.667"#))

        #expect(plot.frames.indices.filter { plot.frames[$0].displayLate } == [40], "one magenta tick, at frame 40")
        let drawn = plot.draw(stats: loop.stats, title: "stall")
        #expect(
            drawn.commands.contains {
                if case .fillRect(_, FramePlot.displayHitchColor) = $0 { return true }; return false
            })

        // The profile read back gives the same display figures.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reread-\(UUID().uuidString).csv")
        try csv.write(to: folder, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reread = try #require(try FrameProfile.load(folder.path).summary().display)
        #expect(reread.hitches == 1 && reread.presented == summary.presented)
    }

    @Test func answersArePairedWithTheirOwnFramesWhateverIsDiscardedOrUnanswered() throws {
        let time = ManualClock(start: 0)
        let display = FeedbackDisplay(refresh: Self.refresh, time: time)
        display.discards = [10, 11, 30]
        display.unanswered = [20, 88, 89]
        display.input = [10: .keyDown(.right), 25: .keyDown(.left)]
        let (loop, _, csv, _) = try run(display, time: time, frames: 90)
        let summary = try #require(loop.stats.summary().display)
        #expect(summary.discarded == 3 && summary.pending == 3, "\(loop.stats.summary().text)")
        #expect(summary.presented == loop.stats.summary().steadyFrames - 6)
        let table = rows(csv)
        let frames: [String?] = table.map { $0["frame"] }, everyFrame: [String?] = (0..<90).map { String($0) }
        #expect(frames == everyFrame, "every frame once, in order")
        for row in table {
            let frame = Int(row["frame"] ?? "") ?? -1
            let expected: String =
                display.discards.contains(frame)
                ? "discarded" : display.unanswered.contains(frame) ? "pending" : "presented"
            #expect(row["display"] == expected, "frame \(frame)")
            guard expected == "presented", let presented = Double(row["presented_ms"] ?? ""),
                let start = Double(row["start_ms"] ?? ""), let busy = Double(row["busy_ms"] ?? "")
            else { continue }
            #expect(presented >= start + busy - 0.001, "frame \(frame) shown before its present returned")
            #expect((Double(row["input_to_display_ms"] ?? "") ?? -1) >= (Double(row["input_to_present_ms"] ?? "") ?? 0))
        }
        // Frame 10's input was shown by frame 12, the first frame presented after the discarded 10 and 11: three
        // refreshes after it happened, where frame 10 itself would have shown it after one.
        #expect(summary.inputEvents == 2)
        let twelve = try #require(table.first { $0["frame"] == "12" })
        #expect((Double(twelve["input_to_display_ms"] ?? "") ?? 0) > 2.5 * Double(Self.refresh) / 1e6)
        // The last phase, present to shown, is frame 12's own for that event: at most a refresh here.
        #expect(summary.inputShownP50 > 0 && summary.inputShownP99 <= Double(Self.refresh) / 1e6 + 0.02)
        #expect(summary.inputShownP99 < summary.inputP99)
        #expect(loop.stats.summary().text.contains("present to shown"))
    }

    /// A run ended by a signal ends at once: its unanswered frames are recorded as pending without the wait
    /// for their answers that the end of a finished run allows.
    @Test func aSignalledRunRecordsItsUnansweredFramesAsPendingAtOnce() throws {
        let manual = ManualClock(start: 0)
        let display = FeedbackDisplay(refresh: Self.refresh, time: manual)
        display.latency = 3
        let clock = InterruptibleClock(manual)
        var plan = HarnessSession.Plan(scene: "hello", rate: 60, detectsVSync: false)
        plan.schedule = .swap
        let session = try HarnessSession(backend: display, time: clock, plan: plan)
        clock.stops = { session.loop.frameIndex >= 30 }
        try session.loop.run(frames: 100)
        let stoppedAt = manual.now()
        #expect(session.loop.interruption == SIGTERM && session.loop.frameIndex == 30)
        let summary = try #require(session.stats.summary().display)
        #expect(summary.pending >= 1, "the last frame's answer was not waited for: \(session.stats.summary().text)")
        #expect(session.stats.frameCount == 30, "every frame recorded")
        #expect(manual.now() == stoppedAt, "no wait after the signal")

        // The same run without the signal waits, and its last frames are answered.
        let finished = ManualClock(start: 0)
        let slow = FeedbackDisplay(refresh: Self.refresh, time: finished)
        slow.latency = 3
        let other = try HarnessSession(backend: slow, time: finished, plan: plan)
        try other.loop.run(frames: 30)
        #expect(try #require(other.stats.summary().display).pending == 0)
    }

    @Test func aRunWithoutDisplayTimesSaysWhyAndLeavesItsColumnsEmpty() throws {
        let backend = FakeBackend()
        let time = ManualClock()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nodisplay-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        var plan = HarnessSession.Plan(scene: "hello", rate: 100, detectsVSync: false)
        plan.options.sinks = [
            try CSVProfileWriter(
                path: folder.path,
                about: ProfileHeader(
                    scene: "hello", targetPeriod: 10_000_000, driver: "x", renderer: "x", objectCount: 0))
        ]
        let session = try HarnessSession(backend: backend, time: time, plan: plan)
        try session.loop.run(frames: 10)
        let summary = session.stats.summary()
        #expect(summary.display == nil)
        #expect(summary.text.contains("display times: unavailable (this backend reports no presentation times)"))
        #expect(!summary.figures.contains { $0.name.hasPrefix("display-") })
        let table = rows(try String(contentsOfFile: folder.path, encoding: .utf8))
        for column in [
            "display", "presented_ms", "display_interval_ms", "present_to_display_ms", "input_to_display_ms",
        ] {
            #expect(table.allSatisfy { $0[column] == "" }, "\(column) is empty, not 0")
        }
    }

    /// Two profiles with display times are compared on the display's figures too: a run whose display showed
    /// frames late (the same frames busy as often) is slower on the display hitch ratio.
    @Test func aComparisonOfRunsWithDisplayTimesTestsTheDisplaysFigures() throws {
        func profile(stalls: [Int: UInt64]) throws -> FrameProfile {
            let time = ManualClock(start: 0)
            let display = FeedbackDisplay(refresh: Self.refresh, time: time)
            display.stalls = stalls
            let (_, _, csv, _) = try run(display, time: time, frames: 400)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("cmp-\(UUID().uuidString).csv")
            try csv.write(to: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: path) }
            return try FrameProfile.load(path.path)
        }
        let base = try profile(stalls: [:])
        let new = try profile(
            stalls: Dictionary(uniqueKeysWithValues: stride(from: 20, to: 400, by: 20).map { ($0, 2) }))
        let comparison = try FrameComparison(base: base, new: new, resamples: 400)
        #expect(
            comparison.tested.map(\.name) == [
                "p50", "p99", "busy", "hitch-ratio", "display-p99", "display-hitch-ratio",
            ])
        let ratio = try #require(comparison.tested.first { $0.name == "display-hitch-ratio" })
        #expect(ratio.verdict == .slower && ratio.base == 0, "\(comparison.text)")
        #expect(comparison.text.contains("display-hitch-ratio ms/s"))
    }

    @Test func aGateOnADisplayFigureNeedsDisplayTimes() throws {
        let gate = try FrameGate(parsing: "display-hitch-ratio>5", comparing: false)
        #expect(gate.needsDisplayTimes && !gate.needsPacing)
        #expect(try FrameGate(parsing: "input-to-display-p99>50ms", comparing: false).needsDisplayTimes)
        #expect(try !FrameGate(parsing: "hitch-ratio>5", comparing: false).needsDisplayTimes)
        let stats = FrameStats(targetPeriod: 10_000_000)
        #expect(gate.failure(of: stats.summary())?.contains("no display times") == true)
    }
}
