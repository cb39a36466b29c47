/// A key for accessing a custom animation's state in an ``AnimationState``.
///
/// The key's metatype is the key: `PausableState<Double>` and `PausableState<Float>` are different keys.
/// It is common for the key to be the state itself:
///
/// ```swift
/// struct PausableState<Value: VectorArithmetic>: AnimationStateKey {
///     var paused = false
///     var pauseTime: TimeInterval = 0.0
///     static var defaultValue: Self { .init() }
/// }
/// ```
public protocol AnimationStateKey {
    /// The type of the stored value.
    associatedtype Value

    /// The value read for this key when nothing has been stored.
    static var defaultValue: Value { get }
}
