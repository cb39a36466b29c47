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
        tracks.append(KeyframeTrackStorage(keyPath: keyPath, initial: initialValue[keyPath: keyPath], keyframes: keyframes))
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
@usableFromInline
struct KeyframeSegment<Value: VectorArithmetic> {
    @usableFromInline
    enum Shape {
        /// The same value throughout (a move, or a keyframe that takes no time).
        case hold(Value)
        /// `from + delta · curve(u)`.
        case curve(from: Value, delta: Value, curve: UnitCurve)
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
    @inlinable
    func sample(at time: TimeInterval) -> (value: Value, velocity: Value) {
        switch shape {
        case .hold(let value):
            return (value, .zero)
        case .curve(let from, let delta, let curve):
            let (fraction, slope) = curve.sample(at: (time - start) * rate)
            return (from + delta.scaled(by: fraction), delta.scaled(by: slope * rate))
        case .cubic(let c0, let c1, let c2, let c3):
            let u = Swift.min(Swift.max((time - start) * rate, 0), 1)
            let value = c0 + (c1 + (c2 + c3.scaled(by: u)).scaled(by: u)).scaled(by: u)
            let velocity = (c1 + (c2.scaled(by: 2) + c3.scaled(by: 3 * u)).scaled(by: u)).scaled(by: rate)
            return (value, velocity)
        case .spring(let from, let delta, let v0, let spring):
            let elapsed = Swift.max(time - start, 0)
            let p = spring.positionCoefficients(time: elapsed)
            let v = spring.velocityCoefficients(time: elapsed)
            return (from + delta.scaled(by: p.target) + v0.scaled(by: p.velocity),
                    delta.scaled(by: v.target) + v0.scaled(by: v.velocity))
        }
    }

    /// The value only.
    @inlinable
    func value(at time: TimeInterval) -> Value {
        switch shape {
        case .hold(let value):
            return value
        case .curve(let from, let delta, let curve):
            return from + delta.scaled(by: curve.value(at: (time - start) * rate))
        case .cubic(let c0, let c1, let c2, let c3):
            let u = Swift.min(Swift.max((time - start) * rate, 0), 1)
            return c0 + (c1 + (c2 + c3.scaled(by: u)).scaled(by: u)).scaled(by: u)
        case .spring(let from, let delta, let v0, let spring):
            let p = spring.positionCoefficients(time: Swift.max(time - start, 0))
            return from + delta.scaled(by: p.target) + v0.scaled(by: p.velocity)
        }
    }
}

/// A built track: its segments, when each ends, and how its value is written into the root (straight
/// to the property's bytes when the key path names a stored property, else through the key path).
@usableFromInline
final class KeyframeTrackStorage<Root, Value: VectorArithmetic>: _AnyKeyframeTrack<Root>, @unchecked Sendable {
    @usableFromInline let keyPath: WritableKeyPath<Root, Value>
    /// The property's byte offset in `Root`, if it is a stored property of a struct (or the root itself).
    @usableFromInline let offset: Int?
    @usableFromInline let segments: [KeyframeSegment<Value>]
    /// When each segment ends, for the search.
    @usableFromInline let ends: [TimeInterval]
    /// The value once the track has ended.
    @usableFromInline let final: Value
    @usableFromInline let initial: Value

    init(keyPath: WritableKeyPath<Root, Value>, initial: Value, keyframes: [_Keyframe<Value>]) {
        self.keyPath = keyPath
        offset = MemoryLayout<Root>.offset(of: keyPath)
        self.initial = initial
        let built = KeyframeTrackStorage.build(initial: initial, keyframes: keyframes)
        segments = built.segments
        ends = built.segments.indices.map { index in
            built.segments[index].start + (built.segments[index].rate > 0 ? 1 / built.segments[index].rate : 0)
        }
        final = built.final
        super.init(duration: ends.last ?? 0, keyframeEndTimes: ends)
    }

    /// The index of the segment that shows `time` (the first that ends after it), or `segments.count`
    /// once the track has ended.
    @inlinable
    func segmentIndex(at time: TimeInterval) -> Int {
        ends.withUnsafeBufferPointer { ends in
            var low = 0, high = ends.count
            while low < high {
                let middle = (low &+ high) &>> 1
                if ends[middle] > time { high = middle } else { low = middle &+ 1 }
            }
            return low
        }
    }

    /// The value and velocity at `time`: the initial value at rest before 0 (and at a NaN time), the
    /// final value at rest once the track has ended.
    @inlinable
    func sample(at time: TimeInterval) -> (value: Value, velocity: Value) {
        guard time >= 0 else { return (initial, .zero) }
        let index = segmentIndex(at: time)
        if index == segments.count { return (final, .zero) }
        return segments.withUnsafeBufferPointer { $0[index].sample(at: time) }
    }

    /// The value at `time` (see ``sample(at:)``).
    @inlinable
    func value(at time: TimeInterval) -> Value {
        guard time >= 0 else { return initial }
        let index = segmentIndex(at: time)
        if index == segments.count { return final }
        return segments.withUnsafeBufferPointer { $0[index].value(at: time) }
    }

    @inlinable
    func write(_ value: Value, to root: inout Root) {
        if let offset {
            withUnsafeMutablePointer(to: &root) {
                UnsafeMutableRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee = value
            }
        } else {
            root[keyPath: keyPath] = value
        }
    }

    @usableFromInline
    override func apply(at time: TimeInterval, to root: inout Root) {
        write(value(at: time), to: &root)
    }

    @usableFromInline
    override func apply(at time: TimeInterval, value: inout Root, velocity: inout Root) {
        let sample = sample(at: time)
        write(sample.value, to: &value)
        write(sample.velocity, to: &velocity)
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
    static func build(initial: Value, keyframes: [_Keyframe<Value>]) -> (segments: [KeyframeSegment<Value>], final: Value) {
        let keyframes = keyframes.filter { isFinite($0.to) }
        var segments: [KeyframeSegment<Value>] = []
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
                    shape = .curve(from: from, delta: delta, curve: curve)
                    incoming = delta.scaled(by: curve.velocity(at: 1) * rate)
                case .cubic(let startVelocity, let endVelocity):
                    let m0 = finite(startVelocity) ?? incoming
                    let m1 = finite(endVelocity)
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
                    let p = spring.positionCoefficients(time: duration)
                    let v = spring.velocityCoefficients(time: duration)
                    end = from + delta.scaled(by: p.target) + v0.scaled(by: p.velocity)
                    incoming = delta.scaled(by: v.target) + v0.scaled(by: v.velocity)
                }
            }
            segments.append(KeyframeSegment(start: time, rate: rate, shape: shape))
            from = end
            time += duration
        }
        return (segments, from)
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
