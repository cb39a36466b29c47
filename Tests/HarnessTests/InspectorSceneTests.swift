import Foundation
import Cadence
import Testing
@testable import Harness

/// Samples `animation` from 0 to 1 as the runtime does, every 1/120 s for at most 10 s.
private func samples(_ animation: Animation) -> [Double] {
    var context = AnimationContext<Double>()
    var result: [Double] = []
    var time = 0.0
    while result.count < 1_200, let value = animation.animate(value: 1.0, time: time, context: &context) {
        result.append(value)
        time += 1.0 / 120
    }
    return result
}

/// A spec of `kind` with every slider moved off its starting value and every modifier on.
private func edited(_ kind: AnimationSpec.Kind) -> AnimationSpec {
    var spec = AnimationSpec(kind: kind)
    for index in kind.parameters.indices { spec.nudge(index, by: 3) }
    let own = kind.parameters.count
    spec.set(own, to: 0.15)  // delay
    spec.set(own + 1, to: 1.5)  // speed
    spec.set(own + 2, to: 3)  // repeatCount
    spec.set(own + 3, to: 0)  // autoreverses: false
    return spec
}

@Suite struct AnimationSpellingTests {
    @Test(arguments: AnimationSpec.Kind.allCases)
    func everyKindRoundTrips(_ kind: AnimationSpec.Kind) throws {
        for spec in [AnimationSpec(kind: kind), edited(kind)] {
            let parsed = try AnimationSpelling.parse(spec.swiftSpelling)
            if kind == .keyframes {
                // A KeyframeTimeline is equal only to itself (its tracks hold closures): the parsed one
                // is a new timeline, so the animations are compared by what they do, sample by sample.
                #expect(samples(parsed) == samples(spec.animation), "\(spec.swiftSpelling)")
                #expect(!samples(parsed).isEmpty)
            } else {
                #expect(parsed == spec.animation, "\(spec.swiftSpelling)")
            }
        }
    }

    @Test func theSpellingsOfTheInspectorsExamples() throws {
        #expect(AnimationSpec(kind: .springDurationBounce).swiftSpelling == ".spring(duration: 0.5, bounce: 0.25)")
        #expect(AnimationSpec(kind: .timingCurve).swiftSpelling == ".timingCurve(0.2, 0.8, 0.2, 1, duration: 0.5)")
        #expect(
            edited(.springDurationBounce).swiftSpelling
                == ".spring(duration: 0.65, bounce: 0.4).delay(0.15).speed(1.5).repeatCount(3, autoreverses: false)")
        #expect(
            try AnimationSpelling.parse(".spring(duration: 0.4, bounce: 0.25)") == .spring(duration: 0.4, bounce: 0.25))
        #expect(
            try AnimationSpelling.parse(".timingCurve(0.2, 0.8, 0.2, 1, duration: 0.5)")
                == .timingCurve(0.2, 0.8, 0.2, 1, duration: 0.5))
    }

    @Test func handWrittenSpellingsWithDefaults() throws {
        #expect(try AnimationSpelling.parse("Animation.easeIn.delay(0.2)") == Animation.easeIn.delay(0.2))
        #expect(try AnimationSpelling.parse(".snappy") == .snappy)
        #expect(try AnimationSpelling.parse(".bouncy(extraBounce: 0.1)") == .bouncy(extraBounce: 0.1))
        #expect(try AnimationSpelling.parse(".spring") == .spring)
        #expect(try AnimationSpelling.parse(".spring(response: 0.3)") == .spring(response: 0.3))
        #expect(
            try AnimationSpelling.parse(".interpolatingSpring(stiffness: 170, damping: 15)")
                == .interpolatingSpring(stiffness: 170, damping: 15))
        #expect(
            try AnimationSpelling.parse(".spring(Spring(mass: 2, stiffness: 100, damping: 10), blendDuration: 0.1)")
                == .spring(Spring(mass: 2, stiffness: 100, damping: 10), blendDuration: 0.1))
        #expect(
            try AnimationSpelling.parse(".linear.repeatForever(autoreverses: false)")
                == Animation.linear.repeatForever(autoreverses: false))
        #expect(try AnimationSpelling.parse(".decay") == .decay)
        #expect(
            try AnimationSpelling.parse(".timingCurve(.easeOut, duration: 1e-1)")
                == .timingCurve(.easeOut, duration: 0.1))
        #expect(
            try AnimationSpelling.parse("  .easeInOut( duration : 2 ) . speed( -1 ) ")
                == Animation.easeInOut(duration: 2).speed(-1))
    }

    @Test func badSpellingsAreRefusedWithAReason() {
        for text in [
            "", ".wobble", ".spring(bounce: 0.2, duration: 0.4)", ".spring(duration: 1e400)", ".easeIn(duration: nan)",
            ".linear(duration: 1", ".linear.delay()", ".spring(duration: true)", ".timingCurve(1, 2, 3)", ".linear x",
            ".repeatCount(2)", ".linear.repeatCount(1.5)",
        ] {
            #expect(throws: AnimationSpelling.ParseError.self, "\(text)") { try AnimationSpelling.parse(text) }
        }
    }

    @Test func slidersSnapClampAndRefuseNaN() {
        var spec = AnimationSpec(kind: .springDurationBounce)
        let changes = [spec.set(0, to: 0.4123), spec.set(1, to: 7), spec.set(1, to: .nan)]
        #expect(changes == [true, true, false])
        #expect(spec.value(0) == 0.4)
        #expect(spec.value(1) == 0.95)
        let more = [spec.set(0, to: -.infinity), spec.set(99, to: 1)]
        #expect(more == [true, false])
        #expect(spec.value(0) == 0.05)
        #expect(spec.swiftSpelling == ".spring(duration: 0.05, bounce: 0.95)")
        // Decimal steps print as the decimal, not as the sum of binary fractions.
        var decay = AnimationSpec(kind: .decay)
        decay.nudge(0, by: 1)
        #expect(decay.swiftSpelling == ".decay(decelerationRate: 0.9955, restFraction: 0.001)")
    }

    @Test func springDerivedParametersAgreeWhicheverIsEdited() throws {
        var physical = AnimationSpec(kind: .springPhysical)
        physical.set(1, to: 100)
        physical.set(2, to: 10)
        let spring = try #require(physical.spring)
        #expect(abs(spring.stiffness - 100) < 1e-9)
        #expect(abs(spring.damping - 10) < 1e-9)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-9)
        #expect(AnimationSpec(kind: .decay).spring == nil)
    }
}

@Suite struct InspectorLaneTests {
    @Test func readoutsOfACriticallyDampedSpringAndABouncyOne() {
        var spec = AnimationSpec(kind: .springDurationBounce)
        spec.set(1, to: 0)
        let calm = InspectorLane(spec: spec)
        #expect(calm.peakOvershoot < 1e-6)
        #expect(calm.logicalCompletionTime.map { abs($0 - 0.5) < 0.01 } == true)
        #expect(calm.settlingTime > 0.5 && calm.settlingTime <= calm.finishTime)
        spec.set(1, to: 0.5)
        let bouncy = InspectorLane(spec: spec)
        #expect(bouncy.peakOvershoot > 0.1)
        #expect(bouncy.settlingTime > calm.settlingTime)
    }

    @Test func aTimingCurveFinishesAtItsDurationTimesItsModifiers() {
        var spec = AnimationSpec(kind: .linear)
        spec.set(0, to: 1)
        spec.set(1, to: 0.5)  // delay
        spec.set(2, to: 2)  // speed
        let lane = InspectorLane(spec: spec)
        #expect(abs(lane.finishTime - 0.75) < 0.01)
        #expect(lane.value(at: 0.2) == 0)
    }

    @Test func aRetargetNotesTheVelocityAndASpringKeepsIt() {
        let lane = InspectorLane(spec: AnimationSpec(kind: .springDurationBounce))
        lane.play()
        for _ in 0..<9 { lane.update(by: 1.0 / 60) }
        let before = lane.live.velocity
        #expect(before > 0.5)
        lane.retarget(to: 0.2)
        #expect(lane.velocityAtRetarget == before)
        lane.update(by: 1.0 / 240)
        // The merged spring carries the velocity: still moving forwards right after turning back.
        #expect(lane.live.velocity > 0)
        lane.retarget(to: .nan)
        #expect(lane.live.target == 0.2)
    }
}

@Suite struct InspectorSceneTests {
    /// Drags lane B's first control point and lane A's duration slider with the mouse, then copies both
    /// lanes (C on A, then B and C): the lanes hold the dragged animations, and the frame loop printed
    /// and put on the clipboard their exact spellings, which parse back to the same animations.
    @Test func draggingAControlPointAndASliderThenCopyingAsSwift() throws {
        let script: [RecordedEvent] = [
            // Lane B's unit square is 140 px at (1077, 397): p1 = (0.2, 0.8) sits at (1105, 425).
            RecordedEvent(frame: 5, event: .mouseDown(.left, at: Point(1105, 425))),
            RecordedEvent(frame: 6, event: .mouseMoved(to: Point(1130, 480), dragging: true)),
            RecordedEvent(frame: 7, event: .mouseMoved(to: Point(1147, 523), dragging: true)),
            RecordedEvent(frame: 8, event: .mouseUp(.left, at: Point(1147, 523))),
            // Lane A's duration bar spans x 917…1013 for 0.05…3 s: x 948 is 1.0 s.
            RecordedEvent(frame: 10, event: .mouseDown(.left, at: Point(930, 112))),
            RecordedEvent(frame: 11, event: .mouseMoved(to: Point(948, 112), dragging: true)),
            RecordedEvent(frame: 12, event: .mouseUp(.left, at: Point(948, 112))),
            key("c", at: 14),
            key("b", at: 15),
            key("c", at: 16),
        ]
        let harness = try SceneHarness("inspector", script: script)
        try harness.run(until: 20)
        let scene = try #require(harness.scene as? InspectorScene)
        #expect(scene.lanes[1].animation == .timingCurve(0.5, 0.1, 0.2, 1, duration: 0.5))
        #expect(scene.lanes[0].animation == .spring(duration: 1, bounce: 0.25))
        let expected = [".spring(duration: 1, bounce: 0.25)", ".timingCurve(0.5, 0.1, 0.2, 1, duration: 0.5)"]
        #expect(harness.copies.texts == expected)
        #expect(harness.backend.clipboard == expected)
        #expect(try expected.map(AnimationSpelling.parse) == [scene.lanes[0].animation, scene.lanes[1].animation])
        #expect(harness.drawn.texts.contains { $0.contains("copied: .timingCurve(0.5, 0.1") })
    }

    @Test func keyboardPicksKindsNudgesSlidersAndSlowsTheClock() throws {
        let script: [RecordedEvent] = [
            key("k", at: 2),  // A: spring → spring(response, dampingFraction)
            RecordedEvent(frame: 3, event: .keyDown(.down)),  // dampingFraction
            RecordedEvent(frame: 4, event: .keyDown(.left)),
            RecordedEvent(frame: 5, event: .keyDown(.left)),
            key("m", at: 6),
            key("l", at: 7),
        ]
        let harness = try SceneHarness("inspector", script: script)
        try harness.run(until: 10)
        let scene = try #require(harness.scene as? InspectorScene)
        #expect(scene.lanes[0].spec.kind == .springResponse)
        #expect(scene.lanes[0].animation == .spring(response: 0.5, dampingFraction: 0.775))
        #expect(harness.loop.clock.timeScale == InspectorScene.slowMotionScale)
        #expect(scene.loops)
        #expect(scene.readoutLines(0).contains { $0.hasPrefix("response 0.500 s  damping ratio 0.775") })
    }

    @Test func clickingAKindBarPicksTheNextOrPreviousKind() throws {
        // Lane A's bar spans x 775…1015 and lane B's 1027…1267, at y 72…94.
        let harness = try SceneHarness("inspector", script: [click(990, 80, at: 2), click(1040, 80, at: 3)])
        try harness.run(until: 5)
        let scene = try #require(harness.scene as? InspectorScene)
        #expect(scene.lanes[0].spec.kind == .springResponse)
        #expect(scene.lanes[1].spec.kind == .easeInOut)
        #expect(scene.lanes[1].animation == .easeInOut(duration: 0.5))
        #expect(scene.selectedLane == 1)
    }

    @Test func clickingAStageRetargetsMidFlight() throws {
        // Lane A's stage is y 386…418; x 400 of 26…760 is the value 0.514.
        let harness = try SceneHarness("inspector", script: [click(400, 400, at: 12)])
        try harness.run(until: 13)
        let scene = try #require(harness.scene as? InspectorScene)
        let lane = scene.lanes[0]
        #expect(abs(lane.live.target - 0.514) < 0.01)
        #expect((lane.velocityAtRetarget ?? 0) > 0.5)
        #expect(scene.readoutLines(0).contains { $0.contains("velocity at retarget: ") && !$0.contains("no retarget") })
    }

    @Test func aKeyframeSpellingIsWrappedUnderThePlotAndLosesNothing() {
        let text = "A  " + AnimationSpec(kind: .keyframes).swiftSpelling
        let lines = TextLayout.wrap(text, columns: InspectorScene.readoutWidth, indent: 4)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count <= InspectorScene.readoutWidth })
        #expect(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") == text)
    }

    @Test func loopingReplaysOnceBothLanesRest() throws {
        let harness = try SceneHarness("inspector", script: [key("l", at: 1)])
        try harness.run(until: 60)
        let scene = try #require(harness.scene as? InspectorScene)
        #expect(!scene.lanes[0].isAnimating)
        try harness.run(until: 120)
        #expect(scene.lanes[0].runTime < 1)
    }
}

/// A user's animation in the inspector: a ramp that overshoots by `overshoot` and comes back, spelled as
/// the user's own factory.
private struct Overshoot: CustomAnimation {
    var duration: Double
    var overshoot: Double
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard time < duration else { return nil }
        let u = time / duration
        return value.scaled(by: u + overshoot * 4 * u * (1 - u))
    }
}

private let overshoot = InspectorAnimation(
    name: "overshoot", call: ".overshoot",
    parameters: [
        .init(name: "duration", range: 0.1...2, default: 0.5), .init(name: "overshoot", range: 0...1, default: 0.3),
    ]
) { values in Animation(Overshoot(duration: values[0], overshoot: values[1])) }

@Suite struct InspectorUserAnimationTests {
    @Test func aUsersAnimationIsLaneAsKindBesideABuiltIn() throws {
        let catalog = try SceneCatalog.builtIn.adding([], animations: [overshoot])
        let harness = try SceneHarness("inspector", catalog: catalog, script: [key("c", at: 2)])
        try harness.run(until: 40)
        let scene = try #require(harness.scene as? InspectorScene)
        #expect(scene.lanes[0].spec.label == "overshoot")
        #expect(scene.lanes[1].spec.kind == .timingCurve)
        #expect(harness.copies.texts == [".overshoot(duration: 0.5, overshoot: 0.3)"])
        // It plays and is measured like a built-in: its curve overshoots 1 and it finishes after 0.5 s.
        #expect(scene.lanes[0].peakOvershoot > 0.005 && abs(scene.lanes[0].finishTime - 0.5) < 0.01)
    }

    @Test func itsSlidersAndModifiersChangeTheAnimationAndItsSwift() throws {
        var spec = AnimationSpec(client: overshoot)
        #expect(spec.sliderCount == 2 + AnimationSpec.modifiers.count)
        #expect(spec.parameter(1).step == 0.01)
        spec.nudge(1, by: 5)
        spec.set(2, to: 0.2)  // delay
        #expect(spec.swiftSpelling == ".overshoot(duration: 0.5, overshoot: 0.35).delay(0.2)")
        #expect(spec.animation == Animation(Overshoot(duration: 0.5, overshoot: 0.35)).delay(0.2))
    }

    @Test func jAndKReachItAfterTheBuiltInKindsAndComeBack() throws {
        let catalog = try SceneCatalog.builtIn.adding([], animations: [overshoot])
        let harness = try SceneHarness("inspector", catalog: catalog, script: [key("k", at: 1), key("j", at: 3)])
        let scene = try #require(harness.scene as? InspectorScene)
        try harness.run(until: 2)
        #expect(scene.lanes[0].spec.client == nil && scene.lanes[0].spec.kind == .linear)
        try harness.run(until: 4)
        #expect(scene.lanes[0].spec.label == "overshoot")
    }

    @Test func anAnimationTheInspectorCannotShowIsRefused() {
        let none = InspectorAnimation(name: "none", call: ".none", parameters: []) { _ in .linear }
        #expect(throws: HarnessError.invalidScene("the inspector animation 'none' has 0 parameters; it takes 1 to 5")) {
            try SceneCatalog.builtIn.adding([], animations: [none])
        }
        let clash = InspectorAnimation(
            name: "decay", call: ".decay", parameters: [.init(name: "x", range: 0...1, default: 0)]
        ) {
            _ in .decay
        }
        #expect(
            throws: HarnessError.invalidScene("the inspector already has an animation called 'decay': choose another")
        ) { try SceneCatalog.builtIn.adding([], animations: [clash]) }
    }
}
