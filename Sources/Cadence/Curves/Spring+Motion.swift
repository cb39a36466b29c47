#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The closed form of the spring's motion across an interval Δ (the `target`) from rest offset 0 with
// initial velocity v₀. It is linear in Δ and v₀, so it is computed once as scalar coefficients and applied
// to any vector: x(t) = Δ·p + v₀·q, x′(t) = Δ·r + v₀·s.
extension Spring {
    /// The closed form at `time`: the coefficients (of Δ, of v₀) of the position and of the velocity,
    /// from one evaluation of the exponentials and the sine and cosine. The one implementation of the
    /// spring's motion: `value`, `velocity` and `update` here, interpolating springs, spring keyframes
    /// and a merging spring's step matrix where its steps are too stiff to take one by one all use it.
    @inlinable @inline(__always)
    func motion(time t: Double)
        -> (position: (target: Double, velocity: Double), velocity: (target: Double, velocity: Double))
    {
        let omega = angularFrequency, lambda = decayConstant
        if omega > 0 {
            // x = Δ − e^(−λt)[Δ cos ωt + ((λΔ − v₀)/ω) sin ωt]. One division: the quotients by ω share
            // its reciprocal.
            let decay = exp(-lambda * t), (sine, cosine) = sineAndCosine(omega * t), inverse = 1 / omega
            let ratio = lambda * inverse
            return (
                (1 - decay * (cosine + ratio * sine), decay * sine * inverse),
                (decay * (lambda * lambda + omega * omega) * inverse * sine, decay * (cosine - ratio * sine))
            )
        } else if omega == 0 {
            // x = Δ − e^(−λt)[Δ + (λΔ − v₀)t]
            let decay = exp(-lambda * t)
            return ((1 - decay * (1 + lambda * t), decay * t), (decay * lambda * lambda * t, decay * (1 - lambda * t)))
        } else {
            // Overdamped (ω < 0 here): with e₁ = e^((−ω−λ)t), e₂ = e^((ω−λ)t), grouped so that the position
            // is exactly 0 and the velocity exactly v₀ at t = 0.
            let e1 = exp((-omega - lambda) * t), e2 = exp((omega - lambda) * t)
            let mean = (e1 + e2) / 2, half = (e1 - e2) / (2 * omega)
            return ((1 - mean + lambda * half, -half), ((omega * omega - lambda * lambda) * half, mean + lambda * half))
        }
    }

    /// Position and velocity on a unit interval from offset 0 with `initialVelocity` (in intervals per
    /// second) at `time`.
    // Always inlined into its one caller: as a call it handed its two results back through memory.
    @inlinable @inline(__always)
    func unitMotion(initialVelocity v0: Double, time t: Double) -> (position: Double, velocity: Double) {
        let c = motion(time: t)
        return (c.position.target + v0 * c.position.velocity, c.velocity.target + v0 * c.velocity.velocity)
    }

    // MARK: - Position and velocity

    /// The offset of the spring at `time`, travelling the interval `target` from offset 0 with
    /// `initialVelocity`.
    ///
    /// 0 at t = 0; tends to `target` (reached only in the limit). A spring that never moves (ζ = ∞,
    /// infinite duration) stays at 0.
    @inlinable
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let c = motion(time: time).position
        return target.scaled(by: c.target) + initialVelocity.scaled(by: c.velocity)
    }

    /// The offset of the spring at `time` travelling `target` (the `Double` form of the generic method).
    @inlinable
    public func value(target: Double, initialVelocity: Double = 0, time: TimeInterval) -> Double {
        let c = motion(time: time).position
        return target * c.target + initialVelocity * c.velocity
    }

    /// The velocity of the spring at `time`, travelling the interval `target` from offset 0 with
    /// `initialVelocity`: the exact derivative of `value(target:initialVelocity:time:)`.
    ///
    /// Equals `initialVelocity` at t = 0 and tends to zero.
    ///
    /// Deviation from the original: for an overdamped spring this is the true derivative; the original
    /// adds `target` to it, which makes a retargeted overdamped spring jump.
    @inlinable
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let c = motion(time: time).velocity
        return target.scaled(by: c.target) + initialVelocity.scaled(by: c.velocity)
    }

    /// The velocity of the spring at `time` travelling `target` (the `Double` form of the generic method).
    @inlinable
    public func velocity(target: Double, initialVelocity: Double = 0, time: TimeInterval) -> Double {
        let c = motion(time: time).velocity
        return target * c.target + initialVelocity * c.velocity
    }

    /// The value of the spring at `time` moving from `fromValue` to `toValue` with `initialVelocity`:
    /// `fromValue` plus the offset across `toValue − fromValue`, computed on the values'
    /// ``Animatable/animatableData`` (for a vector, the values themselves).
    ///
    /// The result is `toValue` with the spring's data: any part of `V` outside its animatable data is
    /// `toValue`'s. `initialVelocity` contributes its animatable data only.
    @inlinable
    public func value<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        let from = fromValue.animatableData
        let offset = value(
            target: toValue.animatableData - from, initialVelocity: initialVelocity.animatableData, time: time)
        return toValue.replacingAnimatableData(with: from + offset)
    }

    /// The velocity of the spring at `time` moving from `fromValue` to `toValue` with `initialVelocity`,
    /// computed on the values' ``Animatable/animatableData`` and returned as `toValue` with that
    /// velocity as its data (SwiftUI's shape for this method; for a vector, simply the velocity).
    @inlinable
    public func velocity<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        let rate = velocity(
            target: toValue.animatableData - fromValue.animatableData,
            initialVelocity: initialVelocity.animatableData, time: time)
        return toValue.replacingAnimatableData(with: rate)
    }

    // MARK: - Stepping

    /// Advances `value` and `velocity` by `deltaTime` towards `target` along the closed form.
    ///
    /// The velocity becomes the closed-form velocity at `deltaTime`; the value moves by the closed-form
    /// offset across `target − value` started with the old velocity. Exact for any step size.
    @inlinable
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: TimeInterval) {
        let interval = target - value
        let (position, speed) = motion(time: deltaTime)
        let newVelocity = interval.scaled(by: speed.target) + velocity.scaled(by: speed.velocity)
        value += interval.scaled(by: position.target) + velocity.scaled(by: position.velocity)
        velocity = newVelocity
    }

    /// The force on a unit of the spring: `stiffness·(target − position) − damping·velocity`.
    @inlinable
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        (target - position).scaled(by: stiffness) - velocity.scaled(by: damping)
    }

    /// The force on the spring for `Double` values (the `Double` form of the generic method).
    @inlinable
    public func force(target: Double, position: Double, velocity: Double) -> Double {
        stiffness * (target - position) - damping * velocity
    }
}
