import Testing
@testable import Harness
import Tweening

@Suite struct TweensSceneTests {
    @Test func keysDriveTheSelectedTweenThroughItsStates() throws {
        let script = [
            RecordedEvent(frame: 30, event: .keyDown(.down)),  // select #2
            key("z", at: 40),  // pause
            key("u", at: 60),  // resume
            key("k", at: 70),  // kill
            key("v", at: 80),  // revive → new
            key("g", at: 90),  // start again
            key("c", at: 100),  // complete
            key("r", at: 110),  // restart from completed
        ]
        let harness = try SceneHarness("tweens", script: script)
        let scene = try #require(harness.scene as? TweensScene)

        try harness.run(until: 31)
        #expect(scene.selected == 1)
        #expect(scene.selectedTween.state == .active)

        try harness.run(until: 41)
        #expect(scene.selectedTween.state == .paused)
        let pausedElapsed = scene.selectedTween.elapsed
        let pausedBall = harness.drawn.circles[1].center
        try harness.run(until: 55)
        #expect(scene.selectedTween.elapsed == pausedElapsed, "a paused tween does not advance")
        #expect(harness.drawn.circles[1].center == pausedBall, "and its ball is drawn in the same place")
        #expect(harness.drawn.texts.contains { $0.hasPrefix("paused") })

        try harness.run(until: 61)
        #expect(scene.selectedTween.state == .active)
        #expect(scene.selectedTween.elapsed > pausedElapsed, "resuming continues from where it paused")

        try harness.run(until: 71)
        #expect(scene.selectedTween.state == .killed)
        #expect(!harness.tweener.isTracking(scene.selectedTween))
        try harness.run(until: 81)
        #expect(scene.selectedTween.state == .new)
        #expect(harness.tweener.isTracking(scene.selectedTween))
        try harness.run(until: 91)
        #expect(scene.selectedTween.state == .delayed, "start() with a delay waits first")
        try harness.run(until: 101)
        #expect(scene.selectedTween.state == .completed, "not auto-killed in this scene")
        #expect(harness.drawn.texts.contains { $0.hasPrefix("completed") && $0.contains("100 %") })
        try harness.run(until: 111)
        #expect(scene.selectedTween.state == .delayed)

        let callbacks = scene.log.filter { $0.contains("#2 ") }.map {
            $0.split(separator: " ").last.map(String.init) ?? ""
        }
        // The second start() went to `delayed` and complete() came before the delay ran out: no onStart then.
        #expect(
            callbacks == ["onStart", "onPause", "onResume", "onKill", "onRevive", "onComplete", "onRestart"],
            "every callback is logged once, in order")
        #expect(harness.drawn.texts.contains { $0.hasSuffix("#2 quadOut  onRestart") }, "the log is on screen")
        #expect(scene.lastResult == "#2 restart() → true")
    }

    @Test func refusedCallsAreShownAsFalse() throws {
        let harness = try SceneHarness("tweens", script: [key("u", at: 20)])
        let scene = try #require(harness.scene as? TweensScene)
        try harness.run(until: 21)
        #expect(scene.lastResult == "#1 resume() → false", "an active tween cannot be resumed")
        #expect(harness.drawn.texts.contains("#1 resume() → false"))
    }

    @Test func unattendedTweensRunToCompletion() throws {
        let harness = try SceneHarness("tweens")
        let scene = try #require(harness.scene as? TweensScene)
        try harness.run(until: 200)
        #expect(scene.tracks.allSatisfy { $0.tween.state == .completed && $0.value == 1 })
        #expect(scene.log.filter { $0.hasSuffix("onComplete") }.count == 8)
    }
}
