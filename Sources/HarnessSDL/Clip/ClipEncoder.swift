import Foundation
import Harness

/// Turns a clip's frames into a file. Every encoder writes by the rules of every output (``OutputFile``):
/// a temporary file renamed into place on success, removed on failure; a device or FIFO written directly.
protocol ClipEncoder: AnyObject {
    /// Whether the encoder must see the whole clip before encoding it: then every frame is handed to
    /// ``survey(_:)`` first, and the clip is rendered a second time for ``append(_:delayInHundredths:)``.
    var surveysFirst: Bool { get }
    /// Looks at one frame of the whole clip and the draw list it was drawn from (only when ``surveysFirst``).
    func survey(_ picture: ClipPicture, drawn: DrawList)
    /// Encodes the next frame, shown for `delayInHundredths` hundredths of a second.
    func append(_ picture: ClipPicture, delayInHundredths: Int) throws(HarnessError)
    /// Finishes the file and puts it in place.
    func finish() throws(HarnessError)
    /// Stops and removes what was written.
    func cancel()
}

/// MP4, WebM and APNG: raw frames piped to the `ffmpeg` command (Debian's, whose libavcodec is GPL
/// through x264 and x265, so it is run, never linked).
final class FFmpegEncoder: ClipEncoder {
    let surveysFirst = false
    private let process = Process()
    private let input: ChildPipe
    private let errors: PipeReader
    private let output: OutputFile.Pending
    private var savedPipeAction = sigaction()
    private var finished = false

    /// Starts `ffmpeg` writing `format` at `size` and `framesPerSecond` to `output`'s destination.
    init(
        format: ClipFormat, output: OutputFile.Pending, size: (width: Int, height: Int), framesPerSecond: Double
    ) throws(HarnessError) {
        self.output = output
        guard let ffmpeg = ClipFormat.locate("ffmpeg") else {
            throw .invalidOption("--clip: the ffmpeg command is not on the PATH: install Debian's ffmpeg package")
        }
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments =
            [
                "-hide_banner", "-loglevel", "error", "-nostats", "-y",
                "-f", "rawvideo", "-pix_fmt", "bgra", "-video_size", "\(size.width)x\(size.height)",
                "-framerate", String(framesPerSecond), "-i", "pipe:0",
            ] + Self.codec(format, seekable: !output.target.isDirect)
            + ["-fflags", "+bitexact", "-map_metadata", "-1", output.destination]
        input = try ChildPipe()
        let errorPipe = try ChildPipe()
        process.standardInput = input.reading
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorPipe.writing
        do {
            try process.run(handingOver: [input.reading, errorPipe.writing])
        } catch {
            throw .outputFailed(
                output.target.path, reason: "ffmpeg could not be started: \(error.localizedDescription)")
        }
        errors = PipeReader(errorPipe.reading)
        // A dead ffmpeg must turn the next write into EPIPE, an error to report, not a SIGPIPE that kills
        // the run before it can write its other outputs.
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGPIPE, &ignore, &savedPipeAction)
    }

    deinit { cancel() }

    private static func codec(_ format: ClipFormat, seekable: Bool) -> [String] {
        switch format {
        case .mp4:
            // A pipe or device cannot be seeked back into to write the index first: fragment instead.
            return ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p"]
                + ["-movflags", seekable ? "+faststart" : "frag_keyframe+empty_moov", "-f", "mp4"]
        case .webm:
            return [
                "-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1",
                "-pix_fmt", "yuv420p", "-f", "webm",
            ]
        case .apng:
            return ["-c:v", "apng", "-plays", "0", "-pix_fmt", "rgb24", "-f", "apng"]
        case .gif:
            preconditionFailure("GIFs are encoded by cgif")
        }
    }

    func survey(_ picture: ClipPicture, drawn: DrawList) {}

    func append(_ picture: ClipPicture, delayInHundredths: Int) throws(HarnessError) {
        let fd = input.writing.fileDescriptor
        let failure: Int32? = picture.pixels.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure {
            let reason = stop()
            throw .outputFailed(output.target.path, reason: reason ?? String(cString: strerror(failure)))
        }
    }

    func finish() throws(HarnessError) {
        if let reason = stop() { throw .outputFailed(output.target.path, reason: reason) }
        try output.commit()
    }

    func cancel() {
        guard !finished else { return }
        if process.isRunning { process.terminate() }
        _ = stop()
    }

    /// Closes ffmpeg's input and waits for it; returns why it failed, or nil. Removes the output on failure.
    private func stop() -> String? {
        guard !finished else { return nil }
        finished = true
        try? input.writing.close()
        process.waitUntilExit()
        sigaction(SIGPIPE, &savedPipeAction, nil)
        let status = process.terminationStatus
        guard process.terminationReason != .exit || status != 0 else { return nil }
        output.discard()
        let message = (errors.text() ?? "").split(separator: "\n").suffix(3).joined(separator: "; ")
            .trimmingCharacters(in: .whitespaces)
        let how =
            process.terminationReason == .uncaughtSignal
            ? "ffmpeg was killed by \(StopRequest.name(of: status))" : "ffmpeg exited with status \(status)"
        return message.isEmpty ? how : "\(how): \(message)"
    }
}
