import Foundation

/// One frame's path, over and over: input → clock → update → draw → render → present → wait → record.
///
/// The loop owns the harness's global keys (Esc quit, Space pause, `.` step, `[` `]` time scale); a scene
/// sees every event first and may consume it. It draws every scene's title and hint, and a status line.
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
    /// Whether the loop goes on (false after Esc or a quit event).
    public private(set) var isRunning = true
    /// Frames run so far.
    public private(set) var frameIndex = 0

    private let time: TimeSource
    private var events: [InputEvent] = []
    private var drawList = DrawList()
    private var lastStart: UInt64?
    private var smoothedInterval: Double = 0

    /// Creates a loop. The clock's time source is also used to time the phases.
    public init(backend: RenderBackend, scene: Scene, clock: FrameClock, pacer: Pacer, stats: FrameStats) {
        self.backend = backend
        self.scene = scene
        self.clock = clock
        self.pacer = pacer
        self.stats = stats
        self.time = clock.source
    }

    /// The draw list of the last frame.
    public var lastDrawList: DrawList { drawList }

    /// Runs until quit, or for `frames` frames; then writes the last frame to `screenshot` if given.
    public func run(frames: Int? = nil, screenshot: String? = nil) throws(HarnessError) {
        while isRunning, frames.map({ frameIndex < $0 }) ?? true {
            runFrame()
        }
        if let screenshot {
            backend.render(drawList)
            try backend.saveScreenshot(to: screenshot)
        }
    }

    /// Runs exactly one frame.
    public func runFrame() {
        var phases = FramePhases()
        let start = time.now()

        events.removeAll(keepingCapacity: true)
        backend.pollEvents(into: &events)
        for event in events { dispatch(event) }
        let afterInput = time.now()

        let dt = clock.tick()
        scene.update(by: dt)
        let afterUpdate = time.now()

        drawList.removeAll()
        drawList.clear(.background)
        scene.draw(into: &drawList, size: backend.size)
        drawHeadsUp()
        let afterDraw = time.now()

        backend.render(drawList)
        let afterRender = time.now()
        backend.present()
        let afterPresent = time.now()
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
            smoothedInterval = smoothedInterval == 0 ? Double(interval) : smoothedInterval * 0.9 + Double(interval) * 0.1
        }
        stats.record(FrameSample(index: frameIndex, start: start, interval: interval, phases: phases, paced: paced))
        frameIndex += 1
    }

    private func dispatch(_ event: InputEvent) {
        if case .quit = event {
            isRunning = false
            return
        }
        if scene.handle(event) { return }
        guard case let .keyDown(key) = event else { return }
        switch key {
        case .escape: isRunning = false
        case .space: clock.isPaused.toggle()
        case .period:
            clock.isPaused = true
            clock.step()
        case .leftBracket: clock.timeScale = Self.nextTimeScale(below: clock.timeScale)
        case .rightBracket: clock.timeScale = Self.nextTimeScale(above: clock.timeScale)
        default: break
        }
    }

    /// The time-scale steps `[` and `]` move through.
    public static let timeScaleSteps: [Double] = [0.1, 0.25, 0.5, 1, 2, 4]

    static func nextTimeScale(below scale: Double) -> Double {
        timeScaleSteps.last(where: { $0 < scale - 1e-9 }) ?? timeScaleSteps[0]
    }

    static func nextTimeScale(above scale: Double) -> Double {
        timeScaleSteps.first(where: { $0 > scale + 1e-9 }) ?? timeScaleSteps[timeScaleSteps.count - 1]
    }

    private func drawHeadsUp() {
        let width = Double(backend.size.width)
        drawList.text(scene.title, at: Point(20, 14), size: .large, .text)
        drawList.text(scene.hint, at: Point(20, 44), size: .small, .dimText)
        let fps = smoothedInterval > 0 ? 1e9 / smoothedInterval : 0
        var status = String(format: "%.0f fps  %@  %.2gx", fps, pacer.mode.rawValue, clock.timeScale)
        if clock.isPaused { status += "  PAUSED" }
        drawList.text(status, at: Point(width - 300, 14), size: .small, clock.isPaused ? Color.palette[1] : .dimText)
    }
}
