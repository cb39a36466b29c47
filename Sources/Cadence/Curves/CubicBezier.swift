/// A cubic Bézier timing function from (0, 0) to (1, 1): the math behind ``UnitCurve/bezier(startControlPoint:endControlPoint:)``.
///
/// Each axis is the polynomial ((a·s + b)s + c)s with c = 3p₁, b = 3(p₂ − p₁) − c, a = 1 − c − b.
/// A progress p is mapped by solving x(s) = p for s and returning y(s).
///
/// The solve starts from a guess read off a table of x⁻¹ made with the curve: its value and slope at
/// p = i/64, i = 0…64, and between two knots their cubic Hermite interpolant. Where x′ vanishes at an
/// end (`.easeOut` at 0, `.easeIn` at 1) x⁻¹ grows like a square root, so that end's segment
/// interpolates in √(distance to the end) instead. The guess is usually within 1e-6 of the root, so
/// one Newton step lands within the 1e-12 tolerance. Otherwise Halley's method goes on (at most 8
/// steps), backed by bisection.
///
/// Why a table: solving from s = p takes two to four Newton steps, each a division; from the table's
/// guess one step almost always lands (benchmark rows "animate .easeIn / .easeOut / .easeInOut /
/// .timingCurve(0.2, 0.8, 0.2, 1), Double, 60 fps"). A coarser table is too rough for one step on curves
/// like `.timingCurve(0.2, 0.8, 0.2, 1)`. The table is 1 KB per curve, built by 64 solves that each start
/// from the previous root.
///
/// A class, made once per curve with its table: a ``UnitCurve`` holding one copies a reference (a struct
/// this size was copied out of the curve on every solve).
@usableFromInline
final class CubicBezier: Hashable, Sendable {
    @usableFromInline let start: UnitPoint
    @usableFromInline let end: UnitPoint
    /// x(s) with the control points' x clamped to [0, 1] (monotonic, so it can be solved).
    @usableFromInline let x: Polynomial
    /// y(s) with the control points' y clamped to [0, 1], as SwiftUI clamps them: the value, and so the
    /// velocity, its rate of change.
    @usableFromInline let y: Polynomial
    /// x⁻¹ at p = i/64 for i = 0…64, and its slope there scaled by the step (1/64 · dx⁻¹/dp).
    @usableFromInline let knots: ContiguousArray<Knot>
    /// Where x′(0) = 0: the first segment, interpolated in w = √(64p); `nil` otherwise.
    @usableFromInline let startRoot: RootSegment?
    /// Where x′(1) = 0: the last segment, interpolated in w = √(64(1 − p)); `nil` otherwise.
    @usableFromInline let endRoot: RootSegment?

    /// The number of steps of the guess table (computed, not stored: a stored static would be reached
    /// through a lazy-initialisation check on every solve inlined into another module).
    @inlinable static var steps: Int { 64 }

    /// A knot of the guess table: a value of x⁻¹ and its slope, scaled by the step.
    @usableFromInline
    struct Knot: Sendable {
        @usableFromInline let s: Double
        @usableFromInline let slope: Double
    }

    /// An end segment where x′ vanishes: the slopes of x⁻¹ in w, the square root of the distance to the
    /// end in steps, at the end (w = 0) and at the neighbouring knot (w = 1).
    @usableFromInline
    struct RootSegment: Sendable {
        @usableFromInline let slopeAtEnd: Double
        @usableFromInline let slopeAtKnot: Double
    }

    @usableFromInline
    init(start: UnitPoint, end: UnitPoint) {
        self.start = start
        self.end = end
        let x = Polynomial(UnitCurve.clamp(start.x), UnitCurve.clamp(end.x))
        self.x = x
        y = Polynomial(UnitCurve.clamp(start.y), UnitCurve.clamp(end.y))
        let steps = CubicBezier.steps
        let h = 1 / Double(steps)
        // Each root from the previous one: one or two steps each.
        var roots = [0.0]
        for i in 1...steps { roots.append(x.solve(Double(i) * h, from: roots[i - 1])) }
        // Slopes where x′ vanishes are not used (the root segments have their own), but must be finite.
        knots = ContiguousArray(roots.map { Knot(s: $0, slope: h / Swift.max(x.slope($0), 1e-6)) })
        // Near a vanishing end x ≈ k·(distance)², so the root grows like √(distance/k) = w·√(h/k), and
        // at w = 1 (the neighbouring knot) dx⁻¹/dw = 2h/x′ there.
        let tiny = 1e-9
        let startCurvature = x.curvature(0), endCurvature = x.curvature(1)
        startRoot =
            x.slope(0) < tiny && startCurvature > tiny
            ? RootSegment(slopeAtEnd: (2 * h / startCurvature).squareRoot(), slopeAtKnot: 2 * h / x.slope(roots[1]))
            : nil
        endRoot =
            x.slope(1) < tiny && -endCurvature > tiny
            ? RootSegment(
                slopeAtEnd: (2 * h / -endCurvature).squareRoot(), slopeAtKnot: 2 * h / x.slope(roots[steps - 1]))
            : nil
    }

    /// Equal when the control points are (the rest is derived from them).
    // Not `===`: two curves made from the same points are the same curve.
    @inlinable
    static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        lhs.start == rhs.start && lhs.end == rhs.end
    }

    /// Hashes the control points.
    @inlinable
    func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(end)
    }

    /// The curve reflected in the diagonal.
    @inlinable
    var inverse: CubicBezier {
        CubicBezier(start: UnitPoint(x: start.y, y: start.x), end: UnitPoint(x: end.y, y: end.x))
    }

    /// y(x⁻¹(p)) with both control points clamped to [0, 1].
    @inlinable
    func value(at p: Double) -> Double {
        y.value(solve(p).s)
    }

    /// y′(s)/x′(s) at s = x⁻¹(p): the rate of change of ``value(at:)``.
    @inlinable
    func velocity(at p: Double) -> Double {
        sample(at: p).velocity
    }

    /// The value and the velocity at `p` from one solve of x(s) = p, with both control points clamped
    /// to [0, 1].
    // Always inlined: as a call of its own it handed its two results back through memory on every frame.
    @inlinable @inline(__always)
    func sample(at p: Double) -> (value: Double, velocity: Double) {
        let (s, inverseSlope) = solve(p)
        let velocity =
            inverseSlope.isNaN ? CubicBezier.slope(y, over: x, at: s) : y.slope(s) * inverseSlope
        return (y.value(s), velocity)
    }

    /// The s in [0, 1] with x(s) = p, and 1/x′(s) if the usual path found it (NaN if not; the
    /// velocity then takes ``slope(_:over:at:)``, which finds the limit where x′ vanishes).
    ///
    /// The usual path: one Newton step s₁ = s₀ − (x(s₀) − p)/x′(s₀) from the table's guess s₀, kept if
    /// x(s₁) is within 1e-12 of p; otherwise Halley's method goes on from s₁. Returning s alone and
    /// taking the velocity through ``slope(_:over:at:)`` every time is simpler but slower (the curve rows
    /// of the benchmarks, "animate .easeInOut, Double, 60 fps" and its siblings).
    @inlinable @inline(__always)
    func solve(_ p: Double) -> (s: Double, inverseSlope: Double) {
        let s0 = guess(p)
        let d = x.slope(s0)
        guard d > 1e-3 else { return (x.solve(p, from: s0), .nan) }
        // 1/d while x(s₀) is evaluated: dividing x(s₀) − p by d would wait for both.
        let r = 1 / d
        let s1 = s0 - (x.value(s0) - p) * r
        guard abs(x.value(s1) - p) < 1e-12 else { return (x.solve(p, from: s1), .nan) }
        return (s1, 1 / x.slope(s1))
    }

    /// The table's guess for x⁻¹(p), p in [0, 1]: the cubic Hermite interpolant between the knots
    /// around p, in √ of the distance to the end in an end segment where x′ vanishes.
    @inlinable @inline(__always)
    func guess(_ p: Double) -> Double {
        let steps = CubicBezier.steps
        let u = p * Double(steps)
        // p = 1 takes the last segment at its end.
        let i = Swift.min(Int(u), steps - 1)
        let f = u - Double(i)
        if i == 0, let root = startRoot {
            return CubicBezier.hermite(f.squareRoot(), knots[0].s, root.slopeAtEnd, knots[1].s, root.slopeAtKnot)
        }
        if i == steps - 1, let root = endRoot {
            // From the end backwards: s falls as w grows.
            return CubicBezier.hermite(
                (1 - f).squareRoot(), knots[steps].s, -root.slopeAtEnd, knots[i].s, -root.slopeAtKnot)
        }
        let k0 = knots[i], k1 = knots[i + 1]
        return CubicBezier.hermite(f, k0.s, k0.slope, k1.s, k1.slope)
    }

    /// The cubic Hermite interpolant at t in [0, 1] of v₀ (slope m₀) at 0 and v₁ (slope m₁) at 1.
    @inlinable @inline(__always)
    static func hermite(_ t: Double, _ v0: Double, _ m0: Double, _ v1: Double, _ m1: Double) -> Double {
        let g = 1 - t
        return (1 + 2 * t) * g * g * v0 + t * g * g * m0 + t * t * (3 - 2 * t) * v1 - t * t * g * m1
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
    struct Polynomial: Sendable {
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

        /// The s in [0, 1] with value(s) = p, for a monotonic axis (control points in [0, 1]): Halley's
        /// method from `guess` (at most 8 steps), then bisection if that did not converge in [0, 1].
        @inlinable
        func solve(_ p: Double, from guess: Double) -> Double {
            let tolerance = 1e-12
            var s = guess
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

extension CubicBezier: CustomDebugStringConvertible {
    /// The control points (a class would otherwise print as its name alone inside a curve's description).
    @usableFromInline var debugDescription: String { "CubicBezier(start: \(start), end: \(end))" }
}
