import Foundation

/// `--record`: writes input events to their final path as they happen, a frame's events as whole lines
/// flushed at the end of that frame, after a ``ReplayHeader`` line. A run that is killed (SIGKILL, a
/// crash, the OOM killer) leaves a replayable prefix of what it saw, the file that reproduces the crash.
///
/// Unlike the other outputs a recording is not written to a temporary file first; a symlink is still
/// written through and a device or FIFO written directly (see ``OutputFile``).
public final class RecordingWriter {
    /// The path asked for.
    public let path: String
    private var file: UnsafeMutablePointer<FILE>?
    private let encoder = JSONEncoder()
    /// The first error a flush met, reported by ``finish()``.
    private var failure: Int32?

    /// Opens (creating or truncating) the output and writes the header.
    public convenience init(path: String, header: ReplayHeader) throws(HarnessError) {
        try self.init(path: path, header: header, appending: false)
    }

    /// Opens the output and writes the header; or, `appending` to a recording that has begun (a live
    /// reload's next build going on with it), adds to its end.
    public init(path: String, header: ReplayHeader, appending: Bool) throws(HarnessError) {
        self.path = path
        let target = try OutputFile.resolve(path)
        var status = stat()
        let goesOn = appending && !target.isDirect && stat(target.resolved, &status) == 0 && status.st_size > 0
        let fd =
            target.isDirect
            ? open(target.resolved, O_WRONLY | O_CLOEXEC)
            : open(target.resolved, O_WRONLY | O_CREAT | (goesOn ? O_APPEND : O_TRUNC) | O_CLOEXEC, 0o644)
        guard fd >= 0, let file = fdopen(fd, goesOn ? "a" : "w") else {
            throw .unwritablePath(path, reason: String(cString: strerror(errno)))
        }
        self.file = file
        encoder.outputFormatting = [.sortedKeys]
        if !goesOn {
            fputs(header.jsonLine, file)
            flush(file)
        }
    }

    private func flush(_ file: UnsafeMutablePointer<FILE>) {
        if fflush(file) != 0, failure == nil { failure = errno }
    }

    deinit { if let file { fclose(file) } }

    /// Writes one frame's events and flushes them (nothing is written for a frame without events).
    public func append<Events: Sequence<InputEvent>>(_ events: Events, frame: Int) {
        guard let file else { return }
        var wrote = false
        for event in events {
            guard let data = try? encoder.encode(RecordedEvent(frame: frame, event: event)) else { continue }
            fputs(String(decoding: data, as: UTF8.self) + "\n", file)
            wrote = true
        }
        if wrote { flush(file) }
    }

    /// Closes the file.
    /// - Throws: ``HarnessError/outputFailed(_:reason:)`` when a write failed (a full disk).
    public func finish() throws(HarnessError) {
        guard let file else { return }
        self.file = nil
        let reason = OutputFile.closeStream(file)
        if let failure { throw .outputFailed(path, reason: String(cString: strerror(failure))) }
        if let reason { throw .outputFailed(path, reason: reason) }
    }
}
