import Foundation
import Testing
@testable import HarnessSDL

/// Whether a child started with posix_spawn and no file actions (as a child that another thread starts at
/// the moment a pipe is made: its list of descriptors to close was drawn up before) has `descriptor` open.
private func inheritedByAnyChild(_ descriptor: Int32) throws -> Bool {
    let arguments = ["/bin/sh", "-c", "test -e /proc/self/fd/\(descriptor)"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let spawned = withSignalsUnblocked { posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ) }
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    return status == 0
}

@Suite struct ChildPipeTests {
    @Test func neitherEndOfAChildPipeIsInheritedByAnotherChild() throws {
        var plain: [Int32] = [-1, -1]
        #expect(pipe(&plain) == 0)
        defer { for end in plain { close(end) } }
        #expect(try inheritedByAnyChild(plain[1]), "the probe sees an ordinary pipe's write end in the child")

        let pipe = try ChildPipe()
        #expect(try !inheritedByAnyChild(pipe.reading.fileDescriptor))
        #expect(try !inheritedByAnyChild(pipe.writing.fileDescriptor))
    }

    /// The end handed to a child is its standard output and error there (``runChild``), and the reader gets all
    /// of it, more than a pipe holds, once the child ends.
    @Test func aChildsOutputThroughAChildPipeIsReadWhole() async throws {
        let run = try await runChild("/bin/sh", ["-c", "head -c 200000 /dev/zero | tr '\\0' x; echo; echo done >&2"])
        #expect(run.status == 0 && run.output.count == 200_006 && run.output.hasSuffix("\ndone\n"))
    }
}
