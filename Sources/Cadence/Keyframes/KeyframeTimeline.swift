/// A description of how a value changes over time, built from tracks of keyframes, that you evaluate
/// at any time: SwiftUI's `KeyframeTimeline`, for "integrating keyframes into custom use cases".
///
/// ```swift
/// struct Values { var scale = 1.0; var offset = SIMD2<Double>(0, 0) }
///
/// let timeline = KeyframeTimeline(initialValue: Values()) {
///     KeyframeTrack(\.scale) {
///         LinearKeyframe(1.0, duration: 0.36)
///         SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
///         SpringKeyframe(1.0, spring: .bouncy)
///     }
///     KeyframeTrack(\.offset) {
///         CubicKeyframe(SIMD2(0, -60), duration: 0.4)
///         CubicKeyframe(SIMD2(0, 0), duration: 0.4)
///     }
/// }
/// let value = timeline.value(time: 1.2)
/// ```
///
/// **Tracks.** Each track animates one property (or, written without a ``KeyframeTrack``, the whole
/// value) from its value in `initialValue`, plays its keyframes one after the other, then holds its
/// last value. Tracks run in parallel; the timeline's ``duration`` is the longest track's. Properties no
/// track animates keep their initial value. Two tracks of the same property: the later one wins.
///
/// **Segments.** Each keyframe becomes one segment, built once, here, with its own closed form (see
/// ``LinearKeyframe``, ``CubicKeyframe``, ``SpringKeyframe``, ``MoveKeyframe`` for each kind and its
/// velocity rules). Each segment starts where the previous one ended, so the value is continuous
/// except at a move (and a keyframe of zero duration), which jumps. ``value(time:)`` finds each track's
/// segment by binary search and evaluates it: no allocation, and a stored property is written straight
/// into the value rather than through its key path.
///
/// **Times** outside the timeline: before 0 (and NaN) the initial value, after the end the final one,
/// both at rest (velocity zero).
///
/// Two timelines are equal only if one is a copy of the other (they share their built tracks).
public struct KeyframeTimeline<Value> {
    @usableFromInline let initialValue: Value
    @usableFromInline let storage: Storage
    /// The value once every track has ended.
    @usableFromInline var finalValue: Value

    /// The built tracks, shared by copies.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        let tracks: [AnyKeyframeTrack<Value>]
        /// The tracks, unretained (`tracks` keeps them alive): iterating them costs no reference counting.
        @usableFromInline let unretained: [Unmanaged<AnyKeyframeTrack<Value>>]
        @usableFromInline let duration: TimeInterval

        init(tracks: [AnyKeyframeTrack<Value>]) {
            self.tracks = tracks
            unretained = tracks.map { Unmanaged.passUnretained($0) }
            duration = tracks.reduce(0) { Swift.max($0, $1.duration) }
        }
    }

    /// Creates a timeline from `initialValue` and the tracks of `content`.
    ///
    /// - Parameters:
    ///   - initialValue: The value at time 0; each track starts from its property's value here.
    ///   - content: The tracks (or the keyframes of the whole value).
    public init<Content: Keyframes>(initialValue: Value, @KeyframesBuilder<Value> content: () -> Content)
    where Content.Value == Value {
        self.initialValue = initialValue
        var tracks: [AnyKeyframeTrack<Value>] = []
        content().collectTracks(initialValue: initialValue, into: &tracks)
        storage = Storage(tracks: tracks)
        finalValue = initialValue
        finalValue = value(time: storage.duration)
    }

    /// How long the timeline lasts, in seconds: its longest track's duration (0 with no keyframes).
    @inlinable
    public var duration: TimeInterval { storage.duration }

    /// The value at `time` seconds: every track evaluated at `time` (see the type's discussion for
    /// times outside the timeline).
    @inlinable
    public func value(time: TimeInterval) -> Value {
        var value = initialValue
        storage.unretained.withUnsafeBufferPointer { tracks in
            for track in tracks { track._withUnsafeGuaranteedRef { $0.apply(at: time, to: &value) } }
        }
        return value
    }

    /// The value at `progress` through the timeline: `value(time: progress · duration)`. Progress is
    /// clamped to [0, 1]; NaN reads as 0.
    @inlinable
    public func value(progress: Double) -> Value {
        let clamped = progress.isNaN ? 0 : Swift.min(Swift.max(progress, 0), 1)
        return clamped == 1 ? finalValue : value(time: clamped * duration)
    }

    /// For each track, in the order they were written, the times at which its keyframes end: where a
    /// plot marks them. A Cadence addition.
    public var keyframeTimes: [[TimeInterval]] { storage.tracks.map(\.keyframeEndTimes) }

    /// For each track, in order, when it ends. A Cadence addition.
    public var trackDurations: [TimeInterval] { storage.tracks.map(\.duration) }
}

extension KeyframeTimeline {
    /// The velocity at `time` of a value that is not itself ``VectorArithmetic`` (a struct of
    /// animatable properties): every property a track animates holds its velocity (value units per
    /// second, zero outside the track); every other property keeps its *initial value*, as there is no
    /// zero to give it. Read the tracked properties only. A Cadence addition.
    @inlinable
    public func velocity(time: TimeInterval) -> Value {
        var value = initialValue
        var velocity = initialValue
        storage.unretained.withUnsafeBufferPointer { tracks in
            for track in tracks {
                track._withUnsafeGuaranteedRef { $0.apply(at: time, value: &value, velocity: &velocity) }
            }
        }
        return velocity
    }
}

extension KeyframeTimeline where Value: VectorArithmetic {
    /// The velocity (d value / d time, in value units per second) at `time`: each track's exact
    /// derivative in its property, zero in properties no track animates, and zero outside the
    /// timeline. At a join the velocity is the later segment's. A Cadence addition, for handing a
    /// timeline's motion to a spring.
    @inlinable
    public func velocity(time: TimeInterval) -> Value {
        sample(time: time).velocity
    }

    /// The value and the velocity at `time`, from one evaluation of each track. A Cadence addition.
    @inlinable
    public func sample(time: TimeInterval) -> (value: Value, velocity: Value) {
        var value = initialValue
        var velocity = Value.zero
        storage.unretained.withUnsafeBufferPointer { tracks in
            for track in tracks {
                track._withUnsafeGuaranteedRef { $0.apply(at: time, value: &value, velocity: &velocity) }
            }
        }
        return (value, velocity)
    }
}

extension KeyframeTimeline: Hashable {
    /// Whether one timeline is a copy of the other.
    public static func == (lhs: KeyframeTimeline, rhs: KeyframeTimeline) -> Bool { lhs.storage === rhs.storage }

    /// Hashes the shared tracks' identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(storage)) }
}

extension KeyframeTimeline: Sendable where Value: Sendable {}
