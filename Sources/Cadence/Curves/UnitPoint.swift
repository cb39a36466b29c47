/// A point in a unit square, used as a control point of a ``UnitCurve``.
///
/// Coordinates outside [0, 1] are allowed; a curve decides how to treat them.
@frozen
public struct UnitPoint: Hashable, Sendable {
    /// The horizontal coordinate (progress in time, for a timing curve).
    public var x: Double
    /// The vertical coordinate (progress in value, for a timing curve).
    public var y: Double

    /// Creates a point.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
