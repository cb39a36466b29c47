/// A type that defines how an animatable value changes over time.
///
/// An animation animates an *interval*: `value` is `newTarget − oldTarget`, and
/// ``animate(value:time:context:)`` returns how far along that interval the animation is at `time`
/// (usually `.zero` at the start and `value` at the end), or `nil` once it has finished. The owner of
/// the animated value shows `target − value + result`.
///
/// Wrap an instance in ``Animation`` with ``Animation/init(_:)`` to use it:
///
/// ```swift
/// struct Linear: CustomAnimation {
///     var duration: TimeInterval
///     func animate<V: VectorArithmetic>(value: V, time: TimeInterval,
///                                       context: inout AnimationContext<V>) -> V? {
///         time > duration ? nil : value.scaled(by: time / duration)
///     }
/// }
/// let animation = Animation(Linear(duration: 1))
/// ```
@preconcurrency
public protocol CustomAnimation: Hashable, Sendable {
    /// Calculates the value of the animation at the specified time.
    ///
    /// - Parameters:
    ///   - value: The interval to animate across (`newTarget − oldTarget`).
    ///   - time: The elapsed time since the start of the animation, in seconds.
    ///   - context: The animation's state and environment; changes are kept for the next call.
    /// - Returns: The progress along `value`, or `nil` if the animation has finished.
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?

    /// Calculates the velocity of the animation at a specified time.
    ///
    /// - Returns: The rate of change of the value returned by ``animate(value:time:context:)``, in
    ///   `value` units per second, or `nil` if it is unknown or the animation has finished. The default
    ///   implementation returns `nil`.
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V?

    /// Determines whether this animation takes over from `previous`, which is running on the same value.
    ///
    /// Called on the new animation with the previous one's interval (`value`), elapsed time and
    /// context. Returning `true` means this animation inherits `context` (as changed here) and the
    /// previous begin time, and the previous animation is removed; `false` means both run and their
    /// results are combined. The default implementation returns `false`.
    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool
}

extension CustomAnimation {
    /// Returns `nil`: the velocity is unknown.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        nil
    }

    /// Returns `false`: a new animation runs alongside the previous one and their results combine.
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        false
    }
}
