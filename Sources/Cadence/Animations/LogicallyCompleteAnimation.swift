/// Runs its base animation but declares it logically complete after a fixed time instead of when the
/// base says so.
///
/// A negative duration is complete at once; a NaN duration never is (completion then comes when the
/// animation is removed). Merges only with a ``LogicallyCompleteAnimation`` of the same duration whose
/// base it can merge with.
@frozen
public struct LogicallyCompleteAnimation: CustomAnimation {
    /// The animation that supplies the values.
    public var base: Animation
    /// When the animation counts as complete, in seconds.
    public var duration: TimeInterval

    /// Creates an animation that is logically complete after `duration`.
    @inlinable
    public init(base: Animation, duration: TimeInterval) {
        self.base = base
        self.duration = duration
    }

    /// Whether the animation is logically complete at `time`: the one test every method uses.
    @inlinable
    func isComplete(at time: TimeInterval) -> Bool { time >= duration }

    /// The base's value; sets ``AnimationContext/isLogicallyComplete`` once `time ≥ duration`.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        let wasComplete = context.logicallyComplete
        let result = base.animate(value: value, time: time, context: &context)
        // The base's own verdict is overridden, which the public setter's stays-true rule cannot express.
        context.logicallyComplete = wasComplete || isComplete(at: time)
        return result
    }

    /// The base's velocity.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time, context: context)
    }

    /// `true` if `previous` is a ``LogicallyCompleteAnimation`` with the same duration and the base
    /// merges with its base.
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        guard let previous = previous.base as? LogicallyCompleteAnimation, previous.duration == duration else {
            return false
        }
        return base.shouldMerge(previous: previous.base, value: value, time: time, context: &context)
    }

    // MARK: - Motion

    /// The base's kind (`.custom` for a path, see `MotionKind.underModifier`).
    @inlinable
    var motionKind: MotionKind { base.kind.underModifier }

    /// The base's sample, logically complete once `time ≥ duration`.
    @inlinable
    func sample(at time: TimeInterval) -> MotionSample {
        var sample = base.sample(at: time)
        sample.isLogicallyComplete = isComplete(at: time)
        return sample
    }

    /// The base's duration.
    @inlinable
    var finishTime: TimeInterval { base.finishTime }

    /// The base advanced, logically complete once `time ≥ duration`.
    @inlinable
    func advance(to time: TimeInterval, clock: inout MotionClock) -> MotionAdvance {
        var advance = base.advance(to: time, clock: &clock)
        advance.isLogicallyComplete = isComplete(at: time)
        return advance
    }

    /// The base's decision, if `previous` is a ``LogicallyCompleteAnimation`` with the same duration.
    @inlinable
    func mergeVelocityScale(previous: Animation) -> Double? {
        guard let previous = previous.base as? LogicallyCompleteAnimation, previous.duration == duration else {
            return nil
        }
        return base.mergeVelocityScale(previous: previous.base)
    }

    /// The base's new run.
    @inlinable
    func beginRun(at time: TimeInterval, after previous: Animation, clock: inout MotionClock) {
        let inner = (previous.base as? LogicallyCompleteAnimation)?.base ?? previous
        base.beginRun(at: time, after: inner, clock: &clock)
    }
}

extension LogicallyCompleteAnimation: BuiltInAnimation {}
