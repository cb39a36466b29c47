// SwiftUI's keyframe vocabulary: the two content protocols and the four keyframe kinds (the result
// builders are in KeyframeBuilders.swift). The keyframes only describe a track; `KeyframeTrack` turns
// them into segments once, and `KeyframeTimeline` evaluates those. Content is read directly when it
// is a primitive (a keyframe, a track, what a builder built), otherwise through its `body`.

/// One keyframe, as a track stores it: where it goes, how long it takes and how it gets there.
@usableFromInline
struct Keyframe<Value: VectorArithmetic> {
    @usableFromInline
    enum Kind {
        case linear(UnitCurve)
        case cubic(startVelocity: Value?, endVelocity: Value?)
        case spring(Spring, startVelocity: Value?)
        case move
    }

    @usableFromInline var to: Value
    /// Seconds; `nil` only for a spring keyframe without a duration (its spring's settling duration).
    @usableFromInline var duration: TimeInterval?
    @usableFromInline var kind: Kind

    @inlinable
    init(to: Value, duration: TimeInterval?, kind: Kind) {
        self.to = to
        self.duration = duration
        self.kind = kind
    }
}

/// A group of keyframes that define an interpolation curve of an animatable value: a keyframe, or what
/// a ``KeyframeTrackContentBuilder`` builds from several.
///
/// Cadence's keyframe values are ``VectorArithmetic`` values (`Double`, SIMD vectors,
/// ``AnimatablePair``): the track needs to add, subtract and scale them.
///
/// Group keyframes you use more than once in a type of your own, as in SwiftUI:
///
/// ```swift
/// struct Bounce: KeyframeTrackContent {
///     var height: Double
///     var body: some KeyframeTrackContent<Double> {
///         LinearKeyframe(height, duration: 0.2, timingCurve: .easeOut)
///         SpringKeyframe(0.0, spring: .bouncy)
///     }
/// }
/// ```
public protocol KeyframeTrackContent<Value> {
    /// The type of value the keyframes animate.
    associatedtype Value: VectorArithmetic = Body.Value
    /// The type of the keyframes this content is made of.
    associatedtype Body: KeyframeTrackContent where Body.Value == Value

    /// The keyframes this content is made of, in order. A keyframe's body is the keyframe itself.
    @KeyframeTrackContentBuilder<Value> var body: Body { get }
}

/// Content a track takes keyframes from directly: the four keyframe kinds and what the builder built.
/// Any other content is read through its ``KeyframeTrackContent/body``.
protocol KeyframeTrackPrimitive<Value>: KeyframeTrackContent {
    /// Appends this content's keyframes, in order.
    func appendKeyframes(to keyframes: inout [Keyframe<Value>])
}

extension KeyframeTrackContent {
    /// Appends this content's keyframes, in order: a primitive's own, otherwise its body's.
    func collectKeyframes(into keyframes: inout [Keyframe<Value>]) {
        if let primitive = self as? any KeyframeTrackPrimitive<Value> {
            primitive.appendKeyframes(to: &keyframes)
        } else {
            body.collectKeyframes(into: &keyframes)
        }
    }
}

/// A keyframe that interpolates to `to` in a straight line, shaped by a timing curve.
///
/// Its velocity is `(to − from) · timingCurve′(u) / duration`: constant for the default `.linear`.
public struct LinearKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
    /// The value at the end of the keyframe.
    public var to: Value
    /// How long the keyframe takes, in seconds (not finite or negative: 0, a jump).
    public var duration: TimeInterval
    /// The shape of the interpolation.
    public var timingCurve: UnitCurve

    /// Creates a linear keyframe.
    ///
    /// - Parameters:
    ///   - to: The value to reach.
    ///   - duration: How long the keyframe takes, in seconds.
    ///   - timingCurve: The shape of the interpolation; `.linear` by default.
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        self.to = to
        self.duration = duration
        self.timingCurve = timingCurve
    }

    /// The keyframe itself.
    public var body: LinearKeyframe<Value> { return self }
}

extension LinearKeyframe: KeyframeTrackPrimitive {
    func appendKeyframes(to keyframes: inout [Keyframe<Value>]) {
        keyframes.append(Keyframe(to: to, duration: duration, kind: .linear(timingCurve)))
    }
}

/// A keyframe that interpolates to `to` along a cubic (Hermite) curve, as SwiftUI's `CubicKeyframe`.
///
/// Velocities are in value units per second. An unspecified velocity keeps the motion smooth:
/// - between two cubic keyframes the curve is a Catmull-Rom spline: the velocity at the shared
///   keyframe is `(next − previous) / (time of next − time of previous)`;
/// - after another kind of keyframe it starts with that segment's end velocity (0 after a move, and at
///   the start of the track, where the value is at rest);
/// - before a linear keyframe it ends with that segment's initial velocity, before a spring keyframe
///   with the spring's start velocity if it has one (otherwise the Catmull-Rom velocity, which the
///   spring then starts with), and before a move or at the end of the track with 0 (the value then
///   holds still).
/// A specified velocity on one side of a join is used on both sides unless the other side specifies
/// its own.
public struct CubicKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
    /// The value at the end of the keyframe.
    public var to: Value
    /// How long the keyframe takes, in seconds (not finite or negative: 0, a jump).
    public var duration: TimeInterval
    /// The velocity at the start, or `nil` for a smooth join.
    public var startVelocity: Value?
    /// The velocity at the end, or `nil` for a smooth join.
    public var endVelocity: Value?

    /// Creates a cubic keyframe.
    ///
    /// - Parameters:
    ///   - to: The value to reach.
    ///   - duration: How long the keyframe takes, in seconds.
    ///   - startVelocity: The velocity at the start (value units per second); `nil` keeps it smooth.
    ///   - endVelocity: The velocity at the end; `nil` keeps it smooth.
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }

    /// The keyframe itself.
    public var body: CubicKeyframe<Value> { return self }
}

extension CubicKeyframe: KeyframeTrackPrimitive {
    func appendKeyframes(to keyframes: inout [Keyframe<Value>]) {
        keyframes.append(
            Keyframe(to: to, duration: duration, kind: .cubic(startVelocity: startVelocity, endVelocity: endVelocity)))
    }
}

/// A keyframe that moves towards `to` with a spring, as SwiftUI's `SpringKeyframe`.
///
/// The segment is the spring's closed-form motion from the previous value with `startVelocity` (or, if
/// `nil`, the previous segment's end velocity, so the motion stays smooth). Without a duration it lasts
/// the spring's settling duration. With a shorter duration the spring is cut off: the next segment
/// starts from the spring's value and velocity at that time, not from `to`.
public struct SpringKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
    /// The value the spring moves towards.
    public var to: Value
    /// How long the keyframe takes, in seconds, or `nil` for the spring's settling duration.
    public var duration: TimeInterval?
    /// The spring.
    public var spring: Spring
    /// The velocity at the start, or `nil` to continue the previous segment's.
    public var startVelocity: Value?

    /// Creates a spring keyframe.
    ///
    /// - Parameters:
    ///   - to: The value to move towards.
    ///   - duration: How long the keyframe takes; `nil` (the default) for the spring's settling duration.
    ///   - spring: The spring; `Spring()` (duration 0.5, no bounce) by default, as in SwiftUI.
    ///   - startVelocity: The velocity at the start; `nil` continues the previous segment's.
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.spring = spring
        self.startVelocity = startVelocity
    }

    /// The keyframe itself.
    public var body: SpringKeyframe<Value> { return self }
}

extension SpringKeyframe: KeyframeTrackPrimitive {
    func appendKeyframes(to keyframes: inout [Keyframe<Value>]) {
        keyframes.append(Keyframe(to: to, duration: duration, kind: .spring(spring, startVelocity: startVelocity)))
    }
}

/// A keyframe that jumps to `to` at once, without interpolating; it takes no time.
public struct MoveKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
    /// The value to jump to.
    public var to: Value

    /// Creates a move keyframe.
    public init(_ to: Value) {
        self.to = to
    }

    /// The keyframe itself.
    public var body: MoveKeyframe<Value> { return self }
}

extension MoveKeyframe: KeyframeTrackPrimitive {
    func appendKeyframes(to keyframes: inout [Keyframe<Value>]) {
        keyframes.append(Keyframe(to: to, duration: 0, kind: .move))
    }
}

/// A type that provides tracks of keyframes for a ``KeyframeTimeline``: a ``KeyframeTrack``, what a
/// ``KeyframesBuilder`` builds from several, or a type of your own whose ``body`` groups tracks.
public protocol Keyframes<Value> {
    /// The type of the whole value the tracks animate.
    associatedtype Value = Body.Value
    /// The type of the tracks this content is made of.
    associatedtype Body: Keyframes where Body.Value == Value

    /// The tracks this content is made of, in order. A track's body is the track itself.
    @KeyframesBuilder<Value> var body: Body { get }
}

/// Content a timeline takes tracks from directly: a track and what the builder built. Any other
/// content is read through its ``Keyframes/body``.
protocol KeyframesPrimitive<Value>: Keyframes {
    /// Appends this content's tracks, built for the timeline's initial value.
    func appendTracks(initialValue: Value, to tracks: inout [AnyKeyframeTrack<Value>])
}

extension Keyframes {
    /// Appends this content's tracks, built for the timeline's initial value: a primitive's own,
    /// otherwise its body's.
    func collectTracks(initialValue: Value, into tracks: inout [AnyKeyframeTrack<Value>]) {
        if let primitive = self as? any KeyframesPrimitive<Value> {
            primitive.appendTracks(initialValue: initialValue, to: &tracks)
        } else {
            body.collectTracks(initialValue: initialValue, into: &tracks)
        }
    }
}
