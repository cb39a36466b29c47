/// A key for a value in ``EnvironmentValues``.
///
/// Declare a key and a computed property on `EnvironmentValues` to make a value available to
/// animations through `context.environment`:
///
/// ```swift
/// private struct AnimationPausedKey: EnvironmentKey {
///     static var defaultValue: Bool { false }
/// }
/// extension EnvironmentValues {
///     var animationPaused: Bool {
///         get { self[AnimationPausedKey.self] }
///         set { self[AnimationPausedKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value

    /// The value read when nothing has been set for this key.
    static var defaultValue: Value { get }
}

/// The environment an animation runs in: values set by the owner of the animated value and read by
/// animations through ``AnimationContext/environment``.
///
/// A value type keyed by ``EnvironmentKey`` types. Reading a key that was never set returns its
/// `defaultValue`.
public struct EnvironmentValues {
    @usableFromInline var storage: KeyedBoxes

    /// Creates an environment in which every key reads its default value.
    @inlinable
    public init() { storage = KeyedBoxes() }

    /// The value set for `key`, or `key.defaultValue` if none is.
    @inlinable
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { storage.value(for: ObjectIdentifier(key), as: K.Value.self) ?? K.defaultValue }
        set { storage.setValue(newValue, for: ObjectIdentifier(key)) }
    }
}
