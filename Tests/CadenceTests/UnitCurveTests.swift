import Testing
import Cadence

struct UnitCurveTests {
    static let curves: [(name: String, curve: UnitCurve)] = [
        ("linear", .linear),
        ("easeIn", .easeIn),
        ("easeOut", .easeOut),
        ("easeInOut", .easeInOut),
        (
            "bezier(0.1, 0.6, 0.7, 0.2)",
            .bezier(startControlPoint: UnitPoint(x: 0.1, y: 0.6), endControlPoint: UnitPoint(x: 0.7, y: 0.2))
        ),
        (
            "bezier(0.9, 0.1, 0.1, 0.9)",
            .bezier(startControlPoint: UnitPoint(x: 0.9, y: 0.1), endControlPoint: UnitPoint(x: 0.1, y: 0.9))
        ),
        ("circularEaseIn", .circularEaseIn),
        ("circularEaseOut", .circularEaseOut),
        ("circularEaseInOut", .circularEaseInOut),
    ]

    /// The published check values (easeInOut at 0.25 ≈ 0.12916 with velocity ≈ 1.0593, easeIn at 0.5 ≈ 0.31536), given to 5 significant digits.
    @Test func easeCurvesMatchCheckValues() {
        #expect(abs(UnitCurve.easeInOut.value(at: 0.25) - 0.12916) < 5e-6)
        #expect(abs(UnitCurve.easeInOut.velocity(at: 0.25) - 1.0593) < 5e-5)
        #expect(abs(UnitCurve.easeIn.value(at: 0.5) - 0.31536) < 5e-6)
    }

    @Test(arguments: curves.map(\.name))
    func endsAreExactAndInputIsClamped(name: String) {
        let curve = Self.curves.first { $0.name == name }!.curve
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -0.5) == 0)
        #expect(curve.value(at: 7) == 1)
        #expect(curve.value(at: .nan) == 0)
    }

    /// The velocity is the derivative of the value: a central difference with h = 1e-6 agrees to 1e-5
    /// (its truncation error is ~h²·y‴ and its rounding error ~1e-16/h).
    @Test(arguments: curves.map(\.name))
    func velocityIsTheDerivativeOfValue(name: String) {
        let curve = Self.curves.first { $0.name == name }!.curve
        let h = 1e-6
        for p in stride(from: 0.05, through: 0.95, by: 0.05) where abs(p - 0.5) > 1e-9 {
            let difference = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
            #expect(abs(curve.velocity(at: p) - difference) < 1e-5 * max(1, abs(difference)), "\(name) at \(p)")
        }
    }

    /// `inverse` undoes the curve; tolerance 1e-7 because near a flat end the inverse solve can only
    /// locate the input to about the square root of the solver's 1e-12 tolerance.
    @Test(arguments: curves.map(\.name))
    func inverseRoundTrips(name: String) {
        let curve = Self.curves.first { $0.name == name }!.curve
        for p in stride(from: 0.1, through: 0.9, by: 0.1) {
            #expect(abs(curve.inverse.value(at: curve.value(at: p)) - p) < 1e-7, "\(name) at \(p)")
            #expect(abs(curve.value(at: curve.inverse.value(at: p)) - p) < 1e-7, "\(name) inverse at \(p)")
        }
        #expect(curve.inverse.inverse == curve)
    }

    @Test func inverseSwapsBezierAxesAndCircularDirections() {
        let curve = UnitCurve.bezier(
            startControlPoint: UnitPoint(x: 0.1, y: 0.6), endControlPoint: UnitPoint(x: 0.7, y: 0.2))
        #expect(
            curve.inverse
                == .bezier(startControlPoint: UnitPoint(x: 0.6, y: 0.1), endControlPoint: UnitPoint(x: 0.2, y: 0.7)))
        #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
        #expect(UnitCurve.circularEaseOut.inverse == .circularEaseIn)
        #expect(
            UnitCurve.easeIn.inverse
                == .bezier(startControlPoint: UnitPoint(x: 0, y: 0.42), endControlPoint: UnitPoint(x: 1, y: 1)))
    }

    @Test func circularCurvesFollowTheCircle() {
        #expect(abs(UnitCurve.circularEaseIn.value(at: 0.6) - (1 - (1 - 0.36).squareRoot())) < 1e-15)
        #expect(abs(UnitCurve.circularEaseOut.value(at: 0.4) - (1 - 0.36).squareRoot()) < 1e-15)
        #expect(abs(UnitCurve.circularEaseInOut.value(at: 0.25) - (1 - (1 - 0.25).squareRoot()) / 2) < 1e-15)
        #expect(UnitCurve.circularEaseInOut.value(at: 0.5) == 0.5)
        // A vertical tangent reports an infinite slope rather than a made-up one.
        #expect(UnitCurve.circularEaseIn.velocity(at: 1) == .infinity)
    }

    /// Control points are clamped to the unit square for the value, as SwiftUI clamps them, and the
    /// velocity is the value's rate of change (SwiftUI's leaves the y coordinates unclamped).
    @Test func overshootingControlPointsAreClampedForValueAndVelocity() {
        let overshoot = UnitCurve.bezier(
            startControlPoint: UnitPoint(x: 0.3, y: 1.5), endControlPoint: UnitPoint(x: 0.7, y: 1.5))
        let clamped = UnitCurve.bezier(
            startControlPoint: UnitPoint(x: 0.3, y: 1), endControlPoint: UnitPoint(x: 0.7, y: 1))
        #expect(overshoot.value(at: 0.5) == clamped.value(at: 0.5))
        #expect(overshoot.velocity(at: 0.1) == clamped.velocity(at: 0.1))
        let h = 1e-6
        let rate = (overshoot.value(at: 0.1 + h) - overshoot.value(at: 0.1 - h)) / (2 * h)
        #expect(abs(overshoot.velocity(at: 0.1) - rate) < 1e-6)
    }

    /// The solve (a table's guess, then Newton or Halley) agrees with plain bisection on the curve's own
    /// polynomials at 4,097 inputs and next to both ends, for the built-ins and for curves whose x′
    /// vanishes at an end, at both ends, in the middle, or nowhere near where a guess is easy. The value
    /// within what the solver's tolerance (|x(s) − p| < 1e-12) allows there, plus 1e-13; the velocity
    /// within 1e-8 relative.
    @Test(arguments: [
        (0.42, 0.0, 1.0, 1.0), (0.0, 0.0, 0.58, 1.0), (0.42, 0.0, 0.58, 1.0), (0.2, 0.8, 0.2, 1.0),
        (0.0, 0.0, 1.0, 1.0), (0.0, 1.0, 1.0, 0.0), (1.0, 0.0, 0.0, 1.0), (0.9, 0.1, 0.1, 0.9),
        (0.05, 0.3, 0.95, 0.7), (0.0, 0.0, 0.0, 1.0), (0.3, 1.4, 0.6, -0.3),
    ])
    func bezierSolveAgreesWithBisection(points: (Double, Double, Double, Double)) {
        let (x1, y1, x2, y2) = points
        let curve = UnitCurve.bezier(
            startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
        // The axes as the documentation defines them: control points clamped to [0, 1].
        func axis(_ p1: Double, _ p2: Double) -> (value: (Double) -> Double, slope: (Double) -> Double) {
            let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
            return ({ s in ((a * s + b) * s + c) * s }, { s in (3 * a * s + 2 * b) * s + c })
        }
        let x = axis(x1, x2), y = axis(min(max(y1, 0), 1), min(max(y2, 0), 1))
        func root(_ p: Double) -> Double {
            var low = 0.0, high = 1.0
            for _ in 0..<200 {
                let middle = (low + high) / 2
                if x.value(middle) < p { low = middle } else { high = middle }
            }
            return (low + high) / 2
        }
        let inputs: [Double] = (0...4096).map { Double($0) / 4096 } + [1e-9, 1e-6, 1 - 1e-6, 1 - 1e-9]
        for p in inputs where p > 0 && p < 1 {
            let s = root(p)
            let allowed: Double = abs(y.value(root(p + 1e-12)) - y.value(root(p - 1e-12))) + 1e-13
            #expect(abs(curve.value(at: p) - y.value(s)) <= allowed, "value at \(p)")
            // Away from where x′ vanishes (there the velocity is a limit, tested on its own).
            guard x.slope(s) > 1e-3 else { continue }
            let velocity = y.slope(s) / x.slope(s)
            #expect(abs(curve.velocity(at: p) - velocity) <= 1e-8 * max(1, abs(velocity)), "velocity at \(p)")
        }
    }
}
