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

    // The motion kinds (see `Motion.swift`): implementation details of the built-in animations, each
    // with a default that makes your own animation `.custom`. Do not implement them.

    /// How ``Animation`` evaluates this animation; ``_MotionKind/custom`` (the default) for your own.
    var _motionKind: _MotionKind { get }
    /// A closed-form animation's progress and velocity at `time`, as fractions of the interval.
    func _sample(at time: TimeInterval) -> _MotionSample
    /// When a closed-form animation finishes (infinite if never or unknown).
    var _passDuration: TimeInterval { get }
    /// Advances an integrated animation's clock to `time`, leaving its step matrix in `clock`.
    func _advance(to time: TimeInterval, clock: inout _MotionClock) -> _MotionAdvance
    /// Whether an integrated animation merges with `previous`: the factor from `previous`'s velocity to
    /// the stored one, or `nil` if it does not merge.
    func _mergeVelocityScale(previous: Animation) -> Double?
    /// A path animation's progress along `value` at `time` (`nil` once finished) and its velocity.
    func _path<V: VectorArithmetic>(value: V, time: TimeInterval) -> (offset: V?, velocity: V?)
    /// Starts a new run of an integrated animation at `time`, after it merged with `previous`.
    func _beginRun(at time: TimeInterval, after previous: Animation, clock: inout _MotionClock)
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
