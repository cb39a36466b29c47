import ArgumentParser
import Foundation
import Harness
import HarnessSDL
import Synchronization

/// `cadence`: run a harness scene in a window, or headless; or, from your own executable, the same
/// harness with your scenes and animations added.
///
/// The `cadence` executable is one line that calls ``main()``. Yours calls ``main(adding:animations:)``:
///
/// ```swift
/// // Sources/my-harness/main.swift, in a package that depends on Cadence's CadenceCLI product
/// import CadenceCLI
///
/// CadenceCommand.main(
///     adding: [SceneCatalog.Entry(name: "anticipate", summary: "wind-ups under the mouse") { AnticipateScene(context: $0) }],
///     animations: [.anticipate])
/// ```
///
/// Every option, output and exit code of `cadence` then works on your scenes too, and `--help`, Tab,
/// 1–9, recordings and replays know them.
public struct CadenceCommand: ParsableCommand {
    /// What this process runs: the catalog and the name it answers to. Set once, by
    /// ``main(adding:animations:)``, before the command line is parsed.
    struct Installation: Sendable {
        var catalog = SceneCatalog.builtIn
        var commandName = "cadence"
    }
    static let installation = Mutex(Installation())

    /// The scenes and animations this process runs: ``SceneCatalog/builtIn``, plus what
    /// ``main(adding:animations:)`` added.
    public static var catalog: SceneCatalog { installation.withLock { $0.catalog } }

    /// The name messages and `--help` give: `cadence`, or your executable's.
    public static var commandName: String { installation.withLock { $0.commandName } }

    /// The command's name, help text, scene list, keys and exit codes.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: commandName,
            abstract: "See, drive and profile Cadence animations in a window.",
            discussion: """
                Scenes:
                \(catalog.helpList(width: 78))

                Keys: Space pause, [ ] speed, P profiler, S screenshot, Tab scenes, H all keys.

                Figures: \(commandName) --help-summary. Compare: \(commandName) compare BASE.csv NEW.csv.

                Exit codes: 0 done, 1 SDL or an output failed, 2 bad usage, 3 a --fail-if gate failed, 128+N \
                signal N (outputs written). Output path - is stdout.
                """,
            version: cadenceVersion)
    }

    @Argument(
        help:
            "The scene to run (see Scenes; default \(Self.catalog.defaultName))."
    )
    var scene: String?

    @Option(help: "Stop after this many frames.")
    var frames: Int?

    @Flag(help: "No window: SDL's dummy driver, software renderer.")
    var headless = false

    @Option(
        name: .customLong("video-driver"),
        help: ArgumentHelp(
            "wayland or x11 (default: wayland if one answers).",
            valueName: "name"))
    var videoDriver: String?

    @Option(
        help: ArgumentHelp(
            "Pixels per point, 1 to 4 (X11 default: GDK_SCALE).",
            valueName: "factor"))
    var scale: Double?

    @Option(help: ArgumentHelp("Write the last frame as a PNG.", valueName: "path"))
    var screenshot: String?

    @Option(help: ArgumentHelp("Write the frame-timing summary.", valueName: "path"))
    var summary: String?

    @Option(help: "Frames per second, 1 to 1000 (default: the display's).")
    var fps: Double?

    @Option(
        name: .customLong("fixed-dt"),
        help: ArgumentHelp("Advance every frame by exactly this.", valueName: "seconds"))
    var fixedDelta: Double?

    @Flag(help: "Run frames back to back without pacing.")
    var unpaced = false

    @Option(help: ArgumentHelp("latch: start frames late, for the display; or swap.", valueName: "name"))
    var schedule: String?

    @Flag(name: .customLong("predict-pointer"), help: "Give scenes the pointer where it will be when shown.")
    var predictPointer = false

    @Option(name: .customLong("time-scale"), help: ArgumentHelp("Start at this time scale, 0.1 to 4.", valueName: "x"))
    var timeScale: Double = 1

    @Option(help: ArgumentHelp("Write one CSV row per frame.", valueName: "frames.csv"))
    var profile: String?

    @Option(
        help: ArgumentHelp(
            "Write a trace for Perfetto or chrome://tracing.", valueName: "trace.json"))
    var trace: String?

    @Option(
        help: ArgumentHelp(
            "Write a picture of the run's frame times.",
            valueName: "plot.png"))
    var plot: String?

    @Option(help: ArgumentHelp("Record the input with frame numbers.", valueName: "input.jsonl"))
    var record: String?

    @Option(help: ArgumentHelp("Replay recorded input, in the scene it recorded.", valueName: "input.jsonl"))
    var replay: String?

    @Option(
        name: .customLong("screenshot-every"), parsing: .upToNextOption,
        help: ArgumentHelp("Save a PNG every K frames into DIR.", valueName: "K DIR"))
    var screenshotEvery: [String] = []

    @Option(
        help: ArgumentHelp(
            "Encode the run as .gif, .mp4, .webm or .apng.",
            valueName: "clip.gif"))
    var clip: String?

    @Option(
        name: .customLong("clip-scale"),
        help: ArgumentHelp("The clip's size, 0.1 to 1 of the run's.", valueName: "share"))
    var clipScale: Double = 1

    @Option(
        name: .customLong("clip-fps"),
        help: ArgumentHelp("Clip frames per second, at most the run's.", valueName: "fps"))
    var clipFPS: Double?

    @Option(name: .customLong("clip-start"), help: ArgumentHelp("The clip's first frame.", valueName: "frame"))
    var clipStart: Int = 0

    @Option(
        name: .customLong("clip-end"),
        help: ArgumentHelp("The frame the clip stops before.", valueName: "frame"))
    var clipEnd: Int?

    @Option(help: ArgumentHelp("Objects in the stress scene.", valueName: "n"))
    var count: Int = 10_000

    @Flag(help: "Show the profiler overlay from the start.")
    var profiler = false

    @Flag(
        help: ArgumentHelp(
            "Rebuild on save; the new build replays the session."
        ))
    var live = false

    @Flag(name: .customLong("help-summary"), help: "Show what each figure of the summary means.")
    var helpSummary = false

    /// What `--help-summary` prints: ``FrameSummary/definitions``, wrapped to 78 columns.
    static var summaryHelp: String {
        FrameSummary.definitions.map { TextLayout.wrap($0, columns: 78).joined(separator: "\n") }
            .joined(separator: "\n\n")
    }

    // Set by --live's supervisor on each build it starts (see LiveSupervisor): the state folder and the build.
    @Option(name: .customLong("live-child"), help: .private)
    var liveChild: String?
    @Option(name: .customLong("live-build"), help: .private)
    var liveBuild: Int = 0

    @Option(
        name: .customLong("fail-if"),
        help: ArgumentHelp(
            "Exit 3 if this holds: p99>18ms, janks>0 (repeatable).",
            valueName: "condition"))
    var failIf: [String] = []

    /// The `--fail-if` conditions, parsed.
    var gates: [FrameGate] {
        get throws(HarnessError) {
            if (live || liveChild != nil), let first = failIf.first {
                throw .invalidOption(
                    "--live and --fail-if '\(first)': each build runs in a process of its own; gate a build without --live"
                )
            }
            var gates: [FrameGate] = []
            for text in failIf {
                let gate = try FrameGate(parsing: text, comparing: false)
                if unpaced && gate.needsPacing {
                    throw .invalidOption("--fail-if '\(text)': an --unpaced run has no deadline, so no such figure")
                }
                if headless && gate.needsDisplayTimes {
                    throw .invalidOption(
                        "--fail-if '\(text)': a --headless run has no display times (the dummy driver has no display)")
                }
                gates.append(gate)
            }
            return gates
        }
    }

    var runConfiguration: RunConfiguration {
        get throws {
            var configuration = RunConfiguration(
                scene: scene ?? Self.catalog.defaultName, frames: frames, headless: headless,
                screenshotPath: screenshot,
                summaryPath: summary, fps: fps, fixedDelta: fixedDelta, unpaced: unpaced)
            configuration.catalog = Self.catalog
            configuration.sceneIsExplicit = scene != nil
            configuration.timeScale = timeScale
            configuration.profilePath = profile
            configuration.tracePath = trace
            configuration.plotPath = plot
            configuration.recordPath = record
            configuration.replayPath = replay
            configuration.videoDriver = videoDriver
            configuration.predictsPointer = predictPointer
            if let schedule {
                guard let chosen = FrameSchedule(rawValue: schedule) else {
                    throw HarnessError.invalidOption(
                        "--schedule takes \(FrameSchedule.allCases.map(\.rawValue).joined(separator: " or ")) (got '\(schedule)')"
                    )
                }
                configuration.schedule = chosen
            }
            // X11 has no HiDPI of its own: GDK_SCALE is the variable a desktop sets for it (a Wayland
            // compositor's scale reaches the window by itself).
            let gdkScale = ProcessInfo.processInfo.environment["GDK_SCALE"].flatMap(Double.init)
            let x11 =
                (videoDriver ?? ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"]) == "x11"
                || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil
            configuration.scale = scale ?? (x11 && !headless ? gdkScale : nil) ?? 1
            configuration.showsProfiler = profiler
            configuration.objectCount = count
            if let liveChild {
                configuration.live = LiveRun(directory: liveChild, build: liveBuild)
            } else if live {
                configuration.live = LiveRun(directory: "", build: 0)
            }
            if let clip {
                configuration.clip = ClipOptions(
                    path: clip, scale: clipScale, framesPerSecond: clipFPS, start: clipStart, end: clipEnd)
            } else if clipScale != 1 || clipFPS != nil || clipStart != 0 || clipEnd != nil {
                throw ValidationError("--clip-scale, --clip-fps, --clip-start and --clip-end need --clip PATH")
            }
            if !screenshotEvery.isEmpty {
                guard screenshotEvery.count == 2, let every = Int(screenshotEvery[0]) else {
                    throw ValidationError(
                        "--screenshot-every takes a frame count and a folder: --screenshot-every 30 shots")
                }
                configuration.screenshotEvery = ScreenshotSeries(every: every, directory: screenshotEvery[1])
            }
            return configuration
        }
    }

    /// A command with every option at its default (ArgumentParser fills the options in).
    public init() {}

    /// Checks every option's range and that no two outputs share a path, before anything runs.
    public func validate() throws {
        if helpSummary { return }
        let configuration = try runConfiguration
        do {
            // The replay is read once, by the run, before anything opens.
            try configuration.validate(loadingReplay: false)
            _ = try gates
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Runs the scene with the parsed options.
    public func run() throws {
        if helpSummary {
            print(Self.summaryHelp)
            return
        }
        do {
            let name = Self.commandName
            if live && liveChild == nil {
                let status = try LiveSupervisor(
                    executable: Self.executablePath, arguments: Self.removingLive(CommandLine.arguments.dropFirst()),
                    name: name
                ).run()
                if status != 0 { throw ExitCode(status) }
                return
            }
            var configuration = try runConfiguration
            let gates = try self.gates
            configuration.displayGates = gates.filter(\.needsDisplayTimes).map(\.text)
            // Standard output may be an output of the run (`--profile -`): then it holds nothing else.
            let print: (String) -> Void =
                configuration.writesToStandardOutput
                ? { FileHandle.standardError.write(Data(($0 + "\n").utf8)) } : { Swift.print($0) }
            let report = try HarnessRun.run(configuration) {
                FileHandle.standardError.write(Data("\(name): \($0)\n".utf8))
            }
            // The next build of a live session takes over; the session's last build reports.
            if report.endedForReload { return }
            print(report.text)
            if let screenshot { print("screenshot: \(screenshot)") }
            for (label, path) in [
                ("summary", summary), ("profile", profile), ("trace", trace), ("plot", plot), ("recording", record),
                ("clip", report.clip?.path),
            ] {
                if let path { print("\(label): \(path)") }
            }
            if let lost = report.lostDisplay { FileHandle.standardError.write(Data("\(name): \(lost)\n".utf8)) }
            if report.exitStatus != 0 {
                if !failIf.isEmpty {
                    FileHandle.standardError.write(Data("\(name): gates not checked: the run was interrupted\n".utf8))
                }
                throw ExitCode(report.exitStatus)
            }
            let failures = gates.compactMap { $0.failure(of: report.summary) }
            for failure in failures {
                FileHandle.standardError.write(Data("\(name): gate failed: \(failure)\n".utf8))
            }
            if !failures.isEmpty { throw ExitCode(3) }
            if !failIf.isEmpty { print("gates passed: \(failIf.joined(separator: ", "))") }
        } catch let error as HarnessError {
            FileHandle.standardError.write(Data("\(Self.commandName): \(error.description)\n".utf8))
            switch error {
            case .platform, .fontNotFound, .outputFailed, .noSeat: throw ExitCode(1)
            default: throw ExitCode(2)
            }
        }
    }

    /// The running program's own file (what `--live` copies and starts as its first build).
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? commandName
    }

    /// The command line of a live session's builds: the session's, without `--live` (up to a `--`).
    static func removingLive<Arguments: Sequence<String>>(_ arguments: Arguments) -> [String] {
        var result: [String] = []
        var literal = false
        for argument in arguments {
            if argument == "--" { literal = true }
            if !literal && argument == "--live" { continue }
            result.append(argument)
        }
        return result
    }

    /// The options that take a number.
    static let numericOptions: Set<String> = [
        "--frames", "--fps", "--fixed-dt", "--time-scale", "--count", "--screenshot-every", "--clip-scale",
        "--clip-fps", "--clip-start", "--clip-end", "--scale",
    ]

    /// `--frames -1` becomes `--frames=-1`: ArgumentParser takes a value starting with `-` for a flag and
    /// says "Missing value", where the range check's message ("must be 0 or more") is the useful one.
    static func joiningNegativeNumbers(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                result.append(contentsOf: arguments[index...])
                break
            }
            if numericOptions.contains(argument), index + 1 < arguments.count,
                arguments[index + 1].hasPrefix("-"), Double(arguments[index + 1]) != nil
            {
                result.append(argument + "=" + arguments[index + 1])
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    /// Runs the harness with `scenes` added to the built-in ones (after them in Tab order) and
    /// `animations` offered by the inspector as lane kinds: what your own executable calls.
    ///
    /// A scene whose name is empty, contains white space, starts with `-` or is already taken, or an
    /// animation that ``InspectorAnimation/validate()`` refuses, is refused before anything runs: the
    /// process prints why and exits with status 2. Otherwise this is ``main()`` under your executable's
    /// name.
    public static func main(adding scenes: [SceneCatalog.Entry], animations: [InspectorAnimation] = []) {
        let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "cadence"
        do {
            let catalog = try SceneCatalog.builtIn.adding(scenes, animations: animations)
            installation.withLock { $0 = Installation(catalog: catalog, commandName: name) }
        } catch {
            FileHandle.standardError.write(Data("\(name): \(error.description)\n".utf8))
            Foundation.exit(2)
        }
        main()
    }

    /// Runs the command line: `compare BASE NEW …` is ``CompareCommand``, anything else a run. Usage errors
    /// exit with 2 (the shell convention the README documents), not ArgumentParser's 64.
    public static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "compare" {
            execute(CompareCommand.self, Array(arguments.dropFirst()))
        } else {
            execute(Self.self, Self.joiningNegativeNumbers(arguments))
        }
    }

    private static func execute<Command: ParsableCommand>(_ type: Command.Type, _ arguments: [String]) {
        do {
            var command = try type.parseAsRoot(arguments)
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            if type.exitCode(for: error) == .success { type.exit(withError: error) }
            FileHandle.standardError.write(Data((type.fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}
