/// A point in a unit square: a control point of a ``UnitCurve``, or a position relative to a size
/// (SwiftUI's `UnitPoint`).
///
/// Coordinates outside [0, 1] are allowed; a curve decides how to treat them. The presets place the
/// origin at the top left, with y growing downwards, as SwiftUI does in a left-to-right layout
/// (`leading` is the left edge: there is no layout direction here).
///
/// **Animation.** A unit point animates its coordinates scaled by 128 (``animatableData`` is
/// `(x × 128, y × 128)`), as SwiftUI's does, so that springs, which settle by absolute thresholds on the
/// data, do not stop early on a range as small as [0, 1] (see ``Angle`` for the figures). The scale is
/// a power of two: the conversion is exact both ways.
///
/// The coordinates are `Double` (SwiftUI's are `CGFloat`, which needs Foundation here). A `CGFloat`
/// converts to `Double` implicitly, so `UnitPoint(x: width, y: height)` with `CGFloat`s compiles as
/// in SwiftUI, and so do literals: no second initialiser competes for `UnitPoint(x: 0, y: 0)`.
@frozen
public struct UnitPoint: Hashable, Sendable {
    /// The horizontal coordinate (progress in time, for a timing curve).
    public var x: Double
    /// The vertical coordinate (progress in value, for a timing curve).
    public var y: Double

    /// Creates the point at the origin, (0, 0).
    @inlinable
    public init() {
        self.init(x: 0, y: 0)
    }

    /// Creates a point.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = UnitPoint(x: 0, y: 0)
    /// The centre, (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The middle of the leading (left) edge, (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The middle of the trailing (right) edge, (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The middle of the top edge, (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The middle of the bottom edge, (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The top leading (top left) corner, (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The top trailing (top right) corner, (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The bottom leading (bottom left) corner, (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The bottom trailing (bottom right) corner, (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

extension UnitPoint: Animatable {
    /// The factor between coordinates and the animated data (see the type's documentation).
    @inlinable static var animationScale: Double { 128 }

    /// The coordinates scaled by 128, as in SwiftUI: what springs and other animations work on.
    @inlinable
    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(x * UnitPoint.animationScale, y * UnitPoint.animationScale) }
        set {
            x = newValue.first / UnitPoint.animationScale
            y = newValue.second / UnitPoint.animationScale
        }
    }
}
