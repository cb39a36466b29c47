import Foundation
import Harness
import Tweening

/// What a finished run reports.
public struct RunReport: Sendable {
    /// The video driver and renderer used.
    public var driver: String, renderer: String
    /// What else the frames ran on: SDL's version, the display scale, the refresh rate SDL reported
    /// (nil: none) and the interval between presents the pacer measured (nil: not measured).
    public var sdlVersion = "", scale = 1.0, reportedRefreshRate: Double?, measuredPresentInterval: UInt64?
    /// How frames were paced.
    public var pacing: Pacer.Mode
    /// Frame-timing percentiles.
    public var summary: FrameSummary
    /// Share of one core that waiting for deadlines cost (sleep wake-ups and the final spin).
    public var pacingCPUShare: Double
    /// Wall-clock seconds the run took.
    public var seconds: Double
    /// The signal that ended the run early and the frame it stopped at (frames run), or nil.
    public var interruption: (signal: Int32, frame: Int)?
    /// The clip written after the run (`--clip`), or nil.
    public var clip: ClipReport?
    /// Latched frames drawn ahead (see `LatchSchedule.plannedAhead`), of them those with input arriving (the CPU
    /// contended, or repaints far slower than the display's refresh), and all latched frames; nil when frames were
    /// not latched.
    public var drawnAhead: (frames: Int, contended: Int, of: Int)?

    /// The refresh rate as SDL reports it (a whole number of Hz) and as the presents measured it.
    static func describeRefresh(reported: Double?, measured: UInt64?) -> String {
        var text = reported.map { "SDL reports \(String(format: "%g", $0)) Hz" } ?? "SDL reports none"
        if let measured, measured > 0 {
            text += String(
                format: ", presents came every %.3f ms while the pacer watched (%.2f Hz)", Double(measured) / 1e6,
                1e9 / Double(measured))
        }
        return text
    }

    /// Whether the run ended because the next build of a `--live` session takes over (nothing is reported
    /// then: the session goes on).
    public var endedForReload = false

    /// Why the display went away mid-run (the Wayland compositor quit or crashed), or nil.
    public var lostDisplay: String?

    /// The exit status a process should end with: 0 after a finished run, 128 + the signal's number
    /// after an interrupted one (the shell's convention), 1 when the display went away.
    public var exitStatus: Int32 { interruption.map { 128 + $0.signal } ?? (lostDisplay == nil ? 0 : 1) }

    /// The report as printed and written to the summary file.
    public var text: String {
        var lines = [
            "driver: \(driver)  renderer: \(renderer)  pacing: \(pacing.rawValue)  SDL \(sdlVersion)  scale: \(String(format: "%g", scale))",
            "refresh: " + Self.describeRefresh(reported: reportedRefreshRate, measured: measuredPresentInterval),
        ]
        lines.append(summary.text)
        lines.append(String(format: "pacing CPU: %.1f%% of one core over %.2f s", pacingCPUShare * 100, seconds))
        if let drawnAhead {
            lines.append(
                "latched frames drawn ahead: \(drawnAhead.frames) of \(drawnAhead.of), \(drawnAhead.contended) of them "
                    + "with input arriving (the CPU contended, or repaints far slower than the display's refresh)")
        }
        if let clip { lines.append(clip.text) }
        if let lostDisplay { lines.append("ended early: \(lostDisplay)") }
        if let interruption {
            lines.append("interrupted at frame \(interruption.frame) (\(StopRequest.name(of: interruption.signal)))")
        }
        return lines.joined(separator: "\n")
    }
}

/// Runs a validated ``RunConfiguration`` in an SDL window (or headless): the body of `cadence`.
public enum HarnessRun {
    /// Validates, opens the window, runs the loop, then writes the screenshot and summary if asked.
    /// - Parameter log: receives one line per notable event (driver, renderer, screenshots, scene switches).
    public static func run(_ configuration: RunConfiguration, log: @escaping (String) -> Void = { _ in })
        throws(HarnessError) -> RunReport
    {
        var configuration = configuration
        let live = configuration.live.map { LiveLink(directory: $0.directory, build: $0.build, log: log) }
        if let live {
            configuration.scene = live.sceneName(requested: configuration.scene, catalog: configuration.catalog)
        }
        try configuration.validate(loadingReplay: false)
        // Read once, before anything opens: a bad line is refused before the run.
        let replay = try configuration.replayPath.map { path throws(HarnessError) in try InputScript.load(path) }
        if let replay, let path = configuration.replayPath, let header = replay.header {
            if let recorded = header.scene, !configuration.sceneIsExplicit {
                guard configuration.catalog.names.contains(recorded) else {
                    throw .corruptReplay(
                        path, line: 1,
                        reason: "it was recorded in scene '\(recorded)', which this program does not have")
                }
                configuration.scene = recorded
            } else if let recorded = header.scene, recorded != configuration.scene {
                log("warning: \(path) was recorded in '\(recorded)'; replaying it into '\(configuration.scene)'")
            }
            if let recorded = header.fixedDt, abs((configuration.fixedDelta ?? 0) - recorded) > 1e-9 {
                log(
                    "warning: \(path) was recorded with --fixed-dt \(recorded); only the same --fixed-dt draws the same frames"
                )
            }
        }
        for folder in configuration.outputFolders {
            for name in OutputFile.removeStaleTemporaries(in: folder) {
                log("removed \(name), left by a run that was killed")
            }
        }
        // SIGTERM, SIGINT and SIGHUP end the run cleanly (SDL's own handlers are turned off in SDLBackend).
        let savedHandlers = StopRequest.install()
        defer { StopRequest.restore(savedHandlers) }
        var window = WindowOptions(
            title: "Cadence — \(configuration.scene)", width: configuration.width, height: configuration.height,
            headless: configuration.headless, driver: configuration.videoDriver, scale: configuration.scale)
        if let placement = live?.restored?.window, !configuration.headless {
            (window.width, window.height) = (placement.width, placement.height)
            if let x = placement.x, let y = placement.y { window.position = (x, y) }
            window.fullscreen = placement.fullscreen
        }
        let backend = try SDLBackend(options: window)
        defer { backend.close() }
        if let note = backend.driverNote { log(note) }
        if let gate = configuration.displayGates.first, case let .unavailable(reason) = backend.displayTimes {
            throw .invalidOption("--fail-if '\(gate)': this run has no display times (\(reason))")
        }
        let rate = configuration.fps ?? backend.displayRefreshRate ?? 60
        log(
            "scene: \(configuration.scene), video driver: \(backend.driver), renderer: \(backend.rendererName), target \(rate) fps"
        )
        // A clip advances by the run's fixed step, or by its period; one faster than that is refused now.
        let clipStep = configuration.fixedDelta ?? 1 / rate
        if let clip = configuration.clip { _ = try clip.schedule(step: clipStep, frames: configuration.frames ?? .max) }

        var sinks: [FrameSink] = []
        let period = Pacer.period(forRate: configuration.unpaced ? nil : rate)
        let refresh = backend.displayRefreshRate
        let platform =
            "\(backend.driver), SDL \(backend.sdlVersion), scale \(String(format: "%g", backend.displayScale)), "
            + (refresh.map { "\(String(format: "%g", $0)) Hz" } ?? "no refresh rate")
        if let path = configuration.profilePath {
            let about = ProfileHeader(
                scene: configuration.scene, targetPeriod: period, driver: backend.driver,
                renderer: backend.rendererName, objectCount: configuration.objectCount, sdlVersion: backend.sdlVersion,
                scale: backend.displayScale, refreshRate: refresh ?? 0)
            sinks.append(try CSVProfileWriter(path: path, about: about))
        }
        if let path = configuration.tracePath {
            sinks.append(try ChromeTraceWriter(path: path, targetPeriod: period, platform: platform))
        }
        let plot = configuration.plotPath.map { _ in FramePlot() }
        if let plot { sinks.append(plot) }
        let recorder = try configuration.recordPath.map { path throws(HarnessError) in
            try RecordingWriter(
                path: path,
                header: ReplayHeader(
                    scene: configuration.scene,
                    fps: configuration.fixedDelta == nil && !configuration.unpaced ? rate : nil,
                    fixedDt: configuration.fixedDelta),
                appending: live?.restored != nil)
        }
        var options = LoopOptions(
            replay: replay,
            screenshotEvery: configuration.screenshotEvery.map { ($0.every, $0.directory) },
            sinks: sinks, showsProfiler: configuration.showsProfiler, log: log)
        options.recorder = recorder
        options.live = live
        options.platform = platform
        options.predictsPointer = configuration.predictsPointer
        // A clip is rendered from the run's input after the run (see ClipRenderer).
        options.record = configuration.clip != nil
        let time = MonotonicClock()
        // Only presents that can wait for a display are watched for vsync; SDL's imitation elsewhere (a sleep
        // in each present, as under Xvfb) is turned off, and the pacer paces from the first frame.
        let waits = !configuration.headless && backend.presentsWaitForDisplay
        if !waits { backend.setVSync(false) }
        var plan = HarnessSession.Plan(
            scene: configuration.scene, catalog: configuration.catalog, objectCount: configuration.objectCount,
            fixedDelta: configuration.fixedDelta, rate: rate, paced: !configuration.unpaced, detectsVSync: waits,
            timeScale: configuration.timeScale, options: options)
        // Without --fps the target is the display's rate, which the pacer follows as measured.
        plan.followsDisplay = configuration.fps == nil
        plan.schedule = configuration.schedule
        let session = try HarnessSession(backend: backend, time: time, plan: plan)
        let (loop, pacer, stats) = (session.loop, session.pacer, session.stats)
        live?.restore(into: loop)

        let started = time.now()
        try loop.run(frames: configuration.frames, screenshot: configuration.screenshotPath)
        let seconds = Double(time.now() - started) / 1e9
        try recorder?.finish()
        var report = RunReport(
            driver: backend.driver, renderer: backend.rendererName, pacing: pacer.mode,
            summary: stats.summary(),
            pacingCPUShare: seconds > 0 ? Double(pacer.waitCPUNanoseconds) / 1e9 / seconds : 0,
            seconds: seconds, interruption: loop.interruption.map { ($0, loop.frameIndex) })
        report.endedForReload = loop.endedForReload
        if pacer.mode == .latched {
            report.drawnAhead = (pacer.framesDrawnAhead, pacer.framesDrawnAheadContended, pacer.framesLatched)
        }
        // SDL ends a Wayland run with a quit event when the compositor goes away, as if the window had been
        // closed: told apart by asking the compositor, which no longer answers.
        if !loop.isRunning, loop.interruption == nil, backend.driver == "wayland", !backend.compositorAnswers {
            report.lostDisplay = "the Wayland compositor went away (\(SDLWindow.displayName))"
        }
        report.sdlVersion = backend.sdlVersion
        report.scale = backend.displayScale
        report.reportedRefreshRate = refresh
        report.measuredPresentInterval = pacer.measuredPresentInterval
        if let plot, let path = configuration.plotPath {
            let title =
                "cadence \(configuration.scene): \(backend.driver) / \(backend.rendererName), \(pacer.mode.rawValue)"
            try backend.writePNG(of: plot.draw(stats: stats, title: title), size: FramePlot.size, to: path)
        }
        if let path = configuration.summaryPath {
            try OutputFile.write(Data((report.text + "\n").utf8), to: path)
        }
        // Last, so that a clip that cannot be made costs none of the run's other outputs.
        if let clip = configuration.clip, loop.interruption != nil, loop.frameIndex <= clip.start {
            log("no clip: the run stopped at frame \(loop.frameIndex), before --clip-start \(clip.start)")
        } else if let clip = configuration.clip {
            if let signal = loop.interruption {
                // The run has ended; a second signal abandons the clip of what ran.
                log(
                    "rendering the clip of the \(loop.frameIndex) frames run (\(StopRequest.name(of: signal)) again skips it)"
                )
                StopRequest.reset()
            }
            switch try ClipRenderer.render(
                clip, of: configuration, recording: loop.recording, frames: loop.frameIndex, step: clipStep)
            {
            case let .written(written): report.clip = written
            case let .interrupted(signal):
                log("clip not written: \(StopRequest.name(of: signal))")
                report.interruption = (loop.interruption ?? signal, loop.frameIndex)
            }
        }
        return report
    }
}
