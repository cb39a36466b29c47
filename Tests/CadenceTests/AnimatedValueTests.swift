import Testing
import Cadence

/// A test key whose value an animation multiplies its progress by.
private struct ProgressScaleKey: EnvironmentKey {
    static var defaultValue: Double { 1 }
}

extension EnvironmentValues {
    fileprivate var progressScale: Double {
        get { self[ProgressScaleKey.self] }
        set { self[ProgressScaleKey.self] = newValue }
    }
}

/// Linear over 1 s, scaled by the environment's `progressScale`: shows whether the environment reaches
/// the animation on every call.
private struct EnvironmentScaledAnimation: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time > 1 ? nil : value.scaled(by: time * context.environment.progressScale)
    }
}

/// Linear over 1 s that turns NaN after `breakTime`: a broken custom animation.
private struct BreaksAnimation: CustomAnimation {
    var breakTime: TimeInterval
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time > breakTime ? value.scaled(by: .nan) : value.scaled(by: time)
    }
}

/// Linear over 1 s with no velocity of its own: the runtime has to derive one.
private struct SilentLinearAnimation: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time > 1 ? nil : value.scaled(by: time)
    }
}

struct AnimatedValueTests {
    // MARK: - At rest and without animation

    @Test func startsAtRestOnItsValue() {
        let value = AnimatedValue(SIMD2<Double>(3, -4))
        #expect(value.target == SIMD2(3, -4))
        #expect(value.presentation == SIMD2(3, -4))
        #expect(value.velocity == .zero)
        #expect(!value.isAnimating)
        #expect(value.activeAnimationCount == 0)
        #expect(value.interval == .zero)
    }

    @Test func settingWithoutAnimationJumpsAndDropsWhatRuns() {
        let value = AnimatedValue(0.0)
        value.set(10, animation: .linear(duration: 1))
        value.update(by: 0.5)
        value.set(-2, animation: nil)
        #expect(value.presentation == -2)
        #expect(value.velocity == 0)
        #expect(!value.isAnimating)
        value.update(by: 0.25)
        #expect(value.presentation == -2)
    }

    /// A value that has never animated behaves as one that has: a jump shows at once and calls its
    /// completion before `set` returns, and the first animation starts from the last target, at the
    /// clock the value kept while it rested.
    @Test func aValueThatNeverAnimatedJumpsAndThenAnimatesFromItsLastTarget() {
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        var completed = 0
        value.update(by: 0.5)
        #expect(value.set(SIMD2(4, 2), animation: nil) { completed += 1 })
        #expect(completed == 1)
        #expect(value.presentation == SIMD2(4, 2) && value.velocity == .zero && !value.isAnimating)
        #expect(value.activeAnimationCount == 0 && value.interval == .zero && !value.isTracking)
        value.set(SIMD2(14, 2), animation: .linear(duration: 1))
        #expect(value.presentation == SIMD2(4, 2))
        value.update(by: 0.25)
        #expect(value.presentation == SIMD2(6.5, 2))
        #expect(value.velocity == SIMD2(10, 0))
    }

    // MARK: - Time

    /// The change begins at the clock's reading: `set` then `update(by: dt)` shows elapsed dt.
    @Test func anAnimationBeginsAtTheClocksCurrentReading() {
        let value = AnimatedValue(0.0)
        value.update(by: 7)  // time at rest does not delay what comes next
        value.set(10, animation: .linear(duration: 1))
        #expect(value.presentation == 0)
        value.update(by: 0.25)
        #expect(value.presentation == 2.5)
        #expect(value.velocity == 10)
        value.update(by: 0.5)
        #expect(value.presentation == 7.5)
    }

    /// A timing curve shows its target at t = duration and is removed on the next update (when
    /// `animate` first returns `nil`), exactly on the target.
    @Test func aTimingCurveEndsExactlyOnItsTarget() {
        let value = AnimatedValue(SIMD2<Double>(1, 1))
        value.set(SIMD2(0.3, 7.1), animation: .easeInOut(duration: 0.5))
        for _ in 0..<30 { value.update(by: 1.0 / 60) }
        #expect(value.isAnimating)
        value.update(by: 1.0 / 60)
        #expect(!value.isAnimating)
        #expect(value.presentation == SIMD2(0.3, 7.1))
        #expect(value.velocity == .zero)
    }

    @Test func aSpringSettlesExactlyOnItsTarget() {
        let value = AnimatedValue(0.0)
        value.set(100, animation: .bouncy)
        var frames = 0
        while value.isAnimating && frames < 600 {
            value.update(by: 1.0 / 60)
            frames += 1
        }
        #expect(frames < 180, "a bouncy spring over 100 settles within 3 s")
        #expect(value.presentation == 100)
    }

    /// An animation that reports no velocity gets the presentation's rate of change over the frame.
    @Test func velocityOfAnAnimationWithoutOneIsTheDifferenceQuotient() {
        let value = AnimatedValue(0.0)
        value.set(6, animation: Animation(SilentLinearAnimation()))
        #expect(value.velocity == 0)
        value.update(by: 0.25)
        #expect(abs(value.velocity - 6) < 1e-12)
        value.update(by: 0)  // no time, no quotient: the velocity stays
        #expect(abs(value.velocity - 6) < 1e-12)
    }

    // MARK: - Environment and introspection

    @Test func theEnvironmentReachesRunningAnimationsOnEveryCall() {
        let value = AnimatedValue(0.0)
        value.environment.progressScale = 2
        value.set(10, animation: Animation(EnvironmentScaledAnimation()))
        value.update(by: 0.25)
        #expect(value.presentation == 5)
        value.environment.progressScale = 1
        value.update(by: 0.25)
        #expect(value.presentation == 5)
        #expect(value.environment.progressScale == 1)
    }

    @Test func introspectionCountsEntriesAndReportsTheInterval() {
        let value = AnimatedValue(0.0)
        value.set(10, animation: .linear(duration: 1))
        #expect(value.activeAnimationCount == 1)
        #expect(value.interval == 10)
        value.update(by: 0.5)
        value.set(4, animation: .easeInOut(duration: 1))
        #expect(value.activeAnimationCount == 2)
        #expect(value.interval == 4)
        value.set(1, animation: .smooth)  // a spring takes the combination over
        #expect(value.activeAnimationCount == 1)
        #expect(value.interval == 1)
    }

    // MARK: - Bad input

    @Test(arguments: [-1.0, -.ulpOfOne, .nan, .infinity, -.infinity])
    func aBadDeltaChangesNothing(delta: Double) {
        let value = AnimatedValue(0.0)
        let twin = AnimatedValue(0.0)
        for animated in [value, twin] {
            animated.set(10, animation: .snappy)
            animated.update(by: 0.1)
        }
        let presentation = value.presentation, velocity = value.velocity
        value.update(by: delta)
        #expect(value.presentation == presentation)
        #expect(value.velocity == velocity)
        #expect(value.isAnimating)
        // The clock did not move either: both continue in step.
        value.update(by: 0.1)
        twin.update(by: 0.1)
        #expect(value.presentation == twin.presentation)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func aNonFiniteTargetIsRefused(bad: Double) {
        let recorder = CompletionRecorder()
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        value.set(SIMD2(10, 10), animation: .linear(duration: 1))
        value.update(by: 0.5)
        let accepted = value.set(SIMD2(1, bad), animation: .smooth, completion: recorder.completion("bad"))
        #expect(!accepted)
        #expect(value.target == SIMD2(10, 10))
        #expect(value.presentation == SIMD2(5, 5))
        #expect(value.activeAnimationCount == 1)
        #expect(!value.set(SIMD2(bad, 0), animation: nil))
        #expect(value.presentation == SIMD2(5, 5))
        for _ in 0..<40 { value.update(by: 1.0 / 60) }
        #expect(value.presentation == SIMD2(10, 10))
        #expect(recorder.calls.isEmpty, "a refused change never completes")
    }

    /// Squaring 1e200 overflows, so a spring could never tell whether it had settled.
    @Test func aTargetTooLargeToSquareIsRefused() {
        let value = AnimatedValue(0.0)
        #expect(!value.set(1e200, animation: .smooth))
        #expect(value.set(1e100, animation: .smooth))
    }

    @Test func aNonFiniteInitialValueBecomesZero() {
        #expect(AnimatedValue(Double.nan).presentation == 0)
        #expect(AnimatedValue(SIMD2<Double>(1, .infinity)).target == .zero)
    }

    /// An animation that returns NaN ends on its target instead of showing NaN.
    @Test func anAnimationThatTurnsNaNEndsOnItsTarget() {
        let value = AnimatedValue(0.0)
        value.set(8, animation: Animation(BreaksAnimation(breakTime: 0.2)))
        value.update(by: 0.1)
        #expect(abs(value.presentation - 0.8) < 1e-12)
        value.update(by: 0.2)
        #expect(value.presentation == 8)
        #expect(!value.isAnimating)
        #expect(!value.velocity.isNaN)
    }
}
