#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Cadence

struct SpringAnimationTests {
    /// Deviation 2 in action: a spring interrupting an ease continues at the ease's position and speed.
    @Test func springTakingOverAnEaseKeepsItsPositionAndVelocity() {
        let ease = Animation.easeInOut(duration: 1)
        var context = AnimationContext<Double>()
        let position = ease.animate(value: 100.0, time: 0.4, context: &context)!
        let velocity = ease.velocity(value: 100.0, time: 0.4, context: context)!
        let spring = Animation.spring
        #expect(spring.shouldMerge(previous: ease, value: 100.0, time: 0.4, context: &context))
        #expect(spring.velocity(value: 100.0, time: 0.4, context: context) == velocity)
        // The runtime keeps the begin time: the next frame is 0.4 + 1/60 with the combined interval.
        let next = spring.animate(value: 150.0, time: 0.4 + 1.0 / 60, context: &context)!
        // Over one frame the position moves by about velocity·dt; the spring's pull adds about
        // ½(k·distance − c·velocity)·dt² = ½(158·115 − 25·150)/3600 ≈ 2 here.
        #expect(abs(next - (position + velocity / 60)) < 2.5)
    }

    @Test func springMergingIntoASpringKeepsItsVelocity() {
        let first = Animation.bouncy
        var context = AnimationContext<Double>()
        for frame in 0...12 { _ = first.animate(value: 50.0, time: Double(frame) / 60, context: &context) }
        let velocity = first.velocity(value: 50.0, time: 0.2, context: context)!
        let offset = context.state.integrated.offset
        #expect(velocity > 100)
        let second = Animation.smooth
        #expect(second.shouldMerge(previous: first, value: 50.0, time: 0.2, context: &context))
        #expect(second.velocity(value: 0.0, time: 0.2, context: context) == velocity)
        #expect(context.state.integrated.offset == offset)
    }

    @Test func mergeRestartsLogicalCompletion() {
        var context = AnimationContext<Double>()
        let spring = Animation.spring(response: 0.3, dampingFraction: 1)
        _ = spring.animate(value: 1.0, time: 0.2, context: &context)
        #expect(spring.shouldMerge(previous: spring, value: 1.0, time: 0.2, context: &context))
        _ = spring.animate(value: 2.0, time: 0.45, context: &context)
        #expect(!context.isLogicallyComplete)
        _ = spring.animate(value: 2.0, time: 0.5, context: &context)
        #expect(context.isLogicallyComplete)
    }

    @Test func responseBlendsWithASmoothstepAfterAMerge() {
        let slow = Animation.spring(response: 1, dampingFraction: 1)
        let fast = Animation.spring(response: 0.2, dampingFraction: 1, blendDuration: 0.5)
        var context = AnimationContext<Double>()
        _ = slow.animate(value: 1.0, time: 0.1, context: &context)
        #expect(fast.shouldMerge(previous: slow, value: 1.0, time: 0.1, context: &context))
        let state = context.state.integrated
        #expect(state.clock.response(blendingTo: 0.2, at: 0.1) == 1)
        #expect(abs(state.clock.response(blendingTo: 0.2, at: 0.35) - 0.6) < 1e-15)
        #expect(state.clock.response(blendingTo: 0.2, at: 0.6) == 0.2)
        #expect(state.clock.response(blendingTo: 0.2, at: 5) == 0.2)
    }

    /// The specialised bodies (here `Double` and `SIMD2<Double>`) compute exactly what the generic body
    /// computes (`AnimatablePair` takes the generic path): the same operations in the same order.
    @Test func specialisedPathsMatchTheGenericBody() {
        let doubles = run(Animation.bouncy, interval: 80.0)
        let vectors = run(Animation.bouncy, interval: SIMD2<Double>(80, 0))
        #expect(doubles.values == vectors.values.map(\.x))
        #expect(doubles.endTime == vectors.endTime)
        let pairs = run(Animation.bouncy, interval: AnimatablePair(80.0, -30.0))
        let lanes = run(Animation.bouncy, interval: SIMD2<Double>(80, -30))
        #expect(pairs.values.map(\.first) == lanes.values.map(\.x))
        #expect(pairs.values.map(\.second) == lanes.values.map(\.y))
        #expect(pairs.endTime == lanes.endTime)
    }

    @Test func zeroIntervalFinishesAtOnce() {
        var context = AnimationContext<Double>()
        #expect(Animation.spring.animate(value: 0.0, time: 0, context: &context) == nil)
    }

    /// The skip-long-gaps rule bounds the 1/300 s loop: after a long pause a call integrates 1/60 s,
    /// and a time so large that adding a step no longer changes it still returns.
    @Test(arguments: [5.0, 1e9, 1e17, 1e300])
    func hugeTimesReturnPromptlyWithFiniteValues(time: Double) {
        var context = AnimationContext<Double>()
        _ = Animation.snappy.animate(value: 10.0, time: 0.1, context: &context)
        let value = Animation.snappy.animate(value: 10.0, time: time, context: &context)
        #expect(value.map(\.isFinite) ?? true)
        let state = context.state.integrated
        #expect(state.clock.time >= time)
    }

    /// A context copied and given another state runs a spring of its own (how an animation runs a secondary
    /// one): the spring's motion is part of the state, not of the context.
    @Test func aCopyGivenAnotherStateRunsASpringOfItsOwn() {
        var primary = AnimationContext<Double>()
        _ = Animation.spring.animate(value: 1.0, time: 0.1, context: &primary)
        let reached = primary.state.integrated.clock.time
        #expect(reached >= 0.1)
        var secondary = primary
        secondary.state = AnimationState()
        #expect(secondary.state.integrated.clock.time == 0)
        _ = Animation.spring.animate(value: 5.0, time: 0.5, context: &secondary)
        #expect(secondary.state.integrated.clock.time >= 0.5)
        #expect(primary.state.integrated.clock.time == reached)
    }

    /// A spring's first motion makes its own step matrices; from its second on, every motion with the
    /// spring reads the same shared ones, whatever the value type. Another spring has its own, and a new
    /// run keeps the table. (Responses no other test uses, so that the registry has not seen them.)
    @Test func motionsWithOneSpringShareItsStepMatrices() {
        let spring = Animation.spring(response: 0.4113, dampingFraction: 0.7)
        var first = AnimationContext<Double>(), second = AnimationContext<Double>()
        var third = AnimationContext<SIMD2<Double>>()
        _ = spring.animate(value: 1.0, time: 0.1, context: &first)
        _ = spring.animate(value: 1.0, time: 0.1, context: &second)
        _ = spring.animate(value: SIMD2(3, 4), time: 0.2, context: &third)
        #expect(first.state.integrated.clock.sharedSteps == nil)
        let table = second.state.integrated.clock.sharedSteps?.takeUnretainedValue()
        #expect(table != nil)
        #expect(table === third.state.integrated.clock.sharedSteps?.takeUnretainedValue())
        // The first motion, made its own matrices, moved as the others.
        #expect(first.state.integrated.vector.offset == second.state.integrated.vector.offset)
        let other = Animation.spring(response: 0.4117, dampingFraction: 0.7)
        for _ in 0..<2 {
            var context = AnimationContext<Double>()
            _ = other.animate(value: 1.0, time: 0.1, context: &context)
            if let shared = context.state.integrated.clock.sharedSteps {
                #expect(shared.takeUnretainedValue() !== table)
            }
        }
        second.reset()
        #expect(second.state.integrated.clock.time == 0)
        #expect(second.state.integrated.clock.sharedSteps?.takeUnretainedValue() === table)
    }

    /// A table's matrices are the ones made one at a time, for both kinds of step (the explicit one, and
    /// the exact solution where the explicit one would diverge).
    @Test(arguments: [(0.5, 0.825), (0.05, 3.0)])
    func aTableHoldsTheMatrixOfEveryStepCount(response: Double, dampingFraction: Double) {
        let table = SpringSteps(response: response, dampingFraction: dampingFraction, count: 12)
        for steps in 1...12 {
            let alone = SpringAnimation.matrix(response: response, dampingFraction: dampingFraction, steps: steps)
            let shared = table.matrix(steps: steps)
            #expect(
                [shared.ee, shared.ev, shared.ef, shared.ve, shared.vv, shared.vf, shared.fe, shared.fv, shared.ff]
                    == [alone.ee, alone.ev, alone.ef, alone.ve, alone.vv, alone.vf, alone.fe, alone.fv, alone.ff])
        }
    }

    /// The registry makes a spring's table the second time it is asked for, up to its capacity; then it has
    /// none for a new spring (whose motions make their own matrices) while the kept ones are still found.
    @Test func theRegistryMakesATableOnTheSecondAskUpToItsCapacity() {
        let registry = SpringStepsRegistry(capacity: 2)
        func table(_ response: Double) -> UnsafeMutableRawPointer? {
            registry.steps(response: response, dampingFraction: 1)?.toOpaque()
        }
        #expect(table(0.5) == nil)
        let a = table(0.5)
        #expect(a != nil && a == table(0.5))
        _ = table(0.6)
        #expect(table(0.6) != nil)
        _ = table(0.7)
        #expect(table(0.7) == nil)
        #expect(table(0.5) == a)
        #expect(registry.count == 2)
    }

    /// Motions on many threads asking for one spring at once get one table.
    @Test func concurrentAsksForASpringGetOneTable() async {
        let registry = SpringStepsRegistry(capacity: 8)
        let tables = await withTaskGroup(of: Set<UInt>.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var seen = Set<UInt>()
                    for _ in 0..<200 {
                        if let table = registry.steps(response: 0.5, dampingFraction: 1) {
                            seen.insert(UInt(bitPattern: table.toOpaque()))
                        }
                    }
                    return seen
                }
            }
            return await group.reduce(into: Set<UInt>()) { $0.formUnion($1) }
        }
        #expect(tables.count == 1)
        #expect(registry.count == 1)
    }

    /// Asking a spring for its velocity changes nothing it shows, during a response blend (whose matrices
    /// the motion makes itself) and after it.
    @Test func askingTheVelocityLeavesTheMotionAsItWas() {
        let slow = Animation.spring(response: 1, dampingFraction: 1)
        let fast = Animation.spring(response: 0.2, dampingFraction: 1, blendDuration: 0.3)
        var asked = AnimationContext<Double>(), plain = AnimationContext<Double>()
        _ = slow.animate(value: 1.0, time: 0.1, context: &asked)
        _ = slow.animate(value: 1.0, time: 0.1, context: &plain)
        #expect(fast.shouldMerge(previous: slow, value: 1.0, time: 0.1, context: &asked))
        #expect(fast.shouldMerge(previous: slow, value: 1.0, time: 0.1, context: &plain))
        for frame in 1...90 {
            let time = 0.1 + Double(frame) / 144
            let velocity = fast.velocity(value: 2.0, time: time, context: asked)
            let shown = fast.animate(value: 2.0, time: time, context: &asked)
            #expect(shown == fast.animate(value: 2.0, time: time, context: &plain))
            #expect(velocity == fast.velocity(value: 2.0, time: time, context: asked))
        }
    }

    /// A frame longer than a table covers uses a matrix the motion makes itself: the motion is the one those
    /// steps give; a frame within the table uses the table's.
    @Test func framesBeyondTheTableMoveAsTheirStepsGive() {
        let response = 0.6123, dampingFraction = 0.5
        let spring = Animation.spring(response: response, dampingFraction: dampingFraction)
        var asked = AnimationContext<Double>()
        _ = spring.animate(value: 10.0, time: 0.1, context: &asked)  // the spring's first motion
        var context = AnimationContext<Double>()
        let steps = SpringSteps.stepCounts + 8
        let offset = spring.animate(value: 10.0, time: Double(steps) / 300, context: &context)!
        let matrix = SpringAnimation.matrix(response: response, dampingFraction: dampingFraction, steps: steps)
        #expect(abs(offset - (10 - 10 * matrix.ee)) < 1e-12)
        #expect(context.state.integrated.clock.sharedSteps != nil)
        #expect(context.state.integrated.clock.activeSteps == 0)
        _ = spring.animate(value: 10.0, time: Double(steps + 5) / 300, context: &context)
        #expect(context.state.integrated.clock.activeSteps == 5)
    }

    /// The literal √45000 that caps the frequency squares back to the stiffness cap.
    @Test func frequencyCapIsTheSquareRootOfTheStiffnessCap() {
        #expect(abs(SpringAnimation.maximumFrequency * SpringAnimation.maximumFrequency - 45000) < 1e-10)
    }

    /// A response so short that (2π/r)² exceeds 45000 still settles, at the capped stiffness.
    @Test func veryShortResponseSettlesAtTheCappedStiffness() {
        let result = run(Animation.spring(response: 0.001, dampingFraction: 1), interval: 10.0)
        #expect(result.endTime != nil)
        #expect(result.values.allSatisfy { $0.isFinite && abs($0) <= 10.5 })
    }

    /// The affine rewrite of the step computes what the literal velocity-Verlet loop of SwiftUI's merging spring (see `SpringAnimation`)
    /// computes, up to rounding (1e-12 relative over a second of 60 Hz frames).
    @Test(arguments: [0.3, 0.5, 0.8])
    func integrationMatchesTheLiteralVerletLoop(bounce: Double) {
        let animation = Animation.spring(duration: 0.5, bounce: bounce)
        let fraction = 1 - bounce, interval = 40.0
        let k = min(pow(2 * Double.pi / 0.5, 2), 45000), c = 2 * k.squareRoot() * fraction
        var x = 0.0, v = 0.0, force = 0.0, time = 0.0
        var context = AnimationContext<Double>()
        for frame in 1...60 {
            let t = Double(frame) / 60
            // SwiftUI's literal loop, with Cadence's one deviation: a grid point within 1 ns of the frame
            // counts as reached (frame times that land on the grid, as every 1/60 s does, must not take an
            // extra step because a sum of deltas fell an ulp short).
            while time < t - 1e-9 {
                let vh = force / 600 + v
                x += vh / 300
                force = -c * vh + k * (interval - x)
                v = force / 600 + vh
                time += 1.0 / 300
            }
            guard let value = animation.animate(value: interval, time: t, context: &context) else { break }
            #expect(abs(value - x) <= 1e-12 * interval, "frame \(frame)")
            #expect(
                abs(animation.velocity(value: interval, time: t, context: context)! - v) <= 1e-10 * interval,
                "frame \(frame)")
        }
    }

    /// The integrator follows the spring's closed form, compared at the grid point the integration reached
    /// (at 60 Hz, the frame's own time). Within 0.6 % of the interval: the stored force
    /// starts at zero, so the first half step lags, and the damping acts on the half-step velocity; the
    /// largest difference measured is 0.53 %.
    @Test func integrationFollowsTheClosedForm() {
        let spring = Spring(response: 0.5, dampingRatio: 0.7)
        let animation = Animation.spring(spring)
        var context = AnimationContext<Double>()
        for frame in 1...45 {
            let t = Double(frame) / 60
            let value = animation.animate(value: 1.0, time: t, context: &context)!
            let reached = context.state.integrated.clock.time
            #expect(abs(value - spring.value(target: 1.0, time: reached)) < 6e-3, "frame \(frame)")
        }
    }

    /// Between grid points the spring shows the cubic through the two grid states around the frame's
    /// time, with their velocities as slopes: 144 Hz frames (off the grid) show what 1,440 Hz frames show
    /// at the same times, and the velocity is the rate of the values shown.
    @Test func offGridFramesShowTheMotionAtTheirOwnTime() {
        let animation = Animation.spring(duration: 0.4, bounce: 0.3)
        func trace(hertz: Int) -> [(time: Double, value: Double, velocity: Double)] {
            var context = AnimationContext<Double>()
            return (0..<Int(0.6 * Double(hertz))).compactMap { frame in
                let time = Double(frame) / Double(hertz)
                guard let value = animation.animate(value: 100.0, time: time, context: &context) else { return nil }
                return (time, value, animation.velocity(value: 100.0, time: time, context: context) ?? .nan)
            }
        }
        let fine = trace(hertz: 1_440)
        for sample in trace(hertz: 144) {
            let match = fine[Int((sample.time * 1_440).rounded())]
            #expect(abs(sample.value - match.value) < 1e-9, "at \(sample.time)")
            #expect(abs(sample.velocity - match.velocity) < 1e-7, "at \(sample.time)")
        }
        // The velocity is the rate of change of the values, within and across grid steps, after the first
        // step (SwiftUI's integrator starts with no force, so that step does not move yet leaves with a
        // velocity, and the cubic through it bends hard: its rate is still within 1 % of the peak speed).
        for index in 6..<(fine.count - 1) {
            let rate = (fine[index + 1].value - fine[index - 1].value) / (2.0 / 1_440)
            #expect(abs(fine[index].velocity - rate) < 0.5, "at \(fine[index].time)")
        }
    }
}
