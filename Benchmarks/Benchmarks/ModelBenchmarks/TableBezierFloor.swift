import Cadence

/// A cubic Bézier timing curve from (0, 0) through (x1, y1), (x2, y2) to (1, 1), solved with the arithmetic
/// Cadence's curves use, written plainly: a table of x⁻¹ at p = i/64 (value and slope) made once; at each
/// progress the cubic Hermite guess between the two knots around it (in √ of the distance to an end where
/// x′ vanishes), one Newton step, and, if x(s) lands within 1e-12 of p, the value y(s) and the slope
/// y′(s) · (1/x′(s)). Where the step does not land (never at the measured progresses), the textbook solve
/// of ``PlainBezier`` instead. The floor of the curves' `animate` rows: what they cost beyond it is the
/// call through `Animation` and the curve types.
struct TableBezier {
    static let steps = 64

    /// The curve's polynomial coefficients, and its textbook solve for where the table's step does not land.
    let curve: PlainBezier
    /// x⁻¹ at the knots, and its slope there scaled by the step.
    let knotS: [Double], knotSlope: [Double]
    /// Where x′(0) = 0 (or x′(1) = 0): the slopes in w = √(distance to the end in steps) at the end and at
    /// the neighbouring knot; `nil` where x′ does not vanish.
    let startRoot: (atEnd: Double, atKnot: Double)?
    let endRoot: (atEnd: Double, atKnot: Double)?

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        curve = PlainBezier(x1, y1, x2, y2)
        let h = 1 / Double(Self.steps)
        // The knots are the roots themselves, found by bisection to a Double's resolution.
        let (ax, bx, cx) = (curve.ax, curve.bx, curve.cx)
        let roots = (0...Self.steps).map { i -> Double in
            let p = Double(i) * h
            var (low, high) = (0.0, 1.0)
            for _ in 0..<80 {
                let mid = (low + high) / 2
                if ((ax * mid + bx) * mid + cx) * mid < p { low = mid } else { high = mid }
            }
            return i == 0 ? 0 : (i == Self.steps ? 1 : (low + high) / 2)
        }
        func slope(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
        knotS = roots
        knotSlope = roots.map { h / max(slope($0), 1e-6) }
        let (startCurvature, endCurvature) = (2 * bx, 6 * ax + 2 * bx)
        startRoot =
            slope(0) < 1e-9 && startCurvature > 1e-9
            ? ((2 * h / startCurvature).squareRoot(), 2 * h / slope(roots[1])) : nil
        endRoot =
            slope(1) < 1e-9 && -endCurvature > 1e-9
            ? ((2 * h / -endCurvature).squareRoot(), 2 * h / slope(roots[Self.steps - 1])) : nil
    }

    /// The cubic Hermite interpolant at t in [0, 1] of v₀ (slope m₀) at 0 and v₁ (slope m₁) at 1.
    @inline(__always)
    static func hermite(_ t: Double, _ v0: Double, _ m0: Double, _ v1: Double, _ m1: Double) -> Double {
        let g = 1 - t
        return (1 + 2 * t) * g * g * v0 + t * g * g * m0 + t * t * (3 - 2 * t) * v1 - t * t * g * m1
    }

    /// The table's guess at progress `p` in [0, 1] and one Newton step from it: the s with x(s) within 1e-12
    /// of p, or `nil` where the step does not land.
    @inline(__always)
    func step(_ p: Double, s knots: UnsafePointer<Double>, slopes: UnsafePointer<Double>) -> Double? {
        let (ax, bx, cx) = (curve.ax, curve.bx, curve.cx)
        let u = p * Double(Self.steps)
        let i = min(Int(u), Self.steps - 1)
        let f = u - Double(i)
        let s0: Double
        if i == 0, let root = startRoot {
            s0 = Self.hermite(f.squareRoot(), knots[0], root.atEnd, knots[1], root.atKnot)
        } else if i == Self.steps - 1, let root = endRoot {
            s0 = Self.hermite((1 - f).squareRoot(), knots[Self.steps], -root.atEnd, knots[i], -root.atKnot)
        } else {
            s0 = Self.hermite(f, knots[i], slopes[i], knots[i + 1], slopes[i + 1])
        }
        let d = (3 * ax * s0 + 2 * bx) * s0 + cx
        guard d > 1e-3 else { return nil }
        let r = 1 / d
        let s1 = s0 - (((ax * s0 + bx) * s0 + cx) * s0 - p) * r
        guard abs(((ax * s1 + bx) * s1 + cx) * s1 - p) < 1e-12 else { return nil }
        return s1
    }

    /// The value and slope at progress `p` in [0, 1], through the tables' buffers.
    @inline(__always)
    func solve(_ p: Double, s knots: UnsafePointer<Double>, slopes: UnsafePointer<Double>) -> (
        value: Double, slope: Double
    ) {
        guard let s = step(p, s: knots, slopes: slopes) else { return curve.solve(p) }
        let value = ((curve.ay * s + curve.by) * s + curve.cy) * s
        let slope =
            ((3 * curve.ay * s + 2 * curve.by) * s + curve.cy)
            * (1 / ((3 * curve.ax * s + 2 * curve.bx) * s + curve.cx))
        return (value, slope)
    }

    /// Stops the benchmarks unless the table's one step lands at each of `progresses` and Cadence's curve
    /// through these control points gives this floor's value and slope there.
    func check(against cadence: UnitCurve, at progresses: [Double]) {
        knotS.withUnsafeBufferPointer { knots in
            knotSlope.withUnsafeBufferPointer { slopes in
                for p in progresses {
                    // Else the floor would time the textbook solve, not the table's one step.
                    guard step(p, s: knots.baseAddress!, slopes: slopes.baseAddress!) != nil else {
                        fatalError("the table floor's step does not land at \(p)")
                    }
                    let plain = solve(p, s: knots.baseAddress!, slopes: slopes.baseAddress!)
                    let sample = cadence.sample(at: p)
                    guard abs(plain.value - sample.value) <= 1e-12, abs(plain.slope - sample.velocity) <= 1e-9 else {
                        fatalError("the table floor gives (\(plain)) at \(p), the curve \(sample)")
                    }
                }
            }
        }
    }
}

/// A cubic Bézier from (0, 0) through (x1, y1), (x2, y2) to (1, 1) at each of `progresses` in turn for
/// `calls` calls, solved by `TableBezier`, value and slope summed.
func bezierByTablePlainly(_ progresses: [Double], _ curve: TableBezier, calls: Int) -> Double {
    var sum = 0.0
    progresses.withUnsafeBufferPointer { progresses in
        curve.knotS.withUnsafeBufferPointer { knots in
            curve.knotSlope.withUnsafeBufferPointer { slopes in
                let (knots, slopes) = (knots.baseAddress!, slopes.baseAddress!)
                var index = 0
                for _ in 0..<calls {
                    let p = progresses[index]
                    index = index + 1 == progresses.count ? 0 : index + 1
                    let (value, slope) = curve.solve(p, s: knots, slopes: slopes)
                    sum += value + slope
                }
            }
        }
    }
    return sum
}
