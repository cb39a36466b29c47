/// A type-erased ``CustomAnimation``: the value given to whatever animates a change.
///
/// Create one from a built-in (`.spring`, `.easeInOut(duration: 0.3)`, ...) or from your own type with
/// ``init(_:)``. Two animations are equal when their bases have the same concrete type and are equal.
/// Use ``base`` to recover the concrete animation, for example `previous.base as? Self` in
/// ``CustomAnimation/shouldMerge(previous:value:time:context:)``.
///
/// The methods forward to the base. Erasure costs one existential call: bases of up to three words
/// (every built-in but the modifiers) are stored inline without a heap box. A ``SpringAnimation`` base,
/// the default and by far the most common one, is also kept unerased and called directly (see `spring`).
@frozen
public struct Animation: Hashable, Sendable {
    /// The wrapped animation.
    public let base: any CustomAnimation

    /// The base when it is a ``SpringAnimation``, decided once here rather than by a cast per call.
    ///
    /// Speed: through the existential, a spring's generic methods run unspecialised (a chain of type
    /// tests, the value and the state moved through witness tables: ~450 instructions a frame on
    /// `Double`); called on this copy from the inlinable forwarders below they specialise for the
    /// caller's value type. It also spares the runtime and `shouldMerge` their `as? SpringAnimation`
    /// casts (a `swift_dynamicCast` each). Derived from `base`, so equality and hashing ignore it.
    @usableFromInline let spring: SpringAnimation?

    /// Wraps a custom animation.
    @inlinable
    public init<A: CustomAnimation>(_ base: A) {
        self.base = base
        // A type comparison (folded away wherever `A` is known) instead of a dynamic cast.
        spring = A.self == SpringAnimation.self ? unsafeBitCast(base, to: SpringAnimation.self) : nil
    }

    /// Calculates the value of the animation at `time`; see ``CustomAnimation/animate(value:time:context:)``.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        if let spring { return spring.animate(value: value, time: time, context: &context) }
        return base.animate(value: value, time: time, context: &context)
    }

    /// The velocity of the animation at `time`, or `nil` if unknown; see
    /// ``CustomAnimation/velocity(value:time:context:)``.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        if let spring { return spring.velocity(value: value, time: time, context: context) }
        return base.velocity(value: value, time: time, context: context)
    }

    /// Whether this animation takes over from `previous`; see
    /// ``CustomAnimation/shouldMerge(previous:value:time:context:)``.
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        if let spring { return spring.shouldMerge(previous: previous, value: value, time: time, context: &context) }
        return base.shouldMerge(previous: previous, value: value, time: time, context: &context)
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
