#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Spring {
    /// The time the spring takes to come within 0.001 of a unit interval from rest, in seconds.
    ///
    /// Infinite when the spring never decays (ζ = 0, or a spring that never moves). For a critically
    /// damped or overdamped spring it is a multiple of 0.1 s (`Spring()` gives 0.8).
    @inlinable
    public var settlingDuration: TimeInterval {
        settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)
    }

    /// The time the spring takes to come, and stay, within `epsilon` of `target`.
    ///
    /// - Underdamped: the time the envelope `(‖λ·target − v₀‖ + ‖target‖)e^(−λt)` falls to `epsilon`
    ///   (0 if it starts below).
    /// - Critical and overdamped: the first of the samples 0, 0.1, 0.2, … after which the distance stays
    ///   below `epsilon` for more than 1 s; the scan stops after 1024 samples, returning 102.4 s.
    /// - Infinite when λ = 0 (no decay) or `epsilon` is not positive (including NaN).
    @inlinable
    public func settlingDuration<V: VectorArithmetic>(
        target: V, initialVelocity: V = .zero, epsilon: Double
    ) -> TimeInterval {
        guard decayConstant > 0, epsilon > 0 else { return .infinity }
        if angularFrequency > 0 {
            let envelope =
                (target.scaled(by: decayConstant) - initialVelocity).magnitudeSquared.squareRoot()
                + target.magnitudeSquared.squareRoot()
            return Swift.max(0, -log(epsilon / envelope) / decayConstant)
        }
        return scanSettlingTime(epsilon: epsilon) {
            (value(target: target, initialVelocity: initialVelocity, time: $0) - target).magnitudeSquared.squareRoot()
        }
    }
}

/// The first of the times 0, 0.1, 0.2, … (at most 1024 of them) after which `distance` stays below
/// `epsilon` for more than one second; 102.4 if there is none.
///
/// Sampling is how the original times springs whose closed form has no simple envelope (critical and
/// overdamped ones); the result is therefore a multiple of 0.1 s.
@inlinable
func scanSettlingTime(epsilon: Double, distance: (Double) -> Double) -> TimeInterval {
    let sampleCount = 1024, step = 0.1
    var settledSince: Double?
    for index in 0..<sampleCount {
        let time = Double(index) * step
        if distance(time) < epsilon {
            let start = settledSince ?? time
            if time - start > 1 { return start }
            settledSince = start
        } else {
            settledSince = nil
        }
    }
    return Double(sampleCount) * step
}

extension Spring {
    /// Creates a spring that settles within `epsilon` of a unit interval after `settlingDuration`.
    ///
    /// - Parameters:
    ///   - settlingDuration: Clamped to [0.01, 10] s; NaN is treated as 0.01 s.
    ///   - dampingRatio: Clamped to (0, 1] (this initializer makes no overdamped springs); NaN is
    ///     treated as 1.
    ///   - epsilon: The distance that counts as settled; not positive or NaN: 0.001.
    ///
    /// Solves for the natural frequency x by Newton's method: (ζ/√(1−ζ²))·e^(−ζdx) = ε for ζ < 1, or
    /// (1 + dx)·e^(−dx) = ε for ζ = 1, starting from 5/d and then from 1/d. If neither converges to a
    /// positive frequency, the spring uses response = d.
    @inlinable
    public init(settlingDuration: TimeInterval, dampingRatio: Double, epsilon: Double = 0.001) {
        let zeta = dampingRatio.isNaN ? 1 : Swift.min(Swift.max(dampingRatio, Double.ulpOfOne), 1)
        let duration = settlingDuration.isNaN ? 0.01 : Swift.min(Swift.max(settlingDuration, 0.01), 10)
        let epsilon = epsilon > 0 ? epsilon : 0.001
        let frequency =
            Spring.naturalFrequency(settling: duration, dampingRatio: zeta, epsilon: epsilon, start: 5 / duration)
            ?? Spring.naturalFrequency(settling: duration, dampingRatio: zeta, epsilon: epsilon, start: 1 / duration)
            ?? 2 * Double.pi / duration
        self.init(
            angularFrequency: frequency * (1 - zeta * zeta).squareRoot(),
            decayConstant: zeta * frequency,
            mass: 1)
    }

    /// Newton's method for the natural frequency whose envelope reaches `epsilon` at `settling`;
    /// `nil` if it does not converge to a positive finite value within 64 steps.
    @inlinable
    static func naturalFrequency(settling d: Double, dampingRatio zeta: Double, epsilon: Double, start: Double)
        -> Double?
    {
        var x = start
        for _ in 0..<64 {
            let f: Double, slope: Double
            if zeta < 1 {
                let scale = zeta / (1 - zeta * zeta).squareRoot()
                let envelope = scale * exp(-zeta * d * x)
                f = envelope - epsilon
                slope = -zeta * d * envelope
            } else {
                let decay = exp(-d * x)
                f = (1 + d * x) * decay - epsilon
                slope = -d * d * x * decay
            }
            guard slope != 0, slope.isFinite else { return nil }
            let next = x - f / slope
            guard next.isFinite, next > 0 else { return nil }
            if abs(next - x) <= 1e-12 * next { return next }
            x = next
        }
        return nil
    }
}
