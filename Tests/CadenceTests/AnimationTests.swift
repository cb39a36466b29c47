import Testing
import Cadence

private struct Halfway: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time > 1 ? nil : value.scaled(by: 0.5)
    }
}

struct AnimationTests {
    @Test func equalityNeedsTheSameConcreteTypeAndEqualBases() {
        #expect(Animation.easeInOut == .easeInOut(duration: 0.35))
        #expect(Animation.easeIn != .easeOut)
        #expect(Animation.spring != .spring(response: 0.5, dampingFraction: 0.9))
        #expect(Animation(Halfway()) == Animation(Halfway()))
        #expect(Animation(Halfway()) != .linear)
        #expect(Animation.linear.delay(1) == Animation.linear.delay(1))
        #expect(Animation.linear.delay(1) != Animation.linear.speed(1))
        let set: Set<Animation> = [.easeIn, .easeIn(duration: 0.35), .spring, .bouncy, Animation(Halfway())]
        #expect(set.count == 4)
    }

    @Test func customAnimationDefaultsHaveNoVelocityAndNeverMerge() {
        var context = AnimationContext<Double>()
        let animation = Animation(Halfway())
        #expect(animation.animate(value: 6.0, time: 0.5, context: &context) == 3)
        #expect(animation.velocity(value: 6.0, time: 0.5, context: context) == nil)
        #expect(!animation.shouldMerge(previous: animation, value: 6.0, time: 0.5, context: &context))
    }

    @Test func baseRecoversTheConcreteAnimation() {
        #expect(Animation(Halfway()).base is Halfway)
        #expect(Animation.linear.base as? BezierAnimation == BezierAnimation(curve: .linear, duration: 0.35))
        #expect(Animation.interpolatingSpring.base is InterpolatingSpringAnimation)
        #expect(Animation.linear.delay(1).base as? DelayAnimation == DelayAnimation(base: .linear, delay: 1))
    }

    /// The runtime's use, generically: a function over any value type with only the public API.
    @Test func runtimeCallsAreUsableGenerically() {
        func presentation<V: VectorArithmetic>(_ animation: Animation, from: V, to: V, at time: Double) -> V {
            var context = AnimationContext<V>()
            let interval = to - from
            guard let progress = animation.animate(value: interval, time: time, context: &context) else { return to }
            return to - interval + progress
        }
        #expect(presentation(.linear(duration: 1), from: 10.0, to: 20.0, at: 0.5) == 15)
        #expect(presentation(.linear(duration: 1), from: SIMD2<Float>(0, 0), to: SIMD2(4, 8), at: 0.25) == SIMD2(1, 2))
        #expect(presentation(.linear(duration: 1), from: 10.0, to: 20.0, at: 2) == 20)
    }
}
