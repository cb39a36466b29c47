#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A representation of a spring's motion: a damped harmonic oscillator, as pure math.
///
/// A spring is stored as its angular frequency ω, decay constant λ and mass m. The damping ratio ζ
/// decides its shape:
/// - ζ = 0: it oscillates for ever (``settlingDuration`` is infinite);
/// - 0 < ζ < 1: underdamped, it overshoots and oscillates with a decaying amplitude;
/// - ζ = 1: critically damped, the fastest approach that never overshoots (ω = 0);
/// - ζ > 1: overdamped, a slower approach without overshoot (stored as ω < 0);
/// - ζ = ∞: it never moves.
///
/// Every spring starts at offset 0 at t = 0 and tends towards its target.
///
/// Bad input never produces a NaN spring: a duration or response that is not positive (including NaN)
/// is treated as 0.001 s; a NaN bounce as 0; a NaN damping ratio as 1 and a negative one as 0. An
/// infinite duration gives a spring that never moves.
///
/// ```swift
/// let spring = Spring(duration: 0.5, bounce: 0.2)
/// spring.value(target: 100.0, time: 0.25)
/// ```
@frozen
public struct Spring: Hashable, Sendable {
    /// ω, in radians per second; negative for an overdamped spring (then −ω is half the gap between
    /// the two decay rates).
    @usableFromInline let angularFrequency: Double
    /// λ, in 1/s: how fast the motion decays.
    @usableFromInline let decayConstant: Double
    /// m.
    @usableFromInline let storedMass: Double

    @inlinable
    init(angularFrequency: Double, decayConstant: Double, mass: Double) {
        self.angularFrequency = angularFrequency
        self.decayConstant = decayConstant
        self.storedMass = mass
    }

    /// The shortest duration or response a spring is built with; shorter, negative and NaN ones use it.
    @usableFromInline static let minimumDuration = 0.001

    /// Creates a spring with a perceptual duration and bounce.
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration in seconds (the response). Not positive or NaN: 0.001 s.
    ///   - bounce: How bouncy the spring is: 0 has no bounce (ζ = 1), positive values up to 1 bounce
    ///     more (ζ = 1 − bounce, so 1 oscillates for ever), negative values are overdamped
    ///     (ζ = 1/(1 + bounce); −1 and below never move). Above 1 is treated as 1; NaN as 0.
    @inlinable
    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {
        self.init(response: duration, dampingRatio: Spring.dampingRatio(bounce: bounce))
    }

    /// Creates a spring with a response and damping ratio.
    ///
    /// - Parameters:
    ///   - response: The stiffness as the period of the undamped oscillation, in seconds. Not positive
    ///     or NaN: 0.001 s; infinite: a spring that never moves.
    ///   - dampingRatio: ζ: 0 oscillates for ever, 1 is critical, above 1 overdamped, infinite never
    ///     moves. NaN is treated as 1, negative values as 0.
    @inlinable
    public init(response: Double, dampingRatio: Double) {
        let response = response > 0 ? response : Spring.minimumDuration
        let zeta = dampingRatio.isNaN ? 1 : Swift.max(dampingRatio, 0)
        let tauOverResponse = 2 * Double.pi / response
        // ζ² overflows long before ζ is infinite; such a spring is indistinguishable from one that never moves.
        if !(zeta * zeta).isFinite {
            self.init(angularFrequency: 0, decayConstant: 0, mass: 1)
            return
        }
        let frequency = (abs(1 - zeta * zeta)).squareRoot() * tauOverResponse
        self.init(
            angularFrequency: zeta > 1 ? -frequency : frequency,
            decayConstant: zeta * tauOverResponse,
            mass: 1)
    }

    /// Creates a spring from its physical parameters.
    ///
    /// - Parameters:
    ///   - mass: m; not positive or NaN: 1.
    ///   - stiffness: k; not positive or NaN: 0 (a spring that never moves).
    ///   - damping: c; negative or NaN: 0.
    ///   - allowOverDamping: When `false` (the default), damping above critical is reduced to critical.
    @inlinable
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let m = mass > 0 ? mass : 1
        let k = stiffness > 0 ? stiffness : 0
        let c = damping > 0 ? damping : 0
        let naturalFrequency = (k / m).squareRoot()
        let decay = c / (2 * m)
        if decay > naturalFrequency && !allowOverDamping {
            self.init(angularFrequency: 0, decayConstant: naturalFrequency, mass: m)
        } else {
            let frequency = abs(k / m - decay * decay).squareRoot()
            self.init(
                angularFrequency: decay > naturalFrequency ? -frequency : frequency, decayConstant: decay, mass: m)
        }
    }

    /// The damping ratio ζ for a bounce: `b ≤ −1` → ∞, `−1 < b < 0` → 1/(1 + b), `0 ≤ b ≤ 1` → 1 − b,
    /// `b > 1` → 0, NaN → 1.
    @inlinable
    static func dampingRatio(bounce: Double) -> Double {
        if bounce.isNaN { return 1 }
        if bounce <= -1 { return .infinity }
        if bounce < 0 { return 1 / (1 + bounce) }
        if bounce <= 1 { return 1 - bounce }
        return 0
    }

    // MARK: - Getters

    /// The perceptual duration: τ/√(k/m), the period of the undamped oscillation. Infinite for a spring
    /// that never moves.
    @inlinable
    public var duration: TimeInterval { response }

    /// The stiffness expressed as the period of the undamped oscillation: τ/√(λ² + ω|ω|).
    @inlinable
    public var response: Double {
        2 * Double.pi / (decayConstant * decayConstant + angularFrequency * abs(angularFrequency)).squareRoot()
    }

    /// ζ: 0 oscillates for ever, 1 is critical, above 1 overdamped. NaN for a spring that never moves.
    @inlinable
    public var dampingRatio: Double { decayConstant * response / (2 * Double.pi) }

    /// 1 − ζ for ζ ≤ 1, 1/ζ − 1 above (so overdamped springs have a negative bounce).
    @inlinable
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// m.
    @inlinable
    public var mass: Double { storedMass }

    /// k = m(λ² + ω|ω|).
    ///
    /// Deviation from the original: for an overdamped spring this is m(λ² − ω²), the stiffness that
    /// round-trips through ``init(mass:stiffness:damping:allowOverDamping:)``, not m(λ² + ω²).
    @inlinable
    public var stiffness: Double {
        storedMass * (decayConstant * decayConstant + angularFrequency * abs(angularFrequency))
    }

    /// c = 2λm.
    @inlinable
    public var damping: Double { 2 * decayConstant * storedMass }

    // MARK: - Presets

    /// A smooth spring with no bounce: duration 0.5 s, bounce 0 (critically damped).
    public static let smooth = Spring.smooth()

    /// A spring with a small bounce that feels snappy: duration 0.5 s, bounce 0.15.
    public static let snappy = Spring.snappy()

    /// A spring with a noticeable bounce: duration 0.5 s, bounce 0.3.
    public static let bouncy = Spring.bouncy()

    /// A smooth spring with a chosen duration and bounce 0 + `extraBounce`.
    @inlinable
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// A snappy spring with a chosen duration and bounce 0.15 + `extraBounce`.
    @inlinable
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A bouncy spring with a chosen duration and bounce 0.3 + `extraBounce`.
    @inlinable
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
