import Testing
@testable import Harness

/// `--plot`: what the picture of a run shows, checked on its draw list (the SDL test writes the PNG).
@Suite struct FramePlotTests {
    /// 100 frames of a 10 ms budget: frame 0 is warm-up, frame 50 a jank (25 ms), frame 70 a missed
    /// deadline that is not a jank (15 ms), the rest exactly on time.
    func run() -> (FramePlot, FrameStats) {
        let stats = FrameStats(targetPeriod: 10_000_000)
        let plot = FramePlot()
        var start: UInt64 = 0
        for index in 0..<100 {
            let interval: UInt64 = index == 0 ? 0 : index == 50 ? 25_000_000 : index == 70 ? 15_000_000 : 10_000_000
            start += interval
            var phases = FramePhases()
            phases.update = 2_000_000
            phases.render = 3_000_000
            phases.wait = interval > 5_000_000 ? interval - 5_000_000 : 0
            let sample = FrameSample(
                index: index, start: start, interval: interval, phases: phases, tweens: 0, animations: 0,
                paced: true, inputEvents: 0, inputLatency: 0)
            stats.record(sample)
            plot.record(sample)
        }
        return (plot, stats)
    }

    func fills(_ list: DrawList, _ color: Color) -> [Rect] {
        list.commands.compactMap { command in
            if case let .fillRect(rect, fill) = command, fill == color { rect } else { nil }
        }
    }

    @Test func janksAreMarkedAboveTheirColumnAndCountedAsTheSummaryCountsThem() {
        let (plot, stats) = run()
        let list = plot.draw(stats: stats, title: "test")
        let marks = fills(list, FramePlot.jankColor).filter { $0.y < 118 }  // above the timeline, not the legend's
        #expect(marks.count == 1, "one jank, one mark")
        // 100 frames over a 1192-pixel timeline: one column per frame, 11.92 px each, from x = 64.
        let column = (marks[0].x + marks[0].width / 2 - 64) / (1192.0 / 100)
        #expect(Int(column) == 50)
        #expect(list.texts.contains { $0.contains("2 missed, 1 janks") }, "\(list.texts)")
        #expect(stats.summary().janks == 1 && stats.summary().missedDeadlines == 2)
    }

    @Test func theBudgetLineSitsAtTheBudgetOnTheTimelineAxis() {
        let (plot, stats) = run()
        let list = plot.draw(stats: stats, title: "test")
        let top = plot.axisTop(budget: 10)
        // Room for twice the budget and for the 99th percentile (here the 25 ms jank) with a fifth to spare.
        #expect(top == 30)
        let budgetLines = list.commands.compactMap { command -> (Point, Point)? in
            if case let .line(from, to, color) = command, color == FramePlot.budgetColor { (from, to) } else { nil }
        }
        #expect(budgetLines.count == 2, "one across the timeline, one up the histogram")
        let timeline = budgetLines[0]
        #expect(timeline.0.y == timeline.1.y)
        // Under three headline lines (the third: no display times) the timeline spans y 118 … 118 + 0.58 · 602;
        // 10 ms of a 30 ms axis is a third of the way up.
        let height = 0.58 * 602
        #expect(abs(timeline.0.y - (118 + height - height / 3)) < 1e-9)
    }

    @Test func theWarmUpFrameIsShadedAndEveryPhaseHasItsColour() {
        let (plot, stats) = run()
        let list = plot.draw(stats: stats, title: "test")
        #expect(fills(list, FramePlot.warmUpShade).filter { $0.height > 100 }.count == 2, "the first two frames")
        #expect(fills(list, ProfilerOverlay.phaseColors[1]).count >= 100, "update bars, plus the legend's swatch")
        #expect(fills(list, ProfilerOverlay.phaseColors[3]).count >= 100, "render bars")
    }

    /// The overlay's bars: a phase drawn by its share of the graph, except one under half a point tall, which a
    /// renderer would round up to a whole pixel (here the 2 µs input phase of every frame); the phases above
    /// it are still stacked where they belong.
    @Test func theOverlayLeavesOutPhasesTooShortToSee() {
        let stats = FrameStats(targetPeriod: 10_000_000)
        var start: UInt64 = 0
        for index in 0..<100 {
            start += 10_000_000
            var phases = FramePhases()
            phases.input = 2_000
            phases.update = 2_000_000
            stats.record(FrameSample(index: index, start: start, interval: 10_000_000, phases: phases))
        }
        var overlay = ProfilerOverlay()
        var list = DrawList()
        overlay.draw(
            stats: stats, pacer: Pacer(targetRate: 100, source: ManualClock()), frame: 100, tweens: 0, animations: 0,
            into: &list, size: Size(width: 1280, height: 720))
        func bars(_ phase: Int) -> [Rect] {
            list.commands.flatMap { command -> [Rect] in
                if case let .fillRects(rects, color) = command, color == ProfilerOverlay.phaseColors[phase] {
                    rects
                } else {
                    []
                }
            }
        }
        #expect(bars(0).isEmpty, "2 µs is 0.0134 points on this graph")
        let update = bars(1)
        #expect(update.count == 100)
        // 134 points for twice the 10 ms budget: 2 ms is 13.4 points, sitting on the input phase's 0.0134.
        let bottom = 720 - 288 + 132 + 134.0
        #expect(update.allSatisfy { abs($0.height - 13.4) < 1e-9 && abs($0.y + $0.height - (bottom - 0.0134)) < 1e-9 })
    }

    @Test func moreFramesThanPixelsShareColumnsWithoutLosingOne() {
        let plot = FramePlot()
        for index in 0..<5_003 {
            plot.record(
                FrameSample(
                    index: index, start: 0, interval: 1, phases: FramePhases(), tweens: 0, animations: 0, paced: true,
                    inputEvents: 0, inputLatency: 0))
        }
        let ranges = plot.columnRanges(columns: 1_192)
        #expect(ranges.count == 1_192)
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == 5_003)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
    }

    @Test func inputShownOnADisplayIsALatencyStripStackedByPhase() {
        let stats = FrameStats(targetPeriod: 10_000_000)
        stats.displayTimes = .feedback(clock: "CLOCK_MONOTONIC")
        let plot = FramePlot()
        for index in 0..<100 {
            var phases = FramePhases()
            phases.update = 2_000_000
            phases.wait = 8_000_000
            let start = UInt64(index) * 10_000_000
            var sample = FrameSample(
                index: index, start: start, interval: index == 0 ? 0 : 10_000_000, phases: phases,
                inputEvents: index == 40 ? 1 : 0)
            // Frame 40 read an event 6 ms old and was shown 12 ms after its present: 6 + 2 + 12 ms.
            sample.display = .presented(at: start + 14_000_000, refresh: 10_000_000)
            if index == 40 { (sample.inputWait, sample.inputToDisplay) = (6_000_000, 20_000_000) }
            stats.record(sample)
            plot.record(sample)
        }
        #expect(plot.hasLatency)
        let list = plot.draw(stats: stats, title: "t")
        // One column's bar per phase, in the strip's 20 ms scale: 6, 2 and 12 ms of its height.
        // (Not the label's swatches, 12 by 10.)
        let bars = FramePlot.latencyColors.map { color in
            fills(list, color).filter { !($0.width == 12 && $0.height == 10) }
        }
        let heights = bars.map { $0.map(\.height).max() ?? 0 }
        #expect(abs(heights[0] / FramePlot.stripHeight - 0.3) < 0.01)
        #expect(abs(heights[1] / FramePlot.stripHeight - 0.1) < 0.01)
        #expect(abs(heights[2] / FramePlot.stripHeight - 0.6) < 0.01)
        // No input shown: no strip.
        let (quiet, quietStats) = run()
        #expect(
            !quiet.hasLatency && fills(quiet.draw(stats: quietStats, title: "t"), FramePlot.latencyColors[0]).isEmpty)
    }

    @Test func gridStepsAreRound() {
        #expect(FramePlot.gridStep(20) == 5)
        #expect(FramePlot.gridStep(47) == 10)
        #expect(FramePlot.gridStep(289) == 50)
        #expect(FramePlot.gridStep(3) == 1)
    }
}
