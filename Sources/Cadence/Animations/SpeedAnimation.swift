/// Runs its base animation `speed` times as fast: the base sees `time · speed`.
///
/// A speed that is not positive and finite (0, negative, NaN, infinite) finishes at once.
/// Merges only with a ``SpeedAnimation`` of the same speed whose base it can merge with.
@frozen
public struct SpeedAnimation: CustomAnimation {
    /// The animation whose time is scaled.
    public var base: Animation
    /// The time scale: 2 runs twice as fast.
    public var speed: Double

    /// Creates a sped-up (or slowed-down) animation.
    @inlinable
    public init(base: Animation, speed: Double) {
        self.base = base
        self.speed = speed
    }

    @inlinable
    var isValid: Bool { speed > 0 && speed.isFinite }

    /// The one time transform every method goes through: the base's time, `time · speed`.
    @inlinable
    func baseTime(_ time: TimeInterval) -> TimeInterval { time * speed }

    /// The base's value at `time · speed`, or `nil` for a bad speed.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard isValid else { return nil }
        return base.animate(value: value, time: baseTime(time), context: &context)
    }

    /// The base's velocity at `time · speed`, times `speed`.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        guard isValid else { return nil }
        return base.velocity(value: value, time: baseTime(time), context: context)?.scaled(by: speed)
    }

    /// `true` if `previous` is a ``SpeedAnimation`` with the same speed and the base merges with its base.
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        guard isValid, let previous = previous.base as? SpeedAnimation, previous.speed == speed else { return false }
        return base.shouldMerge(previous: previous.base, value: value, time: baseTime(time), context: &context)
    }

    // MARK: - Motion

    /// The base's kind (`.custom` for a path; closed form, finished at once, for a bad speed).
    @inlinable
    var motionKind: MotionKind { isValid ? base.kind.underModifier : .closedForm }

    /// The base's sample at `time · speed`, its rate times `speed`.
    @inlinable
    func sample(at time: TimeInterval) -> MotionSample {
        guard isValid else { return .finished }
        var sample = base.sample(at: baseTime(time))
        sample.rate *= speed
        return sample
    }

    /// The base's duration divided by the speed.
    @inlinable
    var finishTime: TimeInterval { isValid ? base.finishTime / speed : 0 }

    /// The base advanced to `time · speed`, its velocity times `speed`.
    @inlinable
    func advance(to time: TimeInterval, clock: inout MotionClock) -> MotionAdvance {
        guard isValid else { return .finished }
        var advance = base.advance(to: baseTime(time), clock: &clock)
        advance.velocityScale *= speed
        return advance
    }

    /// The base's decision, if `previous` is a ``SpeedAnimation`` with the same speed; the stored
    /// velocity is in the base's time, so `previous`'s is divided by the speed.
    @inlinable
    func mergeVelocityScale(previous: Animation) -> Double? {
        guard isValid, let previous = previous.base as? SpeedAnimation, previous.speed == speed,
            let scale = base.mergeVelocityScale(previous: previous.base)
        else { return nil }
        return scale / speed
    }

    /// The base's new run, at the scaled time.
    @inlinable
    func beginRun(at time: TimeInterval, after previous: Animation, clock: inout MotionClock) {
        let inner = (previous.base as? SpeedAnimation)?.base ?? previous
        base.beginRun(at: baseTime(time), after: inner, clock: &clock)
    }
}

extension SpeedAnimation: BuiltInAnimation {}
