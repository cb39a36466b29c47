import Testing
import Cadence

struct ModifierTests {
    @Test func delayHoldsStillThenRunsTheBaseLate() {
        let animation = Animation.linear(duration: 1).delay(0.5)
        var context = AnimationContext<Double>()
        #expect(animation.animate(value: 8.0, time: 0.25, context: &context) == 0)
        #expect(animation.velocity(value: 8.0, time: 0.25, context: context) == 0)
        #expect(animation.animate(value: 8.0, time: 1.0, context: &context) == 4)
        #expect(animation.velocity(value: 8.0, time: 1.0, context: context) == 8)
        #expect(animation.animate(value: 8.0, time: 1.5, context: &context) == 8)
        #expect(animation.animate(value: 8.0, time: 1.6, context: &context) == nil)
    }

    @Test func speedScalesTimeAndVelocity() {
        let animation = Animation.linear(duration: 1).speed(2)
        var context = AnimationContext<Double>()
        #expect(animation.animate(value: 8.0, time: 0.25, context: &context) == 4)
        #expect(animation.velocity(value: 8.0, time: 0.25, context: context) == 16)
        #expect(animation.animate(value: 8.0, time: 0.6, context: &context) == nil)
    }

    /// A timing curve's passes start at their true boundaries (pass × duration), whenever the calls
    /// fall; odd passes run backwards.
    @Test func repeatCountAutoreversesAndStopsAfterItsPasses() {
        let animation = Animation.linear(duration: 1).repeatCount(2)
        var context = AnimationContext<Double>()
        let times = [0, 0.25, 0.5, 1.0, 1.25, 1.5, 2.25, 2.5]
        let values = times.map { animation.animate(value: 4.0, time: $0, context: &context) }
        #expect(values == [0, 1, 2, 4, 3, 2, nil, nil])
        #expect(context.isLogicallyComplete)
    }

    @Test func repeatWithoutAutoreverseRestartsFromZero() {
        let animation = Animation.linear(duration: 1).repeatCount(2, autoreverses: false)
        var context = AnimationContext<Double>()
        let values = [0, 0.5, 1.25, 1.75, 2.5].map { animation.animate(value: 4.0, time: $0, context: &context) }
        #expect(values == [0, 2, 1, 3, nil])
    }

    @Test func repeatVelocityIsNegatedOnReversedPasses() {
        let animation = Animation.linear(duration: 1).repeatCount(4)
        var context = AnimationContext<Double>()
        _ = animation.animate(value: 4.0, time: 1.25, context: &context)
        _ = animation.animate(value: 4.0, time: 1.5, context: &context)
        #expect(animation.velocity(value: 4.0, time: 1.5, context: context) == -4)
    }

    @Test func repeatForeverNeverFinishesAndStaysInTheInterval() {
        let result = run(Animation.easeInOut(duration: 0.3).repeatForever(), interval: 2.0, limit: 10)
        #expect(result.endTime == nil)
        #expect(result.values.allSatisfy { $0 >= 0 && $0 <= 2 })
        #expect(result.logicallyCompleteTime == nil)
        let spring = run(Animation.snappy.repeatForever(autoreverses: false), interval: 2.0, limit: 10)
        #expect(spring.endTime == nil)
    }

    @Test func logicallyCompleteAfterOverridesTheBase() {
        let early = run(Animation.spring.logicallyComplete(after: 0.05), interval: 1.0)
        #expect(early.logicallyCompleteTime == 3.0 / 60)
        // The spring alone would be complete at 0.5 s.
        let late = run(Animation.spring.logicallyComplete(after: 0.7), interval: 1.0)
        #expect(late.logicallyCompleteTime == 42.0 / 60)
    }

    @Test func modifiedAnimationsMergeOnlyWithTheSameChain() {
        var context = AnimationContext<Double>()
        let delayed = Animation.spring.delay(0.1)
        #expect(delayed.shouldMerge(previous: Animation.spring.delay(0.1), value: 1.0, time: 0.3, context: &context))
        #expect(!delayed.shouldMerge(previous: Animation.spring.delay(0.2), value: 1.0, time: 0.3, context: &context))
        #expect(!delayed.shouldMerge(previous: .spring, value: 1.0, time: 0.3, context: &context))
        #expect(
            !Animation.easeIn.delay(0.1).shouldMerge(
                previous: Animation.easeIn.delay(0.1), value: 1.0, time: 0.3, context: &context))
        #expect(
            Animation.bouncy.speed(2).shouldMerge(
                previous: Animation.spring.speed(2), value: 1.0, time: 0.3, context: &context))
        #expect(
            !Animation.bouncy.speed(2).shouldMerge(
                previous: Animation.spring.speed(3), value: 1.0, time: 0.3, context: &context))
        #expect(
            Animation.spring.logicallyComplete(after: 1).shouldMerge(
                previous: Animation.spring.logicallyComplete(after: 1), value: 1.0, time: 0.3, context: &context))
        #expect(
            !Animation.spring.repeatCount(2).shouldMerge(
                previous: Animation.spring.repeatCount(2), value: 1.0, time: 0.3, context: &context))
    }
}
