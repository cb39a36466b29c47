import Foundation

/// `--plot PATH`: a picture of a whole run's frame times, so that nobody has to read a CSV to see a
/// hitch.
///
/// As a ``FrameSink`` it keeps every frame's phases and interval (56 bytes a frame: an hour at 60 Hz
/// is 12 MB); ``draw(stats:title:size:)`` then lays out
/// - a **timeline**: one column per frame (or per run of frames, when there are more frames than
///   pixels: the column then shows the longest interval and the mean phases of its frames), the busy
///   phases stacked in the profiler overlay's colours, the interval (wait included) as a grey line
///   above them, the frame budget as a horizontal line, warm-up frames shaded, every hitch or stall (see
///   ``FrameStats/lateness(interval:targetPeriod:)``) marked by an orange tick above its column and every
///   jank (a steady frame of at least twice the budget) by a red one, with intervals beyond the axis drawn
///   to its top;
///   With display times (see ``PresentationFeedback``), a strip along the timeline's top has a green tick
///   over every column with a presented frame (none over frames discarded or unanswered), a magenta tick
///   where a steady frame was shown late (a display hitch or stall, see ``DisplayTrack``), and the display
///   interval (presented to presented) is a cyan line beside the grey one;
/// - with input shown on a display, and room for it, a **latency strip** under the timeline, column for
///   column: the longest input-to-display of the frames there, stacked by phase (waiting to be read, frame
///   start to present, present to shown);
/// - a **histogram** of the steady frames' intervals with the budget marked;
/// - the summary's headline figures, over the same steady frames as `--summary`.
///
/// The backend turns the draw list into the PNG (`SDLBackend.writePlot`), so the picture is drawn by
/// the same code as the harness's frames.
public final class FramePlot: FrameSink {
    /// One frame, as the plot needs it.
    struct Frame {
        var interval: UInt64
        var phases: FramePhases
        var steady: Bool
        /// Whether the display showed it, the time since the frame it showed before (0: none), and whether
        /// that was a display hitch or stall.
        var presented = false, displayInterval: UInt64 = 0, displayLate = false
        /// The input-to-display of the frame's oldest event by phase: waiting to be read, frame start to
        /// present, present to shown (0, 0, 0: no input shown by this frame).
        var latency: (wait: UInt64, frame: UInt64, shown: UInt64) = (0, 0, 0)
    }

    private(set) var frames: [Frame] = []
    private var displayTrack = DisplayTrack()
    private var hasDisplay = false
    private var period: UInt64 = 0

    /// Creates an empty plot.
    public init() {}

    public func record(_ sample: FrameSample) {
        var record = Frame(interval: sample.interval, phases: sample.phases, steady: FrameStats.isSteady(sample))
        if let period = sample.period { self.period = period }
        if let display = sample.display {
            hasDisplay = true
            record.presented = display.outcome == .presented
            if display.outcome == .presented, sample.inputToDisplay > 0 {
                let shown = display.time - Swift.min(sample.presentEnd, display.time)
                let frame = sample.phases.busy
                // The oldest event's wait: what input-to-display has beyond the frame and its showing (an
                // event of a discarded frame before this one waited longer than this frame's own).
                let wait =
                    sample.inputToDisplay > frame + shown ? sample.inputToDisplay - frame - shown : sample.inputWait
                record.latency = (wait, frame, shown)
            }
            if let shown = displayTrack.next(sample, period: sample.period ?? period) {
                record.displayInterval = shown.interval
                record.displayLate = record.steady && (shown.lateBy > 0 || shown.stall)
            }
        }
        frames.append(record)
    }

    /// Nothing to flush: the picture is drawn once the run is over.
    public func finish() throws(HarnessError) {}

    /// The plot's default size.
    public static let size = Size(width: 1280, height: 720)

    /// Colours of the plot's own marks.
    static let intervalColor = Color(150, 156, 170)
    static let budgetColor = Color(255, 220, 90)
    static let jankColor = Color(255, 70, 70)
    static let hitchColor = Color(255, 160, 60)
    static let warmUpShade = Color(110, 80, 160, 90)
    static let presentedColor = Color(90, 200, 120)
    static let displayColor = Color(80, 200, 230)
    static let displayHitchColor = Color(230, 80, 220)
    /// The latency strip's phases: waiting to be read, frame start to present, present to shown.
    static let latencyColors = [Color(120, 130, 210), Color(235, 150, 90), Color(80, 200, 230)]
    /// The latency strip's height, and the room above it for its label and the timeline's frame labels.
    static let stripHeight = 70.0, stripGap = 46.0

    /// Whether any frame showed input on a display (the latency strip is drawn).
    var hasLatency: Bool { frames.contains { $0.latency != (0, 0, 0) } }

    /// Draws the plot of the frames recorded so far.
    /// - Parameters:
    ///   - stats: The run's statistics: its budget and the summary's figures.
    ///   - title: What ran (the scene, the renderer).
    ///   - size: The picture's size in pixels.
    public func draw(stats: FrameStats, title: String, size: Size = FramePlot.size) -> DrawList {
        var list = DrawList()
        list.clear(.background)
        let summary = stats.summary()
        let budget = Double(stats.targetPeriod) / 1e6
        let width = Double(size.width)
        let height = Double(size.height)
        let text = width - 2 * Self.margin
        list.text(TextLayout.fitting(title, width: text, size: .large), at: Point(24, 14), size: .large, .text)
        let lines = headline(summary, budget: budget).flatMap {
            TextLayout.wrap($0, width: text, indent: 2, separator: "   ")
        }
        for (index, line) in lines.enumerated() {
            list.text(line, at: Point(24, 42 + Double(index) * 18), size: .small, .dimText)
        }
        let top = 64 + Double(max(lines.count, 2)) * 18
        let scale = axisTop(budget: budget)
        let entries = legend(budget: budget)
        let legendColumn = 22 + (entries.map { TextSize.small.width(of: $0.text) }.max() ?? 0)
        var timeline = Rect(x: 64, y: top, width: width - 88, height: (height - top) * 0.58)
        let below = timeline.y + timeline.height + 48
        // The latency strip takes room from the timeline, when the timeline keeps at least as much.
        var strip =
            hasLatency && timeline.height >= 2 * (Self.stripHeight + Self.stripGap)
            ? Self.stripHeight + Self.stripGap : 0
        timeline.height -= strip
        if width - 64 - 48 - legendColumn - Self.margin >= width * 0.4 {
            // The legend in a column beside the histogram, every entry in full.
            let histogram = Rect(
                x: 64, y: below, width: min(width * 0.55, width - 64 - 48 - legendColumn - Self.margin),
                height: height - below - 40)
            drawTimeline(into: &list, in: timeline, top: scale, budget: budget, period: stats.targetPeriod)
            if strip > 0 { drawLatencyStrip(into: &list, under: timeline) }
            drawHistogram(into: &list, in: histogram, top: scale, budget: budget, labelWidth: histogram.width + 40)
            drawLegend(
                entries, into: &list, at: Point(histogram.x + histogram.width + 48, histogram.y - 22),
                spacing: entries.count > 8 ? 16 : 22)
        } else {
            // Too narrow for that column: the entries' short names in rows across the picture, under the
            // timeline, and the histogram below them when there is room for it.
            let rows = Self.flow(entries.map(\.short), width: width - 64 - Self.margin)
            let legendHeight = Double(rows.count) * 18
            // Below the timeline: its frame labels, the legend and the bottom margin.
            let room = height - top - 30 - legendHeight - 16
            let showsHistogram = room >= 160
            let tall = showsHistogram ? (room - 70) * 0.6 : max(room, 8)
            strip = hasLatency && tall >= 2 * (Self.stripHeight + Self.stripGap) ? Self.stripHeight + Self.stripGap : 0
            let timeline = Rect(x: 64, y: top, width: width - 88, height: tall - strip)
            let legendY = timeline.y + timeline.height + strip + 30
            drawTimeline(into: &list, in: timeline, top: scale, budget: budget, period: stats.targetPeriod)
            if strip > 0 { drawLatencyStrip(into: &list, under: timeline) }
            if showsHistogram {
                let histogramY = legendY + legendHeight + 30
                let histogram = Rect(x: 64, y: histogramY, width: width - 88, height: height - histogramY - 40)
                drawHistogram(into: &list, in: histogram, top: scale, budget: budget, labelWidth: histogram.width)
            }
            var index = 0
            for (row, xs) in rows.enumerated() {
                for x in xs {
                    let y = legendY + Double(row) * 18
                    list.fill(Rect(x: 64 + x, y: y + 3, width: 14, height: 12), entries[index].color)
                    list.text(entries[index].short, at: Point(64 + x + 22, y), size: .small, .text)
                    index += 1
                }
            }
        }
        return list
    }

    /// The space the plot leaves at its right edge, and at its left before the text.
    static let margin = 24.0

    /// Where each of `names` goes in rows no wider than `width`: each row's entries' offsets, a colour mark
    /// and its name apiece (a name wider than a row has a row of its own).
    static func flow(_ names: [String], width: Double) -> [[Double]] {
        var rows: [[Double]] = [[]]
        var x = 0.0
        for name in names {
            let needed = 22 + TextSize.small.width(of: name)
            if x > 0 && x + needed > width {
                rows.append([])
                x = 0
            }
            rows[rows.count - 1].append(x)
            x += needed + 18
        }
        return rows
    }

    private func headline(_ summary: FrameSummary, budget: Double) -> [String] {
        func f(_ x: Double) -> String { String(format: "%.2f", x) }
        var first =
            "\(summary.frames) frames (\(summary.steadyFrames) steady)   interval ms p50 \(f(summary.intervalP50))"
        first += "  p99 \(f(summary.intervalP99))  max \(f(summary.intervalMax))"
        first +=
            "   lows \(String(format: "%.1f", summary.low1Fps)) fps (1%), \(String(format: "%.1f", summary.low01Fps)) fps (0.1%)"
        var display: [String] = []
        if let shown = summary.display {
            display = [
                "display: \(shown.presented) shown, \(shown.discarded) discarded, \(shown.pending) pending"
                    + "   interval ms p50 \(f(shown.intervalP50))  p99 \(f(shown.intervalP99))   \(shown.hitches) display hitches"
                    + " (\(f(shown.hitchRatio)) ms/s)   present-to-display ms p50 \(f(shown.latencyP50))"
            ]
        } else {
            display = ["display times unavailable (\(summary.displayUnavailable))"]
        }
        guard budget > 0 else { return [first + "   unpaced: no budget", "\(summary.stalls) stalls"] + display }
        first += "   budget \(f(budget)) ms"
        var second = "\(summary.missedDeadlines) missed, \(summary.janks) janks, \(summary.hitches) hitches"
        second +=
            " (\(f(summary.hitchTotalMs)) ms late, hitch ratio \(f(summary.hitchRatio)) ms/s), \(summary.stalls) stalls"
        second += "   frame overrun ms p50 \(f(summary.overrunP50))  p99 \(f(summary.overrunP99))"
        return [first, second] + display
    }

    /// The top of both axes, in ms: room for twice the budget and the 99th percentile of the steady
    /// intervals (longer ones are drawn to the top), rounded up to a whole number of ms.
    func axisTop(budget: Double) -> Double {
        let steady = frames.filter(\.steady).map { Double($0.interval) / 1e6 }.sorted()
        let p99 = steady.isEmpty ? 0 : steady[min(steady.count - 1, Int(Double(steady.count) * 0.99))]
        return max(1, (max(budget * 2, p99 * 1.2)).rounded(.up))
    }

    /// Which frames each pixel column of a `columns`-wide timeline shows.
    func columnRanges(columns: Int) -> [Range<Int>] {
        guard !frames.isEmpty, columns > 0 else { return [] }
        let count = min(columns, frames.count)
        return (0..<count).map { column in
            (column * frames.count / count)..<((column + 1) * frames.count / count)
        }
    }

    private func drawTimeline(into list: inout DrawList, in area: Rect, top: Double, budget: Double, period: UInt64) {
        list.fill(area, Color(24, 26, 33))
        drawAxis(into: &list, area: area, top: top, label: "ms per frame, frame by frame")
        let ranges = columnRanges(columns: Int(area.width))
        guard !ranges.isEmpty else { return }
        let columnWidth = area.width / Double(ranges.count)
        let y = { (ms: Double) in area.y + area.height - min(ms, top) / top * area.height }
        var intervalLine: [Point] = []
        var displayLine: [Point] = []
        for (column, range) in ranges.enumerated() {
            let x = area.x + Double(column) * columnWidth
            let slice = frames[range]
            if slice.contains(where: { !$0.steady }) {
                list.fill(Rect(x: x, y: area.y, width: columnWidth, height: area.height), Self.warmUpShade)
            }
            var base = 0.0
            for phase in 0..<5 {
                let ms = slice.reduce(0.0) { $0 + Double($1.phases[phase]) } / Double(slice.count) / 1e6
                guard ms > 0 else { continue }
                let rect = Rect(x: x, y: y(base + ms), width: max(columnWidth, 1), height: y(base) - y(base + ms))
                list.fill(rect, ProfilerOverlay.phaseColors[phase])
                base += ms
            }
            let longest = Double(slice.map(\.interval).max() ?? 0) / 1e6
            intervalLine.append(Point(x + columnWidth / 2, y(longest)))
            let late = slice.filter(\.steady).map { FrameStats.lateness(interval: $0.interval, targetPeriod: period) }
            if late.contains(where: { $0.lateBy > 0 || $0.stall }) {
                list.fill(Rect(x: x + columnWidth / 2 - 2, y: area.y - 12, width: 4, height: 9), Self.hitchColor)
            }
            if slice.contains(where: { $0.steady && FrameStats.isJank(interval: $0.interval, targetPeriod: period) }) {
                list.fill(Rect(x: x + columnWidth / 2 - 2, y: area.y - 12, width: 4, height: 9), Self.jankColor)
            }
            guard hasDisplay else { continue }
            if slice.contains(where: \.presented) {
                list.fill(Rect(x: x, y: area.y + 1, width: max(columnWidth, 1), height: 5), Self.presentedColor)
            }
            if slice.contains(where: \.displayLate) {
                list.fill(Rect(x: x + columnWidth / 2 - 2, y: area.y + 1, width: 4, height: 14), Self.displayHitchColor)
            }
            if let shown = slice.map(\.displayInterval).max(), shown > 0 {
                displayLine.append(Point(x + columnWidth / 2, y(Double(shown) / 1e6)))
            }
        }
        list.polyline(intervalLine, Self.intervalColor)
        if displayLine.count > 1 { list.polyline(displayLine, Self.displayColor) }
        if budget > 0 {
            list.line(Point(area.x, y(budget)), Point(area.x + area.width, y(budget)), Self.budgetColor)
        }
        list.text("frame 0", at: Point(area.x, area.y + area.height + 6), size: .small, .dimText)
        let last = "frame \(frames.count - 1)"
        list.text(
            last, at: Point(area.x + area.width - TextSize.small.width(of: last), area.y + area.height + 6),
            size: .small,
            .dimText)
    }

    /// The latency strip under `timeline` (see the type's description), when frames showed input.
    private func drawLatencyStrip(into list: inout DrawList, under timeline: Rect) {
        guard hasLatency else { return }
        let area = Rect(
            x: timeline.x, y: timeline.y + timeline.height + Self.stripGap, width: timeline.width,
            height: Self.stripHeight)
        list.fill(area, Color(24, 26, 33))
        let totals = frames.map { Double($0.latency.wait + $0.latency.frame + $0.latency.shown) / 1e6 }
        let top = max(1, (totals.max() ?? 1).rounded(.up))
        // The strip's label is its legend: each phase's name after its colour, in the order they stack.
        var x = area.x
        let title = "input to shown, ms (0 to \(Int(top))):"
        list.text(title, at: Point(x, area.y - 20), size: .small, .dimText)
        x += TextSize.small.width(of: title) + 12
        for (phase, name) in ["waiting to be read", "frame start to present", "present to shown"].enumerated() {
            let room = area.x + area.width - x - 18
            guard room > 24 else { break }
            list.fill(Rect(x: x, y: area.y - 17, width: 12, height: 10), Self.latencyColors[phase])
            list.text(TextLayout.fitting(name, width: room), at: Point(x + 18, area.y - 20), size: .small, .dimText)
            x += 18 + TextSize.small.width(of: name) + 16
        }
        let ranges = columnRanges(columns: Int(area.width))
        let columnWidth = area.width / Double(max(ranges.count, 1))
        for (column, range) in ranges.enumerated() {
            guard
                let frame = frames[range].max(by: { a, b in
                    a.latency.wait + a.latency.frame + a.latency.shown < b.latency.wait + b.latency.frame
                        + b.latency.shown
                }), frame.latency != (0, 0, 0)
            else { continue }
            var base = 0.0
            for (phase, ns) in [frame.latency.wait, frame.latency.frame, frame.latency.shown].enumerated() {
                let ms = Double(ns) / 1e6
                let height = ms / top * area.height
                guard height > 0 else { continue }
                list.fill(
                    Rect(
                        x: area.x + Double(column) * columnWidth, y: area.y + area.height - (base + height),
                        width: max(columnWidth, 1), height: height), Self.latencyColors[phase])
                base += height
            }
        }
    }

    private func drawHistogram(
        into list: inout DrawList, in area: Rect, top: Double, budget: Double, labelWidth: Double
    ) {
        list.fill(area, Color(24, 26, 33))
        let bins = 60
        var counts = [Int](repeating: 0, count: bins)
        for frame in frames where frame.steady {
            let ms = Double(frame.interval) / 1e6
            counts[min(bins - 1, Int(ms / top * Double(bins)))] += 1
        }
        let highest = Double(counts.max() ?? 0)
        list.text(
            TextLayout.fitting(
                "steady frames by interval, 0 to \(Int(top)) ms (the last bin: longer ones)", width: labelWidth),
            at: Point(area.x, area.y - 22), size: .small, .dimText)
        guard highest > 0 else { return }
        let binWidth = area.width / Double(bins)
        for (bin, count) in counts.enumerated() where count > 0 {
            let barHeight = max(1, Double(count) / highest * area.height)
            let rect = Rect(
                x: area.x + Double(bin) * binWidth, y: area.y + area.height - barHeight, width: max(binWidth - 1, 1),
                height: barHeight)
            list.fill(rect, Self.intervalColor)
        }
        if budget > 0 {
            let x = area.x + min(budget, top) / top * area.width
            list.line(Point(x, area.y), Point(x, area.y + area.height), Self.budgetColor)
        }
        list.text("0", at: Point(area.x, area.y + area.height + 6), size: .small, .dimText)
        list.text(
            "\(Int(top)) ms", at: Point(area.x + area.width - 40, area.y + area.height + 6), size: .small, .dimText)
    }

    private func drawAxis(into list: inout DrawList, area: Rect, top: Double, label: String) {
        list.text(label, at: Point(area.x, area.y - 22), size: .small, .dimText)
        let step = Self.gridStep(top)
        var ms = 0.0
        while ms <= top {
            let y = area.y + area.height - ms / top * area.height
            list.line(Point(area.x, y), Point(area.x + area.width, y), .grid)
            list.text(String(format: "%.0f", ms), at: Point(area.x - 36, y - 8), size: .small, .dimText)
            ms += step
        }
    }

    /// A round step (1, 2 or 5 times a power of ten, at least 1 ms) giving four to ten grid lines up to `top`.
    static func gridStep(_ top: Double) -> Double {
        let rough = max(top / 6, 1)
        let power = pow(10, (log10(rough)).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
    }

    /// One entry of the legend: its colour, what it means, and a short name for a narrow picture.
    struct LegendEntry {
        var text: String
        var short: String
        var color: Color
    }

    private func legend(budget: Double) -> [LegendEntry] {
        var entries = zip(FramePhases.names.prefix(5), ProfilerOverlay.phaseColors).map {
            LegendEntry(text: $0.0, short: $0.0, color: $0.1)
        }
        entries.append(LegendEntry(text: "interval (wait included)", short: "interval", color: Self.intervalColor))
        if budget > 0 {
            let text = String(format: "budget %.2f ms", budget)
            entries.append(LegendEntry(text: text, short: text, color: Self.budgetColor))
            entries.append(
                LegendEntry(
                    text: "hitch or stall: a steady frame over 1.5x the budget", short: "hitch (>1.5x)",
                    color: Self.hitchColor))
            entries.append(
                LegendEntry(
                    text: "jank: a steady frame of 2x the budget or more", short: "jank (>=2x)", color: Self.jankColor))
        }
        entries.append(
            LegendEntry(text: "warm-up (first two frames, vsync detection)", short: "warm-up", color: Self.warmUpShade))
        if hasDisplay {
            entries.append(
                LegendEntry(
                    text: "shown (top strip; a gap: discarded or no answer)", short: "shown",
                    color: Self.presentedColor))
            entries.append(
                LegendEntry(
                    text: "display interval (shown to shown)", short: "display interval", color: Self.displayColor))
            entries.append(
                LegendEntry(
                    text: "display hitch: shown over 1.5 refreshes late", short: "display hitch",
                    color: Self.displayHitchColor))
        }
        return entries
    }

    private func drawLegend(_ entries: [LegendEntry], into list: inout DrawList, at origin: Point, spacing: Double) {
        for (index, entry) in entries.enumerated() {
            let y = origin.y + Double(index) * spacing
            list.fill(Rect(x: origin.x, y: y + 3, width: 14, height: 12), entry.color)
            list.text(entry.text, at: Point(origin.x + 22, y), size: .small, .text)
        }
    }
}
