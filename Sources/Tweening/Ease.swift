// Longer than ~250 lines on purpose: the thirty-odd formulas and the switch that evaluates them belong together,
// so that the inlined per-frame evaluation and the table of eases can be read side by side.

import Foundation

/// An easing function: maps the linear progress of a tween, in [0, 1], to the fraction of the way
/// from its start values to its end values.
///
/// The built-in families are the [easings.net](https://easings.net) formulas, each in `in`, `out`
/// and `inOut` form. Every built-in ease returns exactly 0 at 0 and exactly 1 at 1 (inputs outside
/// [0, 1] are clamped to those end points); in between, `back` and `elastic` overshoot and their
/// results outside [0, 1] are passed through. `custom` calls your function unchanged, so its end
/// points are your responsibility.
///
/// Evaluation of the built-ins is a `switch` over this enum rather than a stored closure: it costs a
/// jump and the formula, with no indirect call or retain on the per-frame path.
public enum Ease: Sendable {
    /// f(x) = x.
    case linear
    /// Sine in: 1 − cos(xπ/2).
    case sineIn
    /// Sine out: sin(xπ/2).
    case sineOut
    /// Sine in-out: −(cos(πx) − 1)/2.
    case sineInOut
    /// Quadratic in: x².
    case quadIn
    /// Quadratic out: 1 − (1 − x)².
    case quadOut
    /// Quadratic in-out.
    case quadInOut
    /// Cubic in: x³.
    case cubicIn
    /// Cubic out: 1 − (1 − x)³.
    case cubicOut
    /// Cubic in-out.
    case cubicInOut
    /// Quartic in: x⁴.
    case quartIn
    /// Quartic out: 1 − (1 − x)⁴.
    case quartOut
    /// Quartic in-out.
    case quartInOut
    /// Quintic in: x⁵.
    case quintIn
    /// Quintic out: 1 − (1 − x)⁵.
    case quintOut
    /// Quintic in-out.
    case quintInOut
    /// Exponential in: 2^(10x − 10).
    case expoIn
    /// Exponential out: 1 − 2^(−10x).
    case expoOut
    /// Exponential in-out (the real in-out: the original library ran `expoOut` here).
    case expoInOut
    /// Circular in: 1 − √(1 − x²).
    case circIn
    /// Circular out: √(1 − (x − 1)²).
    case circOut
    /// Circular in-out.
    case circInOut
    /// Back in: c3·x³ − c1·x², with c1 the tween's overshoot and c3 = c1 + 1. Dips below 0.
    case backIn
    /// Back out: 1 + c3·(x − 1)³ + c1·(x − 1)². Overshoots 1.
    case backOut
    /// Back in-out, with c2 = 1.525·c1. Dips below 0 and overshoots 1.
    case backInOut
    /// Elastic in, with c4 = τ/3. Oscillates below 0.
    case elasticIn
    /// Elastic out, with c4 = τ/3. Oscillates above 1.
    case elasticOut
    /// Elastic in-out, with c5 = τ/4.5.
    case elasticInOut
    /// Bounce in: 1 − bounceOut(1 − x).
    case bounceIn
    /// Bounce out: four parabolic bounces (n1 = 7.5625, d1 = 2.75).
    case bounceOut
    /// Bounce in-out.
    case bounceInOut
    /// Your own function of the linear progress. Called as given, with no clamping.
    case custom(@Sendable (Double) -> Double)

    /// The overshoot of the back eases when none is given: 1.70158 (about 10 % overshoot).
    public static let standardOvershoot = 1.70158

    /// Every built-in ease (all but `custom`), in declaration order.
    public static let allBuiltIn: [Ease] = [
        .linear, .sineIn, .sineOut, .sineInOut, .quadIn, .quadOut, .quadInOut,
        .cubicIn, .cubicOut, .cubicInOut, .quartIn, .quartOut, .quartInOut,
        .quintIn, .quintOut, .quintInOut, .expoIn, .expoOut, .expoInOut,
        .circIn, .circOut, .circInOut, .backIn, .backOut, .backInOut,
        .elasticIn, .elasticOut, .elasticInOut, .bounceIn, .bounceOut, .bounceInOut,
    ]

    /// Evaluates the ease at `x`.
    ///
    /// - Parameters:
    ///   - x: Linear progress. Built-in eases clamp it to [0, 1]: at or below 0 they return exactly 0,
    ///     at or above 1 exactly 1 (NaN returns 0).
    ///   - overshoot: c1 of the back eases (ignored by the others). A tween passes its own
    ///     `overshoot`, copied from `Defaults` when it was created.
    /// - Returns: The eased fraction; may leave [0, 1] for `back`, `elastic` and `custom`.
    @inlinable
    public func value(at x: Double, overshoot: Double = Ease.standardOvershoot) -> Double {
        guard let code else {
            if case .custom(let function) = self { return function(x) }
            return x
        }
        return Ease.evaluate(code, at: x, overshoot: overshoot)
    }

    /// Evaluates the ease at `x` with the standard overshoot: `ease(0.5)`.
    @inlinable
    public func callAsFunction(_ x: Double) -> Double { value(at: x) }

    /// The built-in eases as a payload-free enum: what a tween stores and switches over every frame.
    /// Copying an `Ease` (whose `custom` case holds a closure) costs a retain and a release; copying a
    /// `Code` costs nothing.
    @usableFromInline
    enum Code: UInt8, Sendable {
        case linear, sineIn, sineOut, sineInOut, quadIn, quadOut, quadInOut, cubicIn,
            cubicOut, cubicInOut, quartIn, quartOut, quartInOut, quintIn, quintOut,
            quintInOut, expoIn, expoOut, expoInOut, circIn, circOut, circInOut, backIn,
            backOut, backInOut, elasticIn, elasticOut, elasticInOut, bounceIn, bounceOut,
            bounceInOut
    }

    /// The function of a `custom` ease; `nil` for the built-ins.
    @usableFromInline
    var customFunction: (@Sendable (Double) -> Double)? {
        if case .custom(let function) = self { function } else { nil }
    }

    /// The payload-free code of a built-in ease; `nil` for `custom`.
    @inlinable
    var code: Code? {
        switch self {
        case .linear: return .linear
        case .sineIn: return .sineIn
        case .sineOut: return .sineOut
        case .sineInOut: return .sineInOut
        case .quadIn: return .quadIn
        case .quadOut: return .quadOut
        case .quadInOut: return .quadInOut
        case .cubicIn: return .cubicIn
        case .cubicOut: return .cubicOut
        case .cubicInOut: return .cubicInOut
        case .quartIn: return .quartIn
        case .quartOut: return .quartOut
        case .quartInOut: return .quartInOut
        case .quintIn: return .quintIn
        case .quintOut: return .quintOut
        case .quintInOut: return .quintInOut
        case .expoIn: return .expoIn
        case .expoOut: return .expoOut
        case .expoInOut: return .expoInOut
        case .circIn: return .circIn
        case .circOut: return .circOut
        case .circInOut: return .circInOut
        case .backIn: return .backIn
        case .backOut: return .backOut
        case .backInOut: return .backInOut
        case .elasticIn: return .elasticIn
        case .elasticOut: return .elasticOut
        case .elasticInOut: return .elasticInOut
        case .bounceIn: return .bounceIn
        case .bounceOut: return .bounceOut
        case .bounceInOut: return .bounceInOut
        case .custom: return nil
        }
    }

    /// The built-in ease of `code`.
    @usableFromInline
    init(_ code: Code) {
        self = Ease.allBuiltIn[Int(code.rawValue)]
    }

    /// The built-in ease `code` at `x`: 0 at or below 0 (and for NaN), 1 at or above 1, the
    /// formula in between. This is what a tween calls every frame.
    @inlinable
    static func evaluate(_ code: Code, at x: Double, overshoot c1: Double) -> Double {
        // `!(x > 0)` also sends NaN to the start, so a bad input can never produce NaN values.
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        return interior(code, x, c1)
    }

    // The formulas for 0 < x < 1, kept apart so `evaluate` stays small enough to inline.
    @usableFromInline
    static func interior(_ code: Code, _ x: Double, _ c1: Double) -> Double {
        interiorInlined(code, x, c1)
    }

    @inline(__always)
    static func interiorInlined(_ code: Code, _ x: Double, _ c1: Double) -> Double {
        switch code {
        case .linear: return x
        case .sineIn: return 1 - cos(x * .pi / 2)
        case .sineOut: return sin(x * .pi / 2)
        case .sineInOut: return -(cos(.pi * x) - 1) / 2
        case .quadIn: return x * x
        case .quadOut: let u = 1 - x; return 1 - u * u
        case .quadInOut:
            if x < 0.5 { return 2 * x * x }
            let u = -2 * x + 2; return 1 - u * u / 2
        case .cubicIn: return x * x * x
        case .cubicOut: let u = 1 - x; return 1 - u * u * u
        case .cubicInOut:
            if x < 0.5 { return 4 * x * x * x }
            let u = -2 * x + 2; return 1 - u * u * u / 2
        case .quartIn: return x * x * x * x
        case .quartOut: let u = 1 - x; return 1 - u * u * u * u
        case .quartInOut:
            if x < 0.5 { return 8 * x * x * x * x }
            let u = -2 * x + 2; return 1 - u * u * u * u / 2
        case .quintIn: return x * x * x * x * x
        case .quintOut: let u = 1 - x; return 1 - u * u * u * u * u
        case .quintInOut:
            if x < 0.5 { return 16 * x * x * x * x * x }
            let u = -2 * x + 2; return 1 - u * u * u * u * u / 2
        case .expoIn: return pow(2, 10 * x - 10)
        case .expoOut: return 1 - pow(2, -10 * x)
        case .expoInOut:
            if x < 0.5 { return pow(2, 20 * x - 10) / 2 }
            return (2 - pow(2, -20 * x + 10)) / 2
        case .circIn: return 1 - (1 - x * x).squareRoot()
        case .circOut: let u = x - 1; return (1 - u * u).squareRoot()
        case .circInOut:
            if x < 0.5 { let u = 2 * x; return (1 - (1 - u * u).squareRoot()) / 2 }
            let u = -2 * x + 2; return ((1 - u * u).squareRoot() + 1) / 2
        case .backIn:
            let c3 = c1 + 1
            return c3 * x * x * x - c1 * x * x
        case .backOut:
            let c3 = c1 + 1, u = x - 1
            return 1 + c3 * u * u * u + c1 * u * u
        case .backInOut:
            let c2 = c1 * 1.525
            if x < 0.5 { let u = 2 * x; return u * u * ((c2 + 1) * u - c2) / 2 }
            let u = 2 * x - 2; return (u * u * ((c2 + 1) * u + c2) + 2) / 2
        case .elasticIn:
            let c4 = 2 * Double.pi / 3
            return -pow(2, 10 * x - 10) * sin((x * 10 - 10.75) * c4)
        case .elasticOut:
            let c4 = 2 * Double.pi / 3
            return pow(2, -10 * x) * sin((x * 10 - 0.75) * c4) + 1
        case .elasticInOut:
            let c5 = 2 * Double.pi / 4.5
            if x < 0.5 { return -(pow(2, 20 * x - 10) * sin((20 * x - 11.125) * c5)) / 2 }
            return pow(2, -20 * x + 10) * sin((20 * x - 11.125) * c5) / 2 + 1
        case .bounceIn: return 1 - Ease.bounce(1 - x)
        case .bounceOut: return Ease.bounce(x)
        case .bounceInOut:
            if x < 0.5 { return (1 - Ease.bounce(1 - 2 * x)) / 2 }
            return (1 + Ease.bounce(2 * x - 1)) / 2
        }
    }

    @usableFromInline
    static func bounce(_ x: Double) -> Double {
        let n1 = 7.5625, d1 = 2.75
        if x < 1 / d1 { return n1 * x * x }
        if x < 2 / d1 { let u = x - 1.5 / d1; return n1 * u * u + 0.75 }
        if x < 2.5 / d1 { let u = x - 2.25 / d1; return n1 * u * u + 0.9375 }
        let u = x - 2.625 / d1
        return n1 * u * u + 0.984375
    }
}
