import Cadence
import Foundation

/// The inspector's layout (every rectangle a click is tested against) and drawing.
extension InspectorScene {
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
        func place(_ p: SIMD2<Double>) -> Point {
            Point(square.x + p.x * square.width, square.y + square.height - p.y * square.height)
        }
        return (place(p1), place(p2))
    }

    /// The time the plot's axis spans: both curves and both live traces, rounded up to half a second.
    public var plotDuration: Double {
        var span = 0.5
        for lane in lanes { span = max(span, lane.finishTime, lane.traceTimes.last ?? 0) }
        return min((span * 2).rounded(.up) / 2, 10)
    }

    // MARK: - Drawing

    /// The plot, the stages, both panels, the readouts and the status line.
    public func draw(into list: inout DrawList, size: Size) {
        drawPlot(into: &list, size: size)
        for lane in lanes.indices {
            drawStage(lane, into: &list, size: size)
            drawPanel(lane, into: &list, size: size)
        }
        var y = stage(1, in: size).y + 44
        for lane in lanes.indices {
            for (number, line) in readouts[lane].enumerated() {
                list.text(
                    line, at: Point(20, y), size: .small,
                    number == 0 || line.hasPrefix("    ") ? Self.colors[lane] : .text)
                y += 17
            }
            y += 4
        }
        let scale = clock?.timeScale ?? 1
        if status.loops != loops || status.scale != scale || status.copied != lastCopied {
            let text =
                "loop \(loops ? "on" : "off")   time scale \(String(format: "%.2f", scale))"
                + (lastCopied.map { "   copied: " + ($0.count > 110 ? $0.prefix(110) + "…" : $0) } ?? "")
            status = (loops, scale, lastCopied, text)
        }
        list.text(status.text, at: Point(20, Double(size.height) - 26), size: .small, .dimText)
    }

    func drawPlot(into list: inout DrawList, size: Size) {
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
            Point(
                rect.x + min(time / span, 1) * rect.width,
                rect.y + rect.height - (value - low) / (high - low) * rect.height)
        }
        list.line(point(0, 0), point(span, 0), .grid)
        list.line(point(0, 1), point(span, 1), .grid)
        list.text("0", at: point(0, 0) + Point(-12, -8), size: .small, .dimText)
        list.text("1", at: point(0, 1) + Point(-12, -8), size: .small, .dimText)
        var tick = 0.5
        while tick < span {
            list.line(
                Point(point(tick, 0).x, rect.y + rect.height - 6), Point(point(tick, 0).x, rect.y + rect.height), .grid)
            tick += 0.5
        }
        if plotLabels.span != span || plotLabels.peak != peak {
            plotLabels = (
                span, peak, String(format: "%.1f s", span),
                String(format: "velocity (faint) scaled: the 1 line is %.2f /s", peak)
            )
        }
        list.text(
            plotLabels.spanText, at: Point(rect.x + rect.width - 44, rect.y + rect.height + 1), size: .small, .dimText)
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

    func drawStage(_ lane: Int, into list: inout DrawList, size: Size) {
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

    func drawPanel(_ lane: Int, into list: inout DrawList, size: Size) {
        let spec = lanes[lane].spec
        let color = Self.colors[lane]
        let head = header(lane, in: size)
        list.fill(head, lane == selectedLane ? color.opacity(60) : Color.grid)
        list.text("<", at: Point(head.x + 5, head.y + 3), size: .small, .text)
        list.text(spec.label, at: Point(head.x + 20, head.y + 3), size: .small, .text)
        list.text(">", at: Point(head.x + head.width - 13, head.y + 3), size: .small, .text)
        for index in 0..<spec.sliderCount {
            let parameter = spec.parameter(index)
            let row = sliderRow(lane, index, in: size)
            let focused = lane == selectedLane && index == focusedSlider[lane]
            if focused { list.stroke(row, color.opacity(160)) }
            let isModifier = index >= spec.parameters.count
            let value = spec.value(index)
            list.text(parameter.name, at: Point(row.x + 4, row.y + 3), size: .small, isModifier ? .dimText : .text)
            let bar = sliderBar(lane, index, in: size)
            list.fill(bar, .grid)
            let range = parameter.range
            let fraction = (value - range.lowerBound) / (range.upperBound - range.lowerBound)
            list.fill(
                Rect(x: bar.x, y: bar.y, width: bar.width * fraction, height: bar.height),
                color.opacity(focused ? 150 : 90))
            list.text(sliderTexts[lane][index], at: Point(bar.x + 4, bar.y + 1), size: .small, .text)
        }
        guard let curve = lanes[lane].timingCurve else { return }
        let square = unitSquare(lane, in: size)
        list.stroke(square, .grid)
        let (h1, h2) = controlHandles(lane, in: size)
        let start = Point(square.x, square.y + square.height), end = Point(square.x + square.width, square.y)
        list.line(start, h1, .dimText)
        list.line(end, h2, .dimText)
        let slot = 4 * lanes.count + lane
        points[slot].removeAll(keepingCapacity: true)
        for step in 0...40 {
            let x = Double(step) / 40
            points[slot].append(
                Point(square.x + x * square.width, square.y + square.height - curve.value(at: x) * square.height))
        }
        list.polyline(points[slot], color)
        list.circle(h1, radius: 6, .white)
        list.circle(h2, radius: 6, .white)
        list.text(
            "drag the control points", at: Point(square.x - 20, square.y + square.height + 6), size: .small, .dimText)
    }
}
