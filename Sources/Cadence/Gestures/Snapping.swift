/// Where a throw ends up: snap points chosen from the projected end, and rubber-banding past bounds.
///
/// (Not called `Gesture`: that is SwiftUI's protocol, which code ported from SwiftUI names.)
public enum Snapping {
    /// UIScrollView's rubber-band constant.
    public static let rubberBandConstant = 0.55

    /// The snap point nearest to where a throw would come to rest: `position + project(velocity)` under
    /// a decay at `decelerationRate` (see ``DecayAnimation/project(velocity:decelerationRate:)``).
    ///
    /// Hand the result to a spring with the release velocity still on the value
    /// (``AnimatedValue/track(to:velocity:)`` then `set(point, animation: .spring)`): the spring merges
    /// with the tracked motion, so the card leaves the hand at its speed and settles on the point.
    ///
    /// - Returns: The nearest point (the first of equally near ones), or `nil` when `points` is empty
    ///   or the projection is not finite. Points with a NaN or infinite component are skipped.
    public static func snapPoint<V: VectorArithmetic, Points: Sequence<V>>(
        from position: V, velocity: V, decelerationRate: Double = DecayAnimation.normal, among points: Points
    ) -> V? {
        let end = position + DecayAnimation.project(velocity: velocity, decelerationRate: decelerationRate)
        guard end.magnitudeSquared.isFinite else { return nil }
        return nearest(to: end, among: points)
    }

    /// The point of `points` nearest to `position` (the first of equally near ones), or `nil` when there
    /// is none. Points with a NaN or infinite component are skipped.
    public static func nearest<V: VectorArithmetic, Points: Sequence<V>>(to position: V, among points: Points) -> V? {
        var best: V?
        var bestDistance = Double.infinity
        for point in points {
            let distance = (point - position).magnitudeSquared
            if distance < bestDistance {
                best = point
                bestDistance = distance
            }
        }
        return best
    }

    /// UIScrollView's rubber band: how far content shows when dragged `overshoot` past its edge, in a
    /// view of size `dimension`: `(1 − 1/(overshoot·c/dimension + 1))·dimension`, c = 0.55. Close to
    /// `c·overshoot` for small overshoots, it never reaches `dimension`. Odd in `overshoot` (a negative
    /// overshoot gives the mirrored result). A `dimension` that is not positive and finite, or a NaN
    /// overshoot, gives 0; an infinite overshoot gives ±`dimension`.
    public static func rubberBand(_ overshoot: Double, dimension: Double, constant: Double = rubberBandConstant)
        -> Double
    {
        guard dimension > 0, dimension.isFinite, !overshoot.isNaN, constant > 0, constant.isFinite else { return 0 }
        let magnitude = abs(overshoot)
        let shown = magnitude.isInfinite ? dimension : (1 - 1 / (magnitude * constant / dimension + 1)) * dimension
        return overshoot < 0 ? -shown : shown
    }

    /// `position` where it lies within `bounds`, and rubber-banded past them: the edge plus
    /// ``rubberBand(_:dimension:constant:)`` of the overshoot. A NaN position gives the lower bound.
    public static func rubberBanded(
        _ position: Double, in bounds: ClosedRange<Double>, dimension: Double, constant: Double = rubberBandConstant
    ) -> Double {
        if position.isNaN { return bounds.lowerBound }
        if position < bounds.lowerBound {
            return bounds.lowerBound
                + rubberBand(position - bounds.lowerBound, dimension: dimension, constant: constant)
        }
        if position > bounds.upperBound {
            return bounds.upperBound
                + rubberBand(position - bounds.upperBound, dimension: dimension, constant: constant)
        }
        return position
    }
}
