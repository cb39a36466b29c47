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

    /// The base's kind (`.custom` for a path, see `_MotionKind._underModifier`).
    @inlinable
    public var _motionKind: _MotionKind { base.kind._underModifier }

    /// The base's sample at `max(0, time − delay)`, at rest during the delay.
    @inlinable
    public func _sample(at time: TimeInterval) -> _MotionSample {
        let base = baseTime(time)
        var sample = self.base._sample(at: base.time)
        if !base.running { sample.rate = 0 }
        return sample
    }

    /// The delay plus the base's duration.
    @inlinable
    public var _passDuration: TimeInterval { effectiveDelay + base._passDuration }

    /// The base advanced to `max(0, time − delay)`, at rest during the delay.
    @inlinable
    public func _advance(to time: TimeInterval, clock: inout _MotionClock) -> _MotionAdvance {
        let base = baseTime(time)
        var advance = self.base._advance(to: base.time, clock: &clock)
        if !base.running { advance.velocityScale = 0 }
        return advance
    }

    /// The base's decision, if `previous` is a ``DelayAnimation`` with the same delay.
    @inlinable
    public func _mergeVelocityScale(previous: Animation) -> Double? {
        guard let previous = previous.base as? DelayAnimation, previous.delay == delay else { return nil }
        return base._mergeVelocityScale(previous: previous.base)
    }

    /// The base's new run, at the delayed time.
    @inlinable
    public func _beginRun(at time: TimeInterval, after previous: Animation, clock: inout _MotionClock) {
        let inner = (previous.base as? DelayAnimation)?.base ?? previous
        base._beginRun(at: baseTime(time).time, after: inner, clock: &clock)
    }
}

extension DelayAnimation: MotionSource {}
