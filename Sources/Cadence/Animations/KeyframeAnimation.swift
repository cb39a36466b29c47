/// Plays a ``KeyframeTimeline`` on an animated value: the value follows the timeline's path, shifted
/// so that it ends exactly on the target.
///
/// Set the target to the timeline's final value with this animation (``AnimatedValue/play(_:from:completion:)``
/// does it for you), and the value shows the timeline exactly:
///
/// ```swift
/// let pose = AnimatedValue(timeline.value(time: 0))
/// pose.play(timeline)              // = pose.set(timeline.value(progress: 1), animation: .keyframes(timeline))
/// ```
///
/// **Semantics.** Across an interval `value` (target − where the change began), progress at `time` is
/// `value + p(startTime + time) − p(end)`, where p is the timeline: the value shown is then
/// `target + p(startTime + time) − p(end)` — the path itself when the target is the path's end, the path
/// moved to end on the target otherwise (so it jumps there at the start instead of at the end). The
/// velocity is the timeline's exact velocity. The animation finishes when `startTime + time` passes the
/// timeline's duration; it never merges (a new animation is combined with it) and a spring given while
/// it runs takes over its position and velocity, as from any other animation. Delays, speeds and
/// repeats apply to it as to your own animations (a repeat starts each pass at the frame that sees the
/// previous one end).
///
/// **Why a path, not a closed form.** A closed-form animation's progress is the interval times a
/// function of time; a keyframe path is not (its tracks move independently, and a path that comes back
/// where it started has a zero interval yet moves). So this animation has its own motion kind,
/// `MotionKind.path`: one call gives progress and velocity in the value's own space.
///
/// **Value types.** It animates values of the timeline's type `Value`. On a value of any other type it
/// finishes at once (the target is shown).
public struct KeyframeAnimation<Value: VectorArithmetic & Sendable>: CustomAnimation {
    /// The timeline played.
    public var timeline: KeyframeTimeline<Value>
    /// Where in the timeline the animation begins, in seconds (negative or NaN: 0).
    public var startTime: TimeInterval

    /// Creates an animation that plays `timeline` from `startTime`.
    public init(_ timeline: KeyframeTimeline<Value>, startTime: TimeInterval = 0) {
        self.timeline = timeline
        self.startTime = startTime
    }

    /// The time in the timeline at the animation's `time`.
    @inlinable
    func timelineTime(_ time: TimeInterval) -> TimeInterval {
        (startTime > 0 && startTime.isFinite ? startTime : 0) + Swift.max(time, 0)
    }

    /// The progress along `value`: `value + p(startTime + time) − p(end)`; `nil` once finished.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        pathMotion(value: value, time: time).offset
    }

    /// The timeline's velocity at `startTime + time`; `nil` once finished.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        pathMotion(value: value, time: time).velocity
    }

    // MARK: - Motion

    /// `.path`.
    @inlinable
    var motionKind: MotionKind { .path }

    /// The progress and velocity, from one evaluation of the timeline.
    // The runtime reaches this through the animation's existential, where Swift runs the generic body,
    // and the timeline's generic code then looks up type metadata several times a call: hence the
    // specialisations for the common value types (benchmark row "animate .keyframes(timeline), Double,
    // 60 fps"). In them the casts below cost nothing (`V` is `Value`).
    @inlinable
    @_specialize(where Value == Double, V == Double)
    @_specialize(where Value == Float, V == Float)
    @_specialize(where Value == SIMD2<Double>, V == SIMD2<Double>)
    func pathMotion<V: VectorArithmetic>(value: V, time: TimeInterval) -> (offset: V?, velocity: V?) {
        guard V.self == Value.self, !time.isNaN else { return (nil, nil) }
        let at = timelineTime(time)
        let duration = timeline.duration
        guard at <= duration else { return (nil, nil) }
        let interval = value as! Value
        let (shown, velocity) = timeline.sample(time: at)
        let offset = interval + shown - timeline.finalValue
        return (.some(offset as! V), .some(velocity as! V))
    }

    /// The rest of the timeline from `startTime`.
    @inlinable
    var finishTime: TimeInterval { Swift.max(timeline.duration - timelineTime(0), 0) }
}

extension KeyframeAnimation: BuiltInAnimation {}

extension Animation {
    /// An animation that plays `timeline` from `startTime` seconds into it; see ``KeyframeAnimation``.
    public static func keyframes<Value: VectorArithmetic & Sendable>(
        _ timeline: KeyframeTimeline<Value>, startTime: TimeInterval = 0
    ) -> Animation {
        Animation(KeyframeAnimation(timeline, startTime: startTime))
    }
}

extension AnimatedValue where Value: VectorArithmetic & Sendable {
    /// Plays `timeline` from `startTime`: sets the target to the timeline's final value with
    /// ``Animation/keyframes(_:startTime:)``, so the value follows the timeline exactly (see
    /// ``KeyframeAnimation``). Returns whether the target was accepted.
    @discardableResult
    public func play(
        _ timeline: KeyframeTimeline<Value>, from startTime: TimeInterval = 0,
        completion: (() -> Void)? = nil
    ) -> Bool {
        set(timeline.value(progress: 1), animation: .keyframes(timeline, startTime: startTime), completion: completion)
    }
}
