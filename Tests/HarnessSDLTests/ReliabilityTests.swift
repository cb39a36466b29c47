import Foundation
import Testing
@testable import Harness
@testable import HarnessSDL

/// The result of running the `cadence` executable.
struct CadenceRun {
    var status: Int32
    var output: String
    var seconds: Double
}

/// Runs `cadence` with `arguments` (stdout and stderr together), optionally sending `signal` after `after`
/// seconds; gives up (and kills it) after `timeout` seconds.
func runCadence(_ arguments: [String], environment: [String: String] = [:], signal: Int32? = nil,
                after delay: Double = 0.5, timeout: Double = 60) throws -> CadenceRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: cadenceExecutable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let output = OutputCollector(pipe)
    try process.run()
    var signalled = Date()
    if let signal {
        Thread.sleep(forTimeInterval: delay)
        signalled = Date()
        kill(process.processIdentifier, signal)
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    let seconds = Date().timeIntervalSince(signalled)
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return CadenceRun(status: process.terminationStatus, output: output.text(), seconds: seconds)
}

/// Drains a pipe on another thread, so a chatty child never blocks on a full pipe.
final class OutputCollector: @unchecked Sendable {
    // Unchecked: `data` is written by the reading thread before `done` is signalled, read after.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
    }

    func text() -> String {
        _ = done.wait(timeout: .now() + 10)
        return String(decoding: data, as: UTF8.self)
    }
}

extension SDLTests {
    @Test func everyOutputIntoADeviceLeavesTheDeviceInPlace() throws {
        let scratch = try ScratchFolder()
        let device = try scratch.nullDevice()
        let link = try scratch.symlink("shot.png", to: device)
        let run = try runCadence(["hello", "--headless", "--frames", "3", "--unpaced", "--profile", device,
                                  "--screenshot", link, "--screenshot-every", "1", scratch.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(nodeKind(device) == S_IFCHR, "the device is still a device")
        #expect(nodeKind(link) == S_IFLNK, "the link is still a link")
        for flag in ["--trace", "--summary", "--record"] {
            let again = try runCadence(["hello", "--headless", "--frames", "3", "--unpaced", flag, link])
            #expect(again.status == 0, "\(flag): \(again.output)")
            #expect(nodeKind(device) == S_IFCHR, "\(flag) left the device in place")
        }
        #expect(scratch.contents.filter { $0.hasSuffix(".tmp") }.isEmpty, "no temporary files")
        #expect(nodeKind("/dev/null") == S_IFCHR)
    }

    @Test func aSummaryIntoAFIFOReachesItsReader() throws {
        let scratch = try ScratchFolder()
        let fifo = try scratch.fifo()
        let reader = FIFOReader(fifo)
        let run = try runCadence(["hello", "--headless", "--frames", "3", "--unpaced", "--summary", fifo])
        #expect(run.status == 0, "\(run.output)")
        #expect(reader.text()?.contains("frames: 3") == true)
        #expect(nodeKind(fifo) == S_IFIFO)
    }
}
