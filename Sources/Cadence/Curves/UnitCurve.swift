/// A function that maps an input progress in [0, 1] to an output progress, usually also in [0, 1]:
/// the shape of a timing curve.
///
/// Inputs outside [0, 1] (and NaN, read as 0) are clamped, so `value(at: 0) == 0` and
/// `value(at: 1) == 1` exactly for every curve.
///
/// ```swift
/// UnitCurve.easeInOut.value(at: 0.25)     // ≈ 0.12916
/// UnitCurve.easeInOut.velocity(at: 0.25)  // ≈ 1.0593
/// ```
@frozen
public struct UnitCurve: Hashable, Sendable {
    @usableFromInline
    enum Shape: Hashable, Sendable {
        case linear
        case bezier(CubicBezier)
        case circularEaseIn
        case circularEaseOut
        case circularEaseInOut
        /// The inverse of ``circularEaseInOut``: out on the first half, in on the second.
        case circularEaseOutIn
    }

    @usableFromInline let shape: Shape

    @inlinable
    init(_ shape: Shape) { self.shape = shape }

    /// The identity: output progress equals input progress.
    public static let linear = UnitCurve(.linear)

    /// Starts slowly and speeds up: the cubic Bézier with control points (0.42, 0) and (1, 1).
    public static let easeIn = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))

    /// Starts fast and slows down: the cubic Bézier with control points (0, 0) and (0.58, 1).
    public static let easeOut = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// Slow at both ends: the cubic Bézier with control points (0.42, 0) and (0.58, 1).
    public static let easeInOut = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// SwiftUI's other name for ``easeInOut``: the bezier curve with control points (0.42, 0) and
    /// (0.58, 1), slow at both ends.
    public static let easeInEaseOut = easeInOut

    /// A quarter circle starting flat: 1 − √(1 − p²). Its velocity is infinite at p = 1.
    public static let circularEaseIn = UnitCurve(.circularEaseIn)

    /// A quarter circle ending flat: √(1 − (1 − p)²). Its velocity is infinite at p = 0.
    public static let circularEaseOut = UnitCurve(.circularEaseOut)

    /// ``circularEaseIn`` on the first half and ``circularEaseOut`` on the second, each scaled to fit.
    public static let circularEaseInOut = UnitCurve(.circularEaseInOut)

    /// A cubic Bézier curve from (0, 0) to (1, 1) with the given control points.
    ///
    /// Both coordinates of the control points are clamped to [0, 1], as SwiftUI clamps them for the
    /// value, so the curve stays a function of progress and does not overshoot. ``velocity(at:)`` is the
    /// rate of change of ``value(at:)``: SwiftUI's velocity leaves the y coordinates unclamped, which
    /// reports a speed the value does not move at.
    @inlinable
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(.bezier(CubicBezier(start: startControlPoint, end: endControlPoint)))
    }

    /// The output progress at input `progress` (clamped to [0, 1]; NaN is read as 0).
    @inlinable
    public func value(at progress: Double) -> Double {
        let p = UnitCurve.clamp(progress)
        // The ends are exact, so an animation ending at p = 1 lands exactly on its target.
        if p == 0 { return 0 }
        if p == 1 { return 1 }
        switch shape {
        case .linear: return p
        case .bezier(let curve): return curve.value(at: p)
        case .circularEaseIn: return UnitCurve.circularIn(p)
        case .circularEaseOut: return UnitCurve.circularOut(p)
        case .circularEaseInOut:
            return p < 0.5 ? UnitCurve.circularIn(2 * p) / 2 : (1 + UnitCurve.circularOut(2 * p - 1)) / 2
        case .circularEaseOutIn:
            return p < 0.5 ? UnitCurve.circularOut(2 * p) / 2 : (1 + UnitCurve.circularIn(2 * p - 1)) / 2
        }
    }

    /// The rate of change of ``value(at:)`` at input `progress` (clamped to [0, 1]; NaN is read as 0).
    ///
    /// Infinite where the curve has a vertical tangent: the circular curves at their steep ends, and a
    /// Bézier whose control point has x = 0 (at p = 0) or x = 1 (at p = 1) with a different y.
    ///
    /// Where a Bézier's control point coincides with an end (`.easeOut` at p = 0, `.easeIn` at p = 1),
    /// y′/x′ is 0/0 there; the velocity is its limit, the ratio of the second derivatives (1/0.58 ≈ 1.724
    /// for those two). SwiftUI returns 1 (and 0 at the end of `.easeIn`) instead, which makes a spring
    /// that interrupts such a curve in its first frame start at the wrong speed.
    @inlinable
    public func velocity(at progress: Double) -> Double {
        let p = UnitCurve.clamp(progress)
        switch shape {
        case .linear: return 1
        case .bezier(let curve): return curve.velocity(at: p)
        case .circularEaseIn: return UnitCurve.circularInSlope(p)
        case .circularEaseOut: return UnitCurve.circularInSlope(1 - p)
        case .circularEaseInOut:
            return p < 0.5 ? UnitCurve.circularInSlope(2 * p) : UnitCurve.circularInSlope(2 - 2 * p)
        case .circularEaseOutIn:
            return p < 0.5 ? UnitCurve.circularInSlope(1 - 2 * p) : UnitCurve.circularInSlope(2 * p - 1)
        }
    }

    /// ``value(at:)`` and ``velocity(at:)`` together: one clamp, one look at the shape, and one solve of
    /// a Bézier curve (what an animation needs every frame).
    @inlinable
    public func sample(at progress: Double) -> (value: Double, velocity: Double) {
        let p = UnitCurve.clamp(progress)
        switch shape {
        case .linear:
            return (p, 1)
        case .bezier(let curve):
            let (value, velocity) = curve.sample(at: p)
            // The ends are exact, as in `value(at:)`.
            return (p == 0 ? 0 : (p == 1 ? 1 : value), velocity)
        default:
            return (value(at: p), velocity(at: p))
        }
    }

    /// The curve with input and output swapped, so that `inverse.value(at: value(at: p)) ≈ p`.
    ///
    /// A Bézier swaps the x and y of its control points; circular ease-in and ease-out swap; the
    /// circular in-out curve becomes out-in and back.
    @inlinable
    public var inverse: UnitCurve {
        switch shape {
        case .linear: return self
        case .bezier(let curve): return UnitCurve(.bezier(curve.inverse))
        case .circularEaseIn: return UnitCurve(.circularEaseOut)
        case .circularEaseOut: return UnitCurve(.circularEaseIn)
        case .circularEaseInOut: return UnitCurve(.circularEaseOutIn)
        case .circularEaseOutIn: return UnitCurve(.circularEaseInOut)
        }
    }

    // MARK: - Circular pieces

    @inlinable
    static func clamp(_ p: Double) -> Double {
        p > 0 ? (p < 1 ? p : 1) : 0
    }

    @inlinable
    static func circularIn(_ p: Double) -> Double { 1 - (1 - p * p).squareRoot() }

    @inlinable
    static func circularOut(_ p: Double) -> Double { (1 - (1 - p) * (1 - p)).squareRoot() }

    /// d/dp of 1 − √(1 − p²): p/√(1 − p²), infinite at p = 1. Also the slope of ease-out at 1 − p.
    @inlinable
    static func circularInSlope(_ p: Double) -> Double { p / (1 - p * p).squareRoot() }
}
