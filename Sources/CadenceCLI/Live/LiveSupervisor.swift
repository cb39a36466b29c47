import Foundation
import Harness
import HarnessSDL

#if canImport(Glibc)
import Glibc
#endif

/// `--live`: runs the harness as a child process and, on every save of a Swift file in the package, builds
/// the executable again and hands the run over to the new build.
///
/// Each build runs in a process of its own. A trap in your code then ends only that process: the supervisor
/// starts the last build that ran with the state it saved (see ``LiveLink``), and nothing of yours needs to
/// be reloadable: the executable is the one `swift build` makes. The cost is a new window per reload (the
/// same size, place and fullscreen) and the process's start-up, a few tens of milliseconds beside the build.
final class LiveSupervisor {
    /// Where the program was built from, and how to build it again.
    struct Package: Equatable {
        /// The package's directory (the one holding `Package.swift`).
        var directory: String
        /// SwiftPM's build directory (`.build`, or a `--scratch-path`).
        var scratch: String
        /// `debug` or `release`.
        var configuration: String
        /// The executable product's name.
        var product: String

        /// The executable `swift build` writes.
        var builtExecutable: String { "\(scratch)/\(configuration)/\(product)" }

        /// The package an executable at `executable` (a real path) was built from: SwiftPM puts it at
        /// `<scratch>/<triple>/<debug|release>/<product>`; the package is the folder holding the scratch
        /// directory when that is `.build`, else `currentDirectory`.
        static func locate(executable: String, currentDirectory: String) throws(HarnessError) -> Package {
            let url = URL(fileURLWithPath: executable)
            let configurationFolder = url.deletingLastPathComponent()
            let configuration = configurationFolder.lastPathComponent
            let scratch = configurationFolder.deletingLastPathComponent().deletingLastPathComponent()
            let fileManager = FileManager.default
            guard configuration == "debug" || configuration == "release",
                fileManager.fileExists(atPath: scratch.appendingPathComponent("\(configuration).yaml").path)
            else {
                throw .invalidOption(
                    "--live rebuilds the program with SwiftPM, but \(executable) is not in a SwiftPM build folder: "
                        + "start it with swift run \(url.lastPathComponent) --live in its package")
            }
            var directory = currentDirectory
            if scratch.lastPathComponent == ".build" {
                directory = scratch.deletingLastPathComponent().path
            }
            guard fileManager.fileExists(atPath: directory + "/Package.swift") else {
                throw .invalidOption(
                    "--live: no Package.swift in \(directory); start the program from its package's folder")
            }
            return Package(
                directory: directory, scratch: scratch.path, configuration: configuration,
                product: url.lastPathComponent)
        }
    }

    /// One build that succeeded, copied where the next build cannot overwrite it.
    struct Build {
        var number: Int
        var executable: String
        /// Whether it is not to be started again (it trapped at once, or ``LiveSupervisor/crashLimit`` times).
        var crashed = false
        var crashes = 0
    }

    /// A running build of the harness.
    final class Child {
        let build: Int
        let process: Process
        let input: FileHandle
        /// The reading end of the child's standard error (kept, so that its descriptor stays open).
        let errorHandle: FileHandle
        var errors: Int32 { errorHandle.fileDescriptor }
        let started: UInt64
        var partialLine = Data()
        var lastLines: [String] = []
        /// The first line that says why it stopped (Swift's `Fatal error`, `Precondition failed`, …).
        var failure: String?
        var drewFirstFrame = false

        init(build: Int, process: Process, input: FileHandle, errors: FileHandle, started: UInt64) {
            self.build = build
            self.process = process
            self.input = input
            errorHandle = errors
            self.started = started
        }

        /// Sends `message`; false when the child no longer reads.
        @discardableResult
        func send(_ message: LiveMessage) -> Bool {
            do {
                try input.write(contentsOf: message.line)
                return true
            } catch {
                return false
            }
        }
    }

    /// What Swift's runtime prints first when a program traps.
    static let failureMarkers = [
        "Fatal error", "Precondition failed", "Assertion failed", "Unexpectedly found nil", "Program crashed",
    ]

    /// How long after the last change a build starts (editors write a file in several steps).
    static let settleTime: UInt64 = 100_000_000
    /// How long a build may take before it is given up (SwiftPM can hang while planning).
    static let buildTimeout: UInt64 = 600_000_000_000
    /// How long a build may print nothing before the supervisor says so, with the last line it printed: SwiftPM
    /// prints a line per step, so a longer silence is a wait (for another SwiftPM's lock, say) or a hang.
    static let buildSilence: UInt64 = 20_000_000_000
    /// How long a build is given to end when asked (to hand over, or after a signal), before the next signal.
    static let stopTimeout: UInt64 = 5_000_000_000
    /// A build that traps sooner than this after it started is not started again for the same code.
    static let crashGrace: UInt64 = 3_000_000_000
    /// A build that traps this many times is not started again, however long it ran each time.
    static let crashLimit = 3

    let package: Package
    let arguments: [String]
    let name: String
    let directory: String
    private let watcher: SourceWatcher
    private var builds: [Build] = []
    private var child: Child?
    /// The build running: its process, the reading end of its output, when it started and the save it builds.
    private var building: (process: Process, output: FileHandle, started: UInt64, since: UInt64)?
    private var buildOutput = Data()
    /// When the running build last printed (or started), and whether its silence since has been reported.
    private var buildHeardFrom: UInt64 = 0
    private var buildSilenceReported = false
    private var buildAgain = false
    /// Files saved while a build ran. SwiftPM may record such a file as built although the compiler read it
    /// before the save (its time is taken after), and then not compile it again: the next build touches them.
    private var changedWhileBuilding: Set<String> = []
    private var changedAt: UInt64?
    /// When the first save the running build does not have yet was seen.
    private var savedAt: UInt64?
    private var lastBuilt: (size: Int64, modified: Int64)?
    private var reloadStarted: (saved: UInt64, built: UInt64)?
    /// What the child's and the build's output are read into, kept between reads.
    private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)

    /// Prepares a session for the program at `executable` run with `arguments` (without `--live`).
    init(executable: String, arguments: [String], name: String) throws(HarnessError) {
        package = try Package.locate(
            executable: executable, currentDirectory: FileManager.default.currentDirectoryPath)
        self.arguments = arguments
        self.name = name
        var template = Array("/tmp/cadence-live.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .platform("--live cannot make its state folder: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        watcher = try SourceWatcher(root: package.directory)
        let first = directory + "/build-0"
        do {
            try FileManager.default.createDirectory(atPath: first, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: executable, toPath: first + "/" + package.product)
        } catch {
            throw .platform("--live cannot copy the program to \(first): \(error.localizedDescription)")
        }
        builds = [Build(number: 0, executable: first + "/" + package.product)]
        lastBuilt = Self.stamp(package.builtExecutable)
    }

    private static let clock = MonotonicClock()
    private static func now() -> UInt64 { clock.now() }

    private static func stamp(_ path: String) -> (size: Int64, modified: Int64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (Int64(status.st_size), Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
    }

    private func say(_ text: String) {
        FileHandle.standardError.write(Data("\(name): live: \(text)\n".utf8))
    }

    /// Runs the session until the harness ends (Esc, the window closed, `--frames` reached) or a signal
    /// ends it; returns the exit status the process should end with.
    func run() -> Int32 {
        let saved = StopRequest.install()
        defer { StopRequest.restore(saved) }
        // Writing to a build that has just ended must not end the supervisor.
        signal(SIGPIPE, SIG_IGN)
        defer {
            if let building { kill(-building.process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(atPath: directory)
        }
        say(
            "watching \(package.directory) (\(package.configuration) build of \(package.product)); state in \(directory)"
        )
        start(builds[0])
        startBuild()
        while true {
            if let signal = StopRequest.pending { return end(signal: signal) }
            wait()
            let changes = watcher.changes()
            if !changes.isEmpty {
                let now = Self.now()
                changedAt = now
                if savedAt == nil { savedAt = now }
                if building != nil { changedWhileBuilding.formUnion(changes) }
            }
            if let changed = changedAt, Self.now() &- changed >= Self.settleTime {
                changedAt = nil
                if building != nil { buildAgain = true } else { startBuild() }
            }
            readChild()
            readBuild()
            if let building, !building.process.isRunning { finishBuild() }
            if building != nil, !buildSilenceReported, Self.now() &- buildHeardFrom > Self.buildSilence {
                buildSilenceReported = true
                say(Self.silenceNotice(buildOutput))
            }
            if let building, Self.now() &- building.started > Self.buildTimeout {
                kill(-building.process.processIdentifier, SIGKILL)
                say("the build took longer than \(Self.buildTimeout / 1_000_000_000) s and was stopped")
            }
            if let child, !child.process.isRunning, let status = childEnded(child) { return status }
        }
    }

    /// How long the loop waits for a change or output before it looks at the build and the child again (their
    /// ends come as no output: Foundation reports them through `isRunning`).
    static let pollTimeout: Int32 = 50

    /// Waits up to ``pollTimeout`` milliseconds for a change, the child's output or the build's.
    private func wait() {
        var fds = [pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)]
        if let child { fds.append(pollfd(fd: child.errors, events: Int16(POLLIN), revents: 0)) }
        if let building { fds.append(pollfd(fd: building.output.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
        _ = poll(&fds, nfds_t(fds.count), Self.pollTimeout)
    }

    private func start(_ build: Build, notice: String? = nil) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: build.executable)
        process.arguments = arguments + ["--live-child", directory, "--live-build", String(build.number)]
        let input: ChildPipe
        let errors: ChildPipe
        do {
            (input, errors) = (try ChildPipe(), try ChildPipe())
            process.standardInput = input.reading
            process.standardError = errors.writing
            try process.run(handingOver: [input.reading, errors.writing])
        } catch {
            say("could not start build \(build.number): \(error.localizedDescription)")
            return
        }
        let fd = errors.reading.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let started = Child(
            build: build.number, process: process, input: input.writing, errors: errors.reading,
            started: Self.now())
        child = started
        if let notice { started.send(.notice(notice)) }
        if building != nil { started.send(.building) }
    }

    /// Forwards what the child wrote to standard error and notes its first frame and its last words.
    private func readChild() {
        guard let child else { return }
        while true {
            let count = read(child.errors, &readBuffer, readBuffer.count)
            guard count > 0 else { break }
            FileHandle.standardError.write(Data(readBuffer[0..<count]))
            child.partialLine.append(contentsOf: readBuffer[0..<count])
        }
        while let end = child.partialLine.firstIndex(of: 0x0A) {
            let line = String(decoding: child.partialLine[child.partialLine.startIndex..<end], as: UTF8.self)
            child.partialLine.removeSubrange(child.partialLine.startIndex...end)
            guard !line.isEmpty else { continue }
            child.lastLines = Array((child.lastLines + [line]).suffix(8))
            if child.failure == nil, Self.failureMarkers.contains(where: { line.contains($0) }) { child.failure = line }
            if !child.drewFirstFrame, line.contains("live: build \(child.build) drew its first frame") {
                child.drewFirstFrame = true
                if let reload = reloadStarted {
                    let now = Self.now()
                    say(
                        String(
                            format:
                                "build %d is running: %.2f s from the save to its first frame (build %.2f s, hand-over %.2f s)",
                            child.build, Double(now &- reload.saved) / 1e9, Double(reload.built &- reload.saved) / 1e9,
                            Double(now &- reload.built) / 1e9))
                    reloadStarted = nil
                }
            }
        }
    }

    private func startBuild() {
        for path in changedWhileBuilding { utimensat(AT_FDCWD, path, nil, 0) }
        changedWhileBuilding = []
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            ProcessInfo.processInfo.environment["SWIFT"] ?? "swift", "build", "--package-path", package.directory,
            "--scratch-path", package.scratch, "-c", package.configuration, "--product", package.product,
        ]
        let output: ChildPipe
        do {
            output = try ChildPipe()
            process.standardOutput = output.writing
            process.standardError = output.writing
            process.standardInput = FileHandle.nullDevice
            try process.run(handingOver: [output.writing])
        } catch {
            say("could not start swift build: \(error.localizedDescription)")
            return
        }
        let reading = output.reading
        _ = fcntl(reading.fileDescriptor, F_SETFL, fcntl(reading.fileDescriptor, F_GETFL) | O_NONBLOCK)
        buildOutput = Data()
        let now = Self.now()
        buildHeardFrom = now
        buildSilenceReported = false
        building = (process, reading, now, savedAt ?? now)
        savedAt = nil
        buildAgain = false
        child?.send(.building)
    }

    /// What the supervisor says of a build silent for ``buildSilence``: how long, and the last line it printed.
    static func silenceNotice(_ output: Data) -> String {
        let last = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline)
            .last { !$0.allSatisfy(\.isWhitespace) }
        return "the build has printed nothing for \(buildSilence / 1_000_000_000) s; its last line: "
            + (last.map(String.init) ?? "(none)")
    }

    private func readBuild() {
        guard let building else { return }
        while true {
            let count = read(building.output.fileDescriptor, &readBuffer, readBuffer.count)
            guard count > 0 else { break }
            buildOutput.append(contentsOf: readBuffer[0..<count])
            buildHeardFrom = Self.now()
        }
    }

    private func finishBuild() {
        guard let finished = building else { return }
        readBuild()
        building = nil
        let output = String(decoding: buildOutput, as: UTF8.self)
        if buildAgain {
            // A save came while it built: only the newest sources are worth showing.
            startBuild()
            return
        }
        guard finished.process.terminationReason == .exit, finished.process.terminationStatus == 0 else {
            let errors = BuildDiagnostic.errors(in: output)
            if errors.isEmpty {
                let tail = output.split(whereSeparator: \.isNewline).suffix(3).joined(separator: " ")
                say("the build failed: \(tail)")
                child?.send(.notice("The build failed: \(tail)"))
            } else {
                say("the build failed with \(errors.count) error\(errors.count == 1 ? "" : "s"):")
                for error in errors { FileHandle.standardError.write(Data("  \(error.text())\n".utf8)) }
                child?.send(
                    .failed(
                        errors: Array(errors.prefix(LiveMessage.shownErrors)), total: errors.count,
                        package: package.directory))
            }
            return
        }
        let stamp = Self.stamp(package.builtExecutable)
        if let stamp, let lastBuilt, stamp == lastBuilt, child != nil {
            child?.send(.cleared)
            return
        }
        lastBuilt = stamp
        let number = (builds.last?.number ?? 0) + 1
        let folder = "\(directory)/build-\(number)"
        let copy = folder + "/" + package.product
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: package.builtExecutable, toPath: copy)
        } catch {
            say("could not copy the new build: \(error.localizedDescription)")
            return
        }
        builds.append(Build(number: number, executable: copy))
        reloadStarted = (finished.since, Self.now())
        handOver(to: builds[builds.count - 1])
    }

    /// Asks the running build to save its state and end, then starts `build`.
    private func handOver(to build: Build) {
        if let child {
            child.send(.stop)
            awaitEnd(of: child, escalating: [SIGTERM, SIGKILL])
        }
        child = nil
        start(build)
    }

    /// Waits for `child` to end, forwarding what it writes; after each ``stopTimeout`` without an end, sends it
    /// the next of `signals`.
    private func awaitEnd(of child: Child, escalating signals: [Int32]) {
        var asked = Self.now()
        var signals = signals[...]
        while child.process.isRunning {
            readChild()
            if Self.now() &- asked > Self.stopTimeout, let next = signals.popFirst() {
                kill(child.process.processIdentifier, next)
                asked = Self.now()
            }
            usleep(2000)
        }
        readChild()
    }

    /// What to do when the running build ended without being asked: end the session with its status, or,
    /// after a crash, start the last build that ran. Returns the status to exit with, or nil to go on.
    private func childEnded(_ ended: Child) -> Int32? {
        readChild()
        child = nil
        let process = ended.process
        let crashed =
            process.terminationReason == .uncaughtSignal || (ended.build > 0 && process.terminationStatus == 2)
        guard crashed else { return process.terminationStatus }
        let reason = ended.failure ?? ended.lastLines.last ?? "signal \(process.terminationStatus)"
        let ran = Self.now() &- ended.started
        // A build that ran a while before it trapped met something done to it, not every frame: it comes
        // back with its state; one that trapped at once (or keeps trapping) gives way to the build before it.
        var crashes = 0
        if let index = builds.firstIndex(where: { $0.number == ended.build }) {
            builds[index].crashes += 1
            crashes = builds[index].crashes
            if ran < Self.crashGrace || crashes >= Self.crashLimit { builds[index].crashed = true }
        }
        let again = ran >= Self.crashGrace && crashes < Self.crashLimit
        let restart =
            again ? builds.first { $0.number == ended.build } : builds.last { !$0.crashed && $0.number < ended.build }
        guard let next = restart else {
            say("build \(ended.build) stopped (\(reason)) and no earlier build ran: waiting for a save")
            return nil
        }
        let notice =
            next.number == ended.build
            ? "Build \(ended.build) stopped: \(reason). Started again with the state it saved."
            : "Build \(ended.build) stopped: \(reason). Running build \(next.number) again; save a fix to reload."
        say(notice)
        start(next, notice: notice)
        return nil
    }

    /// A signal ends the session: the running build gets it (and writes its outputs), the build is stopped.
    private func end(signal: Int32) -> Int32 {
        if let building { kill(-building.process.processIdentifier, SIGKILL) }
        guard let child else { return 128 + signal }
        kill(child.process.processIdentifier, signal)
        awaitEnd(of: child, escalating: [SIGKILL])
        let process = child.process
        return process.terminationReason == .exit ? process.terminationStatus : 128 + signal
    }
}
