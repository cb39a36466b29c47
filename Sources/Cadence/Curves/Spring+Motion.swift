#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The closed forms of the spring's motion across an interval Δ (the `target`) from rest offset 0 with
// initial velocity v₀. Both are linear in Δ and v₀, so they are computed once as two scalar coefficients
// and applied to any vector: x(t) = Δ·p + v₀·q, x′(t) = Δ·r + v₀·s.
extension Spring {
    /// The coefficients (of Δ, of v₀) of the position at `time`.
    @inlinable
    func positionCoefficients(time t: Double) -> (target: Double, velocity: Double) {
        let omega = angularFrequency, lambda = decayConstant
        if omega > 0 {
            // x = Δ − e^(−λt)[Δ cos ωt + ((λΔ − v₀)/ω) sin ωt]
            let decay = exp(-lambda * t), (sine, cosine) = sineAndCosine(omega * t)
            return (1 - decay * (cosine + lambda / omega * sine), decay * sine / omega)
        } else if omega == 0 {
            // x = Δ − e^(−λt)[Δ + (λΔ − v₀)t]
            let decay = exp(-lambda * t)
            return (1 - decay * (1 + lambda * t), decay * t)
        } else {
            // x = Δ[((λ − ω)e₁ + a·e₂)/(2ω) + 1] − v₀(e₁ − e₂)/(2ω), a = −ω − λ, b = ω − λ, rearranged as
            // Δ[1 − (e₁ + e₂)/2 + λ(e₁ − e₂)/(2ω)] so that it is exactly 0 at t = 0.
            let e1 = exp((-omega - lambda) * t), e2 = exp((omega - lambda) * t)
            return (1 - (e1 + e2) / 2 + lambda * (e1 - e2) / (2 * omega), -(e1 - e2) / (2 * omega))
        }
    }

    /// The coefficients (of Δ, of v₀) of the velocity at `time`: the time derivative of the position.
    @inlinable
    func velocityCoefficients(time t: Double) -> (target: Double, velocity: Double) {
        let omega = angularFrequency, lambda = decayConstant
        if omega > 0 {
            let decay = exp(-lambda * t), (sine, cosine) = sineAndCosine(omega * t)
            return (decay * (lambda * lambda + omega * omega) / omega * sine, decay * (cosine - lambda / omega * sine))
        } else if omega == 0 {
            let decay = exp(-lambda * t)
            return (decay * lambda * lambda * t, decay * (1 - lambda * t))
        } else {
            // The derivative of the form above, grouped so that it is exactly v₀ at t = 0.
            let e1 = exp((-omega - lambda) * t), e2 = exp((omega - lambda) * t)
            return (
                (omega * omega - lambda * lambda) * (e1 - e2) / (2 * omega),
                (e1 + e2) / 2 + lambda * (e1 - e2) / (2 * omega)
            )
        }
    }

    /// Position and velocity on a unit interval from offset 0 with `initialVelocity` (in intervals per
    /// second) at `time`, from one evaluation of the exponentials and trigonometric functions.
    @inlinable
    func unitMotion(initialVelocity v0: Double, time t: Double) -> (position: Double, velocity: Double) {
        let omega = angularFrequency, lambda = decayConstant
        if omega > 0 {
            // One division: the three quotients by ω share its reciprocal.
            let decay = exp(-lambda * t), (sine, cosine) = sineAndCosine(omega * t), inverse = 1 / omega
            let ratio = lambda * inverse
            let position = 1 - decay * (cosine + ratio * sine) + v0 * decay * sine * inverse
            let velocity =
                decay * (lambda * lambda + omega * omega) * inverse * sine
                + v0 * decay * (cosine - ratio * sine)
            return (position, velocity)
        } else if omega == 0 {
            let decay = exp(-lambda * t)
            return (
                1 - decay * (1 + lambda * t) + v0 * decay * t,
                decay * lambda * lambda * t + v0 * decay * (1 - lambda * t)
            )
        } else {
            let e1 = exp((-omega - lambda) * t), e2 = exp((omega - lambda) * t)
            let position = 1 - (e1 + e2) / 2 + lambda * (e1 - e2) / (2 * omega) - v0 * (e1 - e2) / (2 * omega)
            let velocity =
                (omega * omega - lambda * lambda) * (e1 - e2) / (2 * omega)
                + v0 * ((e1 + e2) / 2 + lambda * (e1 - e2) / (2 * omega))
            return (position, velocity)
        }
    }

    // MARK: - Position and velocity

    /// The offset of the spring at `time`, travelling the interval `target` from offset 0 with
    /// `initialVelocity`.
    ///
    /// 0 at t = 0; tends to `target` (reached only in the limit). A spring that never moves (ζ = ∞,
    /// infinite duration) stays at 0.
    @inlinable
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let c = positionCoefficients(time: time)
        return target.scaled(by: c.target) + initialVelocity.scaled(by: c.velocity)
    }

    /// The offset of the spring at `time` travelling `target` (the `Double` form of the generic method).
    @inlinable
    public func value(target: Double, initialVelocity: Double = 0, time: TimeInterval) -> Double {
        let c = positionCoefficients(time: time)
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
        let c = velocityCoefficients(time: time)
        return target.scaled(by: c.target) + initialVelocity.scaled(by: c.velocity)
    }

    /// The velocity of the spring at `time` travelling `target` (the `Double` form of the generic method).
    @inlinable
    public func velocity(target: Double, initialVelocity: Double = 0, time: TimeInterval) -> Double {
        let c = velocityCoefficients(time: time)
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
        let position = positionCoefficients(time: deltaTime)
        let speed = velocityCoefficients(time: deltaTime)
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
