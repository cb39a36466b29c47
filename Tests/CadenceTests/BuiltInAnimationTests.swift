#if canImport(Glibc)
import Glibc
#endif
import Testing
import Cadence

/// Every built-in animation starts at zero, ends at the interval and then stays finished, for `Float`,
/// `Double` and vector values through the same generic bodies.
struct BuiltInAnimationTests {
    /// Runs at 600 frames per second so the last frame before the end lies within 1/600 s of it: the
    /// last value is then within 1 % of the interval for every built-in (a merging spring finishes
    /// exactly when it is within 1 %, an interpolating one within 0.1 %, and the timing curves are hit
    /// at their end time exactly).
    func checkStartsAtZeroAndEndsAtInterval<V: VectorArithmetic>(_ interval: V) {
        for (name, animation) in finishingBuiltInAnimations {
            let result = run(animation, interval: interval, framesPerSecond: 600)
            #expect(result.values.first == .zero, "\(name) starts at zero")
            guard let endTime = result.endTime, let last = result.values.last else {
                Issue.record("\(name) did not finish within 30 s")
                continue
            }
            let distance = (interval - last).magnitudeSquared.squareRoot()
            #expect(
                distance <= 0.01 * interval.magnitudeSquared.squareRoot(),
                "\(name) ends at the interval: off by \(distance)")
            // Replaying the run then asking a second later: a finished stateless animation stays finished,
            // and so does a spring's settled state.
            var context = AnimationContext<V>()
            for index in 0...Int((endTime * 600).rounded()) {
                _ = animation.animate(value: interval, time: Double(index) / 600, context: &context)
            }
            #expect(
                animation.animate(value: interval, time: endTime + 1, context: &context) == nil,
                "\(name) stays finished")
        }
    }

    @Test func doubleAnimationsStartAtZeroAndEndAtTheInterval() {
        checkStartsAtZeroAndEndsAtInterval(3.5)
        checkStartsAtZeroAndEndsAtInterval(-120.0)
    }

    @Test func floatAnimationsStartAtZeroAndEndAtTheInterval() {
        checkStartsAtZeroAndEndsAtInterval(Float(3.5))
        checkStartsAtZeroAndEndsAtInterval(Float(-120))
    }

    @Test func vectorAnimationsStartAtZeroAndEndAtTheInterval() {
        checkStartsAtZeroAndEndsAtInterval(SIMD2<Float>(40, -30))
        checkStartsAtZeroAndEndsAtInterval(SIMD4<Double>(1, 0.5, 0.25, 1))
        checkStartsAtZeroAndEndsAtInterval(AnimatablePair(10.0, SIMD3<Double>(1, 2, 3)))
    }

    @Test(arguments: [0.35, 0.2, 1.0, 2.5])
    func timingCurvesReachTheIntervalExactlyAtTheirDuration(duration: Double) {
        for curve in [UnitCurve.linear, .easeIn, .easeOut, .easeInOut, .circularEaseInOut] {
            let animation = Animation.timingCurve(curve, duration: duration)
            var context = AnimationContext<Double>()
            #expect(animation.animate(value: 7.25, time: 0, context: &context) == 0)
            #expect(animation.animate(value: 7.25, time: duration, context: &context) == 7.25)
            #expect(animation.animate(value: 7.25, time: duration.nextUp, context: &context) == nil)
            #expect(animation.velocity(value: 7.25, time: duration.nextUp, context: context) == nil)
        }
    }

    @Test func defaultTimingCurvesLastThirtyFiveHundredths() {
        for animation in [Animation.linear, .easeIn, .easeOut, .easeInOut] {
            #expect((animation.base as? BezierAnimation)?.duration == 0.35)
        }
        #expect((Animation.easeInOut.base as? BezierAnimation)?.curve == .easeInOut)
        #expect(
            (Animation.timingCurve(0.1, 0.2, 0.3, 0.4).base as? BezierAnimation)?.curve
                == .bezier(startControlPoint: UnitPoint(x: 0.1, y: 0.2), endControlPoint: UnitPoint(x: 0.3, y: 0.4)))
    }

    /// Deviation 2: a timing curve reports its velocity, Δ/d · curve.velocity(t/d).
    @Test func timingCurvesReportVelocity() {
        let context = AnimationContext<Double>()
        let velocity = Animation.easeInOut(duration: 2).velocity(value: 10.0, time: 0.5, context: context)
        #expect(velocity == 10 / 2 * UnitCurve.easeInOut.velocity(at: 0.25))
        #expect(
            Animation.linear(duration: 2).velocity(value: SIMD2<Float>(4, 2), time: 1, context: .init()) == SIMD2(2, 1))
    }

    @Test func springsAreLogicallyCompleteAfterTheirResponse() {
        let result = run(Animation.spring(response: 0.4, dampingFraction: 0.5), interval: 1.0)
        #expect(result.logicallyCompleteTime == 24.0 / 60)
        let interpolating = run(Animation.interpolatingSpring(stiffness: 100, damping: 10), interval: 1.0)
        // 2π/√100 = 0.628…: the first 60 Hz frame after it is frame 38.
        #expect(interpolating.logicallyCompleteTime == 38.0 / 60)
    }

    @Test func defaultAnimationIsACriticallyDampedSpring() {
        // Its own identity, as in SwiftUI, but the motion of `.spring` (see TransactionTests for the motion).
        #expect(Animation.default != .spring)
        #expect(Animation.default == .default)
        #expect(Animation.default.base is DefaultAnimation)
        #expect(
            Animation.spring.base as? SpringAnimation
                == SpringAnimation(response: 0.5, dampingFraction: 1, blendDuration: 0))
        #expect(
            Animation.interactiveSpring.base as? SpringAnimation
                == SpringAnimation(response: 0.15, dampingFraction: 0.85, blendDuration: 0.25))
        #expect(
            Animation.snappy.base as? SpringAnimation
                == SpringAnimation(response: 0.5, dampingFraction: 0.85, blendDuration: 0))
        #expect(
            Animation.bouncy.base as? SpringAnimation
                == SpringAnimation(response: 0.5, dampingFraction: 0.7, blendDuration: 0))
        #expect(
            Animation.spring(duration: 0.5, bounce: -0.5).base as? SpringAnimation
                == SpringAnimation(response: 0.5, dampingFraction: 2))
    }

    @Test func interpolatingSpringsUseTheirClosedForm() {
        let spring = Spring(mass: 1, stiffness: 157.9137, damping: 25.1327)
        var context = AnimationContext<Double>()
        let value = Animation.interpolatingSpring.animate(value: 2.0, time: 0.3, context: &context)
        #expect(value == 2 * spring.value(target: 1.0, time: 0.3))
        let base = Animation.interpolatingSpring(.bouncy, initialVelocity: 1).base as? InterpolatingSpringAnimation
        #expect(base?.spring == .bouncy)
        // Underdamped duration: −ln(ε/(1 + |e|))/(ζω₀) with e = (ζω₀ − v₀)/ω_d.
        let lambda = Spring.bouncy.damping / 2
        let omega = (Spring.bouncy.stiffness - lambda * lambda).squareRoot()
        let expected = -log(0.001 / (1 + abs((lambda - 1) / omega))) / lambda
        #expect(abs((base?.duration ?? 0) - expected) < 1e-9)
    }
}
