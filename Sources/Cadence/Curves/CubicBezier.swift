/// A cubic Bézier timing function from (0, 0) to (1, 1): the math behind ``UnitCurve/bezier(startControlPoint:endControlPoint:)``.
///
/// Each axis is the polynomial ((a·s + b)s + c)s with c = 3p₁, b = 3(p₂ − p₁) − c, a = 1 − c − b.
/// A progress p is mapped by solving x(s) = p for s (Newton's method, at most 8 steps, falling back to
/// bisection) and returning y(s).
@usableFromInline
struct CubicBezier: Hashable, Sendable {
    @usableFromInline let start: UnitPoint
    @usableFromInline let end: UnitPoint

    @inlinable
    init(start: UnitPoint, end: UnitPoint) {
        self.start = start
        self.end = end
    }

    /// The curve reflected in the diagonal.
    @inlinable
    var inverse: CubicBezier {
        CubicBezier(start: UnitPoint(x: start.y, y: start.x), end: UnitPoint(x: end.y, y: end.x))
    }

    /// y(x⁻¹(p)) with both control points clamped to [0, 1].
    @inlinable
    func value(at p: Double) -> Double {
        let x = Polynomial(UnitCurve.clamp(start.x), UnitCurve.clamp(end.x))
        let y = Polynomial(UnitCurve.clamp(start.y), UnitCurve.clamp(end.y))
        return y.value(x.solve(p))
    }

    /// y′(s)/x′(s) at s = x⁻¹(p), with only the x coordinates clamped.
    @inlinable
    func velocity(at p: Double) -> Double {
        let x = Polynomial(UnitCurve.clamp(start.x), UnitCurve.clamp(end.x))
        return CubicBezier.slope(Polynomial(start.y, end.y), over: x, at: x.solve(p))
    }

    /// The value and the velocity at `p` from one solve of x(s) = p (the value with both control
    /// points clamped to [0, 1], the velocity with only the x components clamped).
    @inlinable
    func sample(at p: Double) -> (value: Double, velocity: Double) {
        let x = Polynomial(UnitCurve.clamp(start.x), UnitCurve.clamp(end.x))
        let s = x.solve(p)
        let value = Polynomial(UnitCurve.clamp(start.y), UnitCurve.clamp(end.y)).value(s)
        return (value, CubicBezier.slope(Polynomial(start.y, end.y), over: x, at: s))
    }

    /// dy/dx at parameter `s`: y′(s)/x′(s), or where both vanish (an end whose control point sits on
    /// it) the limit, the ratio of the first derivatives that do not both vanish: y″/x″, then y‴/x‴.
    /// Infinite where only x′ vanishes (a vertical tangent).
    @inlinable
    static func slope(_ y: Polynomial, over x: Polynomial, at s: Double) -> Double {
        let dx = x.slope(s), dy = y.slope(s)
        let tiny = 1e-12
        guard abs(dx) < tiny else { return dy / dx }
        guard abs(dy) < tiny else { return dy / dx }
        let ddx = x.curvature(s), ddy = y.curvature(s)
        if abs(ddx) >= tiny || abs(ddy) >= tiny { return ddy / ddx }
        return y.a / x.a
    }

    @usableFromInline
    struct Polynomial {
        @usableFromInline let a: Double, b: Double, c: Double

        @inlinable
        init(_ p1: Double, _ p2: Double) {
            c = 3 * p1
            b = 3 * (p2 - p1) - c
            a = 1 - c - b
        }

        @inlinable
        func value(_ s: Double) -> Double { ((a * s + b) * s + c) * s }

        @inlinable
        func slope(_ s: Double) -> Double { (3 * a * s + 2 * b) * s + c }

        /// The second derivative.
        @inlinable
        func curvature(_ s: Double) -> Double { 6 * a * s + 2 * b }

        /// The s in [0, 1] with value(s) = p, for a monotonic axis (control points in [0, 1]).
        @inlinable
        func solve(_ p: Double) -> Double {
            let tolerance = 1e-12
            var s = p
            for _ in 0..<8 {
                let error = value(s) - p
                if abs(error) < tolerance { return s }
                let d = slope(s)
                // A flat spot would send the step far away; bisection handles it.
                if abs(d) < 1e-9 { break }
                // Halley's step (cubic convergence: two or three steps where Newton takes three to six).
                let denominator = 2 * d * d - error * curvature(s)
                s -= denominator != 0 ? 2 * error * d / denominator : error / d
            }
            if s >= 0, s <= 1, abs(value(s) - p) < tolerance { return s }
            var low = 0.0, high = 1.0
            s = p
            // 60 halvings reach the resolution of a Double in [0, 1].
            for _ in 0..<60 {
                let v = value(s)
                if abs(v - p) < tolerance { return s }
                if v < p { low = s } else { high = s }
                s = (low + high) / 2
            }
            return s
        }
    }
}
