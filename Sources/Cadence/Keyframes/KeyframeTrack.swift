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
public struct KeyframeTrack<Root, Value: VectorArithmetic, Content: KeyframeTrackContent>: Keyframes, KeyframesPrimitive
where Content.Value == Value {
    @usableFromInline let keyPath: WritableKeyPath<Root, Value>
    @usableFromInline let keyframes: [Keyframe<Value>]

    /// Creates a track of the property at `keyPath`.
    ///
    /// - Parameters:
    ///   - keyPath: The property the keyframes animate.
    ///   - content: The keyframes, in order.
    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.keyPath = keyPath
        var keyframes: [Keyframe<Value>] = []
        content().collectKeyframes(into: &keyframes)
        self.keyframes = keyframes
    }

    /// Creates a track of the whole value.
    ///
    /// - Parameter content: The keyframes, in order.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) where Root == Value {
        self.init(\Root.self, content: content)
    }

    init(_ keyPath: WritableKeyPath<Root, Value>, keyframes: [Keyframe<Value>]) {
        self.keyPath = keyPath
        self.keyframes = keyframes
    }

    /// The track itself, as a list of one track.
    public var body: _KeyframeTrackList<Root> {
        _KeyframeTrackList([.tracks({ self.appendTracks(initialValue: $0, to: &$1) })])
    }
}

extension KeyframeTrack {
    /// Appends this track, its segments built from the property's initial value.
    func appendTracks(initialValue: Root, to tracks: inout [AnyKeyframeTrack<Root>]) {
        tracks.append(
            makeKeyframeTrack(keyPath: keyPath, initial: initialValue[keyPath: keyPath], keyframes: keyframes))
    }
}

/// A built track of a timeline on `Root`, its value type erased.
///
/// Immutable once made, so it is shared freely between threads.
@usableFromInline
class AnyKeyframeTrack<Root>: @unchecked Sendable {
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
