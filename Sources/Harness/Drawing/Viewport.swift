/// The region a backend may hand to its rasteriser: the drawable area grown by a margin on every side.
///
/// Scenes and clients' animations can compute anything (a spring overshooting to 1e200, a NaN); SDL's
/// software renderer walks every pixel of a line or a rectangle it is given, so an absurd coordinate can
/// cost seconds per frame. Backends pass every primitive through these functions: non-finite primitives
/// are dropped, and the rest are clipped to the viewport (lines exactly, by Liang–Barsky), so what lands
/// on screen is unchanged.
public struct Viewport: Sendable, Equatable {
    /// The allowed region.
    public var bounds: Rect

    /// The drawable area of `size` grown by `margin` pixels on each side (default: the larger dimension).
    public init(size: Size, margin: Double? = nil) {
        let margin = margin ?? Double(max(size.width, size.height, 64))
        bounds = Rect(
            x: -margin, y: -margin, width: Double(size.width) + 2 * margin, height: Double(size.height) + 2 * margin)
    }

    /// Whether `point` is finite and inside the region.
    @inline(__always)
    public func contains(_ point: Point) -> Bool {
        point.x >= bounds.x && point.x <= bounds.x + bounds.width && point.y >= bounds.y
            && point.y <= bounds.y + bounds.height
    }

    /// `rect` cut to the region; nil when it is non-finite, empty or wholly outside.
    public func clip(_ rect: Rect) -> Rect? {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return nil }
        let x0 = max(rect.x, bounds.x), y0 = max(rect.y, bounds.y)
        let x1 = min(rect.x + rect.width, bounds.x + bounds.width),
            y1 = min(rect.y + rect.height, bounds.y + bounds.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The part of the segment `a`–`b` inside the region; nil when non-finite or wholly outside.
    ///
    /// The crossing points are measured from the endpoint nearer the region, so a segment from the screen
    /// to 1e200 is cut exactly where it leaves the region (measured from the far end, the cut would be lost
    /// to rounding).
    public func clip(_ a: Point, _ b: Point) -> (Point, Point)? {
        if contains(a) && contains(b) { return (a, b) }
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
        let center = Point(bounds.x + bounds.width / 2, bounds.y + bounds.height / 2)
        let distance = { (p: Point) in max(abs(p.x - center.x), abs(p.y - center.y)) }
        let swapped = distance(b) < distance(a)
        let origin = swapped ? b : a
        let d = (swapped ? a : b) - origin
        guard d.x.isFinite, d.y.isFinite else { return nil }
        var t0 = 0.0, t1 = 1.0
        let edges: [(Double, Double)] = [
            (-d.x, origin.x - bounds.x), (d.x, bounds.x + bounds.width - origin.x),
            (-d.y, origin.y - bounds.y), (d.y, bounds.y + bounds.height - origin.y),
        ]
        for (p, q) in edges {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return nil }
            }
        }
        // Rounding may leave a cut a hair outside: keep it on the region's edge.
        let clamp = { (p: Point) in
            Point(
                min(max(p.x, self.bounds.x), self.bounds.x + self.bounds.width),
                min(max(p.y, self.bounds.y), self.bounds.y + self.bounds.height))
        }
        let start = t0 == 0 ? origin : clamp(origin + d * t0)
        let end = clamp(origin + d * t1)
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return nil }
        return swapped ? (end, start) : (start, end)
    }

    /// Whether a circle is worth drawing: finite, with a positive radius no larger than the region, and
    /// reaching into the region.
    public func shows(circle center: Point, radius: Double) -> Bool {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, radius > 0,
            radius <= max(bounds.width, bounds.height)
        else { return false }
        return center.x + radius >= bounds.x && center.x - radius <= bounds.x + bounds.width
            && center.y + radius >= bounds.y && center.y - radius <= bounds.y + bounds.height
    }
}
