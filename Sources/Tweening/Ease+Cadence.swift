import Cadence

extension Ease {
    /// An ease that follows a `UnitCurve` (SwiftUI's timing curves, circular curves, your own beziers),
    /// so tweens and `Animation`s can share one curve.
    ///
    /// `UnitCurve.value(at:)` clamps its input to [0, 1]; the result is pinned to exactly 0 at 0 and
    /// exactly 1 at 1, as every built-in ease is (a bezier solve is otherwise within ~1e-7 of them).
    public static func unitCurve(_ curve: UnitCurve) -> Ease {
        .custom { x in
            if !(x > 0) { return 0 }
            if x >= 1 { return 1 }
            return curve.value(at: x)
        }
    }

    /// The ease of a timing-curve animation (`.linear`, `.easeIn`, `.easeOut`, `.easeInOut`,
    /// `.timingCurve(…)`): its curve, without its duration (the tween has its own).
    ///
    /// Returns `nil` for animations that are not a plain timing curve: springs have no unit curve, and a
    /// modified animation (`.delay`, `.speed`, `.repeatCount`) changes time, which an ease cannot express.
    public init?(_ animation: Animation) {
        guard let bezier = animation.base as? BezierAnimation else { return nil }
        self = .unitCurve(bezier.curve)
    }
}
