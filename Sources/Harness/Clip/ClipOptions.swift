import Foundation

/// `--clip PATH`: a run's frames encoded as a GIF or a video.
///
/// A clip is never encoded while the run is timed. When the run ends, its input (recorded in memory, replayed
/// input included) is replayed offline, at a fixed step, into an offscreen picture of the run's size, and the
/// frames chosen by ``ClipSchedule`` go to the encoder. So a clip plays at true speed whatever the machine,
/// and the same replay gives the same GIF, byte for byte.
public struct ClipOptions: Sendable, Equatable {
    /// Where the clip goes; its extension picks the ``ClipFormat``.
    public var path: String
    /// The clip's size as a share of the run's (0.1 to 1); sizes are rounded to even numbers of pixels,
    /// which video encoders need.
    public var scale: Double
    /// Clip frames per second; `nil` for the format's default (see ``ClipFormat/defaultFramesPerSecond(runRate:)``).
    /// Frames are dropped evenly, never resampled in time, so it must not exceed the run's rate.
    public var framesPerSecond: Double?
    /// The first run frame in the clip (0-based).
    public var start: Int
    /// The run frame the clip stops before; `nil` for the end of the run.
    public var end: Int?

    /// A clip of the whole run at full size and the format's default rate.
    public init(path: String, scale: Double = 1, framesPerSecond: Double? = nil, start: Int = 0, end: Int? = nil) {
        self.path = path
        self.scale = scale
        self.framesPerSecond = framesPerSecond
        self.start = start
        self.end = end
    }

    /// The clip's sizes allowed, as a share of the run's.
    public static let scaleRange: ClosedRange<Double> = 0.1...1

    /// Throws the first problem that can be seen before a run: an unknown extension, a missing encoder, a
    /// value out of range, a frame range outside a run of `frames` frames (when the run's length is known).
    /// Whether ``framesPerSecond`` fits the run's rate is checked once that rate is known (``schedule(step:frames:)``).
    public func validate(frames: Int?) throws(HarnessError) {
        let format = try ClipFormat(path: path)
        try format.checkEncoderAvailable()
        guard scale.isFinite, Self.scaleRange.contains(scale) else {
            throw .invalidOption("--clip-scale must be between 0.1 and 1 (got \(scale))")
        }
        if let framesPerSecond {
            guard framesPerSecond.isFinite, framesPerSecond >= 1 else {
                throw .invalidOption(
                    "--clip-fps must be a number of frames per second, 1 or more (got \(framesPerSecond))")
            }
            if let most = format.maximumFramesPerSecond, framesPerSecond > most {
                throw .invalidOption(
                    "--clip-fps \(Self.spell(framesPerSecond)) is too fast for a GIF: GIF frame delays are in hundredths of a second, and browsers slow down delays under 2 (50 fps at most)"
                )
            }
        }
        guard start >= 0 else { throw .invalidOption("--clip-start must be 0 or more (got \(start))") }
        if let end, end <= start {
            throw .invalidOption("--clip-end (\(end)) must be after --clip-start (\(start))")
        }
        if let frames {
            guard start < frames else {
                throw .invalidOption("--clip-start \(start) is past the run's last frame (--frames \(frames))")
            }
            if let end, end > frames {
                throw .invalidOption("--clip-end \(end) is past the run's end (--frames \(frames))")
            }
        }
    }

    /// Which frames of a run that advanced `step` seconds a frame and ran `frames` frames go into the clip,
    /// and when each is shown.
    /// - Throws: ``HarnessError/invalidOption(_:)`` when the clip would be faster than the run (frames are
    ///   never invented) or its range holds no frame.
    public func schedule(step: Double, frames: Int) throws(HarnessError) -> ClipSchedule {
        let format = try ClipFormat(path: path)
        let runRate = 1 / step
        let rate = framesPerSecond ?? format.defaultFramesPerSecond(runRate: runRate)
        guard rate <= runRate * (1 + 1e-9) else {
            throw .invalidOption(
                "--clip-fps \(Self.spell(rate)) is faster than the run (\(Self.spell(runRate)) frames a second): a clip only drops frames, it never invents them"
            )
        }
        let last = min(end ?? frames, frames)
        guard start < last else {
            throw .invalidOption(
                "the clip's range (frames \(start) to \(end ?? frames)) is past the run's \(frames) frames")
        }
        return ClipSchedule(step: step, framesPerSecond: rate, start: start, end: last)
    }

    static func spell(_ value: Double) -> String { String(format: "%g", value) }
}

/// The clip formats, chosen by the output's extension.
public enum ClipFormat: String, CaseIterable, Sendable {
    /// An animated GIF through cgif (built in): one palette for the whole clip, looping.
    case gif
    /// H.264 in MP4 through the `ffmpeg` command (libx264, yuv420p).
    case mp4
    /// VP9 in WebM through the `ffmpeg` command.
    case webm
    /// Animated PNG through the `ffmpeg` command: lossless, looping.
    case apng

    /// The format named by `path`'s extension (case-insensitive; `.png` is not taken for APNG, a still
    /// is what `--screenshot` writes).
    /// - Throws: ``HarnessError/invalidOption(_:)`` listing the formats and what each needs.
    public init(path: String) throws(HarnessError) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard let format = ClipFormat(rawValue: ext) else {
            throw .invalidOption(
                "--clip '\(path)': unknown clip format\(ext.isEmpty ? "" : " '.\(ext)'"); the formats are \(Self.list)")
        }
        self = format
    }

    /// Every format with what it needs, for messages and `--help`.
    public static let list =
        ".gif (built in), .mp4, .webm and .apng (these three need the ffmpeg command: apt install ffmpeg)"

    /// The command a format is encoded by, or `nil` when it is built in.
    public var encoderCommand: String? { self == .gif ? nil : "ffmpeg" }

    /// The fastest rate the format plays back faithfully, or `nil` when any rate does.
    public var maximumFramesPerSecond: Double? { self == .gif ? 50 : nil }

    /// The clip rate when `--clip-fps` is not given: the run's own rate, or for a GIF the fastest rate at
    /// most 50 fps that keeps every n-th frame (30 for a 60 Hz run), so motion stays even.
    public func defaultFramesPerSecond(runRate: Double) -> Double {
        guard let most = maximumFramesPerSecond, runRate > most else { return runRate }
        return runRate / (runRate / most).rounded(.up)
    }

    /// Throws unless the format's encoder is on the `PATH`: before the first frame, naming the package.
    public func checkEncoderAvailable(path: String? = ProcessInfo.processInfo.environment["PATH"]) throws(HarnessError)
    {
        guard let command = encoderCommand else { return }
        guard Self.locate(command, path: path) != nil else {
            throw .invalidOption(
                "--clip: .\(rawValue) is encoded by the \(command) command, which is not on the PATH: install Debian's ffmpeg package (apt install ffmpeg), or write a .gif"
            )
        }
    }

    /// The executable `command` resolves to on `path` (a `PATH`-style list, the environment's by
    /// default), or `nil`.
    public static func locate(
        _ command: String, path: String? = ProcessInfo.processInfo.environment["PATH"]
    ) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + command
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

/// Which run frames a clip keeps and when each is shown: every frame whose time enters a new clip frame's
/// slot, so frames are dropped evenly (every other one for 30 fps from 60) and never resampled.
public struct ClipSchedule: Sendable, Equatable {
    /// The run's step in seconds (its fixed `dt`).
    public var step: Double
    /// Clip frames per second.
    public var framesPerSecond: Double
    /// The first run frame in the clip.
    public var start: Int
    /// The run frame the clip stops before.
    public var end: Int

    /// The clip frame that run frame `frame` falls in (frames before ``start`` give negative slots).
    private func slot(_ frame: Int) -> Int {
        // A hair above zero so that a frame landing exactly on a slot's start (in decimal) counts as in it.
        Int((Double(frame - start) * step * framesPerSecond + 1e-6).rounded(.down))
    }

    /// Whether run frame `frame` is in the clip.
    public func keeps(_ frame: Int) -> Bool {
        guard frame >= start, frame < end else { return false }
        return frame == start || slot(frame) != slot(frame - 1)
    }

    /// How many frames the clip has.
    public var frameCount: Int { slot(end - 1) + 1 }

    /// How long clip frame `index` is shown, in hundredths of a second (a GIF's unit): the differences of
    /// rounded slot times, so the delays add up to the clip's true length.
    public func delayInHundredths(ofFrame index: Int) -> Int {
        let begin = (Double(index) * 100 / framesPerSecond).rounded()
        let finish = (Double(index + 1) * 100 / framesPerSecond).rounded()
        return Int(finish - begin)
    }

    /// The clip's length in seconds.
    public var seconds: Double { Double(frameCount) / framesPerSecond }
}
