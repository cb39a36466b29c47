import Cadence

/// An animation that winds up before it goes, like Android's `AnticipateInterpolator`: it first moves
/// back, then accelerates through to the target, over `duration` seconds.
///
/// Progress follows p(u) = u²((tension + 1)·u − tension) for u = time / duration: at rest at the start,
/// lowest at u = 2·tension / (3·(tension + 1)) (−13 % of the way for the default tension of 2), and
/// arriving at speed, as an ease-in does.
public struct AnticipateAnimation: CustomAnimation {
    /// How long the whole motion takes, in seconds.
    public var duration: TimeInterval
    /// How far it winds up: 0 is a plain cubic ease-in; 2 moves back by 13 % of the distance.
    public var tension: Double

    /// Creates an anticipating animation.
    public init(duration: TimeInterval = 0.6, tension: Double = 2) {
        self.duration = duration
        self.tension = tension
    }

    /// The fraction of the way at progress `u` in [0, 1], and its rate per unit of progress.
    public func progress(at u: Double) -> (value: Double, rate: Double) {
        let value = u * u * ((tension + 1) * u - tension)
        let rate = 3 * (tension + 1) * u * u - 2 * tension * u
        return (value, rate)
    }

    /// The progress along `value` at `time`, or `nil` once `duration` has passed.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard duration > 0, time < duration else { return nil }
        return value.scaled(by: progress(at: time / duration).value)
    }

    /// The rate of change of ``animate(value:time:context:)``.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        guard duration > 0, time < duration else { return nil }
        return value.scaled(by: progress(at: time / duration).rate / duration)
    }
}

extension Animation {
    /// An animation that winds up before it goes; see ``AnticipateAnimation``.
    public static func anticipate(duration: TimeInterval = 0.6, tension: Double = 2) -> Animation {
        Animation(AnticipateAnimation(duration: duration, tension: tension))
    }
}
