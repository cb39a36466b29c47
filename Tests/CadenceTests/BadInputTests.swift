import Testing
import Cadence

/// Bad parameters give a defined result: finite values, or an animation that finishes at once; never a
/// NaN, a hang or a trap.
struct BadInputTests {
    static let badNumbers: [Double] = [0, -1, .nan, -.infinity]

    func finishesAtOnce(_ animation: Animation, _ message: Comment) {
        var context = AnimationContext<Double>()
        #expect(animation.animate(value: 5.0, time: 0, context: &context) == nil, message)
        #expect(animation.animate(value: 5.0, time: 0.1, context: &context) == nil, message)
    }

    @Test(arguments: badNumbers)
    func timingCurveWithBadDurationFinishesAtOnce(duration: Double) {
        finishesAtOnce(.easeInOut(duration: duration), "easeInOut(duration: \(duration))")
        finishesAtOnce(.linear(duration: duration), "linear(duration: \(duration))")
    }

    @Test(arguments: badNumbers + [.infinity])
    func springWithBadResponseFinishesAtOnce(response: Double) {
        finishesAtOnce(.spring(response: response, dampingFraction: 0.8), "spring(response: \(response))")
        finishesAtOnce(.spring(duration: response, bounce: 0.2), "spring(duration: \(response))")
    }

    @Test(arguments: [-1.0, .nan, .infinity])
    func springWithBadDampingFinishesAtOnce(fraction: Double) {
        finishesAtOnce(.spring(response: 0.5, dampingFraction: fraction), "dampingFraction: \(fraction)")
    }

    @Test(arguments: [-1.0, -3.0, .nan])
    func springWithBounceAtOrBelowMinusOneOrNaNFinishesAtOnce(bounce: Double) {
        finishesAtOnce(.spring(duration: 0.5, bounce: bounce), "bounce: \(bounce)")
    }

    @Test func springWithBounceAboveOneOscillatesWithFiniteValues() {
        let result = run(Animation.spring(duration: 0.5, bounce: 4), interval: 1.0, limit: 3)
        #expect(result.endTime == nil)
        #expect(result.values.allSatisfy { $0.isFinite && abs($0) < 3 })
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteTimeFinishesEveryBuiltIn(time: Double) {
        for (name, animation) in finishingBuiltInAnimations where !name.contains("delay") {
            var context = AnimationContext<Double>()
            let value = animation.animate(value: 5.0, time: time, context: &context)
            #expect(value.map(\.isFinite) ?? true, "\(name) at t = \(time)")
        }
        var context = AnimationContext<Double>()
        #expect(Animation.spring.animate(value: 5.0, time: time, context: &context) == nil)
    }

    @Test(arguments: badNumbers + [.infinity])
    func badSpeedFinishesAtOnce(speed: Double) {
        finishesAtOnce(Animation.easeIn.speed(speed), "speed(\(speed))")
        finishesAtOnce(Animation.spring.speed(speed), "spring.speed(\(speed))")
    }

    @Test(arguments: [0, -3])
    func nonPositiveRepeatCountFinishesAtOnce(count: Int) {
        finishesAtOnce(Animation.linear.repeatCount(count), "repeatCount(\(count))")
    }

    @Test func repeatingAnAnimationThatFinishesAtOnceFinishesAtOnce() {
        finishesAtOnce(Animation.linear(duration: 0).repeatForever(), "repeatForever of a zero-length animation")
    }

    @Test(arguments: [-1.0, .nan, .infinity])
    func badDelayIsNoDelay(delay: Double) {
        var delayed = AnimationContext<Double>(), plain = AnimationContext<Double>()
        let value = Animation.easeIn.delay(delay).animate(value: 4.0, time: 0.2, context: &delayed)
        #expect(value == Animation.easeIn.animate(value: 4.0, time: 0.2, context: &plain))
    }

    @Test(arguments: [0.0, -2.0, .nan, .infinity])
    func interpolatingSpringWithBadStiffnessFinishesAtOnce(stiffness: Double) {
        finishesAtOnce(.interpolatingSpring(stiffness: stiffness, damping: 10), "stiffness: \(stiffness)")
        finishesAtOnce(.interpolatingSpring(mass: stiffness, stiffness: 100, damping: 10), "mass: \(stiffness)")
        finishesAtOnce(.interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: .nan), "initialVelocity: NaN")
    }

    @Test func undampedInterpolatingSpringOscillatesWithFiniteValues() {
        let result = run(Animation.interpolatingSpring(stiffness: 100, damping: 0), interval: 1.0, limit: 3)
        #expect(result.endTime == nil)
        #expect(result.values.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 2 + 1e-12 })
    }

    @Test func nanControlPointsAreReadAsZeroAndGiveALinearCurve() {
        let animation = Animation.timingCurve(.nan, .nan, .nan, .nan, duration: 1)
        var context = AnimationContext<Double>()
        let value = animation.animate(value: 3.0, time: 0.5, context: &context)
        let velocity = animation.velocity(value: 3.0, time: 0.5, context: context)
        #expect(abs((value ?? .nan) - 1.5) < 1e-9)
        #expect(abs((velocity ?? .nan) - 3) < 1e-9)
    }

    @Test func nanLogicalCompletionTimeNeverCompletesEarly() {
        let result = run(Animation.linear(duration: 1).logicallyComplete(after: .nan), interval: 1.0)
        #expect(result.logicallyCompleteTime == nil)
        #expect(result.endTime != nil)
    }

    /// The value type sanitises too: every bad spring still gives finite values.
    @Test func springValuesStayFiniteForBadParameters() {
        let springs = [
            Spring(duration: .nan), Spring(duration: 0), Spring(duration: -1), Spring(duration: .infinity),
            Spring(duration: 0.5, bounce: .nan), Spring(duration: 0.5, bounce: 9), Spring(duration: 0.5, bounce: -1),
            Spring(duration: 0.5, bounce: -0.9999999999),
            Spring(response: 0.5, dampingRatio: .nan), Spring(response: 0.5, dampingRatio: -2),
            Spring(response: 0.5, dampingRatio: .infinity), Spring(response: 0.5, dampingRatio: 1e200),
            Spring(mass: .nan, stiffness: .nan, damping: .nan), Spring(mass: 0, stiffness: -5, damping: -1),
            Spring(settlingDuration: .nan, dampingRatio: .nan),
            Spring(settlingDuration: -1, dampingRatio: 0, epsilon: -1),
            Spring(settlingDuration: 100, dampingRatio: 3, epsilon: .nan),
        ]
        for spring in springs {
            for time in [0.0, 0.01, 0.5, 3] {
                #expect(spring.value(target: 2.0, initialVelocity: 1, time: time).isFinite, "\(spring) at \(time)")
                #expect(spring.velocity(target: 2.0, initialVelocity: 1, time: time).isFinite, "\(spring) at \(time)")
            }
            #expect(!spring.settlingDuration.isNaN, "\(spring)")
        }
    }
}
