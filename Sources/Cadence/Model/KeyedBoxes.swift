/// The storage shared by ``AnimationState`` and ``EnvironmentValues``: a small list of values keyed by
/// the `ObjectIdentifier` of a key type.
///
/// Why not `[ObjectIdentifier: Any]`: a struct larger than three words does not fit `Any`'s inline
/// buffer, so every write would allocate a fresh heap box (a client's state holding a 4-component value is
/// such a struct). Here every value lives in its own typed reference box that a write mutates in place
/// while this storage is its only owner, so a warm write allocates nothing (the benchmarks count
/// mallocs per frame).
/// When the storage has been copied, the box is shared and a write replaces it (copy-on-write), which
/// keeps value semantics. A list beats hashing because an animation stores one to three keys.
@usableFromInline
struct KeyedBoxes {
    @usableFromInline
    struct Entry {
        /// The key, or ``KeyedBoxes/parked`` while the entry is parked (see ``KeyedBoxes/parkAll()``).
        @usableFromInline var key: ObjectIdentifier
        @usableFromInline var box: AnyBox
        /// While parked: the key the box was stored under, so that the same key can take it back.
        @usableFromInline var parkedKey: ObjectIdentifier

        @inlinable
        init(key: ObjectIdentifier, box: AnyBox) {
            self.key = key
            self.box = box
            parkedKey = key
        }
    }

    /// The key of a parked entry: no key type is this type, so lookups never find a parked entry.
    @usableFromInline enum Parked {}

    @usableFromInline static let parked = ObjectIdentifier(Parked.self)

    @usableFromInline var entries: ContiguousArray<Entry>

    @inlinable
    init() { entries = [] }

    // Always inlined: a call per state access costs more than the scan of one to three entries it wraps.
    @inlinable @inline(__always)
    func index(of key: ObjectIdentifier) -> Int? {
        var i = entries.startIndex
        while i < entries.endIndex {
            if entries[i].key == key { return i }
            i += 1
        }
        return nil
    }

    /// The value stored for `key`, which must always be stored with the same type `T`.
    @inlinable
    func value<T>(for key: ObjectIdentifier, as type: T.Type) -> T? {
        // Safe: a key is always stored with one type, because the key type determines its value type.
        index(of: key).map { value(at: $0, as: T.self) }
    }

    /// The value at `index` (from ``index(of:)``), whose key is always stored with type `T`.
    @inlinable
    func value<T>(at index: Int, as type: T.Type) -> T {
        unsafeDowncast(entries[index].box, to: Box<T>.self).value
    }

    /// `body` applied to the value stored for `key` (stored with type `T`), read in place: no copy of
    /// the whole value. `nil` if nothing is stored.
    @inlinable @inline(__always)
    func read<T, R>(for key: ObjectIdentifier, as type: T.Type, _ body: (T) -> R) -> R? {
        guard let i = index(of: key) else { return nil }
        return Unmanaged.passUnretained(unsafeDowncast(entries[i].box, to: Box<T>.self))
            ._withUnsafeGuaranteedRef { body($0.value) }
    }

    @inlinable
    mutating func setValue<T>(_ value: T, for key: ObjectIdentifier) {
        guard let i = index(of: key) else {
            if let parked = unpark(key, as: T.self) {
                unsafeDowncast(entries[parked].box, to: Box<T>.self).value = value
            } else {
                entries.append(Entry(key: key, box: Box(value)))
            }
            return
        }
        if isKnownUniquelyReferenced(&entries[i].box) {
            unsafeDowncast(entries[i].box, to: Box<T>.self).value = value
        } else {
            entries[i].box = Box(value)
        }
    }

    /// Runs `body` on the value stored for `key` in place (created with `defaultValue` if absent, copied
    /// first if its box is shared): one lookup and no copy of the value in or out. Always inlined, so
    /// that the optimiser sees `body` and need not retain the box around it.
    @inlinable @inline(__always)
    mutating func modifyValue<T, R>(for key: ObjectIdentifier, defaultValue: () -> T, _ body: (inout T) -> R) -> R {
        // The entries keep the box alive while `body` runs, and `body` cannot reach them.
        uniqueBox(for: key, defaultValue: defaultValue)._withUnsafeGuaranteedRef { body(&$0.value) }
    }

    /// The box of the value stored for `key`, created with `defaultValue` if absent and copied first if
    /// shared, so that the caller may mutate its value in place. The box stays valid until these
    /// entries next change. Unmanaged, so that using it (`_withUnsafeGuaranteedRef`) costs no retain and
    /// release: with a strong or `unowned(unsafe)` reference the optimiser kept both around every use.
    @inlinable @inline(__always)
    mutating func uniqueBox<T>(for key: ObjectIdentifier, defaultValue: () -> T) -> Unmanaged<Box<T>> {
        let i: Int
        if let found = index(of: key) {
            i = found
            if !isKnownUniquelyReferenced(&entries[i].box) {
                entries[i].box = Box(unsafeDowncast(entries[i].box, to: Box<T>.self).value)
            }
        } else if let parked = unpark(key, as: T.self) {
            i = parked
            unsafeDowncast(entries[i].box, to: Box<T>.self).value = defaultValue()
        } else {
            entries.append(Entry(key: key, box: Box(defaultValue())))
            i = entries.count - 1
        }
        return Unmanaged.passUnretained(unsafeDowncast(entries[i].box, to: Box<T>.self))
    }

    /// Parks every entry: each key then reads as absent, but its box is kept, and the next write of the
    /// same key reuses it instead of allocating (see `AnimationContext.reset()`). Only on the path of a
    /// key's first write after a reset, so lookups of present keys cost nothing more.
    @inlinable
    mutating func parkAll() {
        for i in entries.indices where entries[i].key != KeyedBoxes.parked {
            entries[i].parkedKey = entries[i].key
            entries[i].key = KeyedBoxes.parked
        }
    }

    /// The index of the parked entry of `key`, taken back under `key`, if there is one whose box is not
    /// shared with a copy (a shared box is left to the copy, and a new one is made).
    @inlinable
    mutating func unpark<T>(_ key: ObjectIdentifier, as type: T.Type) -> Int? {
        var i = entries.startIndex
        while i < entries.endIndex {
            if entries[i].key == KeyedBoxes.parked && entries[i].parkedKey == key
                && isKnownUniquelyReferenced(&entries[i].box)
            {
                entries[i].key = key
                return i
            }
            i += 1
        }
        return nil
    }

    @inlinable
    mutating func removeValue(for key: ObjectIdentifier) {
        if let i = index(of: key) { entries.remove(at: i) }
    }
}

/// A type-erased reference box; always a ``Box``.
@usableFromInline
class AnyBox {
    @inlinable
    init() {}
}

/// One stored value, mutated in place when uniquely referenced.
@usableFromInline
final class Box<T>: AnyBox {
    // Only `KeyedBoxes` touches a box, through its own exclusive (inout) access: the dynamic
    // exclusivity check would cost a runtime call on every read and write of a state.
    @exclusivity(unchecked) @usableFromInline var value: T

    @inlinable
    init(_ value: T) {
        self.value = value
        super.init()
    }
}
