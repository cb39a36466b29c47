/// A type-erased ``CustomAnimation``: the value given to whatever animates a change.
///
/// Create one from a built-in (`.spring`, `.easeInOut(duration: 0.3)`, ...) or from your own type with
/// ``init(_:)``. Two animations are equal when their bases have the same concrete type and are equal.
/// Use ``base`` to recover the concrete animation, for example `previous.base as? Self` in
/// ``CustomAnimation/shouldMerge(previous:value:time:context:)``.
///
/// The methods forward to the base. Erasure costs one existential call: bases of up to three words
/// (every built-in but the modifiers) are stored inline without a heap box.
@frozen
public struct Animation: Hashable, Sendable {
    /// The wrapped animation.
    public let base: any CustomAnimation

    /// Wraps a custom animation.
    @inlinable
    public init<A: CustomAnimation>(_ base: A) {
        self.base = base
    }

    /// Calculates the value of the animation at `time`; see ``CustomAnimation/animate(value:time:context:)``.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: time, context: &context)
    }

    /// The velocity of the animation at `time`, or `nil` if unknown; see
    /// ``CustomAnimation/velocity(value:time:context:)``.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time, context: context)
    }

    /// Whether this animation takes over from `previous`; see
    /// ``CustomAnimation/shouldMerge(previous:value:time:context:)``.
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        base.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }

    /// Equal when both bases have the same concrete type and are equal.
    @inlinable
    public static func == (lhs: Animation, rhs: Animation) -> Bool {
        lhs.base.isEqual(to: rhs.base)
    }

    /// Hashes the base's concrete type and the base.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        base.hash(into: &hasher)
    }
}

extension CustomAnimation {
    /// Whether `other` has this type and is equal to `self`.
    @inlinable
    func isEqual(to other: any CustomAnimation) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
