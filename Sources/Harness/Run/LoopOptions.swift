import Foundation
import Tweening

/// What a frame loop does besides running frames: replay, recording, periodic screenshots, exports.
public struct LoopOptions {
    /// Input to replay; live input is then ignored except quitting (Esc, the close button; signals always end a run).
    public var replay: InputScript?
    /// Whether to keep every input event with its frame number (read back with ``FrameLoop/recording``).
    public var record: Bool
    /// Where every input event is written as it happens (`--record`), flushed each frame.
    public var recorder: RecordingWriter?
    /// Save a screenshot every `every` frames into `directory` as `frame-000123.png`.
    public var screenshotEvery: (every: Int, directory: String)?
    /// Where the S key saves screenshots; nil: S saves nothing (the offline passes that draw a clip).
    public var screenshotDirectory: String?
    /// Receivers of every frame's sample (`--profile`, `--trace`).
    public var sinks: [FrameSink]
    /// Show the profiler overlay from the start.
    public var showsProfiler: Bool
    /// Give every scene the pointer predicted to each frame's expected display time (see
    /// ``PointerPredictor``; `--predict-pointer`); a scene can ask for it itself (``Scene/predictsPointer``).
    /// Never during a replay or a `--fixed-dt` run, whose frames must not depend on the clock.
    public var predictsPointer = false
    /// What the frames run on, for the profiler overlay: `wayland, SDL 2.26.5, scale 1, 60 Hz`.
    public var platform = ""
    /// The link to `--live`'s supervisor, when this run is one build of a live session.
    public var live: LiveLink?
    /// Receives one line per notable event (a screenshot saved, a scene switched).
    public var log: (String) -> Void
    /// Receives what a scene copies (the inspector's Copy as Swift), besides the backend's clipboard:
    /// by default it is printed on stdout, so a headless run, which has no clipboard, still shows it.
    public var copied: (String) -> Void = { text in
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Creates options; the defaults do nothing extra.
    public init(
        replay: InputScript? = nil, record: Bool = false, screenshotEvery: (every: Int, directory: String)? = nil,
        screenshotDirectory: String? = ".", sinks: [FrameSink] = [], showsProfiler: Bool = false,
        log: @escaping (String) -> Void = { _ in }
    ) {
        self.replay = replay
        self.record = record
        self.screenshotEvery = screenshotEvery
        self.screenshotDirectory = screenshotDirectory
        self.sinks = sinks
        self.showsProfiler = showsProfiler
        self.log = log
    }
}
