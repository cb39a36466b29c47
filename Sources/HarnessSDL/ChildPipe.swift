import CLinux
import Foundation
import Harness

/// A pipe between this process and a child, both ends closed on exec: a child gets an end only as the
/// standard input, output or error it is given. Foundation's `Pipe` is inherited by any child, and `Process`
/// closes in its child only the descriptors that were open when it looked, so a child started on another
/// thread just after a `Pipe` was made keeps a copy of its write end, and the reader sees no end of file for
/// as long as that child lives.
package struct ChildPipe {
    /// The end this process reads from (the child writes the other).
    package let reading: FileHandle
    /// The end this process writes to (the child reads the other).
    package let writing: FileHandle

    /// Makes the pipe, or says why the system could not.
    package init() throws(HarnessError) {
        var ends: [Int32] = [-1, -1]
        guard cadence_pipe_cloexec(&ends) == 0 else {
            throw .platform("a pipe to a child process could not be made: \(String(cString: strerror(errno)))")
        }
        reading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }
}

/// Reads a pipe to its end on another thread, so that a chatty child never blocks on a full pipe.
final class PipeReader: @unchecked Sendable {
    // Unchecked: `bytes` is written by the reading thread before `done` is signalled, and read only after.
    private var bytes = Data()
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `end` (the reading end of a pipe whose writing end this process has handed over).
    init(_ end: FileHandle) {
        Thread.detachNewThread { [self] in
            bytes = end.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything written to the pipe, once every writer has closed it; nil if one still holds it open after
    /// 10 s (something the child started and left running).
    func data() -> Data? {
        guard done.wait(timeout: .now() + 10) == .success else { return nil }
        done.signal()
        return bytes
    }

    /// ``data()`` as UTF-8 text.
    func text() -> String? { data().map { String(decoding: $0, as: UTF8.self) } }
}

extension Process {
    /// Starts the process, then closes in this process the pipe ends it was handed (a ``ChildPipe``'s, given
    /// as its standard input, output or error), so that the other ends see the end of file when the child is
    /// done with them. They are closed whether or not it started.
    package func run(handingOver ends: [FileHandle]) throws {
        defer { for end in ends { try? end.close() } }
        try run()
    }
}
