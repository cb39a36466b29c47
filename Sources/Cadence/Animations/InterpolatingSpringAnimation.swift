#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spring animation evaluated in closed form on a unit interval: `value · sample(time)`.
///
/// It keeps no state and never merges: a new animation is combined with it, so its motion adds to the
/// new one's. It runs until it is within 0.001 of the interval: for an underdamped spring the time its
/// envelope (1 + |e|)·e^(−ζω₀t) reaches 0.001, with e = (ζω₀ − v₀)/ω_d; otherwise the first 0.1 s
/// sample after which it stays within 0.001 for a second. It is logically complete at t ≥ 2π/√k.
///
/// With ζ = 0 (no damping) it oscillates for ever and never finishes. Bad input finishes at once:
/// a mass or stiffness that is not positive and finite, a damping that is negative or not finite, an
/// initial velocity that is not finite, and a NaN time.
@frozen
public struct InterpolatingSpringAnimation: CustomAnimation {
    /// The spring's motion; a spring built from mass, stiffness and damping is at most critically damped.
    public let spring: Spring
    /// The initial velocity, in units of the interval per second.
    public let initialVelocity: Double
    /// When `animate` starts returning `nil`, in seconds; infinite for an undamped spring.
    public let duration: TimeInterval
    @usableFromInline let isValid: Bool
    /// 2π/√k: when it is logically complete (made once, not per frame).
    @usableFromInline let logicalCompletionTime: TimeInterval

    /// Creates an interpolating spring from its physical parameters.
    ///
    /// Damping above critical is treated as critical.
    @inlinable
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, initialVelocity: Double = 0.0) {
        let valid =
            mass > 0 && mass.isFinite && stiffness > 0 && stiffness.isFinite
            && damping >= 0 && damping.isFinite && initialVelocity.isFinite
        self.init(
            spring: Spring(mass: mass, stiffness: stiffness, damping: damping), initialVelocity: initialVelocity,
            isValid: valid)
    }

    /// Creates an interpolating spring that moves as `spring` does (including overdamped motion).
    @inlinable
    public init(_ spring: Spring, initialVelocity: Double = 0.0) {
        let valid =
            spring.stiffness > 0 && spring.stiffness.isFinite && spring.damping.isFinite && initialVelocity.isFinite
        self.init(spring: spring, initialVelocity: initialVelocity, isValid: valid)
    }

    @inlinable
    init(spring: Spring, initialVelocity: Double, isValid: Bool) {
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.isValid = isValid
        self.logicalCompletionTime = 2 * Double.pi / spring.stiffness.squareRoot()
        self.duration =
            isValid ? InterpolatingSpringAnimation.duration(of: spring, initialVelocity: initialVelocity) : 0
    }

    /// The time `spring` takes to come, and stay, within 0.001 of a unit interval.
    @inlinable
    static func duration(of spring: Spring, initialVelocity: Double) -> TimeInterval {
        let epsilon = 0.001
        let omega = spring.angularFrequency, lambda = spring.decayConstant
        if omega > 0 {
            guard lambda > 0 else { return .infinity }
            let e = (lambda - initialVelocity) / omega
            return Swift.max(0, -log(epsilon / (1 + abs(e))) / lambda)
        }
        return scanSettlingTime(epsilon: epsilon) {
            abs(spring.value(target: 1.0, initialVelocity: initialVelocity, time: $0) - 1)
        }
    }

    /// `value · sample(time)` until ``duration``, then `nil`.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        closedForm(value: value, time: time, context: &context).offset
    }

    /// `value · sample′(time)` until ``duration``, then `nil`.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        var context = context
        return closedForm(value: value, time: time, context: &context).velocity
    }

    // MARK: - Motion

    /// `.closedForm`.
    @inlinable
    var motionKind: MotionKind { .closedForm }

    /// The unit spring's position and velocity at `time`; logically complete at t ≥ 2π/√k.
    @inlinable
    func sample(at time: TimeInterval) -> MotionSample {
        guard isValid, time <= duration else { return .finished }
        let t = Swift.max(time, 0)
        let motion = spring.unitMotion(initialVelocity: initialVelocity, time: t)
        return MotionSample(
            fraction: motion.position, rate: motion.velocity,
            isLogicallyComplete: time >= logicalCompletionTime)
    }

    /// ``duration``.
    @inlinable
    var finishTime: TimeInterval { isValid ? duration : 0 }
}

extension InterpolatingSpringAnimation: BuiltInAnimation {}
