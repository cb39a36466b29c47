import Foundation
import Testing
@testable import Harness

/// A scratch folder with special nodes in it: a character device with `/dev/null`'s numbers (1, 3) made
/// with `mknod` (never `/dev/null` itself), a FIFO and symlinks.
final class ScratchFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "cadence-out-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A character device that discards what is written (major 1, minor 3, like `/dev/null`).
    func nullDevice(_ name: String = "null") throws -> String {
        let node = path + "/" + name
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["mknod", node, "c", "1", "3"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteNoPermission) }
        return node
    }

    func fifo(_ name: String = "fifo") throws -> String {
        let node = path + "/" + name
        guard mkfifo(node, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return node
    }

    func symlink(_ name: String, to destination: String) throws -> String {
        let link = path + "/" + name
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: destination)
        return link
    }

    var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}

/// The kind of node at `path`, not following a symlink there.
func nodeKind(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
}

/// Reads a FIFO to its end on another thread, from the writer's first byte to its close.
final class FIFOReader: @unchecked Sendable {
    // Unchecked: `data` is written by the reading thread before `done` is signalled, read after.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    /// Opens the FIFO at once, without waiting for a writer, so that the writer the test starts next finds
    /// this reader. Opened on the thread, it could come after a writer that had already met another reader
    /// (an earlier reader's descriptor copied into a child process another test was starting), and wait for
    /// ever. Close-on-exec for the same reason.
    init(_ path: String) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        Thread.detachNewThread { [self] in
            if fd >= 0 {
                data = Self.readToEnd(fd)
                close(fd)
            }
            done.signal()
        }
    }

    /// Reads until the end of file that follows a writer's data: before any writer, a read ends at once too.
    private static func readToEnd(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if count == 0, !data.isEmpty {
                return data
            } else if count < 0, errno != EAGAIN, errno != EINTR {
                return data
            } else {
                usleep(1000)
            }
        }
    }

    func text(timeout: Double = 10) -> String? {
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

@Suite struct OutputFileTests {
    @Test func aDeviceIsWrittenDirectlyAndStaysADevice() throws {
        let scratch = try ScratchFolder()
        let device = try scratch.nullDevice()
        try OutputFile.checkWritable(device)
        try OutputFile.write(Data("discarded".utf8), to: device)
        let csv = try CSVProfileWriter(
            path: device, about: .init(scene: "hello", targetPeriod: 0, driver: "", renderer: "", objectCount: 1))
        csv.record(
            FrameSample(index: 0, start: 0, interval: 0, phases: FramePhases(), tweens: 0, animations: 0, paced: true))
        try csv.finish()
        #expect(nodeKind(device) == S_IFCHR, "the device was not replaced by a regular file")
        #expect(scratch.contents == ["null"], "no temporary file was made")
    }

    @Test func aSymlinkIsWrittenThroughNotReplaced() throws {
        let scratch = try ScratchFolder()
        let real = scratch.path + "/real.txt"
        try OutputFile.write(Data("old".utf8), to: real)
        let link = try scratch.symlink("link.txt", to: "real.txt")
        try OutputFile.write(Data("new".utf8), to: link)
        #expect(nodeKind(link) == S_IFLNK, "the symlink is still a symlink")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "new", "its target got the output")

        let chain = try scratch.symlink("chain.csv", to: link)
        let csv = try CSVProfileWriter(
            path: chain, about: .init(scene: "hello", targetPeriod: 0, driver: "", renderer: "", objectCount: 1))
        try csv.finish()
        #expect(nodeKind(chain) == S_IFLNK && nodeKind(link) == S_IFLNK)
        #expect(
            try String(contentsOfFile: real, encoding: .utf8).hasPrefix(CSVProfileWriter.header),
            "a chain of links is followed")

        let dangling = try scratch.symlink("dangling.txt", to: "created.txt")
        try OutputFile.write(Data("made".utf8), to: dangling)
        #expect(nodeKind(dangling) == S_IFLNK)
        #expect(
            try String(contentsOfFile: scratch.path + "/created.txt", encoding: .utf8) == "made",
            "a dangling link's target is created")
        #expect(scratch.contents == ["chain.csv", "created.txt", "dangling.txt", "link.txt", "real.txt"])
    }

    @Test func aSymlinkToADeviceReachesTheDevice() throws {
        let scratch = try ScratchFolder()
        let device = try scratch.nullDevice()
        let link = try scratch.symlink("out.png", to: device)
        try OutputFile.write(Data("x".utf8), to: link)
        #expect(nodeKind(device) == S_IFCHR && nodeKind(link) == S_IFLNK)
    }

    @Test func aFIFOsReaderGetsTheOutput() throws {
        let scratch = try ScratchFolder()
        let fifo = try scratch.fifo()
        try OutputFile.checkWritable(fifo)
        let reader = FIFOReader(fifo)
        try OutputFile.write(Data("through the pipe\n".utf8), to: fifo)
        #expect(reader.text() == "through the pipe\n")
        #expect(nodeKind(fifo) == S_IFIFO)

        let streamReader = FIFOReader(fifo)
        let trace = try ChromeTraceWriter(path: fifo)
        try trace.finish()
        #expect(streamReader.text()?.hasPrefix("{\"displayTimeUnit\"") == true)
        #expect(nodeKind(fifo) == S_IFIFO)
        #expect(scratch.contents == ["fifo"])
    }

    @Test func foldersSocketsAndLoopsAreRefused() throws {
        let scratch = try ScratchFolder()
        _ = try scratch.symlink("a", to: "b")
        _ = try scratch.symlink("b", to: "a")
        #expect(throws: HarnessError.unwritablePath(scratch.path + "/a", reason: "too many levels of symbolic links")) {
            try OutputFile.checkWritable(scratch.path + "/a")
        }
        let folderLink = try scratch.symlink("dir", to: NSTemporaryDirectory())
        #expect(throws: HarnessError.unwritablePath(folderLink, reason: "it is a directory")) {
            try OutputFile.checkWritable(folderLink)
        }
    }

    @Test func theRealDevNullIsStillACharacterDevice() {
        // Nothing in these tests writes to /dev/null; this only checks nothing ever replaced it.
        #expect(nodeKind("/dev/null") == S_IFCHR)
    }
}
