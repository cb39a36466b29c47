import Testing
@testable import Harness
import Tweening

@Suite struct CurvesSceneTests {
    @Test func everyCurveStartsAtZeroAndEndsAtOne() throws {
        let harness = try SceneHarness("curves")
        let scene = try #require(harness.scene as? CurvesScene)
        #expect(scene.plots.count == Ease.allBuiltIn.count + 7 + 8)
        for plot in scene.plots {
            #expect(plot.values.first == 0, "\(plot.name)")
            // Springs stop at their 1 % band and are then placed on the target; curves end exactly.
            #expect(abs(plot.values.last! - 1) < 1e-12, "\(plot.name)")
            #expect(plot.values.allSatisfy(\.isFinite) && plot.velocities.allSatisfy(\.isFinite), "\(plot.name)")
        }
        let bouncy = try #require(scene.plots.first { $0.name == ".bouncy" })
        #expect(bouncy.values.max()! > 1, "a bouncy spring overshoots")
        let smooth = try #require(scene.plots.first { $0.name == ".smooth" })
        #expect(smooth.values.max()! <= 1 + 1e-9, "a critically damped spring does not")
    }

    @Test func clickingACellReplaysOnlyThatCurve() throws {
        let size = Size(width: 1280, height: 720)
        let probe = CurvesScene(context: SceneContext(tweener: Tweener()))
        let target = probe.cell(5, in: size)
        let click = Point(target.x + target.width / 2, target.y + target.height / 2)
        let harness = try SceneHarness(
            "curves", script: [RecordedEvent(frame: 120, event: .mouseDown(.left, at: click))])
        let scene = try #require(harness.scene as? CurvesScene)

        try harness.run(until: 120)
        let finished = (0..<scene.plots.count).map { scene.dotPosition($0, in: size) }
        let start = { (i: Int) in scene.cell(i, in: size).x + 6 }
        #expect(
            abs(finished[5].x - (scene.cell(5, in: size).x + scene.cell(5, in: size).width - 20)) < 1,
            "after two seconds quadOut's dot is at the end of its plot")

        try harness.run(until: 121)
        #expect(abs(scene.dotPosition(5, in: size).x - start(5)) < 4, "the clicked curve starts over")
        #expect(scene.dotPosition(4, in: size) == finished[4], "the others stay where they ended")
        #expect(
            harness.drawn.circles.contains { $0.center == scene.dotPosition(5, in: size) }, "and the dot is drawn there"
        )

        try harness.run(until: 151)
        let halfway = scene.dotPosition(5, in: size)
        #expect(halfway.x > start(5) + 40 && halfway.y < finished[5].y + 60, "it runs again along its curve")
    }
}
