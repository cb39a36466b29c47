import Cadence
import CadenceFoundation
import Foundation
import Testing
@testable import Harness

/// The animatable scene driven with scripted input: the panel (a user `Animatable` struct of a
/// `CGRect`, an `Angle` and a `UnitPoint`) follows clicks under a spring, its label changing at once.
@Suite struct AnimatableSceneTests {
    static let replayPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets/replays/animatable.jsonl").standardized.path

    @Test func aClickSendsThePanelThereUnderASpringAndTheLabelAtOnce() throws {
        let harness = try SceneHarness("animatable", script: [click(700, 200, at: 5)])
        let scene = try #require(harness.scene as? AnimatableScene)
        try harness.run(until: 7)
        let target = scene.panel.target
        // Kept inside the stage: y 200 is above the highest centre allowed (stage top + 130).
        #expect(target.frame.midX == 700 && target.frame.midY == AnimatableScene.stage.y + 130)
        #expect(target.rotation > .zero && target.rotation < AnimatableScene.maximumTilt)
        #expect(target.label == "click 1")
        let shown = scene.panel.presentation
        // Not there yet, but the label already is.
        #expect(shown.label == "click 1")
        #expect(shown.frame.midX > AnimatableScene.home.frame.midX && shown.frame.midX < 700)
        #expect(shown.rotation > .zero && shown.rotation < target.rotation)
        // The rotation overshoots its target on the way (the default spring is .bouncy); the strip shows it.
        try harness.run(until: 60)
        #expect(scene.rotationHistory.max()! > target.rotation.degrees + 1)
        try harness.run(until: 200)
        #expect(!scene.panel.isAnimating)
        #expect(scene.panel.presentation == target)
    }

    @Test func theAnchorKeyMovesTheAnchorAndKeepsTheRest() throws {
        let harness = try SceneHarness("animatable", script: [key("a", at: 3)])
        let scene = try #require(harness.scene as? AnimatableScene)
        try harness.run(until: 120)
        #expect(scene.panel.presentation.anchor == .topLeading)
        #expect(scene.panel.presentation.frame == AnimatableScene.home.frame)
    }

    @Test func theDemoReplayEndsWithThePanelSettlingOnItsSecondClick() throws {
        let script = try InputScript.load(Self.replayPath)
        let harness = try SceneHarness("animatable", script: script.events)
        let scene = try #require(harness.scene as? AnimatableScene)
        try harness.run(until: 40)
        // The second click merged into the running spring: one animation.
        #expect(scene.panel.activeAnimationCount == 1)
        #expect(scene.panel.target.label == "click 2")
        try harness.run(until: 300)
        #expect(!scene.panel.isAnimating)
        #expect(scene.panel.presentation.frame.midX == 250 && scene.panel.presentation.frame.midY == 520)
        #expect(scene.panel.presentation.anchor == .topLeading)
        #expect(harness.drawn.texts.contains("click 2"))
    }
}
