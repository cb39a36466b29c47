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

    /// The base's value at `time · speed`, or `nil` for a bad speed.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard isValid else { return nil }
        return base.animate(value: value, time: time * speed, context: &context)
    }

    /// The base's velocity at `time · speed`, times `speed`.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        guard isValid else { return nil }
        return base.velocity(value: value, time: time * speed, context: context)?.scaled(by: speed)
    }

    /// `true` if `previous` is a ``SpeedAnimation`` with the same speed and the base merges with its base.
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        guard isValid, let previous = previous.base as? SpeedAnimation, previous.speed == speed else { return false }
        return base.shouldMerge(previous: previous.base, value: value, time: time * speed, context: &context)
    }
}
