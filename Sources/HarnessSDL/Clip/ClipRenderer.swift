import Foundation
import Harness
import Tweening

/// What a written clip holds.
public struct ClipReport: Sendable, Equatable {
    /// Where it was written.
    public var path: String
    /// Its frames.
    public var frames: Int
    /// Its size in pixels.
    public var width: Int, height: Int
    /// Its frames per second.
    public var framesPerSecond: Double
    /// Its length in seconds.
    public var seconds: Double

    /// One line for the run's report.
    public var text: String {
        String(
            format: "clip: %@, %d frames, %d×%d at %g fps (%.2f s), rendered offline after the run", path, frames,
            width, height, framesPerSecond, seconds)
    }
}

/// Renders a clip of a finished run: its recorded input replayed offline from the first frame, at the run's
/// fixed step, on an ``OffscreenCanvas`` of the run's size and a clock that moves only from frame to frame,
/// so nothing about the machine or the moment shows in the clip. The frames ``ClipSchedule`` keeps are
/// scaled and handed to the encoder; an encoder that surveys the clip first gets a second, identical pass.
enum ClipRenderer {
    /// How rendering a clip ended.
    enum Outcome {
        case written(ClipReport)
        /// A signal arrived; nothing was left at the clip's path.
        case interrupted(Int32)
    }

    /// Renders `clip` of a run made with `configuration` that ran `frames` frames with `recording` as its
    /// input, advancing `step` seconds a frame.
    static func render(
        _ clip: ClipOptions, of configuration: RunConfiguration, recording: InputScript, frames: Int, step: Double
    ) throws(HarnessError) -> Outcome {
        let schedule = try clip.schedule(step: step, frames: frames)
        let format = try ClipFormat(path: clip.path)
        let size = ClipPicture.size(width: configuration.width, height: configuration.height, scale: clip.scale)
        let output = try OutputFile.begin(clip.path)
        let encoder: ClipEncoder =
            format == .gif
            ? try GIFEncoder(output: output, size: size)
            : try FFmpegEncoder(
                format: format, output: output, size: size, framesPerSecond: schedule.framesPerSecond)
        let canvas = try OffscreenCanvas(size: Size(width: configuration.width, height: configuration.height))
        do {
            if encoder.surveysFirst {
                let surveyed = try pass(configuration, recording, schedule, canvas, size) { picture, _, drawn in
                    encoder.survey(picture, drawn: drawn)
                }
                if let signal = surveyed {
                    encoder.cancel()
                    return .interrupted(signal)
                }
            }
            let encoded = try pass(configuration, recording, schedule, canvas, size) {
                (picture, index, _) throws(HarnessError) in
                try encoder.append(picture, delayInHundredths: schedule.delayInHundredths(ofFrame: index))
            }
            if let signal = encoded {
                encoder.cancel()
                return .interrupted(signal)
            }
            try encoder.finish()
        } catch {
            encoder.cancel()
            throw error
        }
        return .written(
            ClipReport(
                path: clip.path, frames: schedule.frameCount, width: size.width, height: size.height,
                framesPerSecond: schedule.framesPerSecond, seconds: schedule.seconds))
    }

    /// Runs the recorded frames up to the schedule's end and hands each kept one, scaled, to `body` with its
    /// index in the clip and the draw list it was drawn from. Returns the signal that stopped it, or nil when every frame was handed over.
    private static func pass(
        _ configuration: RunConfiguration, _ recording: InputScript, _ schedule: ClipSchedule,
        _ canvas: OffscreenCanvas,
        _ size: (width: Int, height: Int),
        _ body: @escaping (ClipPicture, Int, DrawList) throws(HarnessError) -> Void
    ) throws(HarnessError) -> Int32? {
        let backend = ClipBackend(canvas: canvas, schedule: schedule, size: size, body: body)
        var options = LoopOptions(
            replay: recording, screenshotDirectory: nil, showsProfiler: configuration.showsProfiler)
        options.copied = { _ in }
        let step = schedule.step
        let session = try HarnessSession(
            backend: backend, time: ManualClock(),
            plan: .init(
                scene: configuration.scene, catalog: configuration.catalog, objectCount: configuration.objectCount,
                fixedDelta: step, rate: 1 / step, paced: true, timeScale: configuration.timeScale, options: options))
        let loop = session.loop
        while loop.isRunning, loop.frameIndex < schedule.end {
            if let signal = StopRequest.pending { return signal }
            try loop.runFrame()
            if let failure = backend.failure { throw failure }
        }
        return nil
    }
}

/// The backend of a clip's offline pass: no input of its own (the recording is replayed), a canvas to draw
/// on, and a present that hands the frames the schedule keeps to the encoder.
final class ClipBackend: RenderBackend {
    private let canvas: OffscreenCanvas
    private let schedule: ClipSchedule
    private let scaler: ClipScaler
    private var picture: ClipPicture
    private let body: (ClipPicture, Int, DrawList) throws(HarnessError) -> Void
    private var drawn = DrawList()
    private var frame = 0
    private var kept = 0
    /// The first error the encoder threw; the pass stops at it.
    private(set) var failure: HarnessError?

    init(
        canvas: OffscreenCanvas, schedule: ClipSchedule, size: (width: Int, height: Int),
        body: @escaping (ClipPicture, Int, DrawList) throws(HarnessError) -> Void
    ) {
        self.canvas = canvas
        self.schedule = schedule
        self.body = body
        scaler = ClipScaler(from: (canvas.size.width, canvas.size.height), to: size)
        picture = ClipPicture(width: size.width, height: size.height)
    }

    var size: Size { canvas.size }

    func pollEvents(into events: inout [InputEvent], times: inout [UInt64]) {}

    func render(_ list: DrawList) {
        canvas.render(list)
        drawn = list
    }

    func saveScreenshot(to path: String) throws(HarnessError) {}

    func present() {
        defer {
            frame += 1
            canvas.endFrame()
        }
        guard failure == nil, schedule.keeps(frame) else { return }
        do {
            try canvas.withPixels { (pixels, stride) throws(HarnessError) in
                scaler.scale(pixels, stride: stride, into: &picture)
            }
            try body(picture, kept, drawn)
            kept += 1
        } catch {
            failure = error
        }
    }
}
