import Foundation
import Testing
@testable import Harness
@testable import HarnessSDL

extension CommandRunTests {
    @Test func everyOutputIntoADeviceLeavesTheDeviceInPlace() async throws {
        let scratch = try ScratchFolder()
        let device = try scratch.nullDevice()
        let link = try scratch.symlink("shot.png", to: device)
        let run = try await runCadence([
            "hello", "--headless", "--frames", "3", "--unpaced", "--profile", device,
            "--screenshot", link, "--screenshot-every", "1", scratch.path,
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(nodeKind(device) == S_IFCHR, "the device is still a device")
        #expect(nodeKind(link) == S_IFLNK, "the link is still a link")
        for flag in ["--trace", "--summary", "--plot", "--record"] {
            let again = try await runCadence(["hello", "--headless", "--frames", "3", "--unpaced", flag, link])
            #expect(again.status == 0, "\(flag): \(again.output)")
            #expect(nodeKind(device) == S_IFCHR, "\(flag) left the device in place")
        }
        #expect(scratch.contents.filter { $0.hasSuffix(".tmp") }.isEmpty, "no temporary files")
        #expect(nodeKind("/dev/null") == S_IFCHR)
    }

    @Test func aSummaryIntoAFIFOReachesItsReader() async throws {
        let scratch = try ScratchFolder()
        let fifo = try scratch.fifo()
        let reader = FIFOReader(fifo)
        let run = try await runCadence(["hello", "--headless", "--frames", "3", "--unpaced", "--summary", fifo])
        #expect(run.status == 0, "\(run.output)")
        #expect(reader.text()?.contains("frames: 3") == true)
        #expect(nodeKind(fifo) == S_IFIFO)
    }
}

extension CommandRunTests {
    @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")])
    func aSignalEndsASlowRunAtOnceWithEveryOutputWritten(signal: Int32, name: String) async throws {
        let scratch = try ScratchFolder()
        let summary = scratch.path + "/summary.txt"
        let run = try await runCadence(
            [
                "hello", "--headless", "--fps", "1", "--summary", summary,
                "--profile", scratch.path + "/p.csv",
            ], signal: signal, after: 1.5)
        #expect(run.status == 128 + signal, "exit 128+\(name): \(run.output)")
        #expect(run.seconds < 0.25, "\(name) ended a 1 fps run in \(run.seconds) s")
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        let frames = text.split(separator: "\n").first { $0.hasPrefix("interrupted at frame ") }
            .flatMap { Int($0.dropFirst("interrupted at frame ".count).prefix { $0.isNumber }) }
        #expect(frames != nil && text.contains("(\(name))"), "\(text)")
        #expect((1...3).contains(frames ?? 0), "about 1.5 s at 1 fps")
        #expect(
            try String(contentsOfFile: scratch.path + "/p.csv", encoding: .utf8).split(separator: "\n").count
                == (frames ?? 0) + 1,
            "the profile holds its column line and every frame run")
        #expect(scratch.contents == ["p.csv", "summary.txt"], "no temporary files")
    }

    @Test func aFrameRateTooLowToPaceIsRefused() async throws {
        let run = try await runCadence(["hello", "--headless", "--frames", "2", "--fps", "1e-300"])
        #expect(run.status == 2)
        #expect(run.output.contains("--fps must be between 1 and 1000 frames per second"), "\(run.output)")
    }
}

extension CommandRunTests {
    @Test func aDeadDisplayIsRefusedByName() async throws {
        let run = try await runCadence(
            ["hello", "--frames", "2"],
            environment: ["DISPLAY": ":7391", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""])
        #expect(run.status == 2, "\(run.output)")
        #expect(run.output.contains("no display server answers at DISPLAY=:7391"), "\(run.output)")
    }
}

extension CommandRunTests {
    /// A replay with a click every other frame for `frames` frames, in `folder`.
    func clickScript(in folder: String, frames: Int, scene: String? = nil) throws -> String {
        let path = folder + "/in.jsonl"
        let events = (0..<frames / 2).map {
            RecordedEvent(frame: $0 * 2, event: .mouseDown(.left, at: Point(Double(100 + $0), 200)))
        }
        try OutputFile.write(
            Data(
                InputScript(events: events, header: scene.map { ReplayHeader(scene: $0, fixedDt: 1.0 / 60) }).jsonLines
                    .utf8), to: path)
        return path
    }

    @Test func aKilledRunLeavesAReplayableRecording() async throws {
        let scratch = try ScratchFolder()
        let input = try clickScript(in: scratch.path, frames: 2000)
        let output = scratch.path + "/out.jsonl"
        let run = try await runCadence(
            [
                "hello", "--headless", "--fps", "60", "--fixed-dt", "0.0166666666667", "--replay", input,
                "--record", output, "--profile", scratch.path + "/p.csv",
            ], signal: SIGKILL, after: 1.5)
        #expect(run.status == 9, "\(run.output)")
        let recorded = try InputScript.load(output)
        #expect(recorded.header == ReplayHeader(scene: "hello", fixedDt: 0.0166666666667))
        #expect(recorded.events.count > 10, "events up to the kill were on disk: \(recorded.events.count)")
        let original = try InputScript.load(input)
        #expect(Array(original.events.prefix(recorded.events.count)) == recorded.events, "a prefix of what the run saw")
        #expect(
            scratch.contents.contains { $0.hasPrefix(".p.csv.") && $0.hasSuffix(".tmp") },
            "the killed run left its temp file")

        // A later run writing into the same folder removes temporaries of processes that are gone, not of live ones.
        let live = scratch.path + "/.other.csv.\(getpid()).tmp"
        try OutputFile.write(Data(), to: live)
        let later = try await runCadence([
            "hello", "--headless", "--frames", "2", "--unpaced", "--summary", scratch.path + "/s.txt",
        ])
        #expect(later.status == 0 && later.output.contains("left by a run that was killed"), "\(later.output)")
        #expect(scratch.contents.filter { $0.hasSuffix(".tmp") } == [".other.csv.\(getpid()).tmp"])
    }

    @Test func aReplayRunsTheSceneItRecordedAndWarnsOnAMismatch() async throws {
        let scratch = try ScratchFolder()
        let input = try clickScript(in: scratch.path, frames: 10, scene: "pause")
        let own = try await runCadence([
            "--headless", "--frames", "3", "--unpaced", "--fixed-dt", "0.0166666666667", "--replay", input,
        ])
        #expect(own.status == 0 && own.output.contains("scene: pause,"), "\(own.output)")
        #expect(!own.output.contains("warning"))
        let other = try await runCadence(["hello", "--headless", "--frames", "3", "--unpaced", "--replay", input])
        #expect(other.status == 0 && other.output.contains("scene: hello,"), "\(other.output)")
        #expect(other.output.contains("was recorded in 'pause'; replaying it into 'hello'"), "\(other.output)")
        #expect(other.output.contains("was recorded with --fixed-dt"), "\(other.output)")
    }
}

extension CommandRunTests {
    @Test func badCommandLinesGetMessagesThatNameTheProblem() async throws {
        let scratch = try ScratchFolder()
        let array = scratch.path + "/array.jsonl"
        try OutputFile.write(Data("[1,2,3]\n".utf8), to: array)
        let huge = scratch.path + "/huge.jsonl"
        try OutputFile.write(Data(#"{"frame":12345678901234567890,"event":{"type":"quit"}}"#.utf8), to: huge)
        let cases: [([String], String)] = [
            (["--frames", "-1"], "--frames must be 0 or more (got -1)"),
            (["--fps", "-60"], "--fps must be between 1 and 1000"),
            (["--screenshot-every", "-1", scratch.path], "--screenshot-every needs a positive frame count (got -1)"),
            (["--replay", scratch.path], "it is a directory, not a replay file"),
            (["--replay", array], "array.jsonl:1: not a JSON event: expected an object"),
            (["--replay", huge], "huge.jsonl:1: frame number 1.2345678901234567e+19 is out of range"),
        ]
        for (arguments, message) in cases {
            let run = try await runCadence(["hello", "--headless", "--frames", "1"] + arguments)
            #expect(run.status == 2, "\(arguments): \(run.output)")
            #expect(run.output.contains(message), "\(arguments): \(run.output)")
            #expect(!run.output.contains("Missing value") && !run.output.contains("NSCocoaErrorDomain"))
        }
    }
}

extension SDLTests {
    @Test func absurdCoordinatesNeverStallAFrameAndVisiblePixelsAreUnchanged() throws {
        let backend = try headless()
        defer { backend.close() }
        func draw(_ far: Double) throws -> Image {
            var list = DrawList()
            list.clear(Color(0, 0, 0))
            list.line(Point(10, 10), Point(far, 10), .red)
            list.line(Point(10, 30), Point(far + 10, far + 30), .red)
            list.polyline([Point(5, 100), Point(far, 100), Point(far, 120)], .white)
            list.fill(Rect(x: 50, y: 150, width: far, height: 10), .red)
            list.stroke(Rect(x: 60, y: 170, width: far, height: far), .white)
            list.circle(Point(far, 50), radius: 20, .white)
            list.dots([Point(far, 50), Point(100, 200), Point(.nan, 5)], radius: 2, .white)
            list.dots([Point(far, far), Point(150, 200)], radius: 5, .white)
            list.text("far", at: Point(far, 10), size: .small, .white)
            let started = Date()
            backend.render(list)
            let seconds = Date().timeIntervalSince(started)
            #expect(seconds < 0.5, "rendering at \(far) took \(seconds) s")
            return try backend.readPixels()
        }
        let absurd = try draw(1e200)
        let nearby = try draw(100_000)
        let differing = zip(absurd.pixels, nearby.pixels).filter { $0 != $1 }.count
        let where_ = absurd.pixels.indices.filter { absurd.pixels[$0] != nearby.pixels[$0] }.prefix(12).map {
            "(\($0 % absurd.width),\($0 / absurd.width))"
        }
        #expect(differing == 0, "clipping changes nothing on screen (\(differing) pixels differ: \(where_))")
        #expect(absurd[200, 10] == .red && absurd[100, 155] == .red && absurd[100, 200] == .white)
        _ = try draw(.infinity)
        _ = try draw(.nan)
    }
}

/// Runs `cadence` with its standard output on a pipe of its own; returns the status, what it wrote to
/// standard output and to standard error.
func runCadenceIntoPipe(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: cadenceExecutable)
    process.arguments = arguments
    let (output, errors) = (try ChildPipe(), try ChildPipe())
    process.standardOutput = output.writing
    process.standardError = errors.writing
    try launch(process, handingOver: output.writing, errors.writing)
    let (outputText, errorText) = (PipeReader(output.reading), PipeReader(errors.reading))
    process.waitUntilExit()
    let stillOpen = "(still open 10 s after the child ended)"
    return (process.terminationStatus, outputText.text() ?? stillOpen, errorText.text() ?? stillOpen)
}

extension CommandRunTests {
    @Test func anOutputOnStandardOutputIsAllThatGoesThere() async throws {
        let short = ["hello", "--headless", "--unpaced", "--frames", "5"]
        let profile = try runCadenceIntoPipe(short + ["--profile", "-"])
        #expect(profile.status == 0, "\(profile.errors)")
        let rows = profile.output.split(separator: "\n")
        #expect(
            rows.count == 6 && rows[0] == Substring(CSVProfileWriter.header + "," + ProfileHeader.columns),
            "\(profile.output)")
        #expect(profile.errors.contains("frames: 5"), "the report goes to standard error")

        let summary = try runCadenceIntoPipe(short + ["--summary", "/dev/stdout"])
        #expect(summary.status == 0, "/dev/stdout on a pipe is written directly: \(summary.errors)")
        #expect(summary.output.hasPrefix("driver: dummy") && summary.output.contains("frames: 5"), "\(summary.output)")
        #expect(!summary.errors.contains("cannot write"))

        let trace = try runCadenceIntoPipe(short + ["--trace", "-"])
        #expect(trace.status == 0 && trace.output.hasPrefix("{\"displayTimeUnit\"") && trace.output.hasSuffix("]}\n"))

        let twice = try runCadenceIntoPipe(short + ["--profile", "-", "--trace", "-"])
        #expect(twice.status == 2 && twice.errors.contains("both write to '-'"), "\(twice.errors)")
    }

    @Test func aFullDiskIsAnIOFailureNotBadUsage() async throws {
        for flag in ["--profile", "--trace", "--summary", "--record", "--plot", "--screenshot"] {
            let run = try await runCadence(["hello", "--headless", "--unpaced", "--frames", "5", flag, "/dev/full"])
            #expect(run.status == 1, "\(flag): \(run.output)")
            #expect(
                run.output.contains("'/dev/full' was not written: No space left on device"), "\(flag): \(run.output)")
        }
    }
}
