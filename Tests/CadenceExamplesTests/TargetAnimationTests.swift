import Testing
import Cadence
import CadenceExamples

/// Shows the target it is given, so a test can watch what the secondary animation does to it; it merges
/// with itself and finishes after 10 s.
private struct Follow: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time > 10 ? nil : value
    }

    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        true
    }
}

struct TargetAnimationTests {
    let animation = Animation(TargetAnimation(base: Animation(Follow()), secondary: .linear(duration: 1)))

    @Test func secondaryAnimationMovesTheTarget() {
        var context = AnimationContext<Double>()
        #expect(animation.animate(value: 100.0, time: 0, context: &context) == 0)
        #expect(animation.animate(value: 100.0, time: 0.5, context: &context) == 50)
        #expect(animation.animate(value: 100.0, time: 1, context: &context) == 100)
        // The secondary animation has finished; the target is the interval itself.
        #expect(animation.animate(value: 100.0, time: 2, context: &context) == 100)
    }

    /// After a merge the secondary animation restarts from the target it had reached (50) and moves it
    /// across the rest of the new interval (140 − 50) over its own duration, counted from the merge.
    @Test func mergeResetsTheSecondaryTarget() {
        var context = AnimationContext<Double>()
        _ = animation.animate(value: 100.0, time: 0.5, context: &context)
        #expect(animation.shouldMerge(previous: animation, value: 100.0, time: 0.5, context: &context))
        #expect(animation.animate(value: 140.0, time: 0.5, context: &context) == 50)
        #expect(animation.animate(value: 140.0, time: 1.0, context: &context) == 95)
        #expect(animation.animate(value: 140.0, time: 1.5, context: &context) == 140)
        #expect(animation.animate(value: 140.0, time: 3, context: &context) == 140)
        #expect(animation.animate(value: 140.0, time: 11, context: &context) == nil)
    }

    @Test func doesNotMergeWithOtherAnimations() {
        var context = AnimationContext<Double>()
        #expect(!animation.shouldMerge(previous: .spring, value: 100.0, time: 0.5, context: &context))
    }

    /// With a spring chasing an eased target, a merge mid-flight moves on without a jump.
    @Test func springChasingAMergedTargetDoesNotJump() {
        let chase = Animation(TargetAnimation(base: .smooth, secondary: .easeInOut(duration: 0.5)))
        var context = AnimationContext<Double>()
        var previous = 0.0
        var largestStep = 0.0
        for frame in 0...120 {
            let time = Double(frame) / 60
            if frame == 20 {
                #expect(chase.shouldMerge(previous: chase, value: 100.0, time: time, context: &context))
            }
            let value = chase.animate(value: frame < 20 ? 100.0 : 50.0, time: time, context: &context) ?? 50
            largestStep = max(largestStep, abs(value - previous))
            previous = value
        }
        #expect(abs(previous - 50) < 1)
        // A jump to the new target would be a step of tens of units in one frame.
        #expect(largestStep < 10)
    }
}
