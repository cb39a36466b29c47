import Cadence
import Foundation
import Testing
@testable import Harness

/// The fling scene driven with scripted input: a throw comes to rest on a snap point, at the hand's
/// velocity; a card dragged past the edge rubber-bands and springs back; free inertia rests on the
/// projected end.
@Suite struct FlingSceneTests {
    static let replayPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets/replays/fling.jsonl").standardized.path

    func moves(from start: Point, by step: Point, frames: ClosedRange<Int>) -> [RecordedEvent] {
        frames.enumerated().map { i, frame in
            RecordedEvent(frame: frame, event: .mouseMoved(to: start + step.scaled(by: Double(i + 1)), dragging: true))
        }
    }

    func up(_ point: Point, at frame: Int) -> RecordedEvent {
        RecordedEvent(frame: frame, event: .mouseUp(.left, at: point))
    }

    @Test func theDemoReplayThrowsCardsOntoSnapPoints() throws {
        let script = try InputScript.load(Self.replayPath)
        let harness = try SceneHarness("fling", script: script.events)
        let scene = try #require(harness.scene as? FlingScene)
        try harness.run(until: 32)
        // Thrown at the pointer's velocity: 25 px left and 1 px down per 60 Hz frame.
        let release = try #require(scene.lastRelease)
        #expect(abs(release.velocity.x + 1500) < 1e-6 && abs(release.velocity.y - 60) < 1e-6)
        #expect(release.destination == FlingScene.snapPoints[0])
        let thrown = try #require(scene.cards.last)
        #expect(thrown.label == "C")
        // The frames after release are the snap spring started at the hand's velocity: the same
        // spring on a value released the same way moves exactly alike (one started from rest does not).
        try harness.run(until: 33)
        let reference = AnimatedValue(release.position)
        reference.track(to: release.position, velocity: release.velocity)
        reference.set(release.destination, animation: FlingScene.snapAnimation)
        let fromRest = AnimatedValue(release.position)
        fromRest.set(release.destination, animation: FlingScene.snapAnimation)
        for _ in 0..<2 {  // frame 31 (the release's own) and frame 32
            reference.update(by: 1.0 / 60)
            fromRest.update(by: 1.0 / 60)
        }
        #expect(FlingScene.length(thrown.position - reference.presentation) < 1e-9)
        #expect(abs(scene.cardSpeeds.last! - FlingScene.length(reference.velocity)) < 1e-9)
        #expect(FlingScene.length(thrown.position - fromRest.presentation) > 20)
        try harness.run(until: 240)
        for card in scene.cards {
            #expect(!card.value.isAnimating, "\(card.label) still moving")
            #expect(FlingScene.snapPoints.contains(card.position), "\(card.label) rests at \(card.position)")
        }
        #expect(thrown.position == FlingScene.snapPoints[0])
        // Card A, dragged down past the board and held still before release, sprang back to the bottom row.
        let a = try #require(scene.cards.first { $0.label == "A" })
        #expect(a.position == Point(400, 350))
        #expect(scene.lastRelease.map { FlingScene.length($0.velocity) } == 0)
    }

    @Test func pastTheEdgeTheCardRubberBands() throws {
        // Grab card A (400, 120) and drag it 300 px above the board.
        let script = [click(400, 120, at: 5)] + moves(from: Point(400, 120), by: Point(0, -30), frames: 6...15)
        let harness = try SceneHarness("fling", script: script)
        let scene = try #require(harness.scene as? FlingScene)
        try harness.run(until: 16)
        let a = try #require(scene.dragged)
        let overshoot = FlingScene.board.y - a.position.y
        #expect(abs(overshoot - Snapping.rubberBand(300 - 10, dimension: FlingScene.board.height)) < 1e-9)
        #expect(overshoot < 0.55 * 290 && overshoot > 0)
    }

    @Test func freeInertiaRestsOnTheProjectedEnd() throws {
        // Free mode; throw card B (640, 120) right and down gently, well inside the board.
        let script =
            [key("m", at: 2), click(640, 120, at: 5)]
            + moves(from: Point(640, 120), by: Point(3, 1), frames: 10...20) + [up(Point(673, 131), at: 21)]
        let harness = try SceneHarness("fling", script: script)
        let scene = try #require(harness.scene as? FlingScene)
        try harness.run(until: 22)
        #expect(!scene.snapping)
        let release = try #require(scene.lastRelease)
        #expect(release.destination == release.projected)
        let b = try #require(scene.cards.last)
        try harness.run(until: 400)
        #expect(!b.value.isAnimating && b.position == release.projected)
    }
}
