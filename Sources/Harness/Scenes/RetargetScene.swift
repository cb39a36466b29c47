import Cadence
import Foundation
import Tweening

/// Scene 1, **retarget** (the default): click or drag and a row of markers chases the pointer, each
/// under another animation, with a live plot of each marker's speed over the last four seconds.
///
/// What to look for: at a retarget the merging springs (`.spring`, `.bouncy`, `.snappy`,
/// `.interactiveSpring`) keep their velocity, so their speed curves bend smoothly; the combining
/// animations (`.interpolatingSpring`, `.easeInOut`) keep their position continuous and blend the new
/// motion into the old; the plain tween, restarted from where it stands, drops to zero speed and
/// starts over. Every marker is an `AnimatedValue` driven through the harness's tweener, except the
/// tween, which is one.
public final class RetargetScene: Scene {
    public let name = "retarget"
    public let title = "Retargeting: merging keeps velocity"
    public var hint: String {
        String(
            format:
                "Click or drag anywhere.  Up/Down response %.2f s   Left/Right bounce %+.2f   (applies from the next retarget)",
            response, bounce)
    }

    /// One chasing marker.
    public final class Marker {
        /// The animation's name as shown.
        public let name: String
        /// Its colour.
        public let color: Color
        /// Where it is now.
        public fileprivate(set) var position: Point
        /// Its speed (pixels per second) at each recent frame, oldest first.
        public fileprivate(set) var speeds: [Double] = []
        fileprivate let value: AnimatedValue<Point>?
        fileprivate let animation: (Double, Double) -> Animation

        fileprivate init(
            name: String, color: Color, start: Point, value: AnimatedValue<Point>?,
            animation: @escaping (Double, Double) -> Animation
        ) {
            self.name = name
            self.color = color
            self.position = start
            self.value = value
            self.animation = animation
        }
    }

    /// Frames of speed history kept (four seconds at 60 fps).
    public static let historyLength = 240
    /// Horizontal spacing of the markers in their row.
    static let spacing = 34.0

    /// Response (duration) of the animations, seconds: Up/Down.
    public private(set) var response = 0.5
    /// Bounce of the springs: Left/Right.
    public private(set) var bounce = 0.0
    /// The markers, in row order; the last is the restarted tween.
    public private(set) var markers: [Marker] = []
    /// Frames (in speed-history positions) at which retargets happened, for the plot's marks.
    public private(set) var retargetMarks: [Int] = []

    private let tweener: Tweener
    private var tween: PropertyTween<Point>?
    private var tweenPosition: Point
    private var pointer: Point
    private var frames = 0

    /// Creates the scene with every marker resting in the middle of the window.
    public init(context: SceneContext) {
        tweener = context.tweener
        pointer = Point(640, 300)
        tweenPosition = pointer
        let specs: [(String, (Double, Double) -> Animation)] = [
            (".spring", { .spring(duration: $0, bounce: $1) }),
            (".bouncy", { .bouncy(duration: $0, extraBounce: $1) }),
            (".snappy", { .snappy(duration: $0, extraBounce: $1) }),
            (
                ".interactiveSpring",
                { r, _ in .interactiveSpring(response: 0.3 * r, dampingFraction: 0.86, blendDuration: 0.25) }
            ),
            (".interpolatingSpring", { .interpolatingSpring(duration: $0, bounce: $1) }),
            (".easeInOut", { r, _ in .easeInOut(duration: r) }),
        ]
        for (index, (name, animation)) in specs.enumerated() {
            let start = pointer + Self.offset(index, of: specs.count + 1)
            let value = AnimatedValue(start)
            tweener.drive(value)
            markers.append(
                Marker(name: name, color: Color.palette[index], start: start, value: value, animation: animation))
        }
        markers.append(
            Marker(
                name: "tween (restarted)", color: Color.palette[7],
                start: pointer + Self.offset(specs.count, of: specs.count + 1),
                value: nil, animation: { r, _ in .easeInOut(duration: r) }))
        tweenPosition = markers[markers.count - 1].position
    }

    static func offset(_ index: Int, of count: Int) -> Point {
        Point((Double(index) - Double(count - 1) / 2) * spacing, 0)
    }

    /// Sends every marker towards `point` (each to its place in the row).
    public func retarget(to point: Point) {
        pointer = point
        for (index, marker) in markers.enumerated() {
            let target = point + Self.offset(index, of: markers.count)
            if let value = marker.value {
                value.set(target, animation: marker.animation(response, bounce))
            } else {
                // The tween cannot be retargeted: kill it and start a new one from where it stands.
                tween?.kill()
                tween = tweener.tween(from: tweenPosition, to: target, duration: response) { [unowned self] in
                    self.tweenPosition = $0
                }
                .ease(.sineInOut)
            }
        }
        retargetMarks.append(frames)
    }

    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        switch event {
        case let .mouseDown(.left, at: point), let .mouseMoved(to: point, dragging: true):
            retarget(to: point)
            return true
        case .keyDown(.up):
            response = min(2, response + 0.05)
            return true
        case .keyDown(.down):
            response = max(0.1, response - 0.05)
            return true
        case .keyDown(.right):
            bounce = min(0.9, bounce + 0.05)
            return true
        case .keyDown(.left):
            bounce = max(-0.5, bounce - 0.05)
            return true
        default:
            return false
        }
    }

    public func update(by dt: Double) {
        guard dt > 0 else { return }
        frames += 1
        for marker in markers {
            let previous = marker.position
            let speed: Double
            if let value = marker.value {
                marker.position = value.presentation
                speed = (value.velocity * value.velocity).sum().squareRoot()
            } else {
                // A tween has no velocity of its own: the distance it moved this frame over dt.
                marker.position = tweenPosition
                let moved = marker.position - previous
                speed = (moved * moved).sum().squareRoot() / dt
            }
            marker.speeds.append(speed)
            if marker.speeds.count > Self.historyLength { marker.speeds.removeFirst() }
        }
        retargetMarks.removeAll { $0 <= frames - Self.historyLength }
    }

    public var activeAnimations: Int { markers.reduce(0) { $0 + ($1.value?.isAnimating == true ? 1 : 0) } }

    public func draw(into list: inout DrawList, size: Size) {
        let plotTop = Double(size.height) - 290
        list.circle(pointer, radius: 5, .dimText)
        for marker in markers.reversed() {
            list.circle(marker.position, radius: 13, marker.color)
        }
        // Small multiples: one speed strip per marker, each scaled to its own peak, since what matters
        // is the shape at a retarget (a smooth bend, a drop to zero), not how fast each animation is.
        let stripHeight = 40.0
        let left = 250.0
        let width = Double(size.width) - left - 20
        let step = width / Double(Self.historyLength - 1)
        list.text(
            "speed over the last 4 s, each strip to its own scale; vertical lines: retargets",
            at: Point(left, plotTop - 24), size: .small, .dimText)
        for (index, marker) in markers.enumerated() {
            let top = plotTop + Double(index) * stripHeight
            let base = top + stripHeight - 6
            let peak = max(marker.speeds.max() ?? 0, 1)
            list.fill(Rect(x: 20, y: top + 6, width: 12, height: 12), marker.color)
            list.text(marker.name, at: Point(38, top + 2), size: .small, .text)
            list.text(String(format: "peak %.0f px/s", peak), at: Point(38, top + 18), size: .small, .dimText)
            list.line(Point(left, base), Point(left + width, base), .grid)
            let offset = Self.historyLength - marker.speeds.count
            let points = marker.speeds.enumerated().map { i, speed in
                Point(left + Double(offset + i) * step, base - speed / peak * (stripHeight - 8))
            }
            list.polyline(points, marker.color)
        }
        for mark in retargetMarks {
            let x = left + Double(Self.historyLength - 1 - (frames - mark)) * step
            list.line(
                Point(x, plotTop - 4), Point(x, plotTop + Double(markers.count) * stripHeight), Color.white.opacity(60))
        }
    }
}
