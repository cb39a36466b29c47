import Foundation
import Tweening

/// One frame's path, over and over: input → clock → update → draw → render → present → wait → record.
///
/// The parts around that path each have a type of their own: ``GlobalKey`` (the keys every scene
/// shares; a scene sees every event first and may consume it), `SceneSwitcher` (Tab and 1–9),
/// `RunCapture` (replay, recording, screenshots) and `HeadsUpDisplay` (title, hint, status line,
/// profiler and help overlays). ``HarnessSession`` builds a loop and everything it runs on.
public final class FrameLoop {
    /// Where frames are drawn.
    public let backend: RenderBackend
    /// The scene being shown.
    // Unchecked exclusivity on the state a frame touches: only the loop's own methods, on one thread, use
    // it, and none of them re-enters another while it holds an access. A dynamic check on each of a frame's
    // accesses was the largest part of an empty frame (benchmark row "Frame loop, empty scene, no-op backend").
    @exclusivity(unchecked) public private(set) var scene: Scene
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
    @exclusivity(unchecked) public private(set) var frameIndex = 0
    /// The frame this process's run began at (not 0 after a live reload, see ``resume(atFrame:)``): samples
    /// count from it, so that the profile's warm-up is this run's first frames.
    private var firstFrame = 0
    /// The signal that ended the run early (see ``StopRequest``), or nil when it ran to its end or was quit.
    public private(set) var interruption: Int32?

    private let time: TimeSource
    private let sinks: [FrameSink]
    private let log: (String) -> Void
    private let copied: (String) -> Void
    @exclusivity(unchecked) private var capture: RunCapture
    private let live: LiveLink?
    @exclusivity(unchecked) private var headsUp: HeadsUpDisplay
    private var switcher = SceneSwitcher()
    @exclusivity(unchecked) private var events: [InputEvent] = []
    /// When each of ``events`` happened (monotonic ns; see ``RenderBackend/pollEvents(into:times:)``).
    @exclusivity(unchecked) private var eventTimes: [UInt64] = []
    @exclusivity(unchecked) private var drawList = DrawList()
    @exclusivity(unchecked) private var lastStart: UInt64?
    /// Whether the last frame began throttled: this frame's interval then holds that frame's present, the
    /// one that woke the window (a compositor waking from sleep takes a while to repaint).
    @exclusivity(unchecked) private var throttledAtLastStart = false
    /// Whether frames ask the display when they were shown (the backend's ``RenderBackend/displayTimes``).
    private let asksDisplay: Bool
    /// Frames waiting for their display's answer (used only when ``asksDisplay``).
    @exclusivity(unchecked) private var display = DisplayQueue()
    /// The pointer as the loop's events tell it, carried forward when the run predicts it.
    @exclusivity(unchecked) private var predictor = PointerPredictor()
    @exclusivity(unchecked) private var pointerErrors = PointerErrorTrack()
    /// Where the scene was last told the pointer is (a real event's position, or a predicted one).
    @exclusivity(unchecked) private var toldPointer: Point?
    /// Whether the run may predict the pointer (not in replays and fixed-step runs).
    private let mayPredict: Bool
    private let predictsForAll: Bool
    /// The last frames' time from start to shown (for the expected display time without a latch), a ring, and
    /// a buffer its median is sorted in (kept, so that a predicting frame allocates nothing).
    @exclusivity(unchecked) private var shownLeads: [UInt64] = []
    @exclusivity(unchecked) private var shownLeadNext = 0
    @exclusivity(unchecked) private var sortedLeads: [UInt64] = []
    /// The display's answers gathered since the display queue last took them.
    @exclusivity(unchecked) private var answers: [PresentationAnswer] = []
    /// Everything the scene has been given since it was made, kept under `--live` for the next build to replay.
    @exclusivity(unchecked) private(set) var history: SceneHistory?
    /// The events the scene was given this frame (only while ``history`` is kept).
    @exclusivity(unchecked) private var frameEvents: [InputEvent] = []
    /// What the scene drew over the last seconds, kept with ``history`` for the next build's watch again.
    @exclusivity(unchecked) private(set) var ghost = GhostFrames()
    /// What the previous build drew over its last seconds, its number and the history frame it handed over at.
    var previousGhost: (frames: GhostFrames, build: Int, handedOverAt: Int)?
    /// Watch again, while it plays (W).
    @exclusivity(unchecked) private var watching: WatchAgain?

    /// How long a frame waits for its display's answer, after its present, before it is recorded as pending
    /// (a compositor that stopped answering must not hold the profile back for good).
    public static let displayAnswerTimeout: UInt64 = 1_000_000_000
    /// How long the end of a run waits for the answers of its last frames (a run ended by a signal does not).
    public static let displayDrainTime: UInt64 = 250_000_000

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
        time = clock.source
        sinks = options.sinks
        log = options.log
        copied = options.copied
        live = options.live
        capture = RunCapture(options)
        predictsForAll = options.predictsPointer
        mayPredict = options.replay == nil && clock.configuration.fixedDelta == nil
        headsUp = HeadsUpDisplay(
            showsProfiler: options.showsProfiler || scene.prefersProfiler, platform: options.platform)
        if options.live != nil { history = SceneHistory(scene: scene.name, clock: clock) }
        stats.displayTimes = backend.displayTimes
        asksDisplay = stats.displayTimes.isAvailable
        // Frames can start late for the display only where it says when it showed them.
        if asksDisplay && pacer.schedule == .latch && pacer.mode != .unpaced {
            backend.setVSync(false)
            pacer.startLatching()
            pacer.collectsAnswers = { [unowned self] in self.gatherAnswers() }
            pacer.frameLatched = { [unowned self] in self.backend.lastFrameLatched() }
        }
    }

    /// Whether the profiler overlay is shown (P).
    public var showsProfiler: Bool {
        get { headsUp.showsProfiler }
        set { headsUp.showsProfiler = newValue }
    }
    /// Whether the help overlay is shown (H).
    public var showsHelp: Bool {
        get { headsUp.showsHelp }
        set { headsUp.showsHelp = newValue }
    }
    /// How many objects scenes opened with Tab or 1–9 animate (see ``SceneContext/objectCount``).
    public var objectCount: Int {
        get { switcher.objectCount }
        set { switcher.objectCount = newValue }
    }
    /// The scenes Tab and 1–9 switch among, and the animations their inspector offers.
    public var catalog: SceneCatalog {
        get { switcher.catalog }
        set { switcher.catalog = newValue }
    }
    /// Every input event handled, with its frame (when recording).
    public var recording: InputScript { capture.recording }
    /// The draw list of the last frame.
    public var lastDrawList: DrawList { drawList }

    /// Runs until quit, for `frames` frames, or until a stop is requested (``TimeSource/stopRequest``: a
    /// ``StopRequest`` from a signal, by default); then writes the last frame to `screenshot` if given and
    /// finishes every sink (an interrupted run's outputs are complete up to the frame it stopped at).
    public func run(frames: Int? = nil, screenshot: String? = nil) throws(HarnessError) {
        while isRunning, frames.map({ frameIndex < $0 }) ?? true {
            if let signal = time.stopRequest {
                interruption = signal
                break
            }
            if let live {
                live.poll()
                if live.stopRequested { break }
            }
            try runFrame()
        }
        if interruption == nil, let signal = time.stopRequest, frames.map({ frameIndex < $0 }) ?? true, isRunning {
            interruption = signal
        }
        drainDisplayAnswers()
        stats.inputTimes = backend.inputTimeSource
        if let screenshot {
            backend.render(drawList)
            try backend.saveScreenshot(to: screenshot)
        }
        for sink in sinks { try sink.finish() }
        live?.handOver(self)
    }

    /// Whether the run ended because a live reload's next build takes over (see ``LiveLink``).
    public var endedForReload: Bool { live?.stopRequested ?? false }

    /// Counts frames from `frame` on, as if that many had run: a live reload's next build goes on from
    /// where the last stopped (frame numbers, `--frames`, recordings and screenshot series).
    public func resume(atFrame frame: Int) {
        frameIndex = max(frame, 0)
        firstFrame = frameIndex
    }

    /// Brings the scene to where `history` leaves it, without drawing or presenting: each recorded frame's
    /// events, then its `dt` to the clock, the tweener and the scene, as fast as they run. A live reload's next
    /// build does this before its first frame (see ``LiveLink``), so that its scene is what the new code makes
    /// of the session's input; under `--live` the loop then goes on adding to the same history.
    public func fastForward(through history: SceneHistory) {
        var replay = HistoryReplay(history, scene: scene, tweener: tweener, clock: clock)
        replay.advance(frames: history.frames.count)
        if self.history != nil { self.history = history }
    }

    /// Starts an empty history of the scene shown, from the clock as it is now (under `--live` only).
    func restartHistory() {
        guard history != nil else { return }
        history = SceneHistory(scene: scene.name, clock: clock)
        frameEvents.removeAll(keepingCapacity: true)
        ghost.reset()
        previousGhost = nil
    }

    /// A fresh instance of the scene shown, with a tweener and a clock of its own (on this loop's time source and
    /// configuration), or nil when the catalog cannot make it: what a replay is checked with and watched in.
    func freshInstance() -> (scene: Scene, tweener: Tweener, clock: FrameClock)? {
        guard let index = catalog.names.firstIndex(of: scene.name) else { return nil }
        let tweener = Tweener()
        let clock = FrameClock(source: time, configuration: self.clock.configuration)
        guard let made = try? switcher.scene(at: index, tweener: tweener, clock: clock) else { return nil }
        return (made, tweener, clock)
    }

    /// Starts watching the last 5 s again (W): those before the hand-over from the previous build when it left
    /// its frames (the gesture the edit is about, with its ghost), else the last 5 s. Under `--live` only.
    func watchAgain() {
        guard let history, !history.isOverflowed, !history.frames.isEmpty, let fresh = freshInstance() else { return }
        let previous = previousGhost
        let watch = WatchAgain(
            history: history, ending: previous?.handedOverAt ?? history.frames.count, ghost: previous?.frames,
            ghostBuild: previous?.build, shadow: fresh.scene, tweener: fresh.tweener, clock: fresh.clock)
        watching = watch
        log("watch again: frames \(watch.start)..<\(watch.end) of the scene's session")
    }

    /// Runs exactly one frame.
    public func runFrame() throws(HarnessError) {
        let start = time.now()
        let plan = pacer.plan
        // Also how the last frame ended: only presenting (`presents`, `observePresent`) changes it.
        let throttledAtStart = pacer.isThrottled
        events.removeAll(keepingCapacity: true)
        eventTimes.removeAll(keepingCapacity: true)
        backend.pollEvents(into: &events, times: &eventTimes)
        // A backend that could not tell when an event happened: it counts from the frame that polled it.
        for index in eventTimes.indices where eventTimes[index] == 0 || eventTimes[index] > start {
            eventTimes[index] = start
        }
        capture.take(&events, times: &eventTimes, frame: frameIndex, frameStart: start)
        if !events.isEmpty { pacer.inputArrived(at: start) }
        let wasWatching = watching != nil
        if wasWatching {
            // The live scene waits while the last seconds are watched again: quitting, W (stop), and the keys
            // that do not touch the scene or the clock (screenshot, overlays, fullscreen) still act.
            for event in events {
                if event == .quit { isRunning = false }
                guard case let .keyDown(key) = event, let command = GlobalKey(key) else { continue }
                switch command {
                case .quit, .screenshot, .toggleProfiler, .toggleHelp, .toggleFullscreen: perform(command)
                case .watchAgain: watching = nil
                default: break
                }
            }
        }
        // (A frame whose W stopped watching hands none of its events to the scene: W would start it again.)
        for (event, eventTime) in zip(events, eventTimes) where !wasWatching {
            dispatch(event)
            observePointer(event, at: eventTime)
        }
        if !wasWatching && mayPredict && (predictsForAll || scene.predictsPointer) {
            // (Written only when predicting: a write to the stats every frame costs an empty frame's time.)
            stats.predictsPointer = true
            tellPredictedPointer(frameStart: start)
        }
        let afterInput = time.now()

        let watch = watching
        let dt: Double
        if let watch {
            watch.step()
            dt = 0
        } else {
            dt = clock.tick(at: start)
            tweener.update(by: dt)
            scene.update(by: dt)
        }
        let counts = (tweens: tweener.count, animations: scene.activeAnimations)
        let afterUpdate = time.now()
        if history != nil && watch == nil {
            history?.append(
                .init(dt: dt, interval: clock.frameInterval, size: backend.size), events: frameEvents,
                cost: afterUpdate - afterInput)
            frameEvents.removeAll(keepingCapacity: true)
        }

        drawList.removeAll()
        drawList.clear(.background)
        if let watch {
            watch.draw(into: &drawList, size: backend.size)
            if watch.isFinished { watching = nil }
        } else {
            scene.draw(into: &drawList, size: backend.size)
            if let history, !history.isOverflowed {
                ghost.keep(
                    drawList.commands[1...], frame: history.frames.count - 1,
                    interval: history.frames.last?.interval ?? 0)
            }
        }
        headsUp.draw(
            into: &drawList, size: backend.size, scene: scene, frame: frameIndex, clock: clock, pacer: pacer,
            stats: stats, counts: counts)
        live?.draw(into: &drawList, size: backend.size)
        let afterDraw = time.now()

        // The renderer's first-use costs in this run's first frame, a warm-up frame (see `DrawList.warmUp`).
        if frameIndex == firstFrame { backend.render(.warmUp(size: backend.size)) }
        backend.render(drawList)
        try capture.saveScreenshots(frame: frameIndex, backend: backend, log: log)
        let afterRender = time.now()
        // A throttled window's frames are drawn (input, screenshots and outputs go on) but not presented.
        let presents = pacer.presents(displayShowed: backend.displayShowedFrame())
        let watched = presents && pacer.watchesPresents
        let cpuBefore = watched ? time.processorTime() : 0
        // A frame drawn ahead waits for the compositor to repaint with the one before (before asking about its
        // own, which replaces the question): part of its present, as the wait in SDL's swap is (but not of its
        // busy time: the pacer takes it out).
        if presents { pacer.waitToCommit() }
        let asked = presents && asksDisplay && backend.requestPresentationFeedback(frame: frameIndex - firstFrame)
        if presents { backend.present() }
        let afterPresent = time.now()
        if presents {
            pacer.committed(frame: frameIndex - firstFrame, busy: afterPresent - start, endingAt: afterPresent)
        }
        if watched {
            let working = time.processorTime() &- cpuBefore
            let detecting = pacer.mode == .detecting
            pacer.observePresent(nanoseconds: afterPresent - afterRender, endingAt: afterPresent, working: working)
            if detecting && pacer.mode == .selfPaced { backend.setVSync(false) }
        }
        // Throttled at any point of the interval this frame's start closes, or in its present.
        let throttled = pacer.isThrottled || throttledAtStart || throttledAtLastStart
        throttledAtLastStart = throttledAtStart
        let paced = pacer.isSettled
        if asksDisplay { gatherAnswers() }
        let wait = pacer.waitForNextFrame()

        let interval = lastStart.map { start - $0 } ?? 0
        lastStart = start
        headsUp.observe(interval: interval)
        var phases = FramePhases()
        (phases.input, phases.update, phases.draw) = (
            afterInput - start, afterUpdate - afterInput, afterDraw - afterUpdate
        )
        (phases.render, phases.present, phases.wait) = (afterRender - afterDraw, afterPresent - afterRender, wait)
        var sample = FrameSample(
            index: frameIndex - firstFrame, start: start, interval: interval, phases: phases,
            tweens: counts.tweens, animations: counts.animations, paced: paced, inputEvents: eventTimes.count,
            inputLatency: presents ? recordInputLatency(startedAt: start, presentedAt: afterPresent) : 0,
            period: pacer.period,
            throttled: throttled)
        if predictor.pressed { sample.pointer = toldPointer }
        sample.plan = plan
        if presents, let oldest = eventTimes.min(), oldest < start { sample.inputWait = start - oldest }
        if asksDisplay {
            display.add(sample, requested: asked, eventTimes: eventTimes)
            gatherAnswers()
            display.take(&answers)
            let now = time.now()
            while let answered = display.next(now: now, timeout: Self.displayAnswerTimeout, stats: stats) {
                record(answered)
            }
        } else {
            record(sample)
        }
        frameIndex += 1
        live?.frameEnded(self)
    }

    /// Reads the display's answers that have come, for the pacer (whose latch schedule aims by them) and,
    /// later, the display queue.
    private func gatherAnswers() {
        let known = answers.count
        backend.collectPresentationFeedback(into: &answers)
        for answer in answers[known...] { pacer.answered(frame: answer.frame, feedback: answer.feedback) }
    }

    /// Follows the pointer's real events: for the predictor, and as the truth pointer error is measured against.
    private func observePointer(_ event: InputEvent, at time: UInt64) {
        switch event {
        case let .mouseMoved(to: position, dragging: _), let .mouseDown(_, at: position), let .mouseUp(_, at: position):
            predictor.observe(event, at: time)
            toldPointer = position
            pointerErrors.observe(position, at: time)
        default: break
        }
    }

    /// Tells the scene where the pointer will be when this frame is shown: at the latch schedule's aim, else
    /// as long after the frame's start as the last frames took to be shown (two periods before any answer).
    private func tellPredictedPointer(frameStart start: UInt64) {
        var lead = 2 * pacer.period
        if pacer.aimedDisplayTime == nil, !shownLeads.isEmpty {
            lead = shownLeads.median(sortingIn: &sortedLeads)
        }
        let display = pacer.aimedDisplayTime ?? start + lead
        guard let predicted = predictor.predicted(at: display, now: start), predicted != toldPointer else { return }
        toldPointer = predicted
        if history != nil { frameEvents.append(.mouseMoved(to: predicted, dragging: predictor.pressed)) }
        _ = scene.handle(.mouseMoved(to: predicted, dragging: predictor.pressed), in: backend.size)
    }

    private func record(_ sample: FrameSample) {
        if let feedback = sample.display, feedback.outcome == .presented {
            if feedback.time > sample.start {
                if shownLeads.count < 31 {
                    shownLeads.append(feedback.time - sample.start)
                } else {
                    shownLeads[shownLeadNext] = feedback.time - sample.start
                }
                shownLeadNext = (shownLeadNext + 1) % 31
            }
            if let drawn = sample.pointer { pointerErrors.shown(at: feedback.time, drawn: drawn) }
        }
        // (A clock read only while frames shown during a drag wait for the pointer's position.)
        if pointerErrors.isWaiting { pointerErrors.resolve(now: time.now(), into: stats) }
        stats.record(sample)
        for sink in sinks { sink.record(sample) }
    }

    /// At the end of a run: waits up to ``displayDrainTime`` for the last frames' answers (not at all after a
    /// signal: the run ends at once), then records every frame still waiting, as pending.
    private func drainDisplayAnswers() {
        guard asksDisplay else { return }
        let deadline = time.now() + Self.displayDrainTime
        while !display.isEmpty, time.now() < deadline, time.stopRequest == nil {
            gatherAnswers()
            display.take(&answers)
            while let answered = display.next(now: time.now(), timeout: Self.displayAnswerTimeout, stats: stats) {
                record(answered)
            }
            if !display.isEmpty { time.sleep(until: time.now() + 2_000_000) }
        }
        gatherAnswers()
        display.take(&answers)
        while let left = display.next(now: time.now(), timeout: 0, flushing: true, stats: stats) { record(left) }
    }

    /// Input-to-present: from each event to this present, the first that shows its effect, and its two
    /// phases (waiting for this frame's start, then the frame). Returns the frame's longest.
    private func recordInputLatency(startedAt start: UInt64, presentedAt present: UInt64) -> UInt64 {
        var longest: UInt64 = 0
        for eventTime in eventTimes {
            let latency = present - Swift.min(eventTime, present)
            stats.recordInputLatency(latency)
            stats.recordInputPhases(
                waiting: start - Swift.min(eventTime, start), frame: present - Swift.min(start, present))
            longest = Swift.max(longest, latency)
        }
        return longest
    }

    private func dispatch(_ event: InputEvent) {
        if case .quit = event {
            isRunning = false
            return
        }
        if history != nil { frameEvents.append(event) }
        if scene.handle(event, in: backend.size) {
            if let text = scene.takeCopiedText() {
                copied(text)
                log(
                    backend.setClipboardText(text)
                        ? "copied to the clipboard" : "no clipboard: copied text is on stdout only")
            }
            return
        }
        guard case let .keyDown(key) = event, let command = GlobalKey(key) else { return }
        perform(command)
    }

    private func perform(_ command: GlobalKey) {
        switch command {
        case .quit: isRunning = false
        case .togglePause, .step, .slower, .faster: _ = command.apply(to: clock)
        case .toggleProfiler: headsUp.showsProfiler.toggle()
        case .toggleHelp: headsUp.showsHelp.toggle()
        case .screenshot: capture.requestScreenshot(scene: scene.name, frame: frameIndex)
        case .nextScene: switchScene(to: switcher.index(after: scene.name))
        case let .scene(index): switchScene(to: index)
        case .toggleFullscreen: backend.toggleFullscreen()
        case .watchAgain: watchAgain()
        }
    }

    /// Replaces the scene with a fresh instance of the catalog's `index`-th scene (ignored when out of
    /// range). The old scene's tweens are killed first. A scene whose `make` throws is not opened: the
    /// error is logged and the running scene is opened afresh instead, since its tweens were killed.
    public func switchScene(to index: Int) {
        let next: Scene
        do {
            guard let made = try switcher.scene(at: index, tweener: tweener, clock: clock) else { return }
            next = made
        } catch {
            log("\(error.description)")
            guard let current = switcher.catalog.names.firstIndex(of: scene.name),
                let fresh = try? switcher.scene(at: current, tweener: tweener, clock: clock)
            else { return }
            next = fresh
        }
        scene = next
        watching = nil
        restartHistory()
        if scene.prefersProfiler { headsUp.showsProfiler = true }
        log("scene: \(scene.name)")
    }
}
