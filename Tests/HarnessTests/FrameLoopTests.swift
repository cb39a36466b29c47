import Testing
@testable import Harness

/// A backend that records what the loop does, fed with scripted input.
final class FakeBackend: RenderBackend {
    var size = Size(width: 800, height: 600)
    var pending: [[InputEvent]] = []
    var rendered: [DrawList] = []
    var presents = 0
    var screenshots: [String] = []

    func pollEvents(into events: inout [InputEvent]) {
        if !pending.isEmpty { events.append(contentsOf: pending.removeFirst()) }
    }
    func render(_ list: DrawList) { rendered.append(list) }
    func saveScreenshot(to path: String) throws(HarnessError) { screenshots.append(path) }
    func present() { presents += 1 }
}

@Suite struct FrameLoopTests {
    func makeLoop(_ backend: FakeBackend, scene: Scene = HelloScene()) -> FrameLoop {
        let time = ManualClock()
        let clock = FrameClock(source: time, configuration: .init(fixedDelta: 0.01))
        let pacer = Pacer(targetRate: 100, source: time, spinMargin: 0, detectVsync: false)
        return FrameLoop(backend: backend, scene: scene, clock: clock, pacer: pacer, stats: FrameStats(targetPeriod: pacer.period))
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

    @Test func spacePausesAndPeriodStepsTheClock() {
        let backend = FakeBackend()
        let scene = HelloScene()
        let loop = makeLoop(backend, scene: scene)
        backend.pending = [[], [.keyDown(.space)], [], [.keyDown(.period)], []]
        loop.runFrame()
        loop.runFrame()
        let pausedAt = scene.time
        loop.runFrame()
        #expect(scene.time == pausedAt, "paused: the scene gets dt = 0")
        loop.runFrame()
        #expect(abs(scene.time - pausedAt - 0.01) < 1e-12, "a step advances exactly one frame")
        loop.runFrame()
        #expect(abs(scene.time - pausedAt - 0.01) < 1e-12)
    }

    @Test func bracketsMoveThroughTheTimeScaleSteps() {
        let backend = FakeBackend()
        let loop = makeLoop(backend)
        backend.pending = [[.keyDown(.leftBracket)], [.keyDown(.leftBracket)], [.keyDown(.rightBracket)]]
        loop.runFrame()
        #expect(loop.clock.timeScale == 0.5)
        loop.runFrame()
        #expect(loop.clock.timeScale == 0.25)
        loop.runFrame()
        #expect(loop.clock.timeScale == 0.5)
    }

    @Test func everyFrameShowsTheSceneTitleAndHint() {
        let backend = FakeBackend()
        let scene = HelloScene()
        let loop = makeLoop(backend, scene: scene)
        loop.runFrame()
        #expect(loop.lastDrawList.texts.contains(scene.title))
        #expect(loop.lastDrawList.texts.contains(scene.hint))
    }

    @Test func aClickReachesTheSceneAndItsBallGlidesThere() {
        let backend = FakeBackend()
        let scene = HelloScene()
        let loop = makeLoop(backend, scene: scene)
        backend.pending = [[.mouseDown(.left, at: Point(100, 200))]]
        loop.runFrame()
        #expect(scene.clicks == [Point(100, 200)])
        let start = scene.follower
        for _ in 0..<200 { loop.runFrame() }
        #expect(((scene.follower - Point(100, 200)) * (scene.follower - Point(100, 200))).sum() < 1e-6)
        #expect(start != scene.follower)
        #expect(loop.lastDrawList.circles.contains { $0.center == scene.follower })
    }
}
