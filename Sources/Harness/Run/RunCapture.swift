import Foundation

/// What a run keeps of itself and what it plays back: the replayed input, the recording (in memory
/// and to `--record`'s file), and screenshots (every N frames, and on S).
struct RunCapture {
    /// Input to replay; live input is then dropped except what ends the run.
    let replay: InputScript?
    private var replayCursor = 0
    /// Whether to keep every event in ``recording``.
    let records: Bool
    /// Every event handled, with its frame (when ``records``).
    private(set) var recording = InputScript()
    /// Where every event is written as it happens.
    let recorder: RecordingWriter?
    /// A screenshot every `every` frames into `directory`.
    let screenshotEvery: (every: Int, directory: String)?
    /// Where S saves its screenshots (nil: nowhere).
    let screenshotDirectory: String?
    private var requested: [String] = []

    init(_ options: LoopOptions) {
        replay = options.replay
        records = options.record
        recorder = options.recorder
        screenshotEvery = options.screenshotEvery
        screenshotDirectory = options.screenshotDirectory
    }

    /// Makes this frame's input what the run is to see: during a replay the recorded events of
    /// `frame` (each happening at `frameStart`) plus only the live events that end the run; then
    /// records them.
    mutating func take(_ events: inout [InputEvent], times: inout [UInt64], frame: Int, frameStart: UInt64) {
        if let replay {
            var kept = 0
            for index in events.indices where events[index] == .quit || events[index] == .keyDown(.escape) {
                events[kept] = events[index]
                times[kept] = times[index]
                kept += 1
            }
            events.removeLast(events.count - kept)
            times.removeLast(times.count - kept)
            for recorded in replay.events(forFrame: frame, cursor: &replayCursor) {
                events.append(recorded.event)
                times.append(frameStart)
            }
        }
        if records {
            for event in events { recording.append(event, frame: frame) }
        }
        if !events.isEmpty { recorder?.append(events, frame: frame) }
    }

    /// Asks for a screenshot of `scene` after the current frame is rendered (the S key).
    mutating func requestScreenshot(scene: String, frame: Int) {
        guard let screenshotDirectory else { return }
        requested.append(screenshotDirectory + "/cadence-\(scene)-\(frame).png")
    }

    /// Saves the periodic screenshot if `frame` is due and every requested one. A periodic one that
    /// fails ends the run (it was asked for on the command line); a requested one that fails is logged.
    mutating func saveScreenshots(frame: Int, backend: RenderBackend, log: (String) -> Void) throws(HarnessError) {
        if let every = screenshotEvery, every.every > 0, frame % every.every == 0 {
            try backend.saveScreenshot(to: every.directory + "/" + String(format: "frame-%06d.png", frame))
        }
        // Most frames ask for none (benchmark row "Frame loop, empty scene, no-op backend").
        guard !requested.isEmpty else { return }
        for path in requested {
            do {
                try backend.saveScreenshot(to: path)
                log("screenshot: \(path)")
            } catch {
                log("screenshot failed: \(error.description)")
            }
        }
        requested.removeAll()
    }
}
