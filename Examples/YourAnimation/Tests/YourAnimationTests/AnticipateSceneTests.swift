import Cadence
import Harness
import Testing
import Tweening
import YourAnimation
import YourAnimationScenes

struct AnticipateSceneTests {
    @Test func aClickSendsEveryMarkerThereAndTheAnticipatingOnesWindUpFirst() {
        let tweener = Tweener()
        let scene = AnticipateScene(context: SceneContext(tweener: tweener))
        for _ in 0..<90 { tweener.update(by: 1.0 / 60) }
        let before = scene.positions
        let size = Size(width: 1280, height: 720)
        let track = 260 + 0.5 * Double(size.width - 320)
        #expect(scene.handle(.mouseDown(.left, at: Point(track, 300)), in: size))
        #expect(scene.target == 0.5)
        for _ in 0..<6 { tweener.update(by: 1.0 / 60) }
        // Tension 4 winds up away from the target first; tension 0 never does.
        let direction = 0.5 - before[2]
        #expect((scene.positions[2] - before[2]) * direction < 0)
        #expect((scene.positions[0] - before[0]) * direction >= 0)
        for _ in 0..<120 { tweener.update(by: 1.0 / 60) }
        #expect(scene.positions.allSatisfy { abs($0 - 0.5) < 1e-9 })
    }

    @Test func theInspectorEntryMakesAndSpellsTheAnimation() throws {
        let spec = AnimationSpec(client: .anticipate)
        #expect(spec.label == "anticipate")
        #expect(spec.swiftSpelling == ".anticipate(duration: 0.6, tension: 2)")
        #expect(spec.animation == .anticipate(duration: 0.6, tension: 2))
        let catalog = try SceneCatalog.builtIn.adding([.anticipate], animations: [.anticipate])
        #expect(catalog.names.last == "anticipate")
        #expect(catalog.animations == [.anticipate])
    }
}
