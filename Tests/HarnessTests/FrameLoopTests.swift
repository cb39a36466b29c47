import Foundation
import Testing
@testable import Harness
import Tweening

/// A backend that records what the loop does, fed with scripted input.
final class FakeBackend: RenderBackend {
    var size = Size(width: 800, height: 600)
    var pending: [[InputEvent]] = []
    /// When each pending event happened (monotonic ns), frame by frame; 0 (unknown) when not given.
    var pendingTimes: [[UInt64]] = []
    var rendered: [DrawList] = []
    var presents = 0
    var screenshots: [String] = []
    /// What scenes put on the clipboard, in order.
    var clipboard: [String] = []
    /// How many times F11 asked for fullscreen to be toggled.
    var fullscreenToggles = 0

    func pollEvents(into events: inout [InputEvent], times: inout [UInt64]) {
        guard !pending.isEmpty else { return }
        let polled = pending.removeFirst()
        let polledTimes = pendingTimes.isEmpty ? [] : pendingTimes.removeFirst()
        events.append(contentsOf: polled)
        times.append(
            contentsOf: polledTimes.count == polled.count ? polledTimes : Array(repeating: 0, count: polled.count))
    }
    func render(_ list: DrawList) { rendered.append(list) }
    func saveScreenshot(to path: String) throws(HarnessError) { screenshots.append(path) }
    func present() { presents += 1 }
    func setClipboardText(_ text: String) -> Bool {
        clipboard.append(text)
        return true
    }
    func toggleFullscreen() { fullscreenToggles += 1 }
}

@Suite struct FrameLoopTests {
    /// A loop on a manual clock at 100 Hz, showing `scene` (by default a ``HelloScene`` on the loop's
    /// tweener).
    func makeLoop(_ backend: FakeBackend, scene: Scene? = nil, tweener: Tweener = Tweener()) -> FrameLoop {
        let time = ManualClock()
        let clock = FrameClock(source: time, configuration: .init(fixedDelta: 0.01))
        let pacer = Pacer(targetRate: 100, source: time, spinMargin: 0, detectVsync: false)
        return FrameLoop(
            backend: backend, scene: scene ?? HelloScene(context: SceneContext(tweener: tweener)), tweener: tweener,
            clock: clock, pacer: pacer, stats: FrameStats(targetPeriod: pacer.period))
    }

    @Test func runsTheRequestedFramesThenWritesTheScreenshot() throws {
        let backend = FakeBackend()
        let loop = makeLoop(backend)
        try loop.run(frames: 5, screenshot: "/tmp/x.png")
        #expect(loop.frameIndex == 5)
        #expect(backend.presents == 5)
        #expect(backend.screenshots == ["/tmp/x.png"])
        #expect(loop.stats.frameCount == 5)
        #expect(loop.stats.summary().intervalP50 == 10, "a manual clock paced at 100 Hz gives exact 10 ms frames")
    }

    @Test func escapeAndQuitStopTheLoop() throws {
        for event in [InputEvent.keyDown(.escape), .quit] {
            let backend = FakeBackend()
            backend.pending = [[], [event]]
            let loop = makeLoop(backend)
            try loop.run(frames: 100)
            #expect(loop.frameIndex == 2)
            #expect(!loop.isRunning)
        }
    }

    @Test func spacePausesAndPeriodStepsTheClock() throws {
        let backend = FakeBackend()
        let tweener = Tweener()
        let scene = HelloScene(context: SceneContext(tweener: tweener))
        let loop = makeLoop(backend, scene: scene, tweener: tweener)
        backend.pending = [[], [.keyDown(.space)], [], [.keyDown(.period)], []]
        try loop.runFrame()
        try loop.runFrame()
        let pausedAt = scene.time
        try loop.runFrame()
        #expect(scene.time == pausedAt, "paused: the scene gets dt = 0")
        try loop.runFrame()
        #expect(abs(scene.time - pausedAt - 0.01) < 1e-12, "a step advances exactly one frame")
        try loop.runFrame()
        #expect(abs(scene.time - pausedAt - 0.01) < 1e-12)
    }

    @Test func aFramesDeltaIsTheIntervalBetweenFrameStartsWhateverTheInputTook() throws {
        /// A backend whose polling takes a different time every frame.
        final class SlowInput: RenderBackend {
            let time: ManualClock
            var pollSeconds: [Double]
            init(time: ManualClock, pollSeconds: [Double]) {
                self.time = time
                self.pollSeconds = pollSeconds
            }
            let size = Size(width: 800, height: 600)
            func pollEvents(into events: inout [InputEvent], times: inout [UInt64]) {
                if !pollSeconds.isEmpty { time.advance(by: pollSeconds.removeFirst()) }
            }
            func render(_ list: DrawList) {}
            func saveScreenshot(to path: String) throws(HarnessError) {}
            func present() {}
        }
        let time = ManualClock()
        // The pacer's schedule begins at the end of the first frame, which takes no time here.
        let backend = SlowInput(time: time, pollSeconds: [0, 0.001, 0.004, 0.0005, 0.003])
        let tweener = Tweener()
        let pacer = Pacer(targetRate: 100, source: time, spinMargin: 0, detectVsync: false)
        let loop = FrameLoop(
            backend: backend, scene: HelloScene(context: SceneContext(tweener: tweener)), tweener: tweener,
            clock: FrameClock(source: time), pacer: pacer, stats: FrameStats(targetPeriod: pacer.period))
        try loop.runFrame()
        for _ in 0..<4 {
            try loop.runFrame()
            // Read after the input, each delta would also carry the change in the polling time.
            #expect(abs(loop.clock.delta - 0.01) < 1e-12, "frames start 10 ms apart, so each dt is 10 ms")
        }
    }

    @Test func bracketsMoveThroughTheTimeScaleSteps() throws {
        let backend = FakeBackend()
        let loop = makeLoop(backend)
        backend.pending = [[.keyDown(.leftBracket)], [.keyDown(.leftBracket)], [.keyDown(.rightBracket)]]
        try loop.runFrame()
        #expect(loop.clock.timeScale == 0.5)
        try loop.runFrame()
        #expect(loop.clock.timeScale == 0.25)
        try loop.runFrame()
        #expect(loop.clock.timeScale == 0.5)
    }

    @Test func everyFrameShowsTheSceneTitleAndHint() throws {
        let backend = FakeBackend()
        let tweener = Tweener()
        let scene = HelloScene(context: SceneContext(tweener: tweener))
        let loop = makeLoop(backend, scene: scene, tweener: tweener)
        try loop.runFrame()
        #expect(loop.lastDrawList.texts.contains(scene.title))
        #expect(loop.lastDrawList.texts.contains(scene.hint))
    }

    @Test func aClickReachesTheSceneAndItsBallGlidesThere() throws {
        let backend = FakeBackend()
        let tweener = Tweener()
        let scene = HelloScene(context: SceneContext(tweener: tweener))
        let loop = makeLoop(backend, scene: scene, tweener: tweener)
        backend.pending = [[.mouseDown(.left, at: Point(100, 200))]]
        try loop.runFrame()
        #expect(scene.clicks == [Point(100, 200)])
        let start = scene.follower
        for _ in 0..<200 { try loop.runFrame() }
        #expect(((scene.follower - Point(100, 200)) * (scene.follower - Point(100, 200))).sum() < 1e-6)
        #expect(start != scene.follower)
        #expect(loop.lastDrawList.circles.contains { $0.center == scene.follower })
    }
}

@Suite struct FrameLoopKeyTests {
    func makeLoop(_ backend: FakeBackend, options: LoopOptions = LoopOptions(), fixedDelta: Double? = 0.01) -> FrameLoop
    {
        let tweener = Tweener()
        let time = ManualClock()
        let clock = FrameClock(source: time, configuration: .init(fixedDelta: fixedDelta))
        let pacer = Pacer(targetRate: 100, source: time, spinMargin: 0, detectVsync: false)
        return FrameLoop(
            backend: backend, scene: HelloScene(context: SceneContext(tweener: tweener)), tweener: tweener,
            clock: clock, pacer: pacer,
            stats: FrameStats(targetPeriod: pacer.period), options: options)
    }

    @Test func underAFixedDtTheHeadsUpShowsNoWallClockFigures() throws {
        let backend = FakeBackend()
        let loop = makeLoop(backend, options: LoopOptions(showsProfiler: true))
        for _ in 0..<3 { try loop.runFrame() }
        let texts = loop.lastDrawList.texts
        #expect(texts.contains("100 fps (fixed dt)  1x  H help"), "the simulated rate: \(texts)")
        #expect(texts.contains { $0.hasPrefix("frame timings are not drawn under --fixed-dt") })
        #expect(!texts.contains { $0.hasPrefix("frame interval ms") })
    }

    /// The status line's rate is written as printf's "%.0f" would write it, halves to even included.
    @Test func theStatusRateIsPrintfsWholeNumber() {
        let rates = [0, 0.5, 1.5, 2.5, 59.499_999, 59.5, 60.5, 100, 143.999, 144.5, 999_999.5, 1e6 + 1.5, 3e14 + 0.5]
        for rate in rates + (0..<200).map({ Double($0) * 7.25 + 0.125 }) {
            #expect(HeadsUpDisplay.whole(rate) == String(format: "%.0f", rate), "\(rate)")
        }
    }

    /// Under a wall clock (a fixed dt leaves the timings out, so that screenshots stay golden).
    @Test func pTogglesTheProfilerOverlay() throws {
        let backend = FakeBackend()
        let loop = makeLoop(backend, fixedDelta: nil)
        backend.pending = [[], [.keyDown(.letter("p"))], [.keyDown(.letter("p"))]]
        try loop.runFrame()
        #expect(!loop.lastDrawList.texts.contains { $0.hasPrefix("frame interval ms") })
        try loop.runFrame()
        #expect(loop.lastDrawList.texts.contains { $0.hasPrefix("frame interval ms") })
        #expect(
            loop.lastDrawList.commands.contains {
                if case .line(_, _, Color(255, 80, 80)) = $0 { return true }; return false
            },
            "the budget line is drawn")
        try loop.runFrame()
        #expect(!loop.lastDrawList.texts.contains { $0.hasPrefix("frame interval ms") })
    }

    @Test func hShowsTheHelpAndSSavesAScreenshot() throws {
        let backend = FakeBackend()
        let loop = makeLoop(backend, options: LoopOptions(screenshotDirectory: "/tmp/shots"))
        backend.pending = [[.keyDown(.letter("h")), .keyDown(.letter("s"))]]
        try loop.runFrame()
        #expect(loop.lastDrawList.texts.contains(GlobalKey.helpLines[0]))
        #expect(backend.screenshots == ["/tmp/shots/cadence-hello-0.png"])
    }

    @Test func screenshotsEveryKFramesAreNumberedByFrame() throws {
        let backend = FakeBackend()
        let loop = makeLoop(backend, options: LoopOptions(screenshotEvery: (every: 3, directory: "/tmp/series")))
        try loop.run(frames: 7)
        #expect(
            backend.screenshots == [
                "/tmp/series/frame-000000.png", "/tmp/series/frame-000003.png", "/tmp/series/frame-000006.png",
            ])
    }

    @Test func replayFeedsScriptedEventsAndIgnoresLiveOnes() throws {
        let backend = FakeBackend()
        let script = InputScript(events: [RecordedEvent(frame: 2, event: .mouseDown(.left, at: Point(10, 20)))])
        let tweener = Tweener()
        let scene = HelloScene(context: SceneContext(tweener: tweener))
        let time = ManualClock()
        let clock = FrameClock(source: time, configuration: .init(fixedDelta: 0.01))
        let loop = FrameLoop(
            backend: backend, scene: scene, tweener: tweener, clock: clock,
            pacer: Pacer(targetRate: nil, source: time),
            stats: FrameStats(targetPeriod: 0), options: LoopOptions(replay: script))
        backend.pending = [[.mouseDown(.left, at: Point(99, 99))], [], [], [.keyDown(.escape)]]
        try loop.run(frames: 10)
        #expect(scene.clicks == [Point(10, 20)], "the live click was ignored, the scripted one arrived")
        #expect(loop.frameIndex == 4, "Esc still ends a replay")
    }

    @Test func recordingKeepsEveryEventWithItsFrame() throws {
        let backend = FakeBackend()
        let loop = makeLoop(backend, options: LoopOptions(record: true))
        backend.pending = [[], [.mouseDown(.left, at: Point(5, 6))], [], [.keyDown(.space), .keyUp(.space)]]
        try loop.run(frames: 4)
        #expect(
            loop.recording.events == [
                RecordedEvent(frame: 1, event: .mouseDown(.left, at: Point(5, 6))),
                RecordedEvent(frame: 3, event: .keyDown(.space)),
                RecordedEvent(frame: 3, event: .keyUp(.space)),
            ])
    }
}

/// Input-to-present latency: from each event's time (as the backend reports it) to the present of the
/// frame that handled it, into the summary, the frame's sample and the CSV.
@Suite struct InputLatencyTests {
    @Test func eachEventCountsFromItsOwnTimeToThePresentThatShowedIt() throws {
        let backend = FakeBackend()
        let tweener = Tweener()
        let time = ManualClock(start: 1_000_000_000)
        let clock = FrameClock(source: time, configuration: .init(fixedDelta: 0.01))
        let pacer = Pacer(targetRate: 100, source: time, spinMargin: 0, detectVsync: false)
        let stats = FrameStats(targetPeriod: pacer.period)
        let loop = FrameLoop(
            backend: backend, scene: HelloScene(context: SceneContext(tweener: tweener)), tweener: tweener,
            clock: clock, pacer: pacer, stats: stats)
        // Frame k starts (and, on a manual clock, presents) at 1 s + k · 10 ms. Frame 2 gets a click that
        // happened 3 ms before it began and a key 7.5 ms before; frame 4 a click of unknown time (0),
        // which counts from the frame's start; frame 3 none.
        let frameStart = { (k: UInt64) in 1_000_000_000 + k * 10_000_000 }
        backend.pending = [
            [], [], [.mouseDown(.left, at: Point(10, 10)), .keyDown(.letter("q"))], [],
            [
                .mouseDown(.left, at: Point(20, 20))
            ],
        ]
        backend.pendingTimes = [[], [], [frameStart(2) - 3_000_000, frameStart(2) - 7_500_000], [], [0]]
        try loop.run(frames: 5)

        let summary = stats.summary()
        #expect(summary.inputEvents == 3)
        #expect(abs(summary.inputLatencyMaxMs - 7.5) < 0.01, "\(summary.text)")
        #expect(abs(summary.inputLatencyP50Ms - 3) < 0.01, "\(summary.text)")
        #expect(summary.text.contains("input-to-present ms over 3 input events"))
        // On a manual clock a frame presents as it starts: all of each latency is waiting to be read.
        #expect(abs(summary.inputWaitP50Ms - 3) < 0.01 && abs(summary.inputWaitP99Ms - 7.5) < 0.01)
        #expect(summary.inputFrameP50Ms == 0 && summary.inputFrameP99Ms == 0)
        #expect(summary.text.contains("input by phase, ms p50 / p99: waiting to be read 3.0"))
        #expect(summary.text.contains("input times: the frame's poll"))
        let samples = stats.recent
        #expect(samples.map(\.inputEvents) == [0, 0, 2, 0, 1])
        #expect(samples[2].inputLatency == 7_500_000)
        #expect(samples[4].inputLatency == 0, "an event of unknown time is shown by the frame that polled it")
    }

    @Test func theCSVHasEachFramesInputEventsAndLongestLatency() throws {
        let folder = NSTemporaryDirectory() + "cadence-latency-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = try CSVProfileWriter(
            path: folder + "/frames.csv",
            about: ProfileHeader(scene: "hello", targetPeriod: 0, driver: "", renderer: "", objectCount: 1))
        writer.record(FrameSample(index: 0, start: 0, interval: 0, phases: FramePhases()))
        var latched = FrameSample(
            index: 1, start: 10_000_000, interval: 10_000_000, phases: FramePhases(), inputEvents: 2,
            inputLatency: 4_250_000)
        latched.plan = LatchPlan(
            lead: 12_500_000, budget: 3_000_000, headroom: 1_000_000, margin: 8_500_000, ahead: true)
        writer.record(latched)
        try writer.finish()
        let lines = try String(contentsOfFile: folder + "/frames.csv", encoding: .utf8).split(separator: "\n")
            .map { row in
                row.split(separator: ",", omittingEmptySubsequences: false)
                    .prefix(CSVProfileWriter.header.split(separator: ",").count).joined(separator: ",")
            }
        try #require(lines.count == 3, "\(lines)")
        let display = ",,,,,,,,,"  // no display times: the display columns are empty
        #expect(lines[0].contains(",input_events,input_to_present_ms,overrun_ms,late_ms,stall,throttled,display,"))
        // input_wait_ms: empty without events, the longest wait with them (0: poll's times); period_ms, empty
        // when not known; then the latch schedule's plan, empty for a frame it did not place.
        #expect(
            lines[1].hasSuffix(",0,0.0000,,0.0000,0,0" + display + ",," + ",,,,,"),
            "no input: 0 events, latency 0; unpaced: no overrun")
        #expect(lines[2].hasSuffix(",2,4.2500,,0.0000,0,0" + display + ",0.0000,,12.5000,3.0000,1.0000,8.5000,1"))
        // Read back as it was.
        let read = try FrameProfile.load(folder + "/frames.csv")
        #expect(read.samples.map(\.plan) == [nil, latched.plan])
    }
}
