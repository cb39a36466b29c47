import Foundation
import Testing
@testable import Harness
@testable import HarnessSDL

/// Tests that run `cadence`, a display server or a compositor in child processes. SDL is used in those
/// processes, never in this one, so these run in parallel with each other and with the rest of the tests
/// (in-process SDL use stays in ``SDLTests``). They read pictures with ``decodePNG(_:)``, not with SDL.
@Suite struct CommandRunTests {}

/// Bounds how many child scenarios run at once. Each starts a run of `cadence` and often an X server and a
/// compositor: more than a few at once on a 2-core machine only queue for the cores, and slow every
/// scenario's start-up.
actor ChildSlots {
    static let shared = ChildSlots(limit: 4)
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { free = limit }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}

/// The result of running a child process.
struct CadenceRun {
    var status: Int32
    var output: String
    /// From the signal (or the start, when none was sent) to the process's end.
    var seconds: Double
    /// From the start to the end of its output (which anything it started and left running holds open).
    var untilOutputEnded: Double = 0
}

/// Runs `executable` with `arguments` (standard output and error together) in one of ``ChildSlots``, with
/// `environment` added (an empty value removes a variable), optionally sending `signal` `after` seconds;
/// kills it after `timeout` seconds. Waits without holding a thread of the concurrency pool, so that other
/// tests run meanwhile.
func runChild(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
    signal: Int32? = nil, after delay: Double = 0.5, timeout: Double = 180
) async throws -> CadenceRun {
    await ChildSlots.shared.acquire()
    do {
        let run = try await runChildInSlot(
            executable, arguments, environment: environment, directory: directory, signal: signal, after: delay,
            timeout: timeout)
        await ChildSlots.shared.release()
        return run
    } catch {
        await ChildSlots.shared.release()
        throw error
    }
}

/// Starts and watches the child on a thread of its own: the signal's timing and the timeout must not wait
/// for a thread of Swift's concurrency pool, which other tests' long synchronous work can hold for seconds.
private func runChildInSlot(
    _ executable: String, _ arguments: [String], environment: [String: String], directory: URL?,
    signal: Int32?, after delay: Double, timeout: Double
) async throws -> CadenceRun {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(
                with: Result {
                    try runChildOnThisThread(
                        executable, arguments, environment: environment, directory: directory, signal: signal,
                        after: delay, timeout: timeout)
                })
        }
    }
}

private func runChildOnThisThread(
    _ executable: String, _ arguments: [String], environment: [String: String], directory: URL?,
    signal: Int32?, after delay: Double, timeout: Double
) throws -> CadenceRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.filter { !$0.value.isEmpty }
    if let directory { process.currentDirectoryURL = directory }
    let pipe = try ChildPipe()
    process.standardOutput = pipe.writing
    process.standardError = pipe.writing
    try launch(process, handingOver: pipe.writing)
    let output = PipeReader(pipe.reading)
    let started = Date()
    var signalled = started
    if let signal {
        Thread.sleep(forTimeInterval: delay)
        signalled = Date()
        kill(process.processIdentifier, signal)
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    let seconds = Date().timeIntervalSince(signalled)
    // The whole process group (Foundation starts each child as the leader of one): a grandchild that hangs (a
    // run stuck in SDL under a script) would otherwise hold the output pipe open, and the test, for ever.
    if process.isRunning { kill(-process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    let text = output.text() ?? "(the output was still open 10 s after the child ended)"
    return CadenceRun(
        status: process.terminationStatus, output: text, seconds: seconds,
        untilOutputEnded: Date().timeIntervalSince(started))
}

/// `process.run(handingOver:)` with no signal blocked (see ``withSignalsUnblocked(_:)``).
func launch(_ process: Process, handingOver ends: FileHandle...) throws {
    try withSignalsUnblocked { try process.run(handingOver: ends) }
}

/// Runs `body` (which starts a child process) with no signal blocked on this thread: a child inherits its
/// parent thread's signal mask, and Dispatch's worker threads, where tests run, block most signals, so a
/// child started from one would ignore SIGTERM (an X server that never stops) and a signal sent to test it.
func withSignalsUnblocked<T>(_ body: () throws -> T) rethrows -> T {
    var none = sigset_t()
    var saved = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    return try body()
}

/// Runs `cadence` with `arguments`; see ``runChild(_:_:environment:directory:signal:after:timeout:)``.
func runCadence(
    _ arguments: [String], environment: [String: String] = [:], signal: Int32? = nil, after delay: Double = 0.5,
    timeout: Double = 180
) async throws -> CadenceRun {
    try await runChild(
        cadenceExecutable, arguments, environment: environment, signal: signal, after: delay, timeout: timeout)
}

/// Runs `script` with bash under an X server of its own (Scripts/with-xvfb, 1280×720) and returns its exit
/// status and output.
func underXvfb(_ script: String, environment: [String: String]) async throws -> (status: Int32, output: String) {
    let run = try await runChild(
        Golden.root.appendingPathComponent("Scripts/with-xvfb").path,
        ["--screen", "1280x720x24", "--", "bash", "-c", script], environment: environment, directory: Golden.root)
    return (run.status, run.output)
}

/// Runs `script` with bash under weston (Scripts/with-weston: weston's X11 backend nested in Xvfb, its own
/// runtime directory, stopped afterwards) and returns its exit status and output.
func underWeston(_ script: String, options: [String] = [], environment: [String: String] = [:]) async throws
    -> (status: Int32, output: String)
{
    let run = try await runChild(
        Golden.root.appendingPathComponent("Scripts/with-weston").path, options + ["--", "bash", "-c", script],
        environment: environment.merging(["WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""]) { $1 },
        directory: Golden.root)
    return (run.status, run.output)
}

/// The first line of a script above that starts `cadence` windows: it sources Scripts/window-helpers.sh,
/// whose `launch LOG ARGS…` starts one and waits until its window is there (scripts run in the repository's
/// root).
let windowHelpers = "source Scripts/window-helpers.sh"

/// Reads a PNG (or any picture ffmpeg reads: the first frame of a GIF) into an ``Image`` with the `ffmpeg`
/// command, so that tests outside ``SDLTests`` never use SDL in this process.
func decodePNG(_ path: String) throws -> Image {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-i", path, "-frames:v", "1", "-f", "image2pipe", "-c:v", "ppm", "-pix_fmt",
        "rgb24", "-",
    ]
    let pipe = try ChildPipe()
    process.standardOutput = pipe.writing
    process.standardError = FileHandle.nullDevice
    try launch(process, handingOver: pipe.writing)
    let reader = PipeReader(pipe.reading)
    process.waitUntilExit()
    let data = Array(reader.data() ?? Data())
    // P6 <width> <height> 255, one whitespace byte, then RGB rows.
    var fields: [Int] = []
    var index = 2
    while fields.count < 3, index < data.count {
        while index < data.count, data[index] == 0x20 || data[index] == 0x0a { index += 1 }
        var value = 0
        while index < data.count, (0x30...0x39).contains(data[index]) {
            value = value * 10 + Int(data[index] - 0x30)
            index += 1
        }
        fields.append(value)
    }
    index += 1
    guard process.terminationStatus == 0, data.starts(with: [0x50, 0x36]), fields.count == 3,
        data.count - index == fields[0] * fields[1] * 3
    else { throw HarnessError.platform("ffmpeg could not read \(path)") }
    let (width, height) = (fields[0], fields[1])
    var pixels: [Color] = []
    pixels.reserveCapacity(width * height)
    for offset in stride(from: index, to: data.count, by: 3) {
        pixels.append(Color(data[offset], data[offset + 1], data[offset + 2]))
    }
    return Image(width: width, height: height, pixels: pixels)
}

/// Writes `image` as a PNG with the `ffmpeg` command (see ``decodePNG(_:)``).
func encodePNG(_ image: Image, to path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(image.width)x\(image.height)",
        "-i", "-", "-frames:v", "1", path,
    ]
    let input = try ChildPipe()
    process.standardInput = input.reading
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try launch(process, handingOver: input.reading)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(image.pixels.count * 3)
    for color in image.pixels { bytes += [color.r, color.g, color.b] }
    input.writing.write(Data(bytes))
    try input.writing.close()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw HarnessError.platform("ffmpeg could not write \(path)") }
}

extension CommandRunTests {
    /// A child that outlives its timeout is ended with everything it started: a grandchild holding the output
    /// pipe (a run stuck under a script) must not hang the test.
    @Test func aTimeoutEndsTheChildAndWhatItStarted() async throws {
        let run = try await runChild("/bin/bash", ["-c", "sleep 300 & wait"], timeout: 1)
        #expect(run.status == SIGKILL, "\(run.output)")
        // From the child's start, not the test's (waiting for a free slot behind long child tests is not its
        // time), to the end of its output, which the sleeping grandchild would hold open for 300 s.
        #expect(run.untilOutputEnded < 60, "the sleeping grandchild was killed too")
    }
}
