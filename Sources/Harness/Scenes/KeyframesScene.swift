import Cadence
import Foundation
import Tweening

/// The keyframed figure's pose: where it is, how it is turned and how large it is. A vector, so an
/// `AnimatedValue` can animate it and a spring can take it over.
public struct Pose: VectorArithmetic, Sendable {
    /// Offset from the stage's centre, in points.
    public var offset: SIMD2<Double>
    /// Rotation, in degrees.
    public var rotation: Double
    /// Scale factor.
    public var scale: Double

    /// Creates a pose.
    public init(offset: SIMD2<Double> = .zero, rotation: Double = 0, scale: Double = 1) {
        self.offset = offset
        self.rotation = rotation
        self.scale = scale
    }

    /// All zero.
    public static var zero: Pose { Pose(offset: .zero, rotation: 0, scale: 0) }
    /// Componentwise sum.
    public static func + (lhs: Pose, rhs: Pose) -> Pose {
        Pose(offset: lhs.offset + rhs.offset, rotation: lhs.rotation + rhs.rotation, scale: lhs.scale + rhs.scale)
    }
    /// Componentwise difference.
    public static func - (lhs: Pose, rhs: Pose) -> Pose {
        Pose(offset: lhs.offset - rhs.offset, rotation: lhs.rotation - rhs.rotation, scale: lhs.scale - rhs.scale)
    }
    /// Scales every component.
    public mutating func scale(by rhs: Double) {
        offset *= rhs
        rotation *= rhs
        scale *= rhs
    }
    /// The sum of the squared components.
    public var magnitudeSquared: Double {
        (offset * offset).sum() + rotation * rotation + scale * scale
    }
}

/// Keyframes: a small figure animated by a `KeyframeTimeline` of three tracks (offset, rotation,
/// scale) with every kind of keyframe, each track's curve plotted under the stage with its keyframes
/// marked and a playhead.
///
/// - Return plays or pauses the timeline (from the playhead); L turns looping on and off.
/// - Pressing or dragging in the plots scrubs: the playhead follows the mouse and the figure shows the
///   timeline there (playing stops).
/// - Clicking the stage while the figure moves hands its current value and velocity to a spring that
///   takes it to the clicked point, upright and at scale 1.
///
/// The figure is an `AnimatedValue<Pose>` driven by the tweener: playing is
/// `figure.play(timeline, from: playhead)` (a `KeyframeAnimation`), so the spring given on a click
/// merges with it and continues at its velocity, and the global pause and speed keys act on it.
public final class KeyframesScene: Scene {
    /// `keyframes`.
    public let name = "keyframes"
    /// The title line.
    public let title = "Keyframes: KeyframeTimeline, four kinds of keyframe on three tracks"
    /// The controls.
    public let hint =
        "Return play/pause  L loop  drag in the plots to scrub  click the stage: spring there  Space pause  Esc quit"

    /// The timeline played: offset (cubic Catmull-Rom hops, then a spring home), rotation (an eased
    /// linear wind-up, cubics, a move) and scale (a cut-off spring, linear, cubics).
    public let timeline: KeyframeTimeline<Pose>
    /// The figure, as shown.
    public let figure: AnimatedValue<Pose>
    /// The time in the timeline that the plots mark.
    public private(set) var playhead: Double = 0
    /// Whether the playhead advances.
    public private(set) var isPlaying = true
    /// Whether playing starts again at the end.
    public private(set) var loops = true
    /// Whether the last click gave the figure to a spring (it leaves the timeline until played again).
    public private(set) var handedOff = false
    /// The figure's velocity at the last hand-off, as the spring took it over.
    public private(set) var handOffVelocity: Pose?
    private var scrubbing = false

    /// The tracks' names and how each plotted curve reads the pose.
    nonisolated(unsafe) static let curves: [(label: String, track: Int, read: (Pose) -> Double, color: Int)] = [
        ("offset x", 0, { $0.offset.x }, 1), ("offset y", 0, { $0.offset.y }, 4),
        ("rotation", 1, { $0.rotation }, 2), ("scale", 2, { $0.scale }, 5),
    ]

    /// Creates the scene, playing from the start.
    public init(context: SceneContext) {
        timeline = KeyframesScene.makeTimeline()
        figure = AnimatedValue(timeline.value(time: 0))
        context.tweener.drive(figure)
        figure.play(timeline)
    }

    /// The scene's timeline (3.3 s).
    static func makeTimeline() -> KeyframeTimeline<Pose> {
        KeyframeTimeline(initialValue: Pose(offset: SIMD2(-300, 0))) {
            KeyframeTrack(\.offset) {
                CubicKeyframe(SIMD2(-150, -110), duration: 0.5)
                CubicKeyframe(SIMD2(0, 0), duration: 0.5)
                CubicKeyframe(SIMD2(150, -110), duration: 0.5)
                CubicKeyframe(SIMD2(300, 0), duration: 0.5)
                LinearKeyframe(SIMD2(300, 0), duration: 0.3)
                SpringKeyframe(SIMD2(-300, 0), duration: 1.0, spring: .bouncy)
            }
            KeyframeTrack(\.rotation) {
                LinearKeyframe(-30, duration: 0.4, timingCurve: .easeOut)
                CubicKeyframe(120, duration: 0.8)
                CubicKeyframe(90, duration: 0.6)
                MoveKeyframe(0)
                CubicKeyframe(-45, duration: 0.6)
                CubicKeyframe(0, duration: 0.6)
            }
            KeyframeTrack(\.scale) {
                SpringKeyframe(1.6, duration: 0.35, spring: .bouncy)
                LinearKeyframe(0.7, duration: 0.5)
                CubicKeyframe(1.3, duration: 0.6)
                CubicKeyframe(1.0, duration: 0.8)
            }
        }
    }

    // MARK: - Layout

    /// The stage: where the figure moves.
    static func stage(in size: Size) -> Rect { Rect(x: 20, y: 60, width: Double(size.width) - 40, height: 250) }

    /// The plots: one band per curve, with the time axis from `left` to `right`.
    static func plots(in size: Size) -> Rect {
        Rect(x: 130, y: 330, width: Double(size.width) - 170, height: Double(size.height) - 330 - 50)
    }

    /// The band of curve `index`.
    static func band(_ index: Int, in size: Size) -> Rect {
        let plots = plots(in: size)
        let height = plots.height / Double(curves.count)
        return Rect(x: plots.x, y: plots.y + Double(index) * height, width: plots.width, height: height - 8)
    }

    /// The time at horizontal position `x` in the plots (clamped to the timeline).
    func time(atX x: Double, in size: Size) -> Double {
        let plots = Self.plots(in: size)
        return min(max((x - plots.x) / plots.width, 0), 1) * timeline.duration
    }

    // MARK: - Scene

    /// Return, L, presses and drags in the plots, clicks on the stage; everything else goes to the loop.
    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        switch event {
        case .keyDown(.enter):
            togglePlay()
            return true
        case .keyDown(.letter("l")):
            loops.toggle()
            return true
        case let .mouseDown(.left, at: point):
            if Self.plots(in: size).contains(point) || point.y > Self.plots(in: size).y {
                scrubbing = true
                scrub(to: time(atX: point.x, in: size))
            } else {
                handOff(to: point - Self.origin(of: Self.stage(in: size)))
            }
            return true
        case let .mouseMoved(to: point, dragging: true) where scrubbing:
            scrub(to: time(atX: point.x, in: size))
            return true
        case .mouseUp(.left, _):
            let was = scrubbing
            scrubbing = false
            return was
        default:
            return false
        }
    }

    /// Plays from the playhead (from the start if it is at the end), or pauses where the figure is.
    public func togglePlay() {
        if isPlaying {
            isPlaying = false
            figure.set(timeline.value(time: playhead), animation: nil)
        } else {
            if playhead >= timeline.duration { playhead = 0 }
            isPlaying = true
            handedOff = false
            figure.play(timeline, from: playhead)
        }
    }

    /// Shows the timeline at `time`, paused.
    public func scrub(to time: Double) {
        isPlaying = false
        handedOff = false
        playhead = min(max(time, 0), timeline.duration)
        figure.set(timeline.value(time: playhead), animation: nil)
    }

    /// Gives the figure to a spring heading for `offset` (upright, scale 1): it merges with whatever
    /// moves the figure and keeps its velocity. Playing stops.
    public func handOff(to offset: SIMD2<Double>) {
        handOffVelocity = figure.velocity
        isPlaying = false
        handedOff = true
        figure.set(Pose(offset: offset, rotation: 0, scale: 1), animation: .spring(duration: 0.7, bounce: 0.35))
    }

    /// Advances the playhead while playing (the tweener has already advanced the figure by the same
    /// `dt`), wrapping round and playing again from there when looping.
    public func update(by dt: Double) {
        guard isPlaying, dt > 0 else { return }
        playhead += dt
        if playhead >= timeline.duration {
            if loops {
                playhead = playhead.truncatingRemainder(dividingBy: timeline.duration)
                figure.play(timeline, from: playhead)
            } else {
                playhead = timeline.duration
                isPlaying = false
            }
        }
    }

    /// 1 while the figure animates.
    public var activeAnimations: Int { figure.isAnimating ? 1 : 0 }

    // MARK: - Drawing

    private var plotted: (size: Size, lines: [[Point]], marks: [[Point]])?

    /// Where offset zero is on the stage: the middle, low enough for the hops above it.
    static func origin(of stage: Rect) -> Point { Point(stage.x + stage.width / 2, stage.y + 175) }

    /// Where value `value` of curve `index` is drawn at `time`: each curve is scaled to its own range.
    func point(curve index: Int, time: Double, value: Double, range: ClosedRange<Double>, in size: Size) -> Point {
        let band = Self.band(index, in: size)
        let span = max(range.upperBound - range.lowerBound, 1e-9)
        let x = band.x + time / timeline.duration * band.width
        return Point(x, band.y + band.height - (value - range.lowerBound) / span * band.height)
    }

    /// Each curve's range over the timeline, with a margin.
    lazy var ranges: [ClosedRange<Double>] = Self.curves.map { curve in
        let values = (0...400).map { curve.read(timeline.value(time: Double($0) / 400 * timeline.duration)) }
        let low = values.min()!, high = values.max()!
        let margin = max((high - low) * 0.08, 1e-3)
        return (low - margin)...(high + margin)
    }

    /// The curves and keyframe marks for `size` (computed once per size).
    func plot(in size: Size) -> (lines: [[Point]], marks: [[Point]]) {
        if let plotted, plotted.size == size { return (plotted.lines, plotted.marks) }
        let samples = 600
        var lines: [[Point]] = []
        var marks: [[Point]] = []
        let times = timeline.keyframeTimes
        for (index, curve) in Self.curves.enumerated() {
            let range = ranges[index]
            lines.append(
                (0...samples).map { step in
                    let t = Double(step) / Double(samples) * timeline.duration
                    return point(
                        curve: index, time: t, value: curve.read(timeline.value(time: t)), range: range, in: size)
                })
            // A keyframe is marked where it ends (a jump, such as a move, both before and after it); a move
            // ends where the keyframe before it does, so each time is marked once.
            marks.append(
                Set([0] + times[curve.track]).sorted().flatMap { t -> [Point] in
                    let after = point(
                        curve: index, time: t, value: curve.read(timeline.value(time: t)), range: range, in: size)
                    let before = point(
                        curve: index, time: t, value: curve.read(timeline.value(time: t - 1e-9)), range: range, in: size
                    )
                    return t > 0 && distance(before, after) > 0.5 ? [before, after] : [after]
                })
        }
        plotted = (size, lines, marks)
        return (lines, marks)
    }

    /// The stage with the figure and its path, the plots, the playhead and a status line.
    public func draw(into list: inout DrawList, size: Size) {
        let stage = Self.stage(in: size)
        list.stroke(stage, .grid)
        let centre = Self.origin(of: stage)
        list.line(Point(stage.x + 20, centre.y + 48), Point(stage.x + stage.width - 20, centre.y + 48), .grid)

        // The path the timeline takes, faint, under the figure.
        list.polyline(
            (0...240).map { centre + timeline.value(time: Double($0) / 240 * timeline.duration).offset }, .grid)

        drawFigure(figure.presentation, at: centre, within: size, into: &list)

        // The plots.
        let (lines, marks) = plot(in: size)
        for (index, curve) in Self.curves.enumerated() {
            let band = Self.band(index, in: size)
            list.stroke(band, .grid)
            list.text(
                curve.label, at: Point(20, band.y + band.height / 2 - 8), size: .small, Color.palette[curve.color])
            list.polyline(lines[index], Color.palette[curve.color])
            list.dots(marks[index], radius: 4, .text)
            let now = point(
                curve: index, time: playhead, value: curve.read(timeline.value(time: playhead)),
                range: ranges[index], in: size)
            list.circle(now, radius: 5, Color.palette[curve.color])
        }
        let plots = Self.plots(in: size)
        let x = plots.x + playhead / timeline.duration * plots.width
        list.line(Point(x, plots.y - 6), Point(x, plots.y + plots.height), .text)

        let pose = figure.presentation, velocity = figure.velocity
        let state =
            handedOff
            ? "spring (took over at velocity \(format(handOffVelocity ?? .zero)))"
            : isPlaying ? "playing" : "paused"
        list.text(
            String(format: "t = %.2f / %.2f s   ", playhead, timeline.duration) + state
                + (loops ? "   loop on" : "   loop off"),
            at: Point(20, Double(size.height) - 40), size: .small, .text)
        list.text(
            "pose " + format(pose) + "   velocity " + format(velocity),
            at: Point(20, Double(size.height) - 22), size: .small, .dimText)
    }

    private func format(_ pose: Pose) -> String {
        String(format: "(%.0f, %.0f) %.0f° ×%.2f", pose.offset.x, pose.offset.y, pose.rotation, pose.scale)
    }

    /// A square turned by the pose's rotation and scaled by its scale, with a dot on one corner so the
    /// turning shows.
    /// Draws the figure at `centre` + its offset, kept inside the window: a spring sent to a point of a
    /// larger window stays at the window's edge when the window shrinks.
    private func drawFigure(_ pose: Pose, at centre: Point, within size: Size, into list: inout DrawList) {
        let angle = pose.rotation * .pi / 180
        let (c, s) = (cos(angle), sin(angle))
        let reach = 40 * max(pose.scale, 0)
        let wanted = centre + pose.offset
        let origin = Point(
            min(max(wanted.x, reach), Double(size.width) - reach),
            min(max(wanted.y, reach), Double(size.height) - reach))
        for (inset, color) in [(0.0, Color.palette[1]), (3.0, Color.palette[1]), (6.0, Color.palette[3])] {
            let half = max(28 * pose.scale - inset, 1)
            let corners = [
                SIMD2(-half, -half), SIMD2(half, -half), SIMD2(half, half), SIMD2(-half, half), SIMD2(-half, -half),
            ]
            list.polyline(corners.map { origin + Point($0.x * c - $0.y * s, $0.x * s + $0.y * c) }, color)
        }
        let corner = SIMD2(28 * pose.scale, -28 * pose.scale)
        list.circle(origin + Point(corner.x * c - corner.y * s, corner.x * s + corner.y * c), radius: 5, .text)
    }
}
