import Testing
import Cadence
import CadenceExamples

struct PausableAnimationTests {
    let animation = Animation(PausableAnimation(base: .linear(duration: 1)))

    @Test func environmentIsNotPausedByDefault() {
        #expect(!EnvironmentValues()[PausableAnimation.PausedKey.self])
    }

    /// Linear across 8 for 1 s, paused from 0.5 s to 1.5 s: it holds 4, then continues from 4.
    @Test func pausingHoldsTheValueAndResumingContinuesFromIt() {
        var context = AnimationContext<Double>()
        func value(at time: Double, paused: Bool) -> Double? {
            context.environment[PausableAnimation.PausedKey.self] = paused
            return animation.animate(value: 8.0, time: time, context: &context)
        }
        #expect(value(at: 0.25, paused: false) == 2)
        #expect(value(at: 0.5, paused: true) == 4)
        #expect(value(at: 0.75, paused: true) == 4)
        #expect(value(at: 1.25, paused: true) == 4)
        // No jump on resuming: the time spent paused does not count.
        #expect(value(at: 1.5, paused: false) == 4)
        #expect(value(at: 1.75, paused: false) == 6)
        #expect(value(at: 2.0, paused: false) == 8)
        #expect(value(at: 2.1, paused: false) == nil)
    }

    @Test func pausingTwiceAccumulatesThePauses() {
        var context = AnimationContext<Double>()
        func value(at time: Double, paused: Bool) -> Double? {
            context.environment[PausableAnimation.PausedKey.self] = paused
            return animation.animate(value: 8.0, time: time, context: &context)
        }
        _ = value(at: 0.25, paused: true)
        _ = value(at: 0.5, paused: false)
        _ = value(at: 0.75, paused: true)
        #expect(value(at: 2, paused: true) == 4)
        _ = value(at: 3, paused: false)
        #expect(value(at: 3.25, paused: false) == 6)
    }

    @Test func pausedSpringHoldsItsValue() {
        let spring = Animation(PausableAnimation(base: .bouncy))
        var context = AnimationContext<Double>()
        var last = 0.0
        for frame in 0...12 { last = spring.animate(value: 100.0, time: Double(frame) / 60, context: &context)! }
        context.environment[PausableAnimation.PausedKey.self] = true
        var held: [Double] = []
        for frame in 13...60 { held.append(spring.animate(value: 100.0, time: Double(frame) / 60, context: &context)!) }
        #expect(held.allSatisfy { $0 == held[0] })
        #expect(abs(held[0] - last) < 5)
    }
}
