import Foundation

/// Everything a run of the harness is asked to do, checked before anything starts.
public struct RunConfiguration: Sendable, Equatable {
    /// The scene's command-line name.
    public var scene: String
    /// The scenes the run can open and switch among, and the animations the inspector offers:
    /// ``SceneCatalog/builtIn`` unless your executable added its own.
    public var catalog = SceneCatalog.builtIn
    /// Whether ``scene`` was asked for; when not, a replay runs the scene its header names.
    public var sceneIsExplicit = true
    /// Stop after this many frames (`nil`: run until quit).
    public var frames: Int?
    /// No window: SDL's dummy driver and the software renderer.
    public var headless: Bool
    /// Pixels per point on top of the display's own scale (`--scale`, or `GDK_SCALE` on X11, which has no
    /// HiDPI of its own): the window opens that many times larger and scenes draw sharper at the same
    /// layout. 1 to 4.
    public var scale: Double = 1
    /// The video driver of a window (`wayland`, `x11`, …); nil: `SDL_VIDEODRIVER`, else Wayland when a
    /// compositor with a seat answers at `WAYLAND_DISPLAY`, else X11.
    public var videoDriver: String?
    /// Write the last frame here as a PNG.
    public var screenshotPath: String?
    /// Write the frame-timing summary here.
    public var summaryPath: String?
    /// Target frames per second; `nil`: the display's refresh rate when known, else 60.
    public var fps: Double?
    /// Every frame advances by exactly this many seconds (deterministic runs).
    public var fixedDelta: Double?
    /// Run frames back to back without pacing.
    public var unpaced: Bool
    /// When frames start (``FrameSchedule``; `--schedule`).
    public var schedule: FrameSchedule = .default
    /// Give scenes the pointer predicted to each frame's display time (`--predict-pointer`; see
    /// ``LoopOptions/predictsPointer``).
    public var predictsPointer = false
    /// Starting time scale, in ``FrameClock/timeScaleRange``.
    public var timeScale: Double = 1
    /// Write one CSV row per frame here.
    public var profilePath: String?
    /// Write a Chrome trace-event JSON here.
    public var tracePath: String?
    /// Write a PNG of the run's frame times here (see ``FramePlot``).
    public var plotPath: String?
    /// Record input events with frame numbers here (JSON lines).
    public var recordPath: String?
    /// Replay input events from this JSON-lines file.
    public var replayPath: String?
    /// Save a screenshot every `every` frames into `directory`.
    public var screenshotEvery: ScreenshotSeries?
    /// Encode the run's frames as a GIF or a video, rendered offline after the run (see ``ClipOptions``).
    public var clip: ClipOptions?
    /// Objects in scenes that scale (the stress scene's `--count`).
    public var objectCount: Int = 10_000
    /// Show the profiler overlay from the first frame.
    public var showsProfiler: Bool = false
    /// `--fail-if` conditions on display figures (see ``FrameGate/needsDisplayTimes``): a run whose backend
    /// has no display times is refused before its first frame, naming the first.
    public var displayGates: [String] = []
    /// When this run is one build of a `--live` session: the state directory it shares with the supervisor
    /// and the build's number (see ``LiveLink``).
    public var live: LiveRun?
    /// Window width in pixels.
    public var width: Int
    /// Window height in pixels.
    public var height: Int

    /// Creates a configuration; the defaults are the default scene, windowed, at the display's rate, 1280×720.
    public init(
        scene: String = SceneCatalog.builtIn.defaultName, frames: Int? = nil, headless: Bool = false,
        screenshotPath: String? = nil, summaryPath: String? = nil, fps: Double? = nil,
        fixedDelta: Double? = nil, unpaced: Bool = false, width: Int = 1280, height: Int = 720
    ) {
        self.scene = scene
        self.frames = frames
        self.headless = headless
        self.screenshotPath = screenshotPath
        self.summaryPath = summaryPath
        self.fps = fps
        self.fixedDelta = fixedDelta
        self.unpaced = unpaced
        self.width = width
        self.height = height
    }

    /// The frame rates `--fps` accepts: slower than one frame a second is not an animation, and would make
    /// a run slow to answer anything but a signal.
    public static let fpsRange: ClosedRange<Double> = 1...1000

    /// Throws the first problem found: an unknown scene, an out-of-range number, an unwritable output path.
    /// Checks every output path before the run starts, so a bad path never costs a run.
    /// - Parameter loadingReplay: also read the whole replay file to check every line; pass false when the
    ///   caller loads it right after (``InputScript/load(_:)``), so that it is read only once.
    public func validate(loadingReplay: Bool = true) throws(HarnessError) {
        if live != nil {
            for (option, given) in [
                ("--profile", profilePath != nil), ("--trace", tracePath != nil), ("--plot", plotPath != nil),
                ("--summary", summaryPath != nil), ("--clip", clip != nil), ("--replay", replayPath != nil),
            ] where given {
                throw .invalidOption(
                    "--live and \(option): each build runs in a process of its own, so \(option) would cover the last "
                        + "build only; measure a build without --live")
            }
        }
        guard catalog.names.contains(scene) else { throw .unknownScene(scene, known: catalog.names) }
        if let fps, !(fps.isFinite && fps >= Self.fpsRange.lowerBound && fps <= Self.fpsRange.upperBound) {
            throw .invalidOption("--fps must be between 1 and 1000 frames per second (got \(fps))")
        }
        if let frames, frames < 0 { throw .invalidOption("--frames must be 0 or more (got \(frames))") }
        guard scale.isFinite, (1...4).contains(scale) else {
            throw .invalidOption("--scale must be between 1 and 4 pixels per point (got \(scale))")
        }
        if let videoDriver {
            guard !headless else {
                throw .invalidOption(
                    "--video-driver and --headless: a headless run has no window, so no driver to choose")
            }
            guard !videoDriver.isEmpty, videoDriver.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw .invalidOption(
                    "--video-driver takes a driver's name, such as wayland or x11 (got '\(videoDriver)')")
            }
        }
        if let fixedDelta, !(fixedDelta.isFinite && fixedDelta > 0 && fixedDelta <= 1) {
            throw .invalidOption("--fixed-dt must be a number of seconds in (0, 1] (got \(fixedDelta))")
        }
        guard (64...16384).contains(width), (64...16384).contains(height) else {
            throw .invalidOption("--width and --height must be between 64 and 16384 pixels (got \(width)×\(height))")
        }
        guard (1...1_000_000).contains(objectCount) else {
            throw .invalidOption("--count must be between 1 and 1000000 (got \(objectCount))")
        }
        guard timeScale.isFinite, FrameClock.timeScaleRange.contains(timeScale) else {
            throw .invalidOption("--time-scale must be between 0.1 and 4 (got \(timeScale))")
        }
        if let series = screenshotEvery {
            guard series.every > 0 else {
                throw .invalidOption("--screenshot-every needs a positive frame count (got \(series.every))")
            }
            try OutputFile.checkWritable(series.directory + "/frame-000000.png")
        }
        try clip?.validate(frames: frames)
        for path in outputs.map(\.path) {
            try OutputFile.checkWritable(path)
        }
        try checkDistinctPaths()
        if loadingReplay, let replayPath { _ = try InputScript.load(replayPath) }
    }

    /// Every folder an output of this run goes into (where stale temporary files are looked for).
    public var outputFolders: [String] {
        var folders = outputs.compactMap { try? OutputFile.resolve($0.path) }.filter { !$0.isDirect }
            .map { URL(fileURLWithPath: $0.resolved).deletingLastPathComponent().path }
        if let series = screenshotEvery { folders.append(series.directory) }
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    /// Whether an output goes to standard output (`-`, or `/dev/stdout`): then what `cadence` prints about
    /// the run goes to standard error, so that standard output holds that output alone.
    public var writesToStandardOutput: Bool {
        guard let standardOutput = try? OutputFile.resolve(OutputFile.standardOutput) else { return false }
        return outputs.contains { (try? OutputFile.resolve($0.path))?.identity == standardOutput.identity }
    }

    /// The output options that are set, with their flags.
    var outputs: [(flag: String, path: String)] {
        [
            ("--screenshot", screenshotPath), ("--summary", summaryPath), ("--profile", profilePath),
            ("--trace", tracePath), ("--plot", plotPath), ("--record", recordPath), ("--clip", clip?.path),
        ].compactMap { flag, path in path.map { (flag, $0) } }
    }

    /// Two outputs into one file would interleave or overwrite each other, and an output into the replay
    /// file would destroy the input: refused before the run, comparing where the paths really lead (through
    /// symlinks, `.` and `..`). Devices may be shared (two outputs into `/dev/null` discard both).
    func checkDistinctPaths() throws(HarnessError) {
        var seen: [(flag: String, target: OutputFile.Target)] = []
        for (flag, path) in outputs {
            let target = try OutputFile.resolve(path)
            if let other = seen.first(where: { $0.target.identity == target.identity }),
                !(target.isDirect && !target.isFIFO)
            {
                throw .invalidOption("\(other.flag) and \(flag) both write to '\(path)': give each output its own file")
            }
            seen.append((flag, target))
        }
        if let replayPath, let replay = try? OutputFile.resolve(replayPath),
            let clash = seen.first(where: { $0.target.identity == replay.identity && !$0.target.isDirect })
        {
            throw .invalidOption(
                "\(clash.flag) '\(clash.target.path)' would overwrite the --replay input '\(replayPath)'")
        }
        if let series = screenshotEvery, let folder = try? OutputFile.resolve(series.directory + "/x").identity {
            let folderPath = URL(fileURLWithPath: folder).deletingLastPathComponent().path
            for (flag, target) in seen where !target.isDirect {
                let url = URL(fileURLWithPath: target.identity)
                let name = url.lastPathComponent
                if url.deletingLastPathComponent().path == folderPath, name.hasPrefix("frame-"), name.hasSuffix(".png")
                {
                    throw .invalidOption(
                        "\(flag) '\(target.path)' is where --screenshot-every writes its frames: choose another name")
                }
            }
        }
    }
}

/// `--screenshot-every K DIR`: a PNG every K frames.
public struct ScreenshotSeries: Sendable, Equatable {
    /// Frames between screenshots.
    public var every: Int
    /// The folder they go in.
    public var directory: String

    /// Creates a series.
    public init(every: Int, directory: String) {
        self.every = every
        self.directory = directory
    }
}

/// One build of a `--live` session, as the supervisor starts it.
public struct LiveRun: Sendable, Equatable {
    /// The state directory the supervisor shares with every build.
    public var directory: String
    /// The build's number: 0 for the build `--live` started with, then one more per build that succeeded.
    public var build: Int

    /// Creates the description of one build's run.
    public init(directory: String, build: Int) {
        self.directory = directory
        self.build = build
    }
}
