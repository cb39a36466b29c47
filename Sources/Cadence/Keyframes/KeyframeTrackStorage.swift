// The built tracks, and the one unchecked memory access of the keyframe code: a track writes its value
// straight into the property's bytes of the timeline's value. What makes that sound:
// - the offset comes from `MemoryLayout<Root>.offset(of:)` for the track's own key path, so it is the
//   offset of a stored property of type `Value` inside `Root` (or 0 for the root itself); a computed
//   property has none (−1), and its value goes through the key path instead;
// - the pointer is an inout-to-pointer conversion of a live `Root`, valid for the call only;
// - the value written has the property's type, so the write is a plain typed store.

/// Stores `value` at `offset` bytes into the root that `root` points to (an inout-to-pointer
/// conversion at the call, so no generic closure is involved).
@inline(__always)
func storeTrackValue<Root, Value>(_ value: Value, into root: UnsafeMutablePointer<Root>, at offset: Int) {
    (UnsafeMutableRawPointer(root) + offset).assumingMemoryBound(to: Value.self).pointee = value
}

/// The byte offset of the property at `keyPath` when it is a stored property of a struct (or the root
/// itself), else −1.
func storedOffset<Root, Value>(_ keyPath: WritableKeyPath<Root, Value>) -> Int {
    MemoryLayout<Root>.offset(of: keyPath) ?? -1
}

/// Writes a track's value into the root: straight to the property's bytes when it has an `offset`,
/// else through the key path (a computed property, such as a SIMD vector's `x`: slower, and the runtime
/// may allocate).
@inline(__always)
func writeTrackValue<Root, Value>(
    _ value: Value, offset: Int, keyPath: WritableKeyPath<Root, Value>, to root: inout Root
) {
    if offset >= 0 {
        storeTrackValue(value, into: &root, at: offset)
    } else {
        root[keyPath: keyPath] = value
    }
}

/// A built track: its segments, and where its value goes in the root. Tracks of the common value types
/// subclass it (below); a track of any other value type is one of these, evaluated through the type's
/// `VectorArithmetic` witnesses (correct, slower).
class KeyframeTrackStorage<Root, Value: VectorArithmetic>: AnyKeyframeTrack<Root>, @unchecked Sendable {
    final let table: SegmentTable<Value>
    final let offset: Int
    final let keyPath: WritableKeyPath<Root, Value>

    init(keyPath: WritableKeyPath<Root, Value>, table: SegmentTable<Value>) {
        self.keyPath = keyPath
        offset = storedOffset(keyPath)
        self.table = table
        let ends = table.endTimes
        super.init(duration: ends.last ?? 0, keyframeEndTimes: ends)
    }

    deinit { table.deallocate() }

    override func apply(at time: TimeInterval, to root: inout Root) { write(at: time, to: &root) }

    override func apply(at time: TimeInterval, value: inout Root, velocity: inout Root) {
        write(at: time, value: &value, velocity: &velocity)
    }

    /// The value at `time`, into `root`. Always inlined, so that a subclass that fixes `Value` runs it
    /// compiled for that type.
    @inline(__always)
    final func write(at time: TimeInterval, to root: inout Root) {
        writeTrackValue(table.value(at: time), offset: offset, keyPath: keyPath, to: &root)
    }

    /// The value and velocity at `time`, into `value` and `velocity` (always inlined, as above).
    @inline(__always)
    final func write(at time: TimeInterval, value: inout Root, velocity: inout Root) {
        let sample = table.sample(at: time)
        writeTrackValue(sample.value, offset: offset, keyPath: keyPath, to: &value)
        writeTrackValue(sample.velocity, offset: offset, keyPath: keyPath, to: &velocity)
    }
}

// Tracks of the common value types, each a class of its own so that its evaluation is compiled for
// that type while `Root` stays generic: a generic class's overrides run unspecialised, through the value
// type's witnesses, and `@_specialize` cannot fix `Value` alone. Each only restates the two overrides, so
// that the inlined `write` is compiled for its type. Benchmark row: "KeyframeTimeline value(time:), 4
// tracks (cubic, linear, spring)".

/// A `Double` track.
final class DoubleKeyframeTrack<Root>: KeyframeTrackStorage<Root, Double>, @unchecked Sendable {
    override func apply(at time: TimeInterval, to root: inout Root) { write(at: time, to: &root) }
    override func apply(at time: TimeInterval, value: inout Root, velocity: inout Root) {
        write(at: time, value: &value, velocity: &velocity)
    }
}

/// A `SIMD2<Double>` track.
final class SIMD2KeyframeTrack<Root>: KeyframeTrackStorage<Root, SIMD2<Double>>, @unchecked Sendable {
    override func apply(at time: TimeInterval, to root: inout Root) { write(at: time, to: &root) }
    override func apply(at time: TimeInterval, value: inout Root, velocity: inout Root) {
        write(at: time, value: &value, velocity: &velocity)
    }
}

/// A `Float` track.
final class FloatKeyframeTrack<Root>: KeyframeTrackStorage<Root, Float>, @unchecked Sendable {
    override func apply(at time: TimeInterval, to root: inout Root) { write(at: time, to: &root) }
    override func apply(at time: TimeInterval, value: inout Root, velocity: inout Root) {
        write(at: time, value: &value, velocity: &velocity)
    }
}

/// The track for `keyPath`, specialised for `Double`, `SIMD2<Double>` and `Float` values.
func makeKeyframeTrack<Root, Value: VectorArithmetic>(
    keyPath: WritableKeyPath<Root, Value>, initial: Value, keyframes: [Keyframe<Value>]
) -> AnyKeyframeTrack<Root> {
    func concrete<V: VectorArithmetic>(_: V.Type) -> (WritableKeyPath<Root, V>, SegmentTable<V>) {
        // Value is V here (checked by the caller), so the casts cannot fail.
        (
            keyPath as! WritableKeyPath<Root, V>,
            SegmentTable(initial: initial as! V, keyframes: keyframes.map { $0 as! Keyframe<V> })
        )
    }
    if Value.self == Double.self {
        let (path, table) = concrete(Double.self)
        return DoubleKeyframeTrack(keyPath: path, table: table)
    }
    if Value.self == SIMD2<Double>.self {
        let (path, table) = concrete(SIMD2<Double>.self)
        return SIMD2KeyframeTrack(keyPath: path, table: table)
    }
    if Value.self == Float.self {
        let (path, table) = concrete(Float.self)
        return FloatKeyframeTrack(keyPath: path, table: table)
    }
    return KeyframeTrackStorage(keyPath: keyPath, table: SegmentTable(initial: initial, keyframes: keyframes))
}
