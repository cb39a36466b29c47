/// Runs its base animation `delay` seconds late: the base sees `max(0, time − delay)`.
///
/// Nothing moves during the delay (velocity zero). A negative, NaN or infinite delay is treated as 0.
/// Merges only with a ``DelayAnimation`` of the same delay whose base it can merge with.
@frozen
public struct DelayAnimation: CustomAnimation {
    /// The delayed animation.
    public var base: Animation
    /// The delay, in seconds.
    public var delay: TimeInterval

    /// Creates a delayed animation.
    @inlinable
    public init(base: Animation, delay: TimeInterval) {
        self.base = base
        self.delay = delay
    }

    @inlinable
    var effectiveDelay: TimeInterval { delay > 0 && delay.isFinite ? delay : 0 }

    /// The one time transform every method goes through: the base's time, `max(0, time − delay)`, and
    /// whether the base is running (false during the delay, when nothing moves).
    @inlinable
    func baseTime(_ time: TimeInterval) -> (time: TimeInterval, running: Bool) {
        let delayed = time - effectiveDelay
        return (Swift.max(0, delayed), !(delayed < 0))
    }

    /// The base's value at `max(0, time − delay)`.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: baseTime(time).time, context: &context)
    }

    /// Zero during the delay, then the base's velocity.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let base = baseTime(time)
        return base.running ? self.base.velocity(value: value, time: base.time, context: context) : .zero
    }

    /// `true` if `previous` is a ``DelayAnimation`` with the same delay and the base merges with its base.
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        guard let previous = previous.base as? DelayAnimation, previous.delay == delay else { return false }
        return base.shouldMerge(previous: previous.base, value: value, time: baseTime(time).time, context: &context)
    }

    // MARK: - Motion

    /// The base's kind (`.custom` for a path, see `MotionKind.underModifier`).
    @inlinable
    var motionKind: MotionKind { base.kind.underModifier }

    /// The base's sample at `max(0, time − delay)`, at rest during the delay.
    @inlinable
    func sample(at time: TimeInterval) -> MotionSample {
        let base = baseTime(time)
        var sample = self.base.sample(at: base.time)
        if !base.running { sample.rate = 0 }
        return sample
    }

    /// The delay plus the base's duration.
    @inlinable
    var finishTime: TimeInterval { effectiveDelay + base.finishTime }

    /// The base advanced to `max(0, time − delay)`, at rest during the delay.
    @inlinable
    func advance(to time: TimeInterval, clock: inout MotionClock) -> MotionAdvance {
        let base = baseTime(time)
        var advance = self.base.advance(to: base.time, clock: &clock)
        if !base.running { advance.velocityScale = 0 }
        return advance
    }

    /// The base's decision, if `previous` is a ``DelayAnimation`` with the same delay.
    @inlinable
    func mergeVelocityScale(previous: Animation) -> Double? {
        guard let previous = previous.base as? DelayAnimation, previous.delay == delay else { return nil }
        return base.mergeVelocityScale(previous: previous.base)
    }

    /// The base's new run, at the delayed time.
    @inlinable
    func beginRun(at time: TimeInterval, after previous: Animation, clock: inout MotionClock) {
        let inner = (previous.base as? DelayAnimation)?.base ?? previous
        base.beginRun(at: baseTime(time).time, after: inner, clock: &clock)
    }
}

extension DelayAnimation: BuiltInAnimation {}
