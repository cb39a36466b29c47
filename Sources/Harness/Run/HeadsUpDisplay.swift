import Foundation

/// What the loop draws over every scene: the scene's title and hint, a status line (rate, pacing, time
/// scale, pause), and on request the profiler overlay (P) and the help overlay (H).
struct HeadsUpDisplay {
    /// Whether the profiler overlay is shown.
    var showsProfiler: Bool
    /// Whether the help overlay is shown.
    var showsHelp = false
    private var overlay = ProfilerOverlay()
    private var status = ""
    private var statusPaused = false
    private var statusScale = 1.0
    private var smoothedInterval: Double = 0
    /// The time scale as the status line shows it, formatted for ``statusScale``.
    private var scaleText = ""

    init(showsProfiler: Bool, platform: String = "") {
        self.showsProfiler = showsProfiler
        overlay.platform = platform
    }

    /// Feeds the rate shown in the status line (an exponential average of frame intervals, in ns).
    mutating func observe(interval: UInt64) {
        guard interval > 0 else { return }
        smoothedInterval =
            smoothedInterval == 0 ? Double(interval) : smoothedInterval * 0.9 + Double(interval) * 0.1
    }

    /// Draws the heads-up layer of frame `frame` of `scene` into `list`.
    mutating func draw(
        into list: inout DrawList, size: Size, scene: Scene, frame: Int, clock: FrameClock, pacer: Pacer,
        stats: FrameStats, counts: (tweens: Int, animations: Int)
    ) {
        let width = Double(size.width)
        list.text(scene.title, at: Point(20, 14), size: .large, .text)
        list.text(scene.hint, at: Point(20, 44), size: .small, .dimText)
        // Rebuilt a few times a second, not every frame: a string that changes every frame costs a
        // format, a text rasterisation and a texture upload each time.
        if frame % 15 == 0 || statusPaused != clock.isPaused || statusScale != clock.timeScale {
            updateStatus(clock: clock, pacer: pacer)
        }
        list.text(status, at: Point(width - 330, 14), size: .small, clock.isPaused ? Color.palette[1] : .dimText)
        if showsProfiler {
            overlay.draw(
                stats: stats, pacer: pacer, frame: frame, tweens: counts.tweens, animations: counts.animations,
                into: &list, size: size, showsTimings: clock.configuration.fixedDelta == nil)
        }
        if showsHelp {
            let lines = GlobalKey.helpLines
            let panel = Rect(x: width - 330, y: 40, width: 310, height: Double(lines.count) * 20 + 16)
            list.fill(panel, Color(8, 9, 12, 230))
            list.stroke(panel, .grid)
            for (i, line) in lines.enumerated() {
                list.text(line, at: Point(panel.x + 12, panel.y + 8 + Double(i) * 20), size: .small, .text)
            }
        }
    }

    private mutating func updateStatus(clock: FrameClock, pacer: Pacer) {
        // Interpolated, not `String(format:)`, which cost more than the rest of an empty frame put together
        // (benchmark row "Frame loop, empty scene, no-op backend"); the time scale, which seldom changes, is
        // formatted when it does. The same text: a whole rate is printf's "%.0f" (halves to even).
        if scaleText.isEmpty || statusScale != clock.timeScale { scaleText = String(format: "%.2g", clock.timeScale) }
        // Under a fixed dt the status shows the simulated rate: a screenshot then depends only on the
        // scene, the options and the replay, never on how fast this machine ran.
        if let fixed = clock.configuration.fixedDelta {
            status = "\(Self.whole(1 / fixed)) fps (fixed dt)  \(scaleText)x  H help"
        } else {
            let fps = smoothedInterval > 0 ? 1e9 / smoothedInterval : 0
            status = "\(Self.whole(fps)) fps  \(pacer.label)  \(scaleText)x  H help"
        }
        if clock.isPaused { status += "  PAUSED" }
        statusPaused = clock.isPaused
        statusScale = clock.timeScale
    }

    /// `rate` as printf's "%.0f" writes it, for the rates a frame loop has (finite, not negative).
    static func whole(_ rate: Double) -> String {
        rate >= 0 && rate < 1e15 ? String(Int64(rate.rounded(.toNearestOrEven))) : String(format: "%.0f", rate)
    }
}
