import Cadence
import Foundation
import Tweening

/// Scene **inspector**: tune any built-in animation live and compare two side by side.
///
/// Two lanes, A (orange) and B (blue), each hold an ``AnimationSpec``: a kind (timing curves, a
/// `timingCurve` whose control points are dragged on a unit square, springs in each parametrisation,
/// `interpolatingSpring`, keyframes, decay) with its sliders, and the `delay`/`speed`/`repeatCount`
/// modifiers. The plot shows both lanes on one time axis: the animation's curve (dim), the live value
/// as it really played (bright, including any retarget) and the velocity (fainter, scaled so the
/// largest speed reaches the 1 line), with a marker at the current time. Below it each lane has a stage:
/// click it to send the lane's value there mid-flight. The readouts under the stages are described in
/// the README's "Animation inspector" section.
///
/// Keys (none of the loop's global keys): A/B pick the lane; J/K the previous/next kind; Up/Down the
/// slider; Left/Right nudge it one step; Enter replays both lanes; L loops; M slow motion (the frame
/// clock's time scale 0.25 ↔ 1); C copies the lane's Swift spelling (clipboard and stdout).
public final class InspectorScene: Scene {
    /// `inspector`.
    public let name = "inspector"
    /// The window title.
    public let title = "Inspector: tune an animation, compare two, copy its Swift"
    /// Every control, on one line.
    public let hint = "A/B lane  J/K kind  Up/Down slider  Left/Right nudge  drag sliders & control points  click a stage: retarget  Enter replay  L loop  M slow  C copy Swift"

    /// The two lanes, A then B.
    public let lanes: [InspectorLane]
    /// The lane the keyboard edits (0 = A, 1 = B).
    public private(set) var selectedLane = 0
    /// The slider the keyboard edits, per lane.
    public private(set) var focusedSlider = [0, 0]
    /// Whether both lanes replay after they have come to rest.
    public private(set) var loops = false
    /// What was copied last (also printed on stdout by the frame loop).
    public private(set) var lastCopied: String?

    /// The time scale slow motion sets on the frame clock.
    public static let slowMotionScale = 0.25

    private let clock: FrameClock?
    private var pendingCopy: String?
    private var restTime = 0.0
    private var drag: Drag?
    private var lastSize = Size(width: 1280, height: 720)
    private var readouts: [[String]] = [[], []]
    /// Each lane's slider values as drawn, rebuilt with the readouts (on an edit), not every frame.
    private var sliderTexts: [[String]] = [[], []]
    /// Text that depends on values that change rarely, rebuilt only when they change, so a frame in
    /// which nothing is edited allocates no strings.
    private var plotLabels = (span: -1.0, peak: -1.0, spanText: "", peakText: "")
    private var status = (loops: false, scale: -1.0, copied: String?.none, text: "")
    private var points: [[Point]] = Array(repeating: [], count: 10)

    enum Drag: Equatable {
        case slider(lane: Int, index: Int)
        case controlPoint(lane: Int, index: Int)
    }

    static let colors = [Color.palette[1], Color.palette[4]]

    /// Creates the scene with lane A on `.spring(duration: 0.5, bounce: 0.25)` and lane B on the timing
    /// curve `(0.2, 0.8, 0.2, 1)` over 0.5 s, and plays both.
    public init(context: SceneContext) {
        clock = context.clock
        lanes = [InspectorLane(spec: AnimationSpec(kind: .springDurationBounce)), InspectorLane(spec: AnimationSpec(kind: .timingCurve))]
        for index in points.indices { points[index].reserveCapacity(InspectorLane.capacity + 1) }
        for index in lanes.indices {
            lanes[index].play()
            refreshReadouts(index)
        }
    }

    // MARK: - Actions

    /// Replays both lanes from 0.
    public func replay() {
        for index in lanes.indices {
            lanes[index].play()
            refreshReadouts(index)
        }
        restTime = 0
    }

    /// Edits lane `index`'s spec; the curve and readouts follow. Returns whether anything changed.
    @discardableResult
    public func edit(lane index: Int, _ change: (inout AnimationSpec) -> Void) -> Bool {
        guard lanes.indices.contains(index), lanes[index].edit(change) else { return false }
        let count = lanes[index].spec.sliderCount
        if focusedSlider[index] >= count { focusedSlider[index] = count - 1 }
        refreshReadouts(index)
        return true
    }

    /// Copies lane `index`'s Swift spelling: the frame loop writes it to the clipboard and stdout.
    public func copy(lane index: Int) {
        guard lanes.indices.contains(index) else { return }
        let text = lanes[index].spec.swiftSpelling
        lastCopied = text
        pendingCopy = text
    }

    /// The text to copy since the last call (see ``Scene/takeCopiedText()``).
    public func takeCopiedText() -> String? {
        defer { pendingCopy = nil }
        return pendingCopy
    }

    /// Toggles slow motion on the frame clock (nothing without a clock).
    public func toggleSlowMotion() {
        guard let clock else { return }
        clock.timeScale = clock.timeScale == Self.slowMotionScale ? 1 : Self.slowMotionScale
    }

    // MARK: - Input

    /// Keys and mouse as the type's documentation lists; the loop's global keys are left alone.
    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case let .keyDown(key): return handleKey(key)
        case let .mouseDown(.left, at: point): return mouseDown(at: point)
        case let .mouseMoved(to: point, dragging: true):
            guard let drag else { return false }
            dragged(drag, to: point)
            return true
        case .mouseUp(.left, _):
            guard let drag else { return false }
            self.drag = nil
            switch drag {
            case let .slider(lane, _), let .controlPoint(lane, _): replay(lane: lane)
            }
            return true
        default:
            return false
        }
    }

    private func handleKey(_ key: Key) -> Bool {
        let lane = selectedLane
        switch key {
        case .letter("a"): selectedLane = 0
        case .letter("b"): selectedLane = 1
        case .letter("k"), .letter("j"):
            let kinds = AnimationSpec.Kind.allCases
            let step = key == .letter("k") ? 1 : kinds.count - 1
            let next = kinds[(lanes[lane].spec.kind.rawValue + step) % kinds.count]
            edit(lane: lane) { $0.setKind(next) }
            focusedSlider[lane] = 0
            replay(lane: lane)
        case .up: focusedSlider[lane] = max(focusedSlider[lane] - 1, 0)
        case .down: focusedSlider[lane] = min(focusedSlider[lane] + 1, lanes[lane].spec.sliderCount - 1)
        case .left, .right:
            let slider = focusedSlider[lane]
            if edit(lane: lane, { $0.nudge(slider, by: key == .right ? 1 : -1) }) { replay(lane: lane) }
        case .enter: replay()
        case .letter("l"): loops.toggle()
        case .letter("m"): toggleSlowMotion()
        case .letter("c"): copy(lane: lane)
        default: return false
        }
        return true
    }

    private func replay(lane index: Int) {
        lanes[index].play()
        refreshReadouts(index)
        restTime = 0
    }

    private func mouseDown(at point: Point) -> Bool {
        let size = lastSize
        for lane in lanes.indices {
            if header(lane, in: size).contains(point) {
                selectedLane = lane
                _ = handleKey(point.x < header(lane, in: size).x + header(lane, in: size).width / 2 ? .letter("j") : .letter("k"))
                return true
            }
            if lanes[lane].spec.kind == .timingCurve {
                let handles = controlHandles(lane, in: size)
                for (index, handle) in [handles.0, handles.1].enumerated() where distance(handle, point) <= 12 {
                    selectedLane = lane
                    drag = .controlPoint(lane: lane, index: index)
                    focusedSlider[lane] = index * 2
                    return true
                }
            }
            for index in 0..<lanes[lane].spec.sliderCount where sliderRow(lane, index, in: size).contains(point) {
                selectedLane = lane
                focusedSlider[lane] = index
                drag = .slider(lane: lane, index: index)
                dragged(.slider(lane: lane, index: index), to: point)
                return true
            }
            if stage(lane, in: size).contains(point) {
                selectedLane = lane
                lanes[lane].retarget(to: stageValue(atX: point.x, in: size))
                refreshReadouts(lane)
                restTime = 0
                return true
            }
        }
        return false
    }

    private func dragged(_ drag: Drag, to point: Point) {
        let size = lastSize
        switch drag {
        case let .slider(lane, index):
            let bar = sliderBar(lane, index, in: size)
            let fraction = min(max((point.x - bar.x) / bar.width, 0), 1)
            let range = lanes[lane].spec.parameter(index).range
            edit(lane: lane) { $0.set(index, to: range.lowerBound + fraction * (range.upperBound - range.lowerBound)) }
        case let .controlPoint(lane, index):
            let square = unitSquare(lane, in: size)
            let x = (point.x - square.x) / square.width
            let y = (square.y + square.height - point.y) / square.height
            edit(lane: lane) {
                $0.set(index * 2, to: x)
                $0.set(index * 2 + 1, to: y)
            }
        }
    }

    // MARK: - Update

    /// Advances both live values (and replays them when looping and both have rested 0.5 s).
    public func update(by dt: Double) {
        for lane in lanes { lane.update(by: dt) }
        if loops, !lanes.contains(where: \.isAnimating) {
            restTime += dt
            if restTime >= 0.5 { replay() }
        }
    }

    /// Animated values still moving.
    public var activeAnimations: Int { lanes.reduce(0) { $0 + $1.live.activeAnimationCount } }

    // MARK: - Layout

    /// The plot of both lanes.
    public func plotRect(in size: Size) -> Rect {
        Rect(x: 26, y: 72, width: Double(size.width) - 546, height: 300)
    }

    /// Lane `lane`'s stage: click it to retarget.
    public func stage(_ lane: Int, in size: Size) -> Rect {
        let plot = plotRect(in: size)
        return Rect(x: plot.x, y: plot.y + plot.height + 14 + Double(lane) * 40, width: plot.width, height: 32)
    }

    /// The values a stage spans, left to right.
    public static let stageRange = -0.25...1.25

    func stageX(_ value: Double, in size: Size) -> Double {
        let rect = stage(0, in: size)
        let range = Self.stageRange
        return rect.x + (value - range.lowerBound) / (range.upperBound - range.lowerBound) * rect.width
    }

    func stageValue(atX x: Double, in size: Size) -> Double {
        let rect = stage(0, in: size)
        let range = Self.stageRange
        return range.lowerBound + (x - rect.x) / rect.width * (range.upperBound - range.lowerBound)
    }

    func column(_ lane: Int, in size: Size) -> Double { Double(size.width) - 505 + Double(lane) * 252 }

    /// Lane `lane`'s kind picker (click its left half for the previous kind, right half for the next).
    public func header(_ lane: Int, in size: Size) -> Rect {
        Rect(x: column(lane, in: size), y: 72, width: 240, height: 22)
    }

    /// The row of lane `lane`'s slider `index` (label and bar; a press anywhere on it starts a drag).
    public func sliderRow(_ lane: Int, _ index: Int, in size: Size) -> Rect {
        Rect(x: column(lane, in: size), y: 102 + Double(index) * 25, width: 240, height: 22)
    }

    /// The bar of lane `lane`'s slider `index`: its left edge is the range's start, its right edge the end.
    public func sliderBar(_ lane: Int, _ index: Int, in size: Size) -> Rect {
        let row = sliderRow(lane, index, in: size)
        return Rect(x: row.x + 142, y: row.y + 1, width: 96, height: 20)
    }

    /// The unit square of a timing-curve lane: (0, 0) at its bottom left, (1, 1) at its top right.
    public func unitSquare(_ lane: Int, in size: Size) -> Rect {
        Rect(x: column(lane, in: size) + 50, y: 102 + 9 * 25 + 70, width: 140, height: 140)
    }

    /// Where the timing curve's two control points are drawn (and grabbed).
    public func controlHandles(_ lane: Int, in size: Size) -> (Point, Point) {
        let square = unitSquare(lane, in: size)
        let (p1, p2) = lanes[lane].spec.controlPoints
        func place(_ p: SIMD2<Double>) -> Point { Point(square.x + p.x * square.width, square.y + square.height - p.y * square.height) }
        return (place(p1), place(p2))
    }

    /// The time the plot's axis spans: both curves and both live traces, rounded up to half a second.
    public var plotDuration: Double {
        var span = 0.5
        for lane in lanes { span = max(span, lane.finishTime, lane.traceTimes.last ?? 0) }
        return min((span * 2).rounded(.up) / 2, 10)
    }

    // MARK: - Readouts

    /// Lane `lane`'s readout lines, as drawn.
    public func readoutLines(_ lane: Int) -> [String] { readouts[lane] }

    private func refreshReadouts(_ index: Int) {
        let lane = lanes[index]
        let spec = lane.spec
        var lines: [String] = []
        let letter = index == 0 ? "A" : "B"
        lines += Self.wrap("\(letter)  \(spec.swiftSpelling)", width: Self.readoutWidth)
        let logical = lane.logicalCompletionTime.map { Self.seconds($0) } ?? "never"
        let settle = lane.finishTime >= Double(InspectorLane.capacity) * InspectorLane.sampleInterval ? "> 10 s" : Self.seconds(lane.settlingTime)
        lines.append("settles \(settle)   logically complete \(logical)   finished \(Self.seconds(lane.finishTime))")
        let retarget = lane.velocityAtRetarget.map { String(format: "%.3f /s at %.2f s", $0, lane.retargetTime ?? 0) } ?? "no retarget yet"
        lines.append(String(format: "peak overshoot %.1f %%   velocity at retarget: ", lane.peakOvershoot * 100) + retarget)
        if let spring = spec.spring {
            lines.append(String(format: "response %.3f s  damping ratio %.3f  bounce %.3f", spring.response, spring.dampingRatio, spring.bounce))
            let settling = spring.settlingDuration
            lines.append(String(format: "stiffness %.2f  damping %.2f  mass %.2f  settlingDuration ", spring.stiffness, spring.damping, spring.mass)
                         + (settling.isFinite ? Self.seconds(settling) : "never"))
        } else {
            lines.append("(spring parameters: for spring kinds)")
        }
        readouts[index] = lines
        sliderTexts[index] = (0..<spec.sliderCount).map { slider in
            let value = spec.value(slider)
            return spec.parameter(slider).name == "autoreverses" ? (value != 0 ? "true" : "false") : AnimationSpec.format(value)
        }
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }

    /// Characters of a readout line that fit under the plot.
    static let readoutWidth = 140

    /// `text` in lines of at most `width` characters, broken after `, ` or `; ` where possible (a
    /// keyframe spelling is longer than one line), continuation lines indented.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while rest.count > width {
            let head = rest.prefix(width)
            let cut = head.lastIndex { $0 == " " } ?? head.endIndex
            lines.append(String(rest[..<cut]))
            rest = "    " + rest[cut...].drop { $0 == " " }
        }
        lines.append(String(rest))
        return lines
    }

    // MARK: - Drawing

    /// The plot, the stages, both panels, the readouts and the status line.
    public func draw(into list: inout DrawList, size: Size) {
        lastSize = size
        drawPlot(into: &list, size: size)
        for lane in lanes.indices {
            drawStage(lane, into: &list, size: size)
            drawPanel(lane, into: &list, size: size)
        }
        var y = stage(1, in: size).y + 44
        for lane in lanes.indices {
            for (number, line) in readouts[lane].enumerated() {
                list.text(line, at: Point(20, y), size: .small, number == 0 || line.hasPrefix("    ") ? Self.colors[lane] : .text)
                y += 17
            }
            y += 4
        }
        let scale = clock?.timeScale ?? 1
        if status.loops != loops || status.scale != scale || status.copied != lastCopied {
            let text = "loop \(loops ? "on" : "off")   time scale \(String(format: "%.2f", scale))"
                + (lastCopied.map { "   copied: " + ($0.count > 110 ? $0.prefix(110) + "…" : $0) } ?? "")
            status = (loops, scale, lastCopied, text)
        }
        list.text(status.text, at: Point(20, Double(size.height) - 26), size: .small, .dimText)
    }

    private func drawPlot(into list: inout DrawList, size: Size) {
        let rect = plotRect(in: size)
        list.stroke(rect, .grid)
        var low = 0.0, high = 1.0, peak = 1e-9
        for lane in lanes {
            for value in lane.values { low = min(low, value); high = max(high, value) }
            for value in lane.traceValues { low = min(low, value); high = max(high, value) }
            peak = max(peak, lane.peakSpeed)
            for velocity in lane.traceVelocities { peak = max(peak, abs(velocity)) }
        }
        // The velocity is drawn scaled so the largest speed reaches the 1 line: make room for its dips.
        for lane in lanes {
            for velocity in lane.velocities { low = min(low, velocity / peak) }
            for velocity in lane.traceVelocities { low = min(low, velocity / peak) }
        }
        low -= 0.05
        high += 0.05
        let span = plotDuration
        func point(_ time: Double, _ value: Double) -> Point {
            Point(rect.x + min(time / span, 1) * rect.width, rect.y + rect.height - (value - low) / (high - low) * rect.height)
        }
        list.line(point(0, 0), point(span, 0), .grid)
        list.line(point(0, 1), point(span, 1), .grid)
        list.text("0", at: point(0, 0) + Point(-12, -8), size: .small, .dimText)
        list.text("1", at: point(0, 1) + Point(-12, -8), size: .small, .dimText)
        var tick = 0.5
        while tick < span {
            list.line(Point(point(tick, 0).x, rect.y + rect.height - 6), Point(point(tick, 0).x, rect.y + rect.height), .grid)
            tick += 0.5
        }
        if plotLabels.span != span || plotLabels.peak != peak {
            plotLabels = (span, peak, String(format: "%.1f s", span), String(format: "velocity (faint) scaled: the 1 line is %.2f /s", peak))
        }
        list.text(plotLabels.spanText, at: Point(rect.x + rect.width - 44, rect.y + rect.height + 1), size: .small, .dimText)
        list.text(plotLabels.peakText, at: Point(rect.x + 6, rect.y + rect.height + 1), size: .small, .dimText)
        for (index, lane) in lanes.enumerated() {
            let color = Self.colors[index]
            let n = index * 4
            points[n].removeAll(keepingCapacity: true)
            points[n + 1].removeAll(keepingCapacity: true)
            for (sample, value) in lane.values.enumerated() {
                let time = Double(sample) * InspectorLane.sampleInterval
                guard time <= span else { break }
                points[n].append(point(time, value))
                points[n + 1].append(point(time, lane.velocities[sample] / peak))
            }
            points[n + 2].removeAll(keepingCapacity: true)
            points[n + 3].removeAll(keepingCapacity: true)
            for (sample, time) in lane.traceTimes.enumerated() where time <= span {
                points[n + 2].append(point(time, lane.traceValues[sample]))
                points[n + 3].append(point(time, lane.traceVelocities[sample] / peak))
            }
            list.polyline(points[n + 1], color.opacity(50))
            list.polyline(points[n], color.opacity(110))
            list.polyline(points[n + 3], color.opacity(140))
            list.polyline(points[n + 2], color)
            if let retarget = lane.retargetTime {
                list.line(point(retarget, low), point(retarget, high), color.opacity(120))
            }
            let marker = point(lane.runTime, lane.live.presentation)
            list.line(Point(marker.x, rect.y), Point(marker.x, rect.y + rect.height), color.opacity(60))
            list.circle(marker, radius: 5, color)
        }
    }

    private func drawStage(_ lane: Int, into list: inout DrawList, size: Size) {
        let rect = stage(lane, in: size)
        let color = Self.colors[lane]
        list.stroke(rect, lane == selectedLane ? color.opacity(160) : .grid)
        let zero = stageX(0, in: size), one = stageX(1, in: size)
        list.line(Point(zero, rect.y + 4), Point(zero, rect.y + rect.height - 4), .grid)
        list.line(Point(one, rect.y + 4), Point(one, rect.y + rect.height - 4), .grid)
        let target = stageX(lanes[lane].live.target, in: size)
        list.line(Point(target, rect.y + 2), Point(target, rect.y + rect.height - 2), color.opacity(140))
        let x = min(max(stageX(lanes[lane].live.presentation, in: size), rect.x), rect.x + rect.width)
        list.circle(Point(x, rect.y + rect.height / 2), radius: 11, color)
        list.text(lane == 0 ? "A" : "B", at: Point(rect.x + 6, rect.y + 8), size: .small, color)
    }

    private func drawPanel(_ lane: Int, into list: inout DrawList, size: Size) {
        let spec = lanes[lane].spec
        let color = Self.colors[lane]
        let head = header(lane, in: size)
        list.fill(head, lane == selectedLane ? color.opacity(60) : Color.grid)
        list.text("<", at: Point(head.x + 5, head.y + 3), size: .small, .text)
        list.text(spec.kind.label, at: Point(head.x + 20, head.y + 3), size: .small, .text)
        list.text(">", at: Point(head.x + head.width - 13, head.y + 3), size: .small, .text)
        for index in 0..<spec.sliderCount {
            let parameter = spec.parameter(index)
            let row = sliderRow(lane, index, in: size)
            let focused = lane == selectedLane && index == focusedSlider[lane]
            if focused { list.stroke(row, color.opacity(160)) }
            let isModifier = index >= spec.kind.parameters.count
            let value = spec.value(index)
            list.text(parameter.name, at: Point(row.x + 4, row.y + 3), size: .small, isModifier ? .dimText : .text)
            let bar = sliderBar(lane, index, in: size)
            list.fill(bar, .grid)
            let range = parameter.range
            let fraction = (value - range.lowerBound) / (range.upperBound - range.lowerBound)
            list.fill(Rect(x: bar.x, y: bar.y, width: bar.width * fraction, height: bar.height), color.opacity(focused ? 150 : 90))
            list.text(sliderTexts[lane][index], at: Point(bar.x + 4, bar.y + 1), size: .small, .text)
        }
        guard spec.kind == .timingCurve else { return }
        let square = unitSquare(lane, in: size)
        list.stroke(square, .grid)
        let (h1, h2) = controlHandles(lane, in: size)
        let start = Point(square.x, square.y + square.height), end = Point(square.x + square.width, square.y)
        list.line(start, h1, .dimText)
        list.line(end, h2, .dimText)
        let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: spec.values[0], y: spec.values[1]),
                                     endControlPoint: UnitPoint(x: spec.values[2], y: spec.values[3]))
        let slot = 4 * lanes.count + lane
        points[slot].removeAll(keepingCapacity: true)
        for step in 0...40 {
            let x = Double(step) / 40
            points[slot].append(Point(square.x + x * square.width, square.y + square.height - curve.value(at: x) * square.height))
        }
        list.polyline(points[slot], color)
        list.circle(h1, radius: 6, .white)
        list.circle(h2, radius: 6, .white)
        list.text("drag the control points", at: Point(square.x - 20, square.y + square.height + 6), size: .small, .dimText)
    }

    private func distance(_ a: Point, _ b: Point) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
}
