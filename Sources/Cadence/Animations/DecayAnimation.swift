#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inertia: exponential deceleration, as a scroll view coasts after a flick.
///
/// The velocity falls by the factor ``decelerationRate`` every millisecond (UIScrollView's rates:
/// ``normal`` 0.998, ``fast`` 0.99), that is, as e^(−kt) with k = −1000·ln(rate) per second. On an
/// interval the progress is `interval · (1 − e^(−kt))` and the velocity `interval · k·e^(−kt)`, in
/// closed form, so the animation starts at velocity `interval · k`. To throw a value at velocity v,
/// give it the target `position + project(velocity: v)` (the resting point, v/k away): its initial
/// velocity is then exactly v. ``AnimatedValue/decay(decelerationRate:restDistance:)`` does both.
///
/// It finishes (and rests on the target) once the distance left is ``restFraction`` of the interval,
/// at t = ln(1/restFraction)/k; it is logically complete once 99 % of the way (or when it finishes, if
/// that is earlier). It never merges: a later animation is combined with it (a spring merges with it).
///
/// Bad input finishes at once: a rate that is not strictly between 0 and 1, a rest fraction that is not
/// positive and finite (a fraction of 1 or more means nothing is left to cover), and a NaN time.
@frozen
public struct DecayAnimation: CustomAnimation {
    /// UIScrollView's `.normal` deceleration rate: the velocity keeps 99.8 % of itself per millisecond.
    public static let normal = 0.998
    /// UIScrollView's `.fast` deceleration rate: 99 % per millisecond.
    public static let fast = 0.99

    /// The factor the velocity keeps per millisecond, strictly between 0 and 1.
    public let decelerationRate: Double
    /// The fraction of the interval left when the animation finishes, in (0, 1).
    public let restFraction: Double
    /// k = −1000·ln(decelerationRate), per second (0 when the rate is bad).
    public let decayConstant: Double

    /// Creates a decay that finishes with `restFraction` of its interval left.
    @inlinable
    public init(decelerationRate: Double = DecayAnimation.normal, restFraction: Double = 0.001) {
        self.decelerationRate = decelerationRate
        self.restFraction = restFraction
        decayConstant = decelerationRate > 0 && decelerationRate < 1 ? -1000 * log(decelerationRate) : 0
    }

    /// Creates a decay for a throw at `velocity` that finishes `restDistance` (in the value's units,
    /// by magnitude) short of its resting point; 0.5 suits pixels. A zero velocity, or a rest distance
    /// that is not positive and finite, gives a decay that finishes at once.
    @inlinable
    public init<V: VectorArithmetic>(
        decelerationRate: Double = DecayAnimation.normal, velocity: V, restDistance: Double = 0.5
    ) {
        let k = decelerationRate > 0 && decelerationRate < 1 ? -1000 * log(decelerationRate) : 0
        let distance = k > 0 ? velocity.magnitudeSquared.squareRoot() / k : 0
        let fraction = restDistance > 0 && distance.isFinite && distance > restDistance ? restDistance / distance : 1
        self.init(decelerationRate: decelerationRate, restFraction: fraction)
    }

    /// The resting point's offset for a throw at `velocity`: velocity / k, where k = −1000·ln(rate).
    /// (UIScrollView's discrete form, v/1000 · rate/(1 − rate), differs from it by about 0.1 % at the
    /// usual rates.) `.zero` for a bad rate.
    @inlinable
    public static func project<V: VectorArithmetic>(velocity: V, decelerationRate: Double = DecayAnimation.normal) -> V
    {
        guard decelerationRate > 0, decelerationRate < 1 else { return .zero }
        return velocity.scaled(by: 1 / (-1000 * log(decelerationRate)))
    }

    @inlinable
    var isValid: Bool { decayConstant > 0 && decayConstant.isFinite && restFraction > 0 && restFraction < 1 }

    /// `value · (1 − e^(−kt))` until it finishes, then `nil`.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        closedForm(value: value, time: time, context: &context).offset
    }

    /// `value · k·e^(−kt)` until it finishes, then `nil`.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        var context = context
        return closedForm(value: value, time: time, context: &context).velocity
    }

    // MARK: - Motion

    /// `.closedForm`.
    @inlinable
    var motionKind: MotionKind { .closedForm }

    /// 1 − e^(−kt) and k·e^(−kt) (times before 0 count as 0); finished at ``finishTime``.
    @inlinable
    func sample(at time: TimeInterval) -> MotionSample {
        guard isValid, time < finishTime else { return .finished }
        let k = decayConstant
        let t = Swift.max(time, 0)
        let remaining = exp(-k * t)
        return MotionSample(
            fraction: -expm1(-k * t), rate: k * remaining,
            isLogicallyComplete: remaining <= 0.01)
    }

    /// ln(1/restFraction)/k: when the distance left reaches ``restFraction`` of the interval.
    @inlinable
    var finishTime: TimeInterval { isValid ? -log(restFraction) / decayConstant : 0 }
}

extension DecayAnimation: BuiltInAnimation {}

extension Animation {
    /// Inertia at UIScrollView's normal rate (0.998 per ms); see ``DecayAnimation``.
    public static var decay: Animation { Animation(DecayAnimation()) }

    /// Inertia at `decelerationRate` per millisecond, finishing with `restFraction` of the interval
    /// left; see ``DecayAnimation``.
    @inlinable
    public static func decay(decelerationRate: Double, restFraction: Double = 0.001) -> Animation {
        Animation(DecayAnimation(decelerationRate: decelerationRate, restFraction: restFraction))
    }
}
