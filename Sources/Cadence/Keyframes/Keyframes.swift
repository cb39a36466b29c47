// SwiftUI's keyframe vocabulary: the four keyframe kinds, the content protocol and the two result
// builders. The keyframes only describe a track; `KeyframeTrack` turns them into segments once, and
// `KeyframeTimeline` evaluates those. One file over 300 lines because SwiftUI declares these as one
// vocabulary and a porter looks for them together.

/// One keyframe, as a track stores it: where it goes, how long it takes and how it gets there.
/// An implementation detail of the keyframe types.
public struct _Keyframe<Value: VectorArithmetic> {
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
public protocol KeyframeTrackContent<Value> {
    /// The type of value the keyframes animate.
    associatedtype Value: VectorArithmetic

    /// Appends this content's keyframes, in order. An implementation detail: do not call it.
    func _appendKeyframes(to keyframes: inout [_Keyframe<Value>])
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

    /// Appends this keyframe.
    public func _appendKeyframes(to keyframes: inout [_Keyframe<Value>]) {
        keyframes.append(_Keyframe(to: to, duration: duration, kind: .linear(timingCurve)))
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

    /// Appends this keyframe.
    public func _appendKeyframes(to keyframes: inout [_Keyframe<Value>]) {
        keyframes.append(
            _Keyframe(to: to, duration: duration, kind: .cubic(startVelocity: startVelocity, endVelocity: endVelocity)))
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

    /// Appends this keyframe.
    public func _appendKeyframes(to keyframes: inout [_Keyframe<Value>]) {
        keyframes.append(_Keyframe(to: to, duration: duration, kind: .spring(spring, startVelocity: startVelocity)))
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

    /// Appends this keyframe.
    public func _appendKeyframes(to keyframes: inout [_Keyframe<Value>]) {
        keyframes.append(_Keyframe(to: to, duration: 0, kind: .move))
    }
}

/// The keyframes a ``KeyframeTrackContentBuilder`` built: their list, in order.
public struct _KeyframeList<Value: VectorArithmetic>: KeyframeTrackContent {
    @usableFromInline var keyframes: [_Keyframe<Value>]

    @inlinable
    init(_ keyframes: [_Keyframe<Value>]) { self.keyframes = keyframes }

    /// Appends the keyframes.
    public func _appendKeyframes(to keyframes: inout [_Keyframe<Value>]) {
        keyframes.append(contentsOf: self.keyframes)
    }
}

/// The result builder of a track's keyframes: keyframes in order, with `if`, `if … else` and `for`.
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: VectorArithmetic> {
    /// One keyframe or group of keyframes.
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeList<Value>
    where K.Value == Value {
        var keyframes: [_Keyframe<Value>] = []
        expression._appendKeyframes(to: &keyframes)
        return _KeyframeList(keyframes)
    }

    /// The keyframes in order.
    public static func buildBlock(_ components: _KeyframeList<Value>...) -> _KeyframeList<Value> {
        _KeyframeList(components.flatMap(\.keyframes))
    }

    /// The keyframes of an `if` whose condition held, or none.
    public static func buildOptional(_ component: _KeyframeList<Value>?) -> _KeyframeList<Value> {
        component ?? _KeyframeList([])
    }

    /// The first branch of an `if … else`.
    public static func buildEither(first component: _KeyframeList<Value>) -> _KeyframeList<Value> { component }

    /// The second branch of an `if … else`.
    public static func buildEither(second component: _KeyframeList<Value>) -> _KeyframeList<Value> { component }

    /// The keyframes of every pass of a `for` loop, in order.
    public static func buildArray(_ components: [_KeyframeList<Value>]) -> _KeyframeList<Value> {
        _KeyframeList(components.flatMap(\.keyframes))
    }

    /// The keyframes of an availability check.
    public static func buildLimitedAvailability(_ component: _KeyframeList<Value>) -> _KeyframeList<Value> { component }
}

/// A type that provides tracks of keyframes for a ``KeyframeTimeline``: a ``KeyframeTrack``, or what a
/// ``KeyframesBuilder`` builds from several.
public protocol Keyframes<Value> {
    /// The type of the whole value the tracks animate.
    associatedtype Value

    /// Appends this content's tracks, built for the timeline's initial value. An implementation
    /// detail: do not call it.
    func _appendTracks(initialValue: Value, to tracks: inout [_AnyKeyframeTrack<Value>])
}

/// The tracks a ``KeyframesBuilder`` built, in order.
public struct _KeyframeTrackList<Value>: Keyframes {
    @usableFromInline
    enum Item {
        /// Tracks to append.
        case tracks((Value, inout [_AnyKeyframeTrack<Value>]) -> Void)
        /// Keyframes of the whole value (each a `_Keyframe<Value>`), and how to make their track.
        case keyframes([Any], makeTrack: (Value, [Any]) -> _AnyKeyframeTrack<Value>)
    }

    @usableFromInline var items: [Item]

    @inlinable
    init(_ items: [Item]) { self.items = items }

    /// Appends the tracks; each run of keyframes written directly becomes one track of the whole value.
    public func _appendTracks(initialValue: Value, to tracks: inout [_AnyKeyframeTrack<Value>]) {
        var run: [Any] = []
        var makeRun: ((Value, [Any]) -> _AnyKeyframeTrack<Value>)?
        func endRun() {
            if let make = makeRun { tracks.append(make(initialValue, run)) }
            run = []
            makeRun = nil
        }
        for item in items {
            switch item {
            case .tracks(let append):
                endRun()
                append(initialValue, &tracks)
            case .keyframes(let keyframes, let make):
                run += keyframes
                if makeRun == nil { makeRun = make }
            }
        }
        endRun()
    }
}

/// The result builder of a timeline's tracks: ``KeyframeTrack``s in order (with `if`, `if … else` and
/// `for`), or keyframes written directly, which animate the whole value: consecutive ones form one
/// track, as in `KeyframeTrack { … }`.
@resultBuilder
public enum KeyframesBuilder<Value> {
    /// One track or group of tracks.
    public static func buildExpression<K: Keyframes>(_ expression: K) -> _KeyframeTrackList<Value>
    where K.Value == Value {
        _KeyframeTrackList([.tracks({ expression._appendTracks(initialValue: $0, to: &$1) })])
    }

    /// Keyframes of the whole value.
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeTrackList<Value>
    where K.Value == Value {
        var keyframes: [_Keyframe<Value>] = []
        expression._appendKeyframes(to: &keyframes)
        return _KeyframeTrackList([
            .keyframes(
                keyframes.map { $0 as Any },
                makeTrack: { initialValue, run in
                    let track = KeyframeTrack<Value, Value, _KeyframeList<Value>>(
                        \Value.self, keyframes: run.map { $0 as! _Keyframe<Value> })
                    var tracks: [_AnyKeyframeTrack<Value>] = []
                    track._appendTracks(initialValue: initialValue, to: &tracks)
                    return tracks[0]
                })
        ])
    }

    /// The tracks in order.
    public static func buildBlock(_ components: _KeyframeTrackList<Value>...) -> _KeyframeTrackList<Value> {
        _KeyframeTrackList(components.flatMap(\.items))
    }

    /// The tracks of an `if` whose condition held, or none.
    public static func buildOptional(_ component: _KeyframeTrackList<Value>?) -> _KeyframeTrackList<Value> {
        component ?? _KeyframeTrackList([])
    }

    /// The first branch of an `if … else`.
    public static func buildEither(first component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> {
        component
    }

    /// The second branch of an `if … else`.
    public static func buildEither(second component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> {
        component
    }

    /// The tracks of every pass of a `for` loop, in order.
    public static func buildArray(_ components: [_KeyframeTrackList<Value>]) -> _KeyframeTrackList<Value> {
        _KeyframeTrackList(components.flatMap(\.items))
    }

    /// The tracks of an availability check.
    public static func buildLimitedAvailability(_ component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> {
        component
    }
}
