import Foundation

/// The frame-timing overlay (P): the last few hundred frames as stacked bars, one colour per phase, with
/// the frame-budget line, and the run's percentiles as text.
///
/// Percentiles are recomputed every ``refreshInterval`` frames, not every frame: reading percentiles
/// walks the histogram's buckets, which would cost more than the frame it describes.
public struct ProfilerOverlay {
    /// Frames between refreshes of the percentile text.
    public static let refreshInterval = 30
    /// Bar colours, in phase order (input, update, draw, render, present), then wait.
    public static let phaseColors: [Color] = [
        Color(255, 184, 76), Color(120, 220, 120), Color(80, 200, 230), Color(130, 140, 255), Color(220, 120, 240),
        Color(70, 74, 86),
    ]

    private var lines: [String] = []
    private var lastRefresh = -refreshInterval
    /// The panel's width the lines were shortened for.
    private var linesWidth = 0.0
    // The per-frame texts, rebuilt only when what they say changes: a string built every frame is a heap
    // allocation every frame (the stress scene's steady frame allocated for these two).
    private var budgetText = ""
    private var budgetMs = -1.0
    private var activeText = ""
    /// What the frames run on, shown beside the counts: the video driver, SDL's version, the display scale
    /// and the refresh rate (see ``LoopOptions/platform``).
    public var platform = ""
    private var activeCounts = (tweens: -1, animations: -1)
    /// The bars of each phase, refilled every frame and drawn as one batch per phase: five renderer
    /// calls instead of one per bar. Kept between frames so that refilling them allocates nothing.
    private var bars = [[Rect]](repeating: [], count: FramePhases.names.count)

    /// Creates an overlay.
    public init() {}

    /// Draws the overlay for the stats so far.
    /// - Parameters:
    ///   - stats: The run's frame statistics.
    ///   - pacer: The run's pacer, for its pacing mode.
    ///   - frame: The current frame number.
    ///   - tweens: Tweens tracked this frame.
    ///   - animations: Animated values animating this frame.
    ///   - size: The drawable size.
    ///   - list: The draw list to append to.
    ///   - showsTimings: false leaves out every wall-clock figure (bars, percentiles), for runs
    ///     under a fixed `dt` whose screenshots must not depend on the machine's speed.
    public mutating func draw(
        stats: FrameStats, pacer: Pacer, frame: Int, tweens: Int, animations: Int,
        into list: inout DrawList, size: Size, showsTimings: Bool = true
    ) {
        guard showsTimings else {
            let panel = Rect(x: 12, y: Double(size.height) - 60, width: Double(size.width) - 24, height: 48)
            list.fill(panel, Color(8, 9, 12, 225))
            list.stroke(panel, .grid)
            list.text(
                TextLayout.fitting(
                    "frame timings are not drawn under --fixed-dt (they differ run to run): see --profile or --summary",
                    width: panel.width - 20),
                at: Point(panel.x + 10, panel.y + 8), size: .small, .text)
            list.text(
                TextLayout.fitting(
                    "active: \(tweens) tweens, \(animations) animations   frame \(frame)", width: panel.width - 20),
                at: Point(panel.x + 10, panel.y + 26), size: .small, .dimText)
            return
        }
        // Opaque: a translucent panel this size is a per-pixel blend of a quarter of the window every frame,
        // the largest cost the overlay added to the frames it measures (benchmark row "Frame loop, stress
        // scene, headless SDL"). Margins of 16: in a window whose width is a multiple of 16 pixels, every row
        // of the panel starts and ends on a 64-byte memory line, and SDL's software renderer fills wide rows
        // with streaming stores, which cost far more for a line they write only part of (the same row).
        let panel = Rect(x: 16, y: Double(size.height) - 288, width: Double(size.width) - 32, height: 276)
        list.fill(panel, Color(8, 9, 12))
        list.stroke(panel, .grid)
        if frame - lastRefresh >= Self.refreshInterval || linesWidth != panel.width {
            lastRefresh = frame
            linesWidth = panel.width
            lines = Self.describe(stats.summary(), pacer: pacer).map {
                TextLayout.fitting($0, width: panel.width - 20)
            }
        }

        let graph = Rect(x: panel.x + 10, y: panel.y + 132, width: panel.width - 20, height: 134)
        let periodMs = stats.targetPeriod > 0 ? Double(stats.targetPeriod) / 1e6 : 16.667
        let pixelsPerMs = graph.height / (2 * periodMs)
        let barWidth = graph.width / Double(max(stats.historyLength, 1))
        for index in bars.indices { bars[index].removeAll(keepingCapacity: true) }
        stats.forEachRecent { i, sample in
            var top = graph.y + graph.height
            let x = graph.x + Double(i) * barWidth
            for index in FramePhases.names.indices {
                let height = min(Double(sample.phases[index]) / 1e6 * pixelsPerMs, top - graph.y)
                guard height > 0 else { continue }
                top -= height
                // Under half a point the phase is not drawn: a renderer would make it a whole pixel, a
                // phase of microseconds as tall as one of a quarter millisecond (and the input and draw
                // phases are that short in most frames).
                guard height >= 0.5 else { continue }
                bars[index].append(Rect(x: x, y: top, width: max(barWidth - 0.5, 1), height: height))
            }
        }
        for index in bars.indices { list.fill(bars[index], Self.phaseColors[index]) }
        let budget = graph.y + graph.height - periodMs * pixelsPerMs
        list.line(Point(graph.x, budget), Point(graph.x + graph.width, budget), Color(255, 80, 80))
        if periodMs != budgetMs {
            budgetMs = periodMs
            budgetText = String(format: "budget %.2f ms", periodMs)
        }
        list.text(budgetText, at: Point(graph.x + graph.width - 120, budget - 18), size: .small, Color(255, 80, 80))

        var y = panel.y + 8
        for line in lines {
            list.text(line, at: Point(panel.x + 10, y), size: .small, .text)
            y += 18
        }
        // Refreshed with the percentiles, not whenever a count changes: while a wave settles the counts
        // change every frame, and a new string is a format, a rasterisation and a texture each time
        // (and unreadable at 60 Hz anyway).
        if activeCounts != (tweens, animations) && (lastRefresh == frame || activeCounts.tweens < 0) {
            activeCounts = (tweens, animations)
            activeText =
                "active: \(tweens) tweens, \(animations) animations" + (platform.isEmpty ? "" : "   " + platform)
        }
        list.text(activeText, at: Point(panel.x + 10, y), size: .small, .dimText)
        var legendX = panel.x + panel.width - 500
        for (index, name) in FramePhases.names.enumerated() {
            list.fill(Rect(x: legendX, y: y + 4, width: 10, height: 10), Self.phaseColors[index])
            list.text(name, at: Point(legendX + 14, y), size: .small, .dimText)
            legendX += 82
        }
    }

    static func describe(_ s: FrameSummary, pacer: Pacer) -> [String] {
        let cpu =
            pacer.waitedNanoseconds > 0 ? Double(pacer.waitCPUNanoseconds) / Double(pacer.waitedNanoseconds) * 100 : 0
        return [
            String(
                format: "frame interval ms  p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f",
                s.intervalP50, s.intervalP90, s.intervalP99, s.intervalP999, s.intervalMax),
            String(
                format: "deviation ms  p50 %.3f  p99 %.3f   missed %d  janks %d   pacing %@ (%.1f%% CPU while waiting)",
                s.deviationP50, s.deviationP99, s.missedDeadlines, s.janks, pacer.label, cpu),
            String(
                format:
                    "busy %.3f ms/frame   hitches %d (%.1f ms/s)  stalls %d  1%% low %.1f fps   %d steady (+ %d warm-up, %d throttled)",
                s.meanBusyMs, s.hitches, s.hitchRatio, s.stalls, s.low1Fps, s.steadyFrames, s.warmUpFrames,
                s.throttledFrames),
            s.inputEvents == 0
                ? "input-to-present: no input yet"
                : String(
                    format: "input-to-present ms  p50 %.3f  p99 %.3f  max %.3f   over %d events", s.inputLatencyP50Ms,
                    s.inputLatencyP99Ms, s.inputLatencyMaxMs, s.inputEvents),
            s.display.map { d in
                String(
                    format:
                        "display ms  p50 %.3f  p99 %.3f   display hitches %d (%.1f ms/s)   present-to-display p50 %.3f   input-to-display p99 %.3f",
                    d.intervalP50, d.intervalP99, d.hitches, d.hitchRatio, d.latencyP50, d.inputP99)
            } ?? "display times unavailable: \(s.displayUnavailable)",
        ]
    }
}
