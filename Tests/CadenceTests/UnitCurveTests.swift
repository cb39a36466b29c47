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

    /// `value` clamps control points to the unit square; `velocity` only their x coordinates.
    @Test func overshootingControlPointsAreClampedForValueOnly() {
        let overshoot = UnitCurve.bezier(
            startControlPoint: UnitPoint(x: 0.3, y: 1.5), endControlPoint: UnitPoint(x: 0.7, y: 1.5))
        let clamped = UnitCurve.bezier(
            startControlPoint: UnitPoint(x: 0.3, y: 1), endControlPoint: UnitPoint(x: 0.7, y: 1))
        #expect(overshoot.value(at: 0.5) == clamped.value(at: 0.5))
        #expect(overshoot.velocity(at: 0.1) > clamped.velocity(at: 0.1))
    }
}
