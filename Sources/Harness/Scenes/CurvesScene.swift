import Cadence
import Foundation
import Tweening

/// Scene 4, **curves**: every `Ease`, every `UnitCurve` and the built-in springs, each plotted as its
/// value over time (bright) and its velocity (dim, scaled to fit), with a dot running along the curve
/// and a marker at the cell's right edge moving as an animated object would. Click a cell to replay
/// it; Enter replays them all.
///
/// Eases and unit curves play over one second. Springs play through `Animation.animate` exactly as the
/// runtime calls it (60 steps a second, state carried in the context) until the animation says it has
/// finished, so a plot is what the animation really does, not a formula beside it.
public final class CurvesScene: Scene {
    public let name = "curves"
    public let title = "Curves: eases, unit curves and springs"
    public let hint =
        "Click a curve to replay it, Enter all.   blue: Ease   green: UnitCurve   orange: spring   dim: velocity"

    /// One plotted curve, sampled once when the scene is created. Names are short enough for a cell:
    /// `.interactive` is `.interactiveSpring`, `.interpolating` is `.interpolatingSpring`,
    /// `.interp(b 0.5)` is `.interpolatingSpring(duration: 0.6, bounce: 0.5)`.
    public struct Plot: Sendable {
        /// What it is (`quadOut`, `UnitCurve.easeIn`, `.bouncy`).
        public let name: String
        /// The family, which picks the colour.
        public let family: Family
        /// Seconds the curve takes.
        public let duration: Double
        /// Value samples at equal time steps, from 0 (at t = 0) towards 1.
        public let values: [Double]
        /// Velocity samples (per unit of progress per second) at the same times.
        public let velocities: [Double]

        /// The value at `time`, interpolating between samples (held at the last one after the end).
        public func value(at time: Double) -> Double {
            guard values.count > 1 else { return values.first ?? 0 }
            let position = min(max(time / duration, 0), 1) * Double(values.count - 1)
            let index = min(Int(position), values.count - 2)
            let fraction = position - Double(index)
            return values[index] + (values[index + 1] - values[index]) * fraction
        }
    }

    /// Where a plot comes from.
    public enum Family: Sendable {
        /// One of the tween engine's eases (`Ease`).
        case ease
        /// A timing curve (`UnitCurve`).
        case unitCurve
        /// A spring animation, plotted as its progress over time.
        case spring
    }

    /// Every plot, in grid order.
    public let plots: [Plot]
    /// Seconds since each plot was (re)started.
    public private(set) var clocks: [Double]

    static let samples = 120

    /// Creates the scene and samples every curve.
    public init(context: SceneContext) {
        var plots: [Plot] = Ease.allBuiltIn.map { Self.plot(ease: $0) }
        let curves: [(String, UnitCurve)] = [
            ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
            ("circularEaseIn", .circularEaseIn), ("circularEaseOut", .circularEaseOut),
            ("circularEaseInOut", .circularEaseInOut),
        ]
        plots += curves.map { Self.plot(unitCurve: $1, name: $0) }
        let springs: [(String, Animation)] = [
            (".spring", .spring), (".smooth", .smooth), (".snappy", .snappy), (".bouncy", .bouncy),
            (".interactive", .interactiveSpring), (".bouncy(+0.2)", .bouncy(duration: 0.5, extraBounce: 0.2)),
            (".interpolating", .interpolatingSpring),
            (".interp(b 0.5)", .interpolatingSpring(duration: 0.6, bounce: 0.5)),
        ]
        plots += springs.map { Self.plot(animation: $1, name: $0) }
        self.plots = plots
        clocks = Array(repeating: 0, count: plots.count)
    }

    static func plot(ease: Ease) -> Plot {
        let values = (0...samples).map { ease(Double($0) / Double(samples)) }
        // Eases have no analytic velocity: a central difference over the samples (one-sided at the ends).
        let velocities = (0...samples).map { i -> Double in
            let lo = max(i - 1, 0), hi = min(i + 1, samples)
            return (values[hi] - values[lo]) / (Double(hi - lo) / Double(samples))
        }
        return Plot(
            name: TweensScene.name(of: ease), family: .ease, duration: 1, values: values, velocities: velocities)
    }

    static func plot(unitCurve: UnitCurve, name: String) -> Plot {
        let xs = (0...samples).map { Double($0) / Double(samples) }
        return Plot(
            name: name, family: .unitCurve, duration: 1, values: xs.map { unitCurve.value(at: $0) },
            velocities: drawable(xs.map { unitCurve.velocity(at: $0) }))
    }

    /// Curves with a vertical tangent (circular curves at their ends, `easeIn` at 1) report an infinite
    /// velocity, which is right but cannot be plotted: it is drawn as a spike to twice the largest
    /// finite velocity.
    static func drawable(_ velocities: [Double]) -> [Double] {
        let ceiling = 2 * max(velocities.filter(\.isFinite).map(abs).max() ?? 1, 1)
        return velocities.map { $0.isNaN ? 0 : min(max($0, -ceiling), ceiling) }
    }

    static func plot(animation: Animation, name: String) -> Plot {
        let dt = 1.0 / 60
        var context = AnimationContext<Double>()
        var values: [Double] = []
        var velocities: [Double] = []
        // Ten seconds at most: every built-in spring settles well within that.
        sampleUnitMotion(of: animation, every: dt, capacity: 600, in: &context) { _, value, velocity, _ in
            values.append(value)
            velocities.append(velocity ?? 0)
        }
        values.append(1)
        velocities.append(0)
        return Plot(
            name: name, family: .spring, duration: Double(values.count - 1) * dt, values: values, velocities: velocities
        )
    }

    /// Restarts one plot (or every plot when `index` is nil).
    public func replay(_ index: Int? = nil) {
        if let index {
            if clocks.indices.contains(index) { clocks[index] = 0 }
        } else {
            clocks = Array(repeating: 0, count: plots.count)
        }
    }

    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        switch event {
        case let .mouseDown(.left, at: point):
            guard let index = cellIndex(at: point, in: size) else { return false }
            replay(index)
            return true
        case .keyDown(.enter):
            replay()
            return true
        default:
            return false
        }
    }

    public func update(by dt: Double) {
        for i in clocks.indices { clocks[i] += dt }
    }

    static let columns = 8

    /// The rectangle of plot `index` in a window of `size`.
    public func cell(_ index: Int, in size: Size) -> Rect {
        let rows = (plots.count + Self.columns - 1) / Self.columns
        let width = (Double(size.width) - 24) / Double(Self.columns)
        let height = (Double(size.height) - 76) / Double(rows)
        return Rect(
            x: 12 + Double(index % Self.columns) * width, y: 70 + Double(index / Self.columns) * height,
            width: width - 6, height: height - 6)
    }

    func cellIndex(at point: Point, in size: Size) -> Int? {
        plots.indices.first { cell($0, in: size).contains(point) }
    }

    /// Where plot `index`'s moving dot is drawn.
    public func dotPosition(_ index: Int, in size: Size) -> Point {
        let plot = plots[index]
        let frame = plotArea(cell(index, in: size), plot: plot)
        let t = min(clocks[index], plot.duration)
        return frame.point(t / plot.duration, plot.value(at: t))
    }

    struct PlotArea {
        let rect: Rect
        let low: Double
        let high: Double
        func point(_ x: Double, _ y: Double) -> Point {
            Point(rect.x + x * rect.width, rect.y + rect.height - (y - low) / (high - low) * rect.height)
        }
    }

    func plotArea(_ cell: Rect, plot: Plot) -> PlotArea {
        // Overshooting curves (back, elastic, bouncy springs) get room above 1 and below 0.
        let low = min(0, plot.values.min() ?? 0)
        let high = max(1, plot.values.max() ?? 1)
        return PlotArea(
            rect: Rect(x: cell.x + 6, y: cell.y + 22, width: cell.width - 26, height: cell.height - 30), low: low,
            high: high)
    }

    public func draw(into list: inout DrawList, size: Size) {
        for (index, plot) in plots.enumerated() {
            let cell = cell(index, in: size)
            let color: Color =
                switch plot.family {
                case .ease: Color.palette[4]
                case .unitCurve: Color.palette[3]
                case .spring: Color.palette[1]
                }
            list.stroke(cell, .grid)
            list.text(plot.name, at: Point(cell.x + 5, cell.y + 3), size: .small, .dimText)
            let area = plotArea(cell, plot: plot)
            list.line(area.point(0, 0), area.point(1, 0), .grid)
            list.line(area.point(0, 1), area.point(1, 1), .grid)
            let n = Double(plot.values.count - 1)
            let peak = max(plot.velocities.map(abs).max() ?? 1, 1e-9)
            let velocityArea = PlotArea(rect: area.rect, low: -peak * 1.05, high: peak * 1.05)
            list.polyline(
                plot.velocities.enumerated().map { velocityArea.point(Double($0.offset) / n, $0.element) },
                color.opacity(90))
            list.polyline(plot.values.enumerated().map { area.point(Double($0.offset) / n, $0.element) }, color)
            let t = min(clocks[index], plot.duration)
            let value = plot.value(at: t)
            list.circle(area.point(t / plot.duration, value), radius: 4, .white)
            // The motion itself: a marker at the right edge moving as an animated object would.
            let marker = area.point(1, value)
            list.fill(Rect(x: cell.x + cell.width - 14, y: marker.y - 3, width: 10, height: 6), color)
        }
    }
}
