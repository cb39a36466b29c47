/// A container that stores the state of a custom animation, keyed by ``AnimationStateKey`` types.
///
/// A value type: copying a state and writing one copy leaves the other unchanged. Reading a key that was
/// never written returns the key's `defaultValue` and stores nothing.
///
/// Writes are allocation-free once a key has been written and the state is not shared with a copy: each
/// value lives in its own reference box that is mutated in place (see the storage notes in the source).
///
/// ```swift
/// var state = AnimationState<Double>()
/// state[PausableState<Double>.self].paused = true
/// ```
public struct AnimationState<Value: VectorArithmetic> {
    @usableFromInline var storage: KeyedBoxes

    /// Creates an empty state, in which every key reads its default value.
    @inlinable
    public init() { storage = KeyedBoxes() }

    /// The value stored for `key`, or `key.defaultValue` if none is.
    @inlinable
    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        // No `Optional` in between: a client's animation runs this unspecialised (the runtime calls
        // its generic `animate`), where an `Optional<K.Value>` costs a metadata lookup on every read.
        get {
            guard let index = storage.index(of: ObjectIdentifier(key)) else { return K.defaultValue }
            return storage.value(at: index, as: K.Value.self)
        }
        set { storage.setValue(newValue, for: ObjectIdentifier(key)) }
    }

    /// Removes the value stored for `key`, so that it reads its default value again.
    @inlinable
    public mutating func removeValue<K: AnimationStateKey>(forKey key: K.Type) {
        storage.removeValue(for: ObjectIdentifier(key))
    }
}
