import Cadence
import Foundation
import Testing
@testable import Harness
import Tweening

@Suite struct KeyframesSceneTests {
    /// The scene's demo input, as `make shots` and the golden frame replay it.
    static func replay() throws -> [RecordedEvent] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try InputScript.load(root.appendingPathComponent("Assets/replays/keyframes.jsonl").path).events
    }

    private func near(_ a: Pose, _ b: Pose, _ tolerance: Double = 1e-6) -> Bool {
        (a - b).magnitudeSquared.squareRoot() < tolerance
    }

    @Test func theFigurePlaysTheTimelineInStepWithThePlayhead() throws {
        let harness = try SceneHarness("keyframes")
        let scene = try #require(harness.scene as? KeyframesScene)
        for frame in stride(from: 10, through: 250, by: 10) {
            try harness.run(until: frame)
            #expect(scene.isPlaying)
            #expect(near(scene.figure.presentation, scene.timeline.value(time: scene.playhead)), "frame \(frame)")
        }
        // 250 frames = 4.17 s: past the 3.3 s timeline, so it looped.
        #expect(scene.playhead < 1)
    }

    @Test func theScriptedScrubPlayAndClickHandTheMotionToASpring() throws {
        let script = try Self.replay()
        let harness = try SceneHarness("keyframes", script: script)
        let scene = try #require(harness.scene as? KeyframesScene)
        let size = Size(width: 1280, height: 720)

        // Dragged to x = 660 and released: paused there, the figure on the timeline.
        try harness.run(until: 46)
        #expect(!scene.isPlaying)
        #expect(abs(scene.playhead - scene.time(atX: 660, in: size)) < 1e-12)
        #expect(near(scene.figure.presentation, scene.timeline.value(time: scene.playhead)))

        // Return: plays on from the playhead.
        try harness.run(until: 60)
        #expect(scene.isPlaying)
        #expect(near(scene.figure.presentation, scene.timeline.value(time: scene.playhead)))

        // The frame before the click, and the click: the spring takes over the value and velocity.
        let click = try #require(script.last { if case .mouseDown = $0.event { true } else { false } })
        try harness.run(until: click.frame)
        let before = scene.figure.presentation, velocity = scene.figure.velocity
        #expect(velocity.magnitudeSquared > 1, "the figure is moving when the click comes")
        try harness.run(until: click.frame + 1)
        #expect(scene.handedOff && !scene.isPlaying)
        let handed = try #require(scene.handOffVelocity)
        // One frame later the figure has moved on from where it was at about the speed it had.
        let step = (scene.figure.presentation - before).magnitudeSquared.squareRoot()
        let expected = velocity.magnitudeSquared.squareRoot() / 60
        #expect(step < expected * 1.5 + 1, "no jump: moved \(step), expected about \(expected)")
        #expect(near(handed, velocity, 1e-9))

        // The spring settles on the clicked point, upright, at scale 1.
        try harness.run(until: click.frame + 240)
        guard case let .mouseDown(_, at: point) = click.event else { return }
        let target = point - KeyframesScene.origin(of: KeyframesScene.stage(in: size))
        #expect(near(scene.figure.presentation, Pose(offset: target, rotation: 0, scale: 1)))
        #expect(!scene.figure.isAnimating)
    }

    @Test func theSpringContinuesTheTimelinesVelocity() throws {
        let scene = KeyframesScene(context: SceneContext(tweener: Tweener()))
        scene.figure.update(by: 0.7)
        scene.update(by: 0.7)
        let velocity = scene.timeline.velocity(time: 0.7)
        #expect(near(scene.figure.velocity, velocity, 1e-6))
        scene.handOff(to: SIMD2(0, 0))
        scene.figure.update(by: 0)
        #expect(near(scene.figure.velocity, velocity, 1e-3 * velocity.magnitudeSquared.squareRoot()))
        #expect(scene.figure.activeAnimationCount == 1)  // the spring merged with the keyframes
    }

    @Test func returnPausesAndLTurnsLoopingOff() throws {
        let harness = try SceneHarness(
            "keyframes",
            script: [
                RecordedEvent(frame: 10, event: .keyDown(.enter)),
                RecordedEvent(frame: 20, event: .keyDown(.enter)),
                RecordedEvent(frame: 21, event: .keyDown(.letter("l"))),
            ])
        let scene = try #require(harness.scene as? KeyframesScene)
        try harness.run(until: 15)
        #expect(!scene.isPlaying)
        let paused = scene.playhead
        try harness.run(until: 19)
        #expect(scene.playhead == paused)
        try harness.run(until: 400)
        #expect(!scene.loops && !scene.isPlaying)
        #expect(scene.playhead == scene.timeline.duration)
        #expect(near(scene.figure.presentation, scene.timeline.value(progress: 1)))
    }

    @Test func everyTrackIsPlottedWithItsKeyframesMarked() throws {
        let harness = try SceneHarness("keyframes")
        let scene = try #require(harness.scene as? KeyframesScene)
        try harness.run(until: 5)
        let drawn = harness.drawn
        for label in ["offset x", "offset y", "rotation", "scale"] { #expect(drawn.texts.contains(label)) }
        let marks = drawn.commands.compactMap { command -> Int? in
            if case let .dots(points, _, _) = command { return points.count } else { return nil }
        }
        // Each keyframe marked where it ends, plus the start; the move on rotation (which ends where the
        // keyframe before it does) marked on both sides of its jump.
        let counts = scene.timeline.keyframeTimes.map { Set([0] + $0).count }
        #expect(marks == [counts[0], counts[0], counts[1] + 1, counts[2]])
    }
}
