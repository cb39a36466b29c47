/// A sequence of keyframes animating one property of a timeline's value: the whole value, or the
/// property at a key path into it.
///
/// ```swift
/// KeyframeTrack(\.scale) {
///     LinearKeyframe(1.0, duration: 0.36)
///     SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
///     SpringKeyframe(1.0, spring: .bouncy)
/// }
/// ```
///
/// The track starts from the property's value in the timeline's initial value, plays its keyframes one
/// after the other and then holds its last value. Keyframes are turned into segments once, when the
/// timeline is made (see ``KeyframeTimeline``). Bad input is made safe there: a duration that is
/// negative or not finite counts as 0 (the keyframe is a jump), a spring keyframe whose spring never
/// settles lasts the spring's ``Spring/duration``, a keyframe whose value is not finite is skipped and
/// a velocity that is not finite counts as unspecified.
public struct KeyframeTrack<Root, Value: VectorArithmetic, Content: KeyframeTrackContent>: Keyframes
where Content.Value == Value {
    @usableFromInline let keyPath: WritableKeyPath<Root, Value>
    @usableFromInline let keyframes: [_Keyframe<Value>]

    /// Creates a track of the property at `keyPath`.
    ///
    /// - Parameters:
    ///   - keyPath: The property the keyframes animate.
    ///   - content: The keyframes, in order.
    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.keyPath = keyPath
        var keyframes: [_Keyframe<Value>] = []
        content()._appendKeyframes(to: &keyframes)
        self.keyframes = keyframes
    }

    /// Creates a track of the whole value.
    ///
    /// - Parameter content: The keyframes, in order.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) where Root == Value {
        self.init(\Root.self, content: content)
    }

    init(_ keyPath: WritableKeyPath<Root, Value>, keyframes: [_Keyframe<Value>]) {
        self.keyPath = keyPath
        self.keyframes = keyframes
    }

    /// Appends this track, its segments built from the property's initial value.
    public func _appendTracks(initialValue: Root, to tracks: inout [_AnyKeyframeTrack<Root>]) {
        tracks.append(
            makeKeyframeTrack(keyPath: keyPath, initial: initialValue[keyPath: keyPath], keyframes: keyframes))
    }
}

/// A built track of a timeline on `Root`, its value type erased: an implementation detail.
///
/// Immutable once made, so it is shared freely between threads.
public class _AnyKeyframeTrack<Root>: @unchecked Sendable {
    /// When the track's last keyframe ends.
    @usableFromInline let duration: TimeInterval
    /// When each keyframe ends, in order.
    @usableFromInline let keyframeEndTimes: [TimeInterval]

    @usableFromInline
    init(duration: TimeInterval, keyframeEndTimes: [TimeInterval]) {
        self.duration = duration
        self.keyframeEndTimes = keyframeEndTimes
    }

    /// Writes the track's value at `time` into `root`.
    @usableFromInline
    func apply(at time: TimeInterval, to root: inout Root) {}

    /// Writes the track's value and velocity at `time` into `value` and `velocity`.
    @usableFromInline
    func apply(at time: TimeInterval, value: inout Root, velocity: inout Root) {}
}

/// One piece of a track: from `start` for `1/rate` seconds, evaluated in closed form.
///
/// Kept small (a timing curve other than `.linear` lives in the table's side list, by index) and
/// evaluated through a pointer, so evaluating one copies only the fields it reads.
@usableFromInline
struct KeyframeSegment<Value: VectorArithmetic> {
    @usableFromInline
    enum Shape {
        /// The same value throughout (a move, or a keyframe that takes no time).
        case hold(Value)
        /// `from + delta · u`: a linear keyframe with the `.linear` curve.
        case line(from: Value, delta: Value)
        /// `from + delta · curve(u)`, the curve at `curve` in the table's list.
        case curve(from: Value, delta: Value, curve: Int)
        /// `c0 + c1·u + c2·u² + c3·u³` (a Hermite cubic in the local fraction u).
        case cubic(Value, Value, Value, Value)
        /// A spring from `from` across `delta` with initial velocity `v0`.
        case spring(from: Value, delta: Value, v0: Value, spring: Spring)
    }

    @usableFromInline var start: TimeInterval
    /// 1 / duration (0 for a segment that takes no time).
    @usableFromInline var rate: Double
    @usableFromInline var shape: Shape

    /// The value and velocity (value units per second) at `time`, which lies in the segment.
    @inlinable @inline(__always)
    static func sample(
        _ segment: UnsafeMutablePointer<Self>, at time: TimeInterval, curves: UnsafeMutablePointer<UnitCurve>
    )
        -> (value: Value, velocity: Value)
    {
        let rate = segment.pointee.rate, local = time - segment.pointee.start
        switch segment.pointee.shape {
        case .hold(let value):
            return (value, .zero)
        case .line(let from, let delta):
            let u = Swift.min(Swift.max(local * rate, 0), 1)
            return (from + delta.scaled(by: u), delta.scaled(by: rate))
        case .curve(let from, let delta, let curve):
            let (fraction, slope) = curves[curve].sample(at: local * rate)
            return (from + delta.scaled(by: fraction), delta.scaled(by: slope * rate))
        case .cubic(let c0, let c1, let c2, let c3):
            let u = Swift.min(Swift.max(local * rate, 0), 1)
            let value = c0 + (c1 + (c2 + c3.scaled(by: u)).scaled(by: u)).scaled(by: u)
            let velocity = (c1 + (c2.scaled(by: 2) + c3.scaled(by: 3 * u)).scaled(by: u)).scaled(by: rate)
            return (value, velocity)
        case .spring(let from, let delta, let v0, let spring):
            let motion = spring.motion(time: Swift.max(local, 0))
            return (
                from + delta.scaled(by: motion.position.target) + v0.scaled(by: motion.position.velocity),
                delta.scaled(by: motion.velocity.target) + v0.scaled(by: motion.velocity.velocity)
            )
        }
    }

    /// The value only.
    @inlinable @inline(__always)
    static func value(
        _ segment: UnsafeMutablePointer<Self>, at time: TimeInterval, curves: UnsafeMutablePointer<UnitCurve>
    ) -> Value {
        let rate = segment.pointee.rate, local = time - segment.pointee.start
        switch segment.pointee.shape {
        case .hold(let value):
            return value
        case .line(let from, let delta):
            return from + delta.scaled(by: Swift.min(Swift.max(local * rate, 0), 1))
        case .curve(let from, let delta, let curve):
            return from + delta.scaled(by: curves[curve].value(at: local * rate))
        case .cubic(let c0, let c1, let c2, let c3):
            let u = Swift.min(Swift.max(local * rate, 0), 1)
            return c0 + (c1 + (c2 + c3.scaled(by: u)).scaled(by: u)).scaled(by: u)
        case .spring(let from, let delta, let v0, let spring):
            let p = spring.motion(time: Swift.max(local, 0)).position
            return from + delta.scaled(by: p.target) + v0.scaled(by: p.velocity)
        }
    }
}

/// A track's segments, when each ends, and its first and last values: everything evaluation needs,
/// generic only in the value type, so that a track of a concrete type (`Double`, SIMD) evaluates in
/// fully specialised code.
@usableFromInline
struct SegmentTable<Value: VectorArithmetic> {
    /// The segments and when each ends, in memory of their own (freed by the owning track's `deinit`
    /// through ``deallocate()``): reading them costs no reference counting, which for arrays held by a
    /// class would cost more than evaluating a segment.
    @usableFromInline let segments: UnsafeMutablePointer<KeyframeSegment<Value>>
    @usableFromInline let ends: UnsafeMutablePointer<TimeInterval>
    @usableFromInline let count: Int
    /// The timing curves of the `.curve` segments.
    @usableFromInline let curves: UnsafeMutablePointer<UnitCurve>
    let curveCount: Int
    @usableFromInline let initial: Value
    /// The value once the track has ended.
    @usableFromInline let final: Value

    init(initial: Value, keyframes: [_Keyframe<Value>]) {
        self.initial = initial
        let built = SegmentTable.build(initial: initial, keyframes: keyframes)
        count = built.segments.count
        segments = .allocate(capacity: Swift.max(count, 1))
        segments.initialize(from: built.segments, count: count)
        ends = .allocate(capacity: Swift.max(count, 1))
        ends.initialize(from: built.segments.map { $0.start + ($0.rate > 0 ? 1 / $0.rate : 0) }, count: count)
        curveCount = built.curves.count
        curves = .allocate(capacity: Swift.max(curveCount, 1))
        curves.initialize(from: built.curves, count: curveCount)
        final = built.final
    }

    /// When each segment ends, as an array.
    var endTimes: [TimeInterval] { Array(UnsafeBufferPointer(start: ends, count: count)) }

    /// Frees the segments: called once, by the owning track's `deinit`.
    func deallocate() {
        segments.deinitialize(count: count)
        segments.deallocate()
        ends.deallocate()
        curves.deinitialize(count: curveCount)
        curves.deallocate()
    }

    /// The index of the segment that shows `time` (the first that ends after it), or `count` once the
    /// track has ended.
    @inlinable @inline(__always)
    func segmentIndex(at time: TimeInterval) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low &+ high) &>> 1
            if ends[middle] > time { high = middle } else { low = middle &+ 1 }
        }
        return low
    }

    /// The value and velocity at `time`: the initial value at rest before 0 (and at a NaN time), the
    /// final value at rest once the track has ended.
    @inlinable @inline(__always)
    func sample(at time: TimeInterval) -> (value: Value, velocity: Value) {
        guard time >= 0 else { return (initial, .zero) }
        let index = segmentIndex(at: time)
        if index == count { return (final, .zero) }
        return KeyframeSegment.sample(segments + index, at: time, curves: curves)
    }

    /// The value at `time` (see ``sample(at:)``).
    @inlinable @inline(__always)
    func value(at time: TimeInterval) -> Value {
        guard time >= 0 else { return initial }
        let index = segmentIndex(at: time)
        if index == count { return final }
        return KeyframeSegment.value(segments + index, at: time, curves: curves)
    }

    // MARK: - Building

    /// Whether every component of `value` is finite.
    static func isFinite(_ value: Value) -> Bool { value.magnitudeSquared.isFinite }

    /// A duration that is negative or not finite counts as 0.
    static func sanitized(_ duration: TimeInterval) -> TimeInterval {
        duration.isFinite && duration > 0 ? duration : 0
    }

    /// How long a keyframe lasts: its duration, or a spring's settling duration (its response if it
    /// never settles).
    static func length(of keyframe: _Keyframe<Value>) -> TimeInterval {
        if let duration = keyframe.duration { return sanitized(duration) }
        if case .spring(let spring, _) = keyframe.kind {
            let settling = spring.settlingDuration
            return sanitized(settling.isFinite ? settling : spring.duration)
        }
        return 0
    }

    /// The segments of `keyframes` from `initial`, in one pass: each segment starts where the previous
    /// one ended (a cut-off spring hands over its value), an unspecified start velocity continues the
    /// previous segment's end velocity, and a cubic's unspecified end velocity looks at the next keyframe.
    static func build(initial: Value, keyframes: [_Keyframe<Value>]) -> (
        segments: [KeyframeSegment<Value>], curves: [UnitCurve], final: Value
    ) {
        let keyframes = keyframes.filter { isFinite($0.to) }
        var segments: [KeyframeSegment<Value>] = []
        var curves: [UnitCurve] = []
        segments.reserveCapacity(keyframes.count)
        var from = initial
        var incoming = Value.zero
        var time: TimeInterval = 0
        for index in keyframes.indices {
            let keyframe = keyframes[index]
            let duration = length(of: keyframe)
            let rate = duration > 0 ? 1 / duration : 0
            let next = index + 1 < keyframes.count ? keyframes[index + 1] : nil
            var end = keyframe.to
            let shape: KeyframeSegment<Value>.Shape
            if duration == 0 {
                // A move, or a keyframe that takes no time: a jump, after which the value is at rest.
                shape = .hold(keyframe.to)
                incoming = .zero
            } else {
                switch keyframe.kind {
                case .move:
                    shape = .hold(keyframe.to)
                    incoming = .zero
                case .linear(let curve):
                    let delta = keyframe.to - from
                    if curve == .linear {
                        shape = .line(from: from, delta: delta)
                    } else {
                        shape = .curve(from: from, delta: delta, curve: curves.count)
                        curves.append(curve)
                    }
                    incoming = delta.scaled(by: curve.velocity(at: 1) * rate)
                case .cubic(let startVelocity, let endVelocity):
                    let m0 = finite(startVelocity) ?? incoming
                    let m1 =
                        finite(endVelocity)
                        ?? Self.endVelocity(before: next, from: from, to: keyframe.to, duration: duration)
                    let delta = keyframe.to - from
                    let d0 = m0.scaled(by: duration), d1 = m1.scaled(by: duration)
                    // Hermite: c2 = 3Δ − 2d0 − d1, c3 = −2Δ + d0 + d1.
                    let c2 = delta.scaled(by: 3) - d0.scaled(by: 2) - d1
                    let c3 = d0 + d1 - delta.scaled(by: 2)
                    shape = .cubic(from, d0, c2, c3)
                    incoming = m1
                case .spring(let spring, let startVelocity):
                    let v0 = finite(startVelocity) ?? incoming
                    let delta = keyframe.to - from
                    shape = .spring(from: from, delta: delta, v0: v0, spring: spring)
                    let (p, v) = spring.motion(time: duration)
                    end = from + delta.scaled(by: p.target) + v0.scaled(by: p.velocity)
                    incoming = delta.scaled(by: v.target) + v0.scaled(by: v.velocity)
                }
            }
            segments.append(KeyframeSegment(start: time, rate: rate, shape: shape))
            from = end
            time += duration
        }
        return (segments, curves, from)
    }

    static func finite(_ velocity: Value?) -> Value? {
        guard let velocity, isFinite(velocity) else { return nil }
        return velocity
    }

    /// A cubic's end velocity when it does not give one, from the keyframe after it (see ``CubicKeyframe``).
    static func endVelocity(before next: _Keyframe<Value>?, from: Value, to: Value, duration: TimeInterval) -> Value {
        guard let next else { return .zero }
        let nextDuration = length(of: next)
        // Catmull-Rom: the slope from the previous keyframe to the next.
        func catmullRom() -> Value {
            let span = duration + nextDuration
            return span > 0 ? (next.to - from).scaled(by: 1 / span) : .zero
        }
        guard nextDuration > 0, isFinite(next.to) else { return .zero }
        switch next.kind {
        case .move:
            return .zero
        case .linear(let curve):
            return (next.to - to).scaled(by: curve.velocity(at: 0) / nextDuration)
        case .cubic(let startVelocity, _):
            return finite(startVelocity) ?? catmullRom()
        case .spring(_, let startVelocity):
            return finite(startVelocity) ?? catmullRom()
        }
    }
}

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

/// A built track of a value type for which there is no specialised track: evaluated through the type's
/// `VectorArithmetic` witnesses (correct, slower).
final class KeyframeTrackStorage<Root, Value: VectorArithmetic>: _AnyKeyframeTrack<Root>, @unchecked Sendable {
    let table: SegmentTable<Value>
    let offset: Int
    let keyPath: WritableKeyPath<Root, Value>

    init(keyPath: WritableKeyPath<Root, Value>, table: SegmentTable<Value>) {
        self.keyPath = keyPath
        offset = storedOffset(keyPath)
        self.table = table
        let ends = table.endTimes
        super.init(duration: ends.last ?? 0, keyframeEndTimes: ends)
    }

    deinit { table.deallocate() }

    override func apply(at time: TimeInterval, to root: inout Root) {
        writeTrackValue(table.value(at: time), offset: offset, keyPath: keyPath, to: &root)
    }

    override func apply(at time: TimeInterval, value: inout Root, velocity: inout Root) {
        let sample = table.sample(at: time)
        writeTrackValue(sample.value, offset: offset, keyPath: keyPath, to: &value)
        writeTrackValue(sample.velocity, offset: offset, keyPath: keyPath, to: &velocity)
    }
}

// Tracks of the common value types, each a class of its own so that its evaluation is compiled for
// that type while `Root` stays generic: a generic class's overrides run unspecialised, through the value
// type's witnesses, and `@_specialize` cannot fix `Value` alone. Benchmark row: "KeyframeTimeline
// value(time:), 4 tracks (cubic, linear, spring)".

/// A `Double` track.
final class DoubleKeyframeTrack<Root>: _AnyKeyframeTrack<Root>, @unchecked Sendable {
    let table: SegmentTable<Double>
    let offset: Int
    let keyPath: WritableKeyPath<Root, Double>

    init(keyPath: WritableKeyPath<Root, Double>, table: SegmentTable<Double>) {
        self.keyPath = keyPath
        offset = storedOffset(keyPath)
        self.table = table
        let ends = table.endTimes
        super.init(duration: ends.last ?? 0, keyframeEndTimes: ends)
    }

    deinit { table.deallocate() }

    override func apply(at time: TimeInterval, to root: inout Root) {
        writeTrackValue(table.value(at: time), offset: offset, keyPath: keyPath, to: &root)
    }

    override func apply(at time: TimeInterval, value: inout Root, velocity: inout Root) {
        let sample = table.sample(at: time)
        writeTrackValue(sample.value, offset: offset, keyPath: keyPath, to: &value)
        writeTrackValue(sample.velocity, offset: offset, keyPath: keyPath, to: &velocity)
    }
}

/// A `SIMD2<Double>` track.
final class SIMD2KeyframeTrack<Root>: _AnyKeyframeTrack<Root>, @unchecked Sendable {
    let table: SegmentTable<SIMD2<Double>>
    let offset: Int
    let keyPath: WritableKeyPath<Root, SIMD2<Double>>

    init(keyPath: WritableKeyPath<Root, SIMD2<Double>>, table: SegmentTable<SIMD2<Double>>) {
        self.keyPath = keyPath
        offset = storedOffset(keyPath)
        self.table = table
        let ends = table.endTimes
        super.init(duration: ends.last ?? 0, keyframeEndTimes: ends)
    }

    deinit { table.deallocate() }

    override func apply(at time: TimeInterval, to root: inout Root) {
        writeTrackValue(table.value(at: time), offset: offset, keyPath: keyPath, to: &root)
    }

    override func apply(at time: TimeInterval, value: inout Root, velocity: inout Root) {
        let sample = table.sample(at: time)
        writeTrackValue(sample.value, offset: offset, keyPath: keyPath, to: &value)
        writeTrackValue(sample.velocity, offset: offset, keyPath: keyPath, to: &velocity)
    }
}

/// A `Float` track.
final class FloatKeyframeTrack<Root>: _AnyKeyframeTrack<Root>, @unchecked Sendable {
    let table: SegmentTable<Float>
    let offset: Int
    let keyPath: WritableKeyPath<Root, Float>

    init(keyPath: WritableKeyPath<Root, Float>, table: SegmentTable<Float>) {
        self.keyPath = keyPath
        offset = storedOffset(keyPath)
        self.table = table
        let ends = table.endTimes
        super.init(duration: ends.last ?? 0, keyframeEndTimes: ends)
    }

    deinit { table.deallocate() }

    override func apply(at time: TimeInterval, to root: inout Root) {
        writeTrackValue(table.value(at: time), offset: offset, keyPath: keyPath, to: &root)
    }

    override func apply(at time: TimeInterval, value: inout Root, velocity: inout Root) {
        let sample = table.sample(at: time)
        writeTrackValue(sample.value, offset: offset, keyPath: keyPath, to: &value)
        writeTrackValue(sample.velocity, offset: offset, keyPath: keyPath, to: &velocity)
    }
}

/// The track for `keyPath`, specialised for `Double`, `SIMD2<Double>` and `Float` values.
func makeKeyframeTrack<Root, Value: VectorArithmetic>(
    keyPath: WritableKeyPath<Root, Value>, initial: Value, keyframes: [_Keyframe<Value>]
) -> _AnyKeyframeTrack<Root> {
    func concrete<V: VectorArithmetic>(_: V.Type) -> (WritableKeyPath<Root, V>, SegmentTable<V>) {
        // Value is V here (checked by the caller), so the casts cannot fail.
        (
            keyPath as! WritableKeyPath<Root, V>,
            SegmentTable(initial: initial as! V, keyframes: keyframes.map { $0 as! _Keyframe<V> })
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
