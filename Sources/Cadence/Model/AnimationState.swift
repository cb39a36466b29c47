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
    /// A merging spring's motion (the built-in integrated state), in a box of its own rather than among the
    /// keyed values, so that a frame follows one reference to it, not two (benchmark row "AnimatedValue
    /// update, merging .spring, 10,000 SIMD2<Double>"). Part of the state, so that a copy given another
    /// state runs a spring of its own, as with any key.
    @usableFromInline var integratedBox: Box<IntegratedMotionState<Value>>?

    /// Creates an empty state, in which every key reads its default value.
    @inlinable
    public init() {
        storage = KeyedBoxes()
        integratedBox = nil
    }

    /// The integrated motion: what was stored, or a motion at rest at time 0. Read as a copy without its
    /// clock's scratch (matrices the clock made itself, which a copy makes again if it needs them) and
    /// without retaining the box, so that a copy costs no reference count: a velocity advances one and
    /// drops it (benchmark row "Inspector lane: re-sample curve and readouts").
    @inlinable
    var integrated: IntegratedMotionState<Value> {
        get {
            guard integratedBox != nil else { return IntegratedMotionState() }
            return Unmanaged.passUnretained(integratedBox.unsafelyUnwrapped)._withUnsafeGuaranteedRef { box in
                withUnsafePointer(to: &box.value.clock) {
                    IntegratedMotionState(vector: box.value.vector, clock: MotionClock(withoutScratch: $0))
                }
            }
        }
        set { uniqueIntegratedBox()._withUnsafeGuaranteedRef { $0.value = newValue } }
    }

    /// The integrated motion's box, made at rest if absent and copied first if shared, so that the caller
    /// may change it in place. Valid until this state next changes; unmanaged, so that using it costs no
    /// retain and release (as `KeyedBoxes.uniqueBox(for:defaultValue:)`).
    @inlinable @inline(__always)
    mutating func uniqueIntegratedBox() -> Unmanaged<Box<IntegratedMotionState<Value>>> {
        if integratedBox == nil {
            integratedBox = Box(IntegratedMotionState())
        } else if !isKnownUniquelyReferenced(&integratedBox) {
            integratedBox = Box(integratedBox.unsafelyUnwrapped.value)
        }
        return Unmanaged.passUnretained(integratedBox.unsafelyUnwrapped)
    }

    /// Every key reads its default again, but the storage is kept for the next writes (see
    /// ``AnimationContext/reset()``); a box shared with a copy is left to the copy.
    @inlinable
    mutating func reset() {
        storage.parkAll()
        guard integratedBox != nil else { return }
        if isKnownUniquelyReferenced(&integratedBox) {
            integratedBox.unsafelyUnwrapped.value.reset()
        } else {
            integratedBox = nil
        }
    }

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
