import Cadence
import Harness
import YourAnimation

/// Scene **anticipate**: four markers go wherever you click, three under ``AnticipateAnimation`` with
/// more and more tension and one under `.snappy` for comparison, each on its own track; below, each
/// animation's progress plotted against time. Without a click the markers go back and forth every two
/// seconds, so a headless run shows them moving.
public final class AnticipateScene: Scene {
    public let name = "anticipate"
    public let title = "Anticipate: wind up, then go"
    public let hint = "Click anywhere: every marker winds up and goes there.  Space pause  . step  Tab scenes  Esc quit"

    /// What each track runs, and what it is called.
    static let lanes: [(label: String, animation: Animation)] = [
        ("anticipate(tension: 0)", .anticipate(duration: 0.6, tension: 0)),
        ("anticipate(tension: 2)", .anticipate(duration: 0.6, tension: 2)),
        ("anticipate(tension: 4)", .anticipate(duration: 0.6, tension: 4)),
        (".snappy", .snappy),
    ]

    /// Each track's position, as a fraction of the track's width.
    private let markers: [AnimatedValue<Double>]
    /// Where the markers are going, as a fraction of a track's width.
    public private(set) var target = 0.85
    private var sinceRetarget = 0.0
    private var clicked = false

    /// Creates the scene, its values driven by `context.tweener`, and sends the markers off.
    public init(context: SceneContext) {
        markers = Self.lanes.map { _ in AnimatedValue(0.15) }
        for (marker, lane) in zip(markers, Self.lanes) {
            context.tweener.drive(marker)
            marker.set(target, animation: lane.animation)
        }
    }

    /// Where the markers are, as fractions of a track's width, in track order.
    public var positions: [Double] { markers.map(\.presentation) }

    public var activeAnimations: Int { markers.filter(\.isAnimating).count }

    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        guard case let .mouseDown(.left, at: point) = event else { return false }
        let track = Self.track(in: size)
        retarget(to: min(max((point.x - track.x) / track.width, 0), 1))
        clicked = true
        return true
    }

    public func update(by dt: Double) {
        sinceRetarget += dt
        if !clicked && sinceRetarget >= 2 { retarget(to: target > 0.5 ? 0.15 : 0.85) }
    }

    private func retarget(to fraction: Double) {
        target = fraction
        sinceRetarget = 0
        for (marker, lane) in zip(markers, Self.lanes) { marker.set(fraction, animation: lane.animation) }
    }

    /// The horizontal extent the markers move along.
    static func track(in size: Size) -> Rect {
        Rect(x: 260, y: 90, width: Double(size.width) - 320, height: 4 * 70)
    }

    public func draw(into list: inout DrawList, size: Size) {
        let track = Self.track(in: size)
        for (index, lane) in Self.lanes.enumerated() {
            let y = track.y + 35 + Double(index) * 70
            let color = Color.palette[(index + 1) % Color.palette.count]
            list.text(lane.label, at: Point(24, y - 8), size: .small, .text)
            list.line(Point(track.x, y), Point(track.x + track.width, y), .grid)
            list.circle(Point(track.x + markers[index].presentation * track.width, y), radius: 14, color)
        }
        let x = track.x + target * track.width
        list.line(Point(x, track.y), Point(x, track.y + track.height), .dimText)
        drawCurves(into: &list, below: track, size: size)
    }

    /// Each anticipating animation's progress from 0 to 1 over its 0.6 s, on one plot.
    private func drawCurves(into list: inout DrawList, below track: Rect, size: Size) {
        let plot = Rect(
            x: track.x, y: track.y + track.height + 40, width: 360,
            height: Double(size.height) - track.y - track.height - 90)
        guard plot.height > 40 else { return }
        list.stroke(plot, .grid)
        // Progress from -0.3 (the deepest wind-up plotted) to 1.
        func point(_ u: Double, _ p: Double) -> Point {
            Point(plot.x + u * plot.width, plot.y + plot.height - (p + 0.3) / 1.3 * plot.height)
        }
        list.line(point(0, 0), point(1, 0), .grid)
        list.text("progress over 0.6 s", at: Point(plot.x + 6, plot.y + 4), size: .small, .dimText)
        for (index, tension) in [0.0, 2, 4].enumerated() {
            let curve = AnticipateAnimation(duration: 0.6, tension: tension)
            let points = (0...60).map { step in
                let u = Double(step) / 60
                return point(u, curve.progress(at: u).value)
            }
            list.polyline(points, Color.palette[(index + 1) % Color.palette.count])
        }
    }
}
