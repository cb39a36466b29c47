import Foundation
import Tweening

/// One frame's path, over and over: input → clock → update → draw → render → present → wait → record.
///
/// The loop owns the harness's global keys (Esc quit, Space pause, `.` step, `[` `]` time scale,
/// P profiler, H help, S screenshot, Tab and 1–9 scenes); a scene sees every event first and may consume
/// it. It draws every scene's title and hint, and a status line.
public final class FrameLoop {
    /// Where frames are drawn.
    public let backend: RenderBackend
    /// The scene being shown.
    public private(set) var scene: Scene
    /// The source of each frame's `dt`.
    public let clock: FrameClock
    /// What holds the loop to its rate.
    public let pacer: Pacer
    /// The profiler's record of every frame.
    public let stats: FrameStats
    /// Advanced by every frame's `dt` before the scene: every tween, including those driving animated values.
    public let tweener: Tweener
    /// Whether the loop goes on (false after Esc or a quit event).
    public private(set) var isRunning = true
    /// Frames run so far.
    public private(set) var frameIndex = 0
    /// Whether the profiler overlay is shown (P).
    public var showsProfiler: Bool
    /// Whether the help overlay is shown (H).
    public var showsHelp = false
    /// Every input event handled, with its frame (when recording).
    public private(set) var recording = InputScript()

    private let time: TimeSource
    private var options: LoopOptions
    private var events: [InputEvent] = []
    /// When each of ``events`` happened (monotonic ns; see ``RenderBackend/pollEvents(into:times:)``).
    private var eventTimes: [UInt64] = []
    private var drawList = DrawList()
    private var lastStart: UInt64?
    private var smoothedInterval: Double = 0
    private var replayCursor = 0
    private var pendingScreenshots: [String] = []
    private var overlay = ProfilerOverlay()
    private var status = ""
    private var statusPaused = false
    private var statusScale = 1.0

    /// How many objects scenes opened with Tab or 1–9 animate (see ``SceneContext/objectCount``).
    public var objectCount = 10_000

    /// Creates a loop. The clock's time source is also used to time the phases.
    /// - Parameters:
    ///   - backend: Where frames are rendered and input comes from.
    ///   - scene: The scene to run first.
    ///   - tweener: the tweener the scene was created with (see ``SceneContext``).
    ///   - clock: The frame clock that gives each frame its delta.
    ///   - pacer: Paces the frames (or leaves it to vsync).
    ///   - stats: Records every frame's timing.
    ///   - options: Replay, recording, screenshots and the other per-run choices.
    public init(
        backend: RenderBackend, scene: Scene, tweener: Tweener, clock: FrameClock, pacer: Pacer,
        stats: FrameStats, options: LoopOptions = LoopOptions()
    ) {
        self.backend = backend
        self.scene = scene
        self.tweener = tweener
        self.clock = clock
        self.pacer = pacer
        self.stats = stats
        self.time = clock.source
        self.options = options
        self.showsProfiler = options.showsProfiler || scene.prefersProfiler
    }

    /// The draw list of the last frame.
    public var lastDrawList: DrawList { drawList }

    /// The signal that ended the run early (see ``StopRequest``), or nil when it ran to its end or was quit.
    public private(set) var interruption: Int32?

    /// Runs until quit, for `frames` frames, or until a ``StopRequest`` is pending; then writes the last
    /// frame to `screenshot` if given and finishes every sink (an interrupted run's outputs are complete
    /// up to the frame it stopped at).
    public func run(frames: Int? = nil, screenshot: String? = nil) throws(HarnessError) {
        while isRunning, frames.map({ frameIndex < $0 }) ?? true {
            if let signal = StopRequest.pending {
                interruption = signal
                break
            }
            try runFrame()
        }
        if interruption == nil, let signal = StopRequest.pending, frames.map({ frameIndex < $0 }) ?? true, isRunning {
            interruption = signal
        }
        if let screenshot {
            backend.render(drawList)
            try backend.saveScreenshot(to: screenshot)
        }
        for sink in options.sinks { try sink.finish() }
    }

    /// Runs exactly one frame.
    public func runFrame() throws(HarnessError) {
        var phases = FramePhases()
        let start = time.now()

        gatherInput(frameStart: start)
        for event in events { dispatch(event) }
        let afterInput = time.now()

        let dt = clock.tick()
        tweener.update(by: dt)
        scene.update(by: dt)
        let counts = (tweens: tweener.count, animations: scene.activeAnimations)
        let afterUpdate = time.now()

        drawList.removeAll()
        drawList.clear(.background)
        scene.draw(into: &drawList, size: backend.size)
        drawHeadsUp(counts: counts)
        let afterDraw = time.now()

        backend.render(drawList)
        try saveScreenshots()
        let afterRender = time.now()
        backend.present()
        let afterPresent = time.now()
        // Input-to-photon: from each event to this present, the first that shows its effect.
        var latency: UInt64 = 0
        for eventTime in eventTimes {
            let eventLatency = afterPresent - Swift.min(eventTime, afterPresent)
            stats.recordInputLatency(eventLatency)
            latency = Swift.max(latency, eventLatency)
        }
        if pacer.mode == .detecting {
            pacer.observePresent(nanoseconds: afterPresent - afterRender, endingAt: afterPresent)
            if pacer.mode == .selfPaced { backend.setVSync(false) }
        }
        let paced = pacer.mode != .detecting
        phases.wait = pacer.waitForNextFrame()

        phases.input = afterInput - start
        phases.update = afterUpdate - afterInput
        phases.draw = afterDraw - afterUpdate
        phases.render = afterRender - afterDraw
        phases.present = afterPresent - afterRender
        let interval = lastStart.map { start - $0 } ?? 0
        lastStart = start
        if interval > 0 {
            smoothedInterval =
                smoothedInterval == 0 ? Double(interval) : smoothedInterval * 0.9 + Double(interval) * 0.1
        }
        let sample = FrameSample(
            index: frameIndex, start: start, interval: interval, phases: phases,
            tweens: counts.tweens, animations: counts.animations, paced: paced, inputEvents: eventTimes.count,
            inputLatency: latency)
        stats.record(sample)
        for sink in options.sinks { sink.record(sample) }
        frameIndex += 1
    }

    private func gatherInput(frameStart: UInt64) {
        events.removeAll(keepingCapacity: true)
        eventTimes.removeAll(keepingCapacity: true)
        backend.pollEvents(into: &events, times: &eventTimes)
        // A backend that could not tell when an event happened: it counts from the frame that polled it.
        for index in eventTimes.indices where eventTimes[index] == 0 || eventTimes[index] > frameStart {
            eventTimes[index] = frameStart
        }
        if let replay = options.replay {
            // Replays must see exactly the recorded input: live input may only end the run.
            var kept = 0
            for index in events.indices where events[index] == .quit || events[index] == .keyDown(.escape) {
                events[kept] = events[index]
                eventTimes[kept] = eventTimes[index]
                kept += 1
            }
            events.removeLast(events.count - kept)
            eventTimes.removeLast(eventTimes.count - kept)
            // A replayed event happens at the start of its frame.
            for recorded in replay.events(forFrame: frameIndex, cursor: &replayCursor) {
                events.append(recorded.event)
                eventTimes.append(frameStart)
            }
        }
        if options.record {
            for event in events { recording.append(event, frame: frameIndex) }
        }
        if !events.isEmpty { options.recorder?.append(events, frame: frameIndex) }
    }

    private func dispatch(_ event: InputEvent) {
        if case .quit = event {
            isRunning = false
            return
        }
        if scene.handle(event) {
            if let text = scene.takeCopiedText() {
                options.copied(text)
                options.log(
                    backend.setClipboardText(text)
                        ? "copied to the clipboard" : "no clipboard: copied text is on stdout only")
            }
            return
        }
        guard case let .keyDown(key) = event else { return }
        switch key {
        case .escape: isRunning = false
        case .space: clock.isPaused.toggle()
        case .period:
            clock.isPaused = true
            clock.step()
        case .leftBracket: clock.timeScale = Self.nextTimeScale(below: clock.timeScale)
        case .rightBracket: clock.timeScale = Self.nextTimeScale(above: clock.timeScale)
        case .letter("p"): showsProfiler.toggle()
        case .letter("h"): showsHelp.toggle()
        case .letter("s"):
            pendingScreenshots.append(options.screenshotDirectory + "/cadence-\(scene.name)-\(frameIndex).png")
        case .tab:
            let names = SceneCatalog.names
            let current = names.firstIndex(of: scene.name) ?? -1
            switchScene(to: (current + 1) % names.count)
        case let .digit(d) where d >= 1:
            switchScene(to: d - 1)
        default: break
        }
    }

    /// Replaces the scene with a fresh instance of the catalog's `index`-th scene (ignored when out of
    /// range). The old scene's tweens are killed first.
    public func switchScene(to index: Int) {
        guard SceneCatalog.entries.indices.contains(index) else { return }
        tweener.killAll()
        scene = SceneCatalog.entries[index].make(SceneContext(tweener: tweener, objectCount: objectCount, clock: clock))
        if scene.prefersProfiler { showsProfiler = true }
        options.log("scene: \(scene.name)")
    }

    private func saveScreenshots() throws(HarnessError) {
        if let every = options.screenshotEvery, every.every > 0, frameIndex % every.every == 0 {
            try backend.saveScreenshot(to: every.directory + "/" + String(format: "frame-%06d.png", frameIndex))
        }
        for path in pendingScreenshots {
            do {
                try backend.saveScreenshot(to: path)
                options.log("screenshot: \(path)")
            } catch {
                options.log("screenshot failed: \(error.description)")
            }
        }
        pendingScreenshots.removeAll()
    }

    /// The time-scale steps `[` and `]` move through.
    public static let timeScaleSteps: [Double] = [0.1, 0.25, 0.5, 1, 2, 4]

    static func nextTimeScale(below scale: Double) -> Double {
        timeScaleSteps.last(where: { $0 < scale - 1e-9 }) ?? timeScaleSteps[0]
    }

    static func nextTimeScale(above scale: Double) -> Double {
        timeScaleSteps.first(where: { $0 > scale + 1e-9 }) ?? timeScaleSteps[timeScaleSteps.count - 1]
    }

    /// The keys the help overlay lists.
    public static let helpLines = [
        "Space  pause / resume the clock", ".  step one frame", "[ ]  slower / faster (0.1x - 4x)",
        "P  profiler overlay", "S  screenshot", "Tab / 1-9  scenes", "H  this help", "Esc  quit",
    ]

    private func drawHeadsUp(counts: (tweens: Int, animations: Int)) {
        let size = backend.size
        let width = Double(size.width)
        drawList.text(scene.title, at: Point(20, 14), size: .large, .text)
        drawList.text(scene.hint, at: Point(20, 44), size: .small, .dimText)
        // Rebuilt a few times a second, not every frame: a string that changes every frame costs a
        // format, a text rasterisation and a texture upload each time.
        if frameIndex % 15 == 0 || statusPaused != clock.isPaused || statusScale != clock.timeScale {
            // Under a fixed dt the status shows the simulated rate: a screenshot then depends only on the
            // scene, the options and the replay, never on how fast this machine ran.
            if let fixed = clock.configuration.fixedDelta {
                status = String(format: "%.0f fps (fixed dt)  %.2gx  H help", 1 / fixed, clock.timeScale)
            } else {
                let fps = smoothedInterval > 0 ? 1e9 / smoothedInterval : 0
                status = String(format: "%.0f fps  %@  %.2gx  H help", fps, pacer.mode.rawValue, clock.timeScale)
            }
            if clock.isPaused { status += "  PAUSED" }
            statusPaused = clock.isPaused
            statusScale = clock.timeScale
        }
        drawList.text(status, at: Point(width - 330, 14), size: .small, clock.isPaused ? Color.palette[1] : .dimText)
        if showsProfiler {
            overlay.draw(
                stats: stats, pacer: pacer, frame: frameIndex, tweens: counts.tweens, animations: counts.animations,
                into: &drawList, size: size, showsTimings: clock.configuration.fixedDelta == nil)
        }
        if showsHelp {
            let panel = Rect(x: width - 330, y: 40, width: 310, height: Double(Self.helpLines.count) * 20 + 16)
            drawList.fill(panel, Color(8, 9, 12, 230))
            drawList.stroke(panel, .grid)
            for (i, line) in Self.helpLines.enumerated() {
                drawList.text(line, at: Point(panel.x + 12, panel.y + 8 + Double(i) * 20), size: .small, .text)
            }
        }
    }
}
