extension Animation {
    /// The duration of a timing-curve animation created without one: 0.35 s.
    @usableFromInline static let defaultTimingCurveDuration: TimeInterval = 0.35

    /// Constant speed for 0.35 s.
    public static var linear: Animation { linear(duration: defaultTimingCurveDuration) }

    /// Constant speed for `duration` seconds (not positive or NaN: finishes at once).
    @inlinable
    public static func linear(duration: TimeInterval) -> Animation { timingCurve(.linear, duration: duration) }

    /// Starts slowly, for 0.35 s.
    public static var easeIn: Animation { easeIn(duration: defaultTimingCurveDuration) }

    /// Starts slowly, for `duration` seconds (not positive or NaN: finishes at once).
    @inlinable
    public static func easeIn(duration: TimeInterval) -> Animation { timingCurve(.easeIn, duration: duration) }

    /// Ends slowly, for 0.35 s.
    public static var easeOut: Animation { easeOut(duration: defaultTimingCurveDuration) }

    /// Ends slowly, for `duration` seconds (not positive or NaN: finishes at once).
    @inlinable
    public static func easeOut(duration: TimeInterval) -> Animation { timingCurve(.easeOut, duration: duration) }

    /// Slow at both ends, for 0.35 s.
    public static var easeInOut: Animation { easeInOut(duration: defaultTimingCurveDuration) }

    /// Slow at both ends, for `duration` seconds (not positive or NaN: finishes at once).
    @inlinable
    public static func easeInOut(duration: TimeInterval) -> Animation { timingCurve(.easeInOut, duration: duration) }

    /// A cubic Bézier timing curve with control points (p1x, p1y) and (p2x, p2y).
    ///
    /// Control points outside the unit square are clamped when computing the value.
    @inlinable
    public static func timingCurve(
        _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35
    ) -> Animation {
        timingCurve(
            .bezier(startControlPoint: UnitPoint(x: p1x, y: p1y), endControlPoint: UnitPoint(x: p2x, y: p2y)),
            duration: duration)
    }

    /// An animation whose progress follows `curve` for `duration` seconds (not positive or NaN:
    /// finishes at once). Its base is a ``BezierAnimation``.
    @inlinable
    public static func timingCurve(_ curve: UnitCurve, duration: TimeInterval = 0.35) -> Animation {
        Animation(BezierAnimation(curve: curve, duration: duration))
    }
}
