import Testing
import Cadence
import CadenceExamples

/// The `AnimationContext` documentation's `PausableAnimation` run by the runtime: the value's environment reaches the animation
/// through its context, so setting `animationPaused` on the value pauses and resumes it.
struct AnimatedValuePausableTests {
    /// Runs `animation` across (0, 0) → (80, 40) for 15 frames, pauses for 30, resumes: the
    /// presentation holds bit for bit from the first paused frame (the pause takes effect at that
    /// frame's time) and continues from the held value without a jump.
    func pauseAndResume(_ animation: Animation) {
        let frame = 1.0 / 60
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        value.set(SIMD2(80, 40), animation: Animation(PausableAnimation(base: animation)))
        for _ in 0..<15 { value.update(by: frame) }
        let beforePause = value.presentation
        let speed = length(value.velocity)
        #expect(speed > 0)

        value.environment[PausableAnimation.PausedKey.self] = true
        value.update(by: frame)
        let held = value.presentation
        #expect(distance(held, beforePause) <= 2 * speed * frame, "the pausing frame moves at most a frame's worth")
        for _ in 0..<30 {
            value.update(by: frame)
            #expect(value.presentation == held)
            #expect(value.velocity == .zero)
            #expect(value.isAnimating)
        }

        value.environment[PausableAnimation.PausedKey.self] = false
        value.update(by: frame)
        // The documentation's code subtracts the paused time from the clock, so the resumed time is the paused one up
        // to rounding (1e-15 relative), not bit for bit.
        #expect(distance(value.presentation, held) < 1e-9 * length(held), "resuming continues from the held value")
        value.update(by: frame)
        #expect(distance(value.presentation, held) > 0)
        #expect(distance(value.presentation, held) <= 2 * speed * frame, "no jump after resuming")
        var frames = 0
        while value.isAnimating && frames < 600 {
            value.update(by: frame)
            frames += 1
        }
        #expect(value.presentation == SIMD2(80, 40))
    }

    @Test func pausingATimingCurveHoldsItAndResumingContinuesIt() {
        pauseAndResume(.linear(duration: 1))
    }

    @Test func pausingASpringHoldsItAndResumingContinuesIt() {
        pauseAndResume(.bouncy)
    }
}

private func length(_ value: SIMD2<Double>) -> Double {
    value.magnitudeSquared.squareRoot()
}

private func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    length(a - b)
}
