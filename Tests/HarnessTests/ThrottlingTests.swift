import Foundation
import Synchronization
import Testing
@testable import Harness
import Tweening

/// A display at `rate` that throttles a hidden window the way a compositor does: while `hidden` says so, a
/// present blocks `throttledFor` (SDL 2.26's Wayland present gives up after ten refreshes), and nothing
/// interrupts it, as nothing interrupts SDL's. `answers`: whether the backend can tell the window shown again
/// without presenting (Wayland's frame callbacks); otherwise the pacer probes.
final class ThrottlingDisplay: RenderBackend {
    let time: TimeSource
    let period: UInt64
    let hidden: (UInt64) -> Bool
    let answers: Bool
    let throttledFor: UInt64
    /// Blocks until an absolute time, whatever is requested meanwhile.
    let block: (UInt64) -> Void
    var size = Size(width: 320, height: 240)
    /// How long each present blocked.
    private(set) var waited: [UInt64] = []

    init(
        rate: Double, time: TimeSource, answers: Bool = true, throttledFor: UInt64 = 166_000_000,
        block: @escaping (UInt64) -> Void, hidden: @escaping (UInt64) -> Bool
    ) {
        self.time = time
        period = UInt64((1e9 / rate).rounded())
        self.answers = answers
        self.throttledFor = throttledFor
        self.block = block
        self.hidden = hidden
    }

    func pollEvents(into events: inout [InputEvent], times: inout [UInt64]) {}
    func render(_ list: DrawList) {}
    func saveScreenshot(to path: String) throws(HarnessError) {}
    func displayShowedFrame() -> Bool? { answers ? !hidden(time.now()) : nil }
    func present() {
        let start = time.now()
        block(hidden(start) ? start + throttledFor : (start / period + 1) * period)
        waited.append(time.now() - start)
    }
}

/// A monotonic clock with a stop request of its own, so that a test can stop its run without stopping the
/// other tests' runs (``StopRequest`` is the process's).
final class StoppableClock: TimeSource, @unchecked Sendable {
    // Unchecked: `request` is atomic; the rest is immutable.
    private let base = MonotonicClock()
    private let request = Atomic<Int32>(0)

    func now() -> UInt64 { base.now() }
    /// 0: the tests running alongside work in this process too.
    func processorTime() -> UInt64 { 0 }
    var stopRequest: Int32? {
        let value = request.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }
    func stop(_ signal: Int32) { request.store(signal, ordering: .relaxed) }
    func sleep(until deadline: UInt64) {
        while stopRequest == nil, now() < deadline { Self.nap(until: min(deadline, now() + 2_000_000)) }
    }
    /// Sleeps to an absolute time, requests or not (what a present inside SDL does).
    static func nap(until deadline: UInt64) {
        var request = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil) == EINTR {}
    }
}

@Suite struct ThrottlingTests {
    /// A session following a display at 60 Hz, as `cadence` runs on a compositor.
    func session(_ display: ThrottlingDisplay, time: TimeSource, sinks: [FrameSink] = []) throws -> HarnessSession {
        var plan = HarnessSession.Plan(
            scene: "hello", rate: 60, detectsVSync: true, options: LoopOptions(sinks: sinks))
        plan.followsDisplay = true
        return try HarnessSession(backend: display, time: time, plan: plan)
    }

    /// Hidden from 1 s to 2.5 s of 4: the stretch is found at its first held-back present, its frames come
    /// at the throttled pace without waiting in a present, and they are reported apart: no jank, hitch or
    /// stall, and the steady figures are those of the visible frames. A backend that can tell ends the
    /// stretch at the first frame shown; one that cannot, at the first probe after it (one a second).
    @Test(arguments: [true, false])
    func aHiddenStretchIsReportedApartAndNeverAsJanks(answers: Bool) throws {
        let time = ManualClock(start: 0)
        let display = ThrottlingDisplay(
            rate: 60, time: time, answers: answers, block: { time.sleep(until: $0) },
            hidden: { $0 >= 1_000_000_000 && $0 < 2_500_000_000 })
        let session = try session(display, time: time)
        while time.now() < 4_000_000_000 { try session.loop.runFrame() }

        let summary = session.stats.summary()
        #expect(summary.throttledStretches == 1, "\(summary.text)")
        let spans = answers ? 1500.0...1650 : 1500...2700
        #expect(spans.contains(summary.throttledMs), "the stretch spans the hidden time: \(summary.throttledMs) ms")
        #expect(summary.janks == 0 && summary.hitches == 0 && summary.stalls == 0, "\(summary.text)")
        #expect(summary.intervalMax < 1e3 / 60 * 1.05, "no throttled interval among the steady ones: \(summary.text)")
        #expect(abs(summary.intervalP50 - 1e3 / 60) < 0.01)
        #expect(!session.pacer.isThrottled && session.pacer.mode == .vsync)
        let period = Double(session.pacer.period)
        #expect(abs(period - 1e9 / 60) < 2, "the throttled presents are not taken for a rate")
        // Presented while hidden: the present that revealed the stretch, and with a backend that cannot tell,
        // one probe a second; every other throttled frame is drawn, not presented, and waits in the pacer.
        let held = display.waited.filter { $0 >= Pacer.throttleThreshold }.count
        let throttledFrames = session.stats.summary().throttledFrames
        // Presented among the throttled frames: the first (held back), the one shown again, the one after it
        // (its interval holds the present that woke the window), and any probe.
        #expect(display.waited.count == session.loop.frameIndex - throttledFrames + 3 + (answers ? 0 : 1))
        #expect(
            held == (answers ? 1 : 2),
            "\(held) presents held back: \(display.waited.filter { $0 >= Pacer.throttleThreshold })")
        let throttled = session.stats.recent.filter(\.throttled).map(\.interval).sorted()
        #expect(abs(Double(throttled[throttled.count / 2]) - 1e8) < 1e6, "10 fps while hidden: \(throttled)")
    }

    /// SIGTERM (here the run's own stop request) while the window is hidden ends the run within 100 ms,
    /// although each present would block 166 ms: while throttled, frames are not presented, and the pacer's
    /// sleep ends at the request. Every output is written.
    @Test func aStopWhileThrottledEndsTheRunWithin100msWithItsOutputs() throws {
        let time = StoppableClock()
        let origin = time.now()
        let display = ThrottlingDisplay(
            rate: 60, time: time, block: StoppableClock.nap, hidden: { $0 >= origin + 500_000_000 })
        let path = NSTemporaryDirectory() + "cadence-throttled-\(UUID().uuidString).csv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try CSVProfileWriter(
            path: path,
            about: ProfileHeader(
                scene: "hello", targetPeriod: 16_666_667, driver: "test", renderer: "-",
                objectCount: 0))
        let session = try session(display, time: time, sinks: [writer])
        let stoppedAt = Atomic<UInt64>(0)
        let stopper = Thread {
            StoppableClock.nap(until: origin + 1_230_000_000)
            stoppedAt.store(time.now(), ordering: .relaxed)
            time.stop(SIGTERM)
        }
        stopper.start()
        try session.loop.run(frames: 100_000)
        let ended = time.now()
        let latency = Double(ended - stoppedAt.load(ordering: .relaxed)) / 1e6
        #expect(session.loop.interruption == SIGTERM)
        #expect(session.pacer.isThrottled, "the run was throttled when the request came")
        #expect(latency <= 100, "the run ended \(latency) ms after the request")

        let profile = try FrameProfile.load(path)
        #expect(profile.samples.count == session.loop.frameIndex, "every frame is in the profile")
        #expect(profile.summary().throttledFrames == session.stats.summary().throttledFrames)
        #expect(profile.summary().throttledStretches == 1 && profile.samples.last?.throttled == true)
    }

    /// A present that blocks for long while the process works (a heavy frame on a software GL) is slow, not
    /// throttled; one that blocks while the process idles is throttled.
    @Test func aPresentThatWorksIsSlowNotThrottled() {
        let time = ManualClock(start: 0)
        let pacer = Pacer(targetRate: 60, source: time, followsDisplay: true)
        time.advance(by: 0.08)
        pacer.observePresent(nanoseconds: 80_000_000, endingAt: time.now(), working: 70_000_000)
        #expect(!pacer.isThrottled)
        time.advance(by: 0.08)
        pacer.observePresent(nanoseconds: 80_000_000, endingAt: time.now(), working: 1_000_000)
        #expect(pacer.isThrottled && pacer.label == "throttled")
    }

    /// Throttled frames are in the CSV (`throttled`) and the trace (a `throttled` counter), and a profile read
    /// back gives the run's own throttled figures.
    @Test func throttledFramesAreMarkedInEveryOutput() throws {
        let folder = NSTemporaryDirectory() + "cadence-throttled-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let time = ManualClock(start: 0)
        let display = ThrottlingDisplay(
            rate: 60, time: time, block: { time.sleep(until: $0) },
            hidden: { $0 >= 500_000_000 && $0 < 900_000_000 })
        let csv = try CSVProfileWriter(
            path: folder + "/frames.csv",
            about: ProfileHeader(
                scene: "hello", targetPeriod: 16_666_667, driver: "test", renderer: "-", objectCount: 0))
        let trace = try ChromeTraceWriter(path: folder + "/trace.json", targetPeriod: 16_666_667)
        let session = try session(display, time: time, sinks: [csv, trace])
        while time.now() < 1_500_000_000 { try session.loop.runFrame() }
        try csv.finish()
        try trace.finish()

        let profile = try FrameProfile.load(folder + "/frames.csv")
        let (run, read) = (session.stats.summary(), profile.summary())
        #expect(run.throttledStretches == 1 && run.throttledFrames > 2)
        #expect(read.throttledFrames == run.throttledFrames && read.throttledStretches == 1)
        #expect(read.steadyFrames == run.steadyFrames && read.janks == 0)
        let text = try String(contentsOfFile: folder + "/trace.json", encoding: .utf8)
        #expect(text.components(separatedBy: #""name":"throttled""#).count == 3, "one counter up, one down")
        #expect(run.text.contains("throttled: 1 stretches, \(run.throttledFrames) frames"), "\(run.text)")
    }
}
