import Cadence
import Testing
@testable import Harness
import Tweening

@Suite struct RetargetSceneTests {
    @Test func mergingSpringsKeepTheirSpeedThroughARetargetWhileTheRestartedTweenDropsToZero() throws {
        // Start moving left, then, at full speed, retarget further left.
        let script = [click(420, 300, at: 10), click(120, 300, at: 14)]
        let harness = try SceneHarness("retarget", script: script)
        let scene = try #require(harness.scene as? RetargetScene)
        try harness.run(until: 40)
        // speeds[i] is the speed after frame i's update; the retarget is handled at the start of frame 14.
        let before = 13, after = 14
        for marker in scene.markers.prefix(4) {
            let (v0, v1) = (marker.speeds[before], marker.speeds[after])
            #expect(v0 > 300, "\(marker.name) is moving fast when retargeted (\(v0) px/s)")
            #expect(v1 > 0.8 * v0, "\(marker.name) keeps its speed: \(v0) → \(v1) px/s")
        }

        // The tween's ease-in-out is fastest half way: retarget it there (the fast springs have settled by then).
        let late = try SceneHarness("retarget", script: [click(420, 300, at: 10), click(120, 300, at: 25)])
        let lateScene = try #require(late.scene as? RetargetScene)
        try late.run(until: 40)
        let tween = try #require(lateScene.markers.last)
        #expect(tween.speeds[24] > 300, "the tween is moving fast when retargeted (\(tween.speeds[24]) px/s)")
        #expect(
            tween.speeds[25] < 0.25 * tween.speeds[24],
            "the restarted tween starts again from rest: \(tween.speeds[24]) → \(tween.speeds[25])")
        let spring = lateScene.markers[0]
        #expect(spring.speeds[25] > 0.8 * spring.speeds[24], "while .spring does not slow down")
    }

    @Test func everyMarkerArrivesInItsPlaceInTheRowWithoutJumping() throws {
        let harness = try SceneHarness(
            "retarget", script: [click(300, 200, at: 5), click(900, 250, at: 15), click(700, 400, at: 25)])
        let scene = try #require(harness.scene as? RetargetScene)
        var previous = scene.markers.map(\.position)
        for frame in 1...240 {
            try harness.run(until: frame)
            for (index, marker) in scene.markers.enumerated() {
                // A jump would move a marker further in one frame than its speed on either side allows.
                let speeds = marker.speeds.suffix(2)
                let allowed = (speeds.max() ?? 0) / 60 * 1.25 + 0.5
                #expect(
                    distance(marker.position, previous[index]) <= allowed, "\(marker.name) jumped at frame \(frame)")
                previous[index] = marker.position
            }
        }
        for (index, marker) in scene.markers.enumerated() {
            let place = Point(700, 400) + RetargetScene.offset(index, of: scene.markers.count)
            #expect(distance(marker.position, place) < 0.5, "\(marker.name) settled at its place")
        }
        #expect(scene.activeAnimations == 0)
        #expect(harness.drawn.circles.count >= scene.markers.count)
    }

    @Test func arrowKeysChangeResponseAndBounceAndTheHintShowsThem() throws {
        let keys = [
            RecordedEvent(frame: 1, event: .keyDown(.up)), RecordedEvent(frame: 2, event: .keyDown(.right)),
            RecordedEvent(frame: 3, event: .keyDown(.right)),
        ]
        let harness = try SceneHarness("retarget", script: keys)
        let scene = try #require(harness.scene as? RetargetScene)
        try harness.run(until: 5)
        #expect(abs(scene.response - 0.55) < 1e-9)
        #expect(abs(scene.bounce - 0.10) < 1e-9)
        #expect(harness.drawn.texts.contains { $0.contains("response 0.55 s") && $0.contains("bounce +0.10") })
    }
}

@Suite struct PauseSceneTests {
    @Test func thePausableAnimationHoldsBitForBitAndResumesWithoutAJump() throws {
        let space = { (frame: Int) in RecordedEvent(frame: frame, event: .keyDown(.space)) }
        let harness = try SceneHarness("pause", script: [space(30), space(60)])
        let scene = try #require(harness.scene as? PauseScene)
        let size = harness.backend.size
        try harness.run(until: 31)
        let held = scene.markerPosition(0, in: size)
        let tweenAtPause = scene.markerPosition(1, in: size)
        for frame in 32...60 {
            try harness.run(until: frame)
            #expect(scene.markerPosition(0, in: size) == held, "held exactly at frame \(frame)")
        }
        #expect(scene.markerPosition(1, in: size) != tweenAtPause, "the other lanes go on")
        #expect(scene.lanes[0].isPaused && abs(scene.lanes[0].paused - 30.0 / 60) < 1e-9)
        try harness.run(until: 61)
        #expect(
            scene.markerPosition(0, in: size) == held, "the first frame after resuming starts exactly where it held")
        try harness.run(until: 62)
        let resumed = scene.markerPosition(0, in: size)
        #expect(resumed != held, "then it moves again")
        #expect(distance(resumed, held) < 15, "from where it held: no jump (\(distance(resumed, held)) px)")
    }

    @Test func tPausesTheTweenAndCPausesEveryLane() throws {
        let harness = try SceneHarness(
            "pause", script: [key("t", at: 20), key("c", at: 40), key("c", at: 50), key("t", at: 60)])
        let scene = try #require(harness.scene as? PauseScene)
        let size = harness.backend.size
        try harness.run(until: 21)
        let tweenHeld = scene.markerPosition(1, in: size)
        try harness.run(until: 41)
        let all = (0..<3).map { scene.markerPosition($0, in: size) }
        #expect(scene.markerPosition(1, in: size) == tweenHeld)
        try harness.run(until: 50)
        #expect((0..<3).map { scene.markerPosition($0, in: size) } == all, "a paused clock holds every lane")
        #expect(scene.lanes.allSatisfy { $0.isPaused })
        try harness.run(until: 55)
        #expect(scene.markerPosition(0, in: size) != all[0], "the clock runs again")
        #expect(scene.markerPosition(1, in: size) == tweenHeld, "the tween is still paused by its handle")
        try harness.run(until: 62)
        #expect(scene.markerPosition(1, in: size) != tweenHeld)
        #expect(distance(scene.markerPosition(1, in: size), tweenHeld) < 20, "and resumes where it held")
    }
}

@Suite struct TargetSceneTests {
    @Test func allThreeMarkersReachTheClickAndTheCombinedOneDiffersFromEachGhostOnTheWay() throws {
        let harness = try SceneHarness("target", script: [click(400, 200, at: 5), click(1000, 600, at: 20)])
        let scene = try #require(harness.scene as? TargetScene)
        var largestStep = 0.0
        var previous = scene.combined.presentation
        var differed = false
        for frame in 1...300 {
            try harness.run(until: frame)
            let now = scene.combined.presentation
            largestStep = max(largestStep, distance(now, previous))
            previous = now
            if distance(now, scene.baseAlone.presentation) > 20 && distance(now, scene.secondaryAlone.presentation) > 20
            {
                differed = true
            }
        }
        #expect(differed, "the combination is neither contribution alone")
        #expect(largestStep < 60, "a retarget mid-flight merges without a jump (largest step \(largestStep) px)")
        for value in [scene.combined, scene.baseAlone, scene.secondaryAlone] {
            #expect(distance(value.presentation, Point(1000, 600)) < 0.5)
        }
        #expect(harness.drawn.circles.count >= 3)
    }

    @Test func theListsChooseBaseAndSecondary() throws {
        let baseEntry = TargetScene.entry(2, list: 0)
        let secondaryEntry = TargetScene.entry(3, list: 1)
        let harness = try SceneHarness(
            "target",
            script: [
                click(baseEntry.x + 5, baseEntry.y + 5, at: 2),
                click(secondaryEntry.x + 5, secondaryEntry.y + 5, at: 3),
                key("b", at: 4),
            ])
        let scene = try #require(harness.scene as? TargetScene)
        try harness.run(until: 6)
        #expect(scene.baseIndex == 3)
        #expect(scene.secondaryIndex == 3)
        #expect(!scene.combined.isAnimating, "clicks on the lists do not retarget")
    }
}

@Suite struct StressSceneTests {
    @Test func wavesRetargetAQuarterEveryHalfSecondAndEverythingIsDrawnInTwoBatches() throws {
        let harness = try SceneHarness("stress", objectCount: 400)
        let scene = try #require(harness.scene as? StressScene)
        let start = scene.positions
        try harness.run(until: 62)
        #expect(scene.waves == 2)
        let moved = zip(start, scene.positions).filter { $0 != $1 }.count
        // The second wave's tweens start on the tweener's next update, so one frame after the wave.
        #expect(moved == 200, "two waves of a quarter each have moved half the objects (\(moved))")
        #expect(scene.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        let batches = harness.drawn.commands.compactMap { command -> Int? in
            if case let .dots(points, _, _) = command { return points.count }
            return nil
        }
        #expect(batches == [200, 200])
        #expect(harness.loop.showsProfiler, "the stress scene opens with the profiler")
        #expect(scene.activeAnimations == 0, "the first two waves moved tweens only")
        try harness.run(until: 89)
        let (tracked, beforeSprings) = (harness.tweener.count, scene.positions)
        try harness.run(until: 92)
        #expect(
            zip(beforeSprings[200..<300], scene.positions[200..<300]).allSatisfy { $0 != $1 },
            "the springs move at once")
        #expect(scene.activeAnimations == 100, "the third wave sent a quarter of the objects, all springs")
        #expect(
            harness.tweener.count == tracked + 1, "the moving springs are driven through the tweener, by one driver")
        // The fourth wave (frame 120) sends the other 100 springs; both waves' springs rest well before the
        // seventh (frame 210) sends the first 100 again, and a spring at rest is no longer driven or read.
        try harness.run(until: 205)
        #expect(scene.activeAnimations == 0)
        #expect(
            !harness.tweener.tweens.contains { $0 is DriverTween }, "the driver ends once every spring is at rest")
        let rested = scene.positions
        try harness.run(until: 209)
        #expect(rested[200...] == scene.positions[200...], "the springs stay where they came to rest")
        #expect(scene.waves == 6)
    }

    @Test func springsStoppedByAKilledDriverMoveOnWithTheNextWave() throws {
        let harness = try SceneHarness("stress", objectCount: 400)
        let scene = try #require(harness.scene as? StressScene)
        try harness.run(until: 92)
        #expect(scene.activeAnimations == 100, "the third wave set the springs 200..<300 moving")
        harness.tweener.killAll()
        let stopped = scene.positions
        try harness.run(until: 110)
        #expect(stopped[200..<300] == scene.positions[200..<300], "nothing drives them while the driver is killed")
        try harness.run(until: 125)
        #expect(
            zip(stopped[200..<300], scene.positions[200..<300]).allSatisfy { $0 != $1 },
            "the fourth wave's driver moves them on from where they stopped")
        #expect(scene.activeAnimations == 200)
    }
}
