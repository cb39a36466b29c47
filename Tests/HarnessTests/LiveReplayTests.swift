import Cadence
import Foundation
import Testing
import Tweening

@testable import Harness

/// A marker that goes where you click under `animation`, and drifts right by `dt` each frame: a stand-in for a
/// user's scene whose animation changes from one build to the next.
final class ClickMarkerScene: Scene {
    let name = "marker"
    let title = "Marker"
    let hint = "Click"
    let marker = AnimatedValue(SIMD2<Double>(100, 100))
    let animation: Animation
    private(set) var drift = 0.0
    /// When set, the scene breaks the determinism contract: it reads the wall clock in `update`.
    let readsTheWallClock: Bool

    init(context: SceneContext, animation: Animation, readsTheWallClock: Bool = false) {
        self.animation = animation
        self.readsTheWallClock = readsTheWallClock
        context.tweener.drive(marker)
    }

    func handle(_ event: InputEvent, in size: Size) -> Bool {
        guard case let .mouseDown(.left, at: point) = event else { return false }
        marker.set(SIMD2(point.x, point.y), animation: animation)
        return true
    }

    func update(by dt: Double) {
        drift += readsTheWallClock ? Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1) : dt
    }

    func draw(into list: inout DrawList, size: Size) {
        let shown = marker.presentation
        list.circle(Point(shown.x + drift, shown.y), radius: 10, .text)
    }
}

/// A live reload replays the session through the new build (`SceneHistory`, `FrameLoop.fastForward`): the
/// scene then draws what a fresh run of the new build draws over the same input, a scene that breaks the
/// determinism contract is reported, and a history that cannot be replayed is said to be so.
@Suite struct LiveReplayTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "cadence-live-replay-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The built-in scenes and `marker` under `animation`.
    func catalog(_ animation: Animation, wallClock: Bool = false) throws -> SceneCatalog {
        try SceneCatalog.builtIn.adding([
            .init(name: "marker", summary: "a marker") {
                ClickMarkerScene(context: $0, animation: animation, readsTheWallClock: wallClock)
            }
        ])
    }

    /// Clicks, a pause and its end and a time-scale change, by frame.
    let script: [RecordedEvent] = [
        click(300, 200, at: 10), click(600, 400, at: 40), RecordedEvent(frame: 55, event: .keyDown(.space)),
        RecordedEvent(frame: 70, event: .keyDown(.space)), RecordedEvent(frame: 75, event: .keyDown(.leftBracket)),
        click(200, 500, at: 90), click(900, 150, at: 130), click(400, 300, at: 170),
    ]

    /// A session over `catalog`'s scene `name` at a fixed dt, fed `script`, with `live` linked when given.
    /// (Without `scripted`, live input reaches the scene: a replay lets only quitting through.)
    func session(
        _ name: String, _ catalog: SceneCatalog, live: LiveLink?, backend: FakeBackend = FakeBackend(),
        scripted: Bool = true
    ) throws -> HarnessSession {
        var options = LoopOptions(replay: scripted ? InputScript(events: script) : nil)
        options.live = live
        backend.size = Size(width: 1280, height: 720)
        return try HarnessSession(
            backend: backend, time: ManualClock(),
            plan: .init(scene: name, catalog: catalog, fixedDelta: 1.0 / 60, paced: false, options: options))
    }

    @Test func aReloadDrawsWhatAFreshRunOfTheNewBuildDrawsOverTheSameInput() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let old = try catalog(.easeInOut(duration: 1))
        let new = try catalog(.spring(duration: 0.8, bounce: 0.3))

        // The old build runs 120 frames (clicks, a pause, a slower clock, a resize) and hands over.
        let oldBackend = FakeBackend()
        let first = try session(
            "marker", old, live: LiveLink(directory: directory, build: 0, input: -1) { _ in },
            backend: oldBackend)
        try first.loop.run(frames: 100)
        oldBackend.size = Size(width: 1000, height: 700)
        try first.loop.run(frames: 120)
        let history = try #require(try SceneHistory.load(from: directory)?.get())
        #expect(history.frames.count == 120 && history.scene == "marker")
        #expect(history.events.map(\.frame) == [10, 40, 55, 70, 75, 90])
        #expect(history.frames[99].size.width == 1280 && history.frames[100].size.width == 1000)

        // The new build replays it, then goes on live to frame 200.
        var logged: [String] = []
        let link = LiveLink(directory: directory, build: 1, input: -1) { logged.append($0) }
        let newBackend = FakeBackend()
        let reloaded = try session("marker", new, live: link, backend: newBackend)
        newBackend.size = Size(width: 1000, height: 700)
        link.restore(into: reloaded.loop)
        #expect(logged.contains { $0.contains("build 1 replayed 120 frames") })
        #expect(SceneHistory.load(from: directory) == nil, "a history is replayed once")
        try reloaded.loop.run(frames: 200)

        // A fresh run of the new build over the same input.
        let freshBackend = FakeBackend()
        let fresh = try session("marker", new, live: nil, backend: freshBackend)
        try fresh.loop.run(frames: 100)
        freshBackend.size = Size(width: 1000, height: 700)
        try fresh.loop.run(frames: 200)

        #expect(reloaded.loop.lastDrawList.commands == fresh.loop.lastDrawList.commands)
        #expect(reloaded.loop.clock.elapsed == fresh.loop.clock.elapsed)
        #expect(reloaded.loop.clock.timeScale == 0.5 && !reloaded.loop.clock.isPaused)
        #expect(link.notices.isEmpty, "a deterministic scene came back the same: \(link.notices)")
        // ...and not the old build's frame: the animation changed.
        let oldBackend2 = FakeBackend()
        let oldRun = try session("marker", old, live: nil, backend: oldBackend2)
        try oldRun.loop.run(frames: 100)
        oldBackend2.size = Size(width: 1000, height: 700)
        try oldRun.loop.run(frames: 200)
        #expect(oldRun.loop.lastDrawList.commands != fresh.loop.lastDrawList.commands)
    }

    /// The marker under an animation that the edit changes, and the inspector (both lanes, as built in).
    @Test(arguments: ["marker", "inspector"])
    func watchAgainShowsTheNewBuildsFramesOverTheSameInputWithTheOldBuildsFaintly(scene: String) throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let old = try catalog(.easeInOut(duration: 1))
        let new = try catalog(.spring(duration: 0.8, bounce: 0.3))
        let size = Size(width: 1280, height: 720)
        // What each build's scene draws after each of 120 frames of the script, run afresh.
        func sceneFrames(_ catalog: SceneCatalog) throws -> [[DrawCommand]] {
            let run = try session(scene, catalog, live: nil)
            var frames: [[DrawCommand]] = []
            for _ in 0..<120 {
                try run.loop.runFrame()
                var list = DrawList()
                run.loop.scene.draw(into: &list, size: size)
                frames.append(list.commands)
            }
            return frames
        }
        let (oldFrames, newFrames) = (try sceneFrames(old), try sceneFrames(new))

        if scene == "marker" { #expect(oldFrames != newFrames, "the edit changes what the scene draws") }

        let first = try session(scene, old, live: LiveLink(directory: directory, build: 0, input: -1) { _ in })
        try first.loop.run(frames: 120)
        let link = LiveLink(directory: directory, build: 1, input: -1) { _ in }
        let backend = FakeBackend()
        let reloaded = try session(scene, new, live: link, backend: backend, scripted: false)
        link.restore(into: reloaded.loop)
        #expect(reloaded.loop.previousGhost?.frames.range == 0..<120 && reloaded.loop.previousGhost?.build == 0)

        // W: the 2 s before the hand-over (all of them: less than 5 s) are shown, one a frame.
        backend.pending = [[.keyDown(.letter("w"))]]
        for frame in 0..<120 {
            try reloaded.loop.runFrame()
            let shown = reloaded.loop.lastDrawList.commands
            let expected =
                [DrawCommand.clear(.background)] + newFrames[frame] + oldFrames[frame].map { $0.faded(to: 0.4) }
            #expect(Array(shown.prefix(expected.count)) == expected, "watch-again frame \(frame)")
            #expect(
                shown.contains {
                    if case let .text(text, _, _, _) = $0 {
                        text.hasPrefix("Watching the last 5 s again")
                    } else {
                        false
                    }
                })
        }
        // Then the live scene goes on from where it waited.
        try reloaded.loop.runFrame()
        #expect(!reloaded.loop.lastDrawList.texts.contains { $0.hasPrefix("Watching") })
        // W starts it again, and W stops it (without starting it once more).
        backend.pending = [[.keyDown(.letter("w"))], [], [.keyDown(.letter("w"))], []]
        try reloaded.loop.runFrame()
        #expect(reloaded.loop.lastDrawList.texts.contains { $0.hasPrefix("Watching") })
        try reloaded.loop.runFrame()
        try reloaded.loop.runFrame()
        try reloaded.loop.runFrame()
        #expect(!reloaded.loop.lastDrawList.texts.contains { $0.hasPrefix("Watching") })
    }

    @Test func aGhostReadsBackAsItWasWrittenAndKeepsFiveSeconds() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var ghost = GhostFrames()
        let commands: [DrawCommand] = [
            .fillRect(Rect(x: 1, y: 2, width: 3, height: 4), .text),
            .fillRects([Rect(x: 0, y: 0, width: 1, height: 1)], .grid),
            .strokeRect(Rect(x: 5, y: 6, width: 7, height: 8), .dimText),
            .line(from: Point(1, 2), to: Point(3, 4), .text),
            .polyline([Point(0, 0), Point(1, 1)], .grid), .circle(center: Point(9, 9), radius: 3, .text),
            .dots([Point(2, 2)], radius: 1.5, .text), .text("ghost é", at: Point(4, 4), size: .large, .dimText),
            .clear(.background),
        ]
        for frame in 0..<400 { ghost.keep(commands[...], frame: frame, interval: 1.0 / 60) }
        #expect(ghost.range.upperBound == 400 && (300...301).contains(ghost.range.count), "5 s at 60 frames a second")
        try ghost.write(to: directory)
        #expect(GhostFrames.take(from: directory) == ghost)
        #expect(GhostFrames.take(from: directory) == nil, "taken once")
        try OutputFile.write(Data([1, 2, 3]), to: GhostFrames.path(in: directory))
        #expect(GhostFrames.take(from: directory) == nil, "a file cut short is no ghost")

        var heavy = GhostFrames()
        heavy.keep(
            [.dots(Array(repeating: Point(0, 0), count: GhostFrames.pointLimit + 1), radius: 1, .text)], frame: 0,
            interval: 0.016)
        #expect(heavy.isOff && heavy.frames.isEmpty)
    }

    @Test func aSceneThatReadsTheWallClockIsReportedAsDiverged() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let broken = try catalog(.smooth, wallClock: true)
        let first = try session("marker", broken, live: LiveLink(directory: directory, build: 0, input: -1) { _ in })
        try first.loop.run(frames: 60)
        let link = LiveLink(directory: directory, build: 1, input: -1) { _ in }
        let reloaded = try session("marker", broken, live: link)
        link.restore(into: reloaded.loop)
        try reloaded.loop.run(frames: 70)
        #expect(link.notices.contains { $0.hasPrefix("The replay of this session did not come back the same") })
        var list = DrawList()
        link.draw(into: &list, size: Size(width: 1280, height: 720))
        #expect(list.texts.contains { $0.contains("did not come back the same") })
    }

    @Test func aHistoryThatCannotBeReplayedIsSaidToBeAndTheSceneStartsAfresh() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let markers = try catalog(.smooth)
        let first = try session("marker", markers, live: LiveLink(directory: directory, build: 0, input: -1) { _ in })
        try first.loop.run(frames: 30)
        let paths = SceneHistory.paths(in: directory)
        let frames = try #require(FileManager.default.contents(atPath: paths.frames))

        let corruptions: [(String, Data, String)] = [
            ("a cut-short frames file", frames.prefix(frames.count - 5), "frames file does not hold the 30 frames"),
            ("a NaN dt", Data(repeating: 0xFF, count: 8) + frames.dropFirst(8), "frame 0 has dt NaN"),
        ]
        for (what, data, reason) in corruptions {
            try first.loop.history?.write(to: directory)
            try OutputFile.write(data, to: paths.frames)
            let link = LiveLink(directory: directory, build: 1, input: -1) { _ in }
            let next = try session("marker", markers, live: link)
            link.restore(into: next.loop)
            #expect(
                link.notices.contains { $0.contains("could not be replayed") && $0.contains(reason) },
                "\(what): \(link.notices)")
            let scene = try #require(next.loop.scene as? ClickMarkerScene)
            #expect(scene.drift == 0 && scene.marker.presentation == SIMD2(100, 100), "\(what): afresh")
        }

        try first.loop.history?.write(to: directory)
        try OutputFile.write(Data("{\"version\": 1".utf8), to: paths.header)
        let garbled = LiveLink(directory: directory, build: 2, input: -1) { _ in }
        garbled.restore(into: try session("marker", markers, live: garbled).loop)
        #expect(garbled.notices.contains { $0.contains("its header is not a history's") })
    }

    @Test func aHistoryStopsAtItsLimitAndTheNextBuildSaysSo() throws {
        var history = SceneHistory(scene: "marker")
        let frame = SceneHistory.Frame(dt: 1.0 / 60, interval: 1.0 / 60, size: Size(width: 640, height: 360))
        for _ in 0..<SceneHistory.frameLimit { history.append(frame, events: [InputEvent]()) }
        #expect(history.frames.count == SceneHistory.frameLimit && !history.isOverflowed)
        history.append(frame, events: [InputEvent.keyDown(.space)])
        #expect(history.isOverflowed && history.frames.isEmpty && history.events.isEmpty)

        // A heavy scene reaches the replay budget first.
        var heavy = SceneHistory(scene: "stress")
        heavy.append(frame, events: [InputEvent](), cost: SceneHistory.replayBudget - 1)
        #expect(!heavy.isOverflowed)
        heavy.append(frame, events: [InputEvent](), cost: 2)
        #expect(heavy.isOverflowed)

        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try OutputFile.write(LiveState(build: 0, scene: "marker").encoded(), to: LiveState.path(in: directory))
        try history.write(to: directory)
        let link = LiveLink(directory: directory, build: 1, input: -1) { _ in }
        link.restore(into: try session("marker", try catalog(.smooth), live: link).loop)
        #expect(link.notices.contains { $0.contains("passed the replay's limit (36000 frames, 100000 events or 3 s") })
    }

    @Test func aHistoryReadsBackAsItWasWritten() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var history = SceneHistory(scene: "retarget", startsPaused: true, startTimeScale: 0.25, startElapsed: 3.5)
        history.append(.init(dt: 0, interval: 0.016, size: Size(width: 800, height: 600)), events: [InputEvent]())
        history.append(
            .init(dt: 0.004, interval: 0.0171, size: Size(width: 801, height: 599)),
            events: [.keyDown(.space), .mouseMoved(to: Point(3, 4), dragging: true)])
        try history.write(to: directory)
        #expect(try SceneHistory.load(from: directory)?.get() == history)
        SceneHistory.remove(from: directory)
        #expect(SceneHistory.load(from: directory) == nil)
    }
}
