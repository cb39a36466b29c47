import Foundation
import Tweening

#if canImport(Glibc)
import Glibc
#endif

/// The running build's side of `--live`: it reads what the supervising process says (a build started,
/// failed, or should take over) from a pipe, draws it over the scene, and keeps the run's ``LiveState`` in
/// the state directory so that the next build, or a restart after a crash, opens where this one was.
///
/// The frame loop calls it three times a frame (``poll()`` before input, ``draw(into:size:)`` after the
/// heads-up layer, ``frameEnded(_:)`` after recording the frame); it costs a non-blocking read of the pipe
/// and, at most every ``saveInterval``, the state's encoding and, when it changed, an atomic write.
public final class LiveLink {
    /// The state directory the supervisor shares with every build.
    public let directory: String
    /// This build's number (0: the build `--live` started with).
    public let build: Int
    /// The state the previous build left, read when this link was made (nil: a first start).
    public let restored: LiveState?
    /// The session the previous build handed over, read (and removed, so that a restart after a trap does not
    /// replay into the trap again) when this link was made: nil when there is none.
    let restoredHistory: Result<SceneHistory, HistoryError>?
    /// What the previous build drew over its last seconds (see ``GhostFrames``), read and removed likewise.
    let restoredGhost: GhostFrames?
    /// The check that the replayed scene came back the same, while it runs (see ``ReplayCheck``).
    private var replayCheck: ReplayCheck?
    /// How long the check may take of each frame after a reload.
    static let replayCheckSlice: UInt64 = 2_000_000
    /// Whether the supervisor asked this build to end so that the next can take over.
    public private(set) var stopRequested = false
    /// The errors of the last failed build, shown until a build succeeds.
    public private(set) var errors: [BuildDiagnostic] = []
    /// How many errors that build had in all, and the package its paths are relative to.
    private var errorTotal = 0, errorBase = ""
    /// Whether a build is running.
    public private(set) var isBuilding = false
    /// What else is shown over the scene (a crash of a newer build, a scene the new code no longer has).
    public private(set) var notices: [String] = []

    /// How often, at most, the state is encoded and written while the run goes on (also how much of it a
    /// crash can lose).
    public static let saveInterval: UInt64 = 250_000_000

    private let input: Int32
    private let log: (String) -> Void
    private var pending = Data()
    /// Where ``poll()`` reads into, kept so that a frame allocates nothing to read.
    private var readBuffer = [UInt8](repeating: 0, count: 4096)
    /// The banner's lines as last wrapped, and the window width they were wrapped for (nil: what the banner
    /// says has changed since): a frame that shows the same errors allocates no strings.
    private var wrapped: [(String, Color)] = []
    private var wrappedWidth: Int?
    private var lastSave: UInt64 = 0
    private var lastSaved = Data()
    private var framesRun = 0

    /// Opens the link of build `build` over `directory`, reading the supervisor's messages from `input`
    /// (the process's standard input by default), and reads the state the last build saved.
    public init(directory: String, build: Int, input: Int32 = 0, log: @escaping (String) -> Void) {
        self.directory = directory
        self.build = build
        self.input = input
        self.log = log
        restored = LiveState.load(from: directory)
        restoredHistory = SceneHistory.load(from: directory)
        SceneHistory.remove(from: directory)
        restoredGhost = GhostFrames.take(from: directory)
        let flags = fcntl(input, F_GETFL)
        if flags >= 0 { _ = fcntl(input, F_SETFL, flags | O_NONBLOCK) }
    }

    /// The scene to open: the one the last build showed when this build has it, else `requested` (saying so
    /// over the scene when the last build's scene is gone).
    public func sceneName(requested: String, catalog: SceneCatalog) -> String {
        guard let name = restored?.scene else { return requested }
        if catalog.names.contains(name) { return name }
        let shown = catalog.names.contains(requested) ? requested : catalog.defaultName
        notices.append("The scene '\(name)' is not in this build: showing '\(shown)'.")
        wrappedWidth = nil
        log("live: the scene '\(name)' is not in build \(build); showing '\(shown)'")
        return shown
    }

    /// Puts the restored state back into `loop`: the frame count and overlays; when it is the same scene, the
    /// session replayed through it (see ``SceneHistory``); the clock; then the scene's own state when it is
    /// ``LiveReloadable``. Call once, before the first frame.
    public func restore(into loop: FrameLoop) {
        guard let state = restored else { return }
        loop.resume(atFrame: state.frame)
        loop.showsProfiler = state.showsProfiler
        loop.showsHelp = state.showsHelp
        let replayed = state.scene == loop.scene.name && replay(into: loop)
        loop.clock.isPaused = state.paused
        loop.clock.timeScale = state.timeScale
        loop.clock.resume(elapsed: state.elapsed)
        if !replayed { loop.restartHistory() }
        if state.scene == loop.scene.name, let data = state.sceneState, let scene = loop.scene as? LiveReloadable {
            scene.restoreLiveState(data)
        }
    }

    /// Replays the previous build's session into `loop`'s fresh scene and starts checking that it came back
    /// the same; says over the scene why when there is a history it cannot replay. Returns whether it replayed.
    private func replay(into loop: FrameLoop) -> Bool {
        let history: SceneHistory
        switch restoredHistory {
        case nil:
            return false
        case let .failure(error):
            say("The session could not be replayed (\(error.reason)): the scene starts afresh.")
            return false
        case let .success(found):
            guard found.scene == loop.scene.name else { return false }
            guard !found.isOverflowed else {
                say(
                    "The session passed the replay's limit (\(SceneHistory.frameLimit) frames, "
                        + "\(SceneHistory.eventLimit) events or \(SceneHistory.replayBudget / 1_000_000_000) s of "
                        + "updates): the scene starts afresh.")
                return false
            }
            history = found
        }
        let time = loop.clock.source
        let started = time.now()
        loop.fastForward(through: history)
        let seconds = Double(time.now() - started) / 1e9
        log(
            String(
                format:
                    "live: build %d replayed %d frames (%.1f s of the session, %d events) in %.3f s: %.0f frames a second",
                build, history.frames.count, history.duration, history.events.count, seconds,
                seconds > 0 ? Double(history.frames.count) / seconds : 0))
        if let ghost = restoredGhost, let previous = restored?.build, ghost.range.upperBound == history.frames.count {
            loop.previousGhost = (ghost, previous, history.frames.count)
        }
        guard let size = history.frames.last?.size, let fresh = loop.freshInstance() else { return true }
        var drawn = DrawList()
        loop.scene.draw(into: &drawn, size: size)
        replayCheck = ReplayCheck(
            history: history, expected: drawn.commands, shadow: fresh.scene, tweener: fresh.tweener,
            clock: fresh.clock)
        return true
    }

    /// Shows `text` over the scene until the next build, and logs it.
    private func say(_ text: String) {
        notices.append(text)
        wrappedWidth = nil
        log("live: " + text)
    }

    /// Reads what the supervisor sent since the last frame.
    public func poll() {
        while true {
            let count = read(input, &readBuffer, readBuffer.count)
            if count == 0 && !stopRequested {
                // The supervisor's end of the pipe closed: it is gone (killed), and no window may outlive it.
                log("live: the supervisor went away; build \(build) ends")
                stopRequested = true
            }
            if count <= 0 { break }
            pending.append(contentsOf: readBuffer[0..<count])
        }
        while let end = pending.firstIndex(of: 0x0A) {
            let line = pending[pending.startIndex..<end]
            pending.removeSubrange(pending.startIndex...end)
            guard let message = try? JSONDecoder().decode(LiveMessage.self, from: Data(line)) else { continue }
            handle(message)
        }
    }

    /// Acts on one message of the supervisor.
    public func handle(_ message: LiveMessage) {
        wrappedWidth = nil
        switch message {
        case .building:
            isBuilding = true
        case let .failed(errors, total, package):
            isBuilding = false
            self.errors = errors
            errorTotal = total
            errorBase = package
            log("live: the build failed with \(total) error\(total == 1 ? "" : "s"); build \(build) keeps running")
        case .cleared:
            isBuilding = false
            errors = []
            notices = []
        case let .notice(text):
            notices.append(text)
        case .stop:
            stopRequested = true
        }
    }

    /// Draws what the supervisor reported over the scene: the build's errors (file:line:column and message,
    /// wrapped to the window), notices, and a line while a build runs.
    public func draw(into list: inout DrawList, size: Size) {
        if wrappedWidth != size.width { wrapBanner(width: size.width) }
        guard !wrapped.isEmpty else { return }
        let margin = 20.0, lineHeight = 20.0
        let height = Double(wrapped.count) * lineHeight + 16
        let panel = Rect(
            x: margin, y: Double(size.height) - margin - height, width: Double(size.width) - 2 * margin, height: height)
        list.fill(panel, Color(28, 10, 12, 235))
        list.stroke(panel, errors.isEmpty ? .grid : Color.palette[1])
        for (index, (text, color)) in wrapped.enumerated() {
            list.text(text, at: Point(panel.x + 12, panel.y + 8 + Double(index) * lineHeight), size: .small, color)
        }
    }

    /// Builds the banner's lines for a window `width` points wide.
    private func wrapBanner(width: Int) {
        wrappedWidth = width
        var lines: [(String, Color)] = []
        if !errors.isEmpty {
            let more = errorTotal - errors.count
            lines.append(
                (
                    "Build failed (\(errorTotal) error\(errorTotal == 1 ? "" : "s")): build \(build) keeps running. "
                        + "Save a fix to reload.", Color.palette[1]
                ))
            for error in errors { lines.append((error.text(relativeTo: errorBase), .text)) }
            if more > 0 { lines.append(("… and \(more) more (the terminal has them all)", .dimText)) }
        }
        for notice in notices { lines.append((notice, Color.palette[1])) }
        if isBuilding { lines.append(("Building…", .dimText)) }
        // The panel's width less its margins and padding.
        let columns = max(20, TextSize.small.columns(in: Double(width) - 40 - 24))
        wrapped = []
        for (text, color) in lines {
            for piece in TextLayout.wrap(text, columns: columns, indent: 4) { wrapped.append((piece, color)) }
        }
    }

    /// After each frame: logs this build's first frame (the moment a reload is measured to), and saves the
    /// state when ``saveInterval`` has passed and it changed.
    public func frameEnded(_ loop: FrameLoop) {
        framesRun += 1
        if let check = replayCheck {
            let time = loop.clock.source
            if let same = check.advance(until: time.now() + Self.replayCheckSlice, time: time) {
                replayCheck = nil
                if !same {
                    say(
                        "The replay of this session did not come back the same: the scene reads something besides "
                            + "dt, its input and SceneContext.seed (the wall clock, an unseeded random source, a file), "
                            + "so what it shows may not be what the new code makes of the session.")
                }
            }
        }
        let now = loop.clock.source.now()
        guard framesRun == 1 || now &- lastSave >= Self.saveInterval else { return }
        lastSave = now
        save(loop)
        guard framesRun == 1 else { return }
        // Realtime, so that a script can measure from a file's write to here; after the save, so that whoever
        // reads this line finds this build's state.
        var shown = timespec()
        clock_gettime(CLOCK_REALTIME, &shown)
        log(
            String(
                format: "live: build %d drew its first frame (frame %d) at %ld.%09ld", build, loop.frameIndex - 1,
                shown.tv_sec, shown.tv_nsec))
    }

    /// At the end of the run: writes the state, and the scene's history for the next build to replay.
    public func handOver(_ loop: FrameLoop) {
        save(loop)
        guard let history = loop.history else { return }
        do {
            try history.write(to: directory)
            try loop.ghost.write(to: directory)
        } catch {
            log("live: could not save the session for the next build: \(error.description)")
        }
    }

    /// Writes the state of `loop` now (when it differs from what was written last).
    public func save(_ loop: FrameLoop) {
        let data = state(of: loop).encoded()
        guard data != lastSaved else { return }
        do {
            try OutputFile.write(data, to: LiveState.path(in: directory))
            lastSaved = data
        } catch {
            log("live: could not save the state: \(error.description)")
        }
    }

    /// The run's state as the next build should find it.
    public func state(of loop: FrameLoop) -> LiveState {
        LiveState(
            build: build, scene: loop.scene.name, paused: loop.clock.isPaused, timeScale: loop.clock.timeScale,
            elapsed: loop.clock.elapsed, frame: loop.frameIndex, showsProfiler: loop.showsProfiler,
            showsHelp: loop.showsHelp, window: loop.backend.placement,
            sceneState: (loop.scene as? LiveReloadable)?.liveState())
    }
}
