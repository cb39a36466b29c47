@testable import Cadence
import Testing

@Suite struct KeyframeAnimationTests {
    /// A hop that comes back where it started (a zero interval on y) while moving right.
    private let timeline = KeyframeTimeline(initialValue: SIMD2<Double>(0, 0)) {
        KeyframeTrack(\.x) {
            LinearKeyframe(60, duration: 0.3, timingCurve: .easeIn)
            CubicKeyframe(100, duration: 0.5)
            CubicKeyframe(80, duration: 0.4)
        }
        KeyframeTrack(\.y) {
            CubicKeyframe(-50, duration: 0.4)
            SpringKeyframe(0, duration: 0.6, spring: .bouncy)
        }
    }

    private func near(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ tolerance: Double = 1e-9) -> Bool {
        distance(a, b) < tolerance
    }

    @Test func aPlayedTimelineIsShownExactlyWithItsVelocityAndEndsOnTheTarget() {
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        var completed = false
        #expect(value.play(timeline) { completed = true })
        #expect(value.target == timeline.value(progress: 1))
        for _ in 0..<71 { value.update(by: 1.0 / 60) }
        #expect(value.isAnimating && !completed)
        for _ in 0..<2 { value.update(by: 1.0 / 60) }
        // Past 1.2 s, the duration: finished on the target, at rest.
        #expect(near(value.presentation, timeline.value(progress: 1)))
        #expect(completed)
        #expect(!value.isAnimating)
    }

    @Test func presentationAndVelocityFollowTheTimelineFrameByFrame() {
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        value.play(timeline)
        var time = 0.0
        for _ in 0..<70 {
            value.update(by: 1.0 / 60)
            time += 1.0 / 60
            #expect(near(value.presentation, timeline.value(time: time)), "at \(time)")
            #expect(near(value.velocity, timeline.velocity(time: time), 1e-6), "at \(time)")
        }
    }

    /// A value type with no specialisation of its own (the timeline runs generic code) plays the same
    /// path as the common types do.
    @Test func aTimelineOfAnyVectorTypePlaysItsPath() {
        typealias Pair = AnimatablePair<Double, Double>
        let pairs = KeyframeTimeline(initialValue: Pair(0, 0)) {
            KeyframeTrack(\.first) {
                LinearKeyframe(60, duration: 0.3, timingCurve: .easeIn)
                CubicKeyframe(100, duration: 0.5)
            }
            KeyframeTrack(\.second) { SpringKeyframe(-20, duration: 0.6, spring: .bouncy) }
        }
        let value = AnimatedValue(Pair(0, 0))
        value.play(pairs)
        for frame in 1...30 {
            value.update(by: 1.0 / 60)
            let expected = pairs.value(time: Double(frame) / 60)
            #expect(abs(value.presentation.first - expected.first) < 1e-9, "frame \(frame)")
            #expect(abs(value.presentation.second - expected.second) < 1e-9, "frame \(frame)")
        }
    }

    @Test func startingMidwayAndFromElsewhereShiftsThePathOntoTheTarget() {
        let value = AnimatedValue(SIMD2<Double>(500, 500))
        value.set(SIMD2(10, 10), animation: .keyframes(timeline, startTime: 0.5))
        value.update(by: 0.1)
        // target + p(0.6) − p(end)
        #expect(near(value.presentation, SIMD2(10, 10) + timeline.value(time: 0.6) - timeline.value(progress: 1)))
    }

    @Test func aSpringGivenMidPlayTakesOverPositionAndVelocity() {
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        value.play(timeline)
        value.update(by: 0.5)
        let position = value.presentation, velocity = value.velocity
        #expect(near(velocity, timeline.velocity(time: 0.5), 1e-6))
        value.set(SIMD2(0, 0), animation: .spring(duration: 0.6, bounce: 0.2))
        value.update(by: 0)
        #expect(near(value.presentation, position, 1e-6))
        #expect(near(value.velocity, velocity, 1e-3 * max(1, velocity.magnitudeSquared.squareRoot())))
        #expect(value.activeAnimationCount == 1)  // merged, not combined
    }

    @Test func modifiersApplyAsToAnyAnimation() {
        let fast = AnimatedValue(SIMD2<Double>(0, 0))
        fast.set(timeline.value(progress: 1), animation: .keyframes(timeline).speed(2))
        fast.update(by: 0.2)
        #expect(near(fast.presentation, timeline.value(time: 0.4)))

        let late = AnimatedValue(SIMD2<Double>(0, 0))
        late.set(timeline.value(progress: 1), animation: .keyframes(timeline).delay(0.5))
        late.update(by: 0.25)
        #expect(near(late.presentation, timeline.value(time: 0)))
        late.update(by: 0.5)
        #expect(near(late.presentation, timeline.value(time: 0.25)))

        let twice = AnimatedValue(SIMD2<Double>(0, 0))
        var done = false
        twice.set(timeline.value(progress: 1), animation: .keyframes(timeline).repeatCount(2, autoreverses: false)) {
            done = true
        }
        for _ in 0..<60 { twice.update(by: 1.0 / 30) }  // 2 s: into the second pass
        #expect(twice.isAnimating)
        for _ in 0..<20 { twice.update(by: 1.0 / 30) }
        #expect(!twice.isAnimating && done)
    }

    @Test func aValueOfAnotherTypeFinishesAtOnce() {
        let value = AnimatedValue(0.0)
        value.set(5, animation: .keyframes(timeline))
        value.update(by: 0.1)
        #expect(value.presentation == 5 && !value.isAnimating)
    }

    @Test func theAnimationDeclaresThePathKindAndModifiersCallItThroughTheirGenericMethods() {
        let animation = Animation.keyframes(timeline)
        #expect(animation.kind == .path)
        #expect(animation.delay(1).kind == .custom)
        #expect(animation.speed(2).kind == .custom)
        #expect(abs(Animation.keyframes(timeline, startTime: 0.7).finishTime - 0.5) < 1e-12)
    }
}
