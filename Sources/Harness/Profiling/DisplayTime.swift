/// What the display answered for one frame that was presented: when it was shown, or that it never was.
///
/// On Wayland this is the compositor's presentation feedback (`wp_presentation`), its time converted to the
/// frame loop's clock (`CLOCK_MONOTONIC`) by reading both clocks together.
public struct PresentationFeedback: Hashable, Sendable {
    /// What became of the frame.
    public enum Outcome: String, Sendable {
        /// Shown, at ``PresentationFeedback/time``.
        case presented
        /// Never shown: a later frame replaced it before the display was repainted.
        case discarded
        /// No answer came by the end of the run (or within ``FrameLoop/displayAnswerTimeout``).
        case pending
    }

    /// How the time was taken, as the compositor reports it (`wp_presentation_feedback.kind`).
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        /// Creates flags from the protocol's bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The update was shown in step with the display's refresh (no tearing).
        public static let vsync = Flags(rawValue: 0x1)
        /// The time comes from the display hardware's clock, not from a software estimate.
        public static let hardwareClock = Flags(rawValue: 0x2)
        /// The hardware signalled that the update was shown (not a time the compositor predicted).
        public static let hardwareCompletion = Flags(rawValue: 0x4)
        /// The client's buffer was scanned out directly, with no copy by the compositor.
        public static let zeroCopy = Flags(rawValue: 0x8)
    }

    /// What became of the frame.
    public var outcome: Outcome
    /// When it was shown (monotonic nanoseconds, the frame loop's clock); 0 unless ``outcome`` is presented.
    public var time: UInt64
    /// The display's refresh period as the compositor gave it (nanoseconds; 0: unknown).
    public var refresh: UInt64
    /// The display's refresh counter at that time (0: unknown).
    public var sequence: UInt64
    /// How the time was taken.
    public var flags: Flags

    /// A frame shown at `time`.
    public static func presented(at time: UInt64, refresh: UInt64 = 0, sequence: UInt64 = 0, flags: Flags = [])
        -> PresentationFeedback
    {
        PresentationFeedback(outcome: .presented, time: time, refresh: refresh, sequence: sequence, flags: flags)
    }

    /// A frame never shown.
    public static let discarded = PresentationFeedback(outcome: .discarded, time: 0, refresh: 0, sequence: 0, flags: [])
    /// A frame with no answer.
    public static let pending = PresentationFeedback(outcome: .pending, time: 0, refresh: 0, sequence: 0, flags: [])

    /// Whether the time is the hardware's: taken by its clock and signalled by it when the frame was shown.
    public var isHardware: Bool { flags.contains([.hardwareClock, .hardwareCompletion]) }
}

/// The answer to one frame's request for feedback (see ``RenderBackend/requestPresentationFeedback(frame:)``).
public struct PresentationAnswer: Hashable, Sendable {
    /// The frame that asked.
    public var frame: Int
    /// What the display answered.
    public var feedback: PresentationFeedback

    /// An answer for `frame`.
    public init(frame: Int, feedback: PresentationFeedback) {
        self.frame = frame
        self.feedback = feedback
    }
}

/// Where a run's display times come from, or why it has none.
public enum DisplayTimes: Hashable, Sendable {
    /// Every presented frame asks the compositor when it was shown; `clock` names the clock its answers
    /// are on (`CLOCK_MONOTONIC_RAW` under weston's software backends), converted to the frame loop's.
    case feedback(clock: String)
    /// No display times, and why (the X11 driver, the dummy driver, a compositor without the protocol).
    case unavailable(reason: String)

    /// Whether frames get display times.
    public var isAvailable: Bool {
        if case .feedback = self { return true }
        return false
    }
}

/// The one definition of a frame's display interval and display hitch, which the summary, the CSV, the trace
/// and the plot share: fed every frame in order, it gives each presented frame the time since the frame
/// presented before it (PresentMon's "between display change") and how late that was.
public struct DisplayTrack: Sendable {
    private var lastPresented: UInt64?

    /// A track with nothing presented yet.
    public init() {}

    /// What the display made of `sample`, the next frame in order, against `period` (the pacer's, nanoseconds):
    /// nil unless it was presented after an earlier presented frame. The expected interval is the longer of the
    /// display's refresh (when the compositor gave it) and `period`: a frame held to 30 Hz on a 60 Hz display is
    /// not late for skipping a refresh. A display hitch (`lateBy` > 0) is a frame shown more than 1.5 of those
    /// after the frame before it, a display stall one that is also ``FrameStats/stallThreshold`` or longer (see
    /// ``FrameStats/lateness(interval:targetPeriod:)``).
    public mutating func next(_ sample: FrameSample, period: UInt64) -> (
        interval: UInt64, expected: UInt64, lateBy: UInt64, stall: Bool
    )? {
        guard let display = sample.display, display.outcome == .presented else { return nil }
        defer { lastPresented = display.time }
        guard let last = lastPresented else { return nil }
        let interval = display.time > last ? display.time - last : 0
        let expected = Swift.max(display.refresh, period)
        let late = FrameStats.lateness(interval: interval, targetPeriod: expected)
        return (interval, expected, late.lateBy, late.stall)
    }
}

/// The display side of a run's figures (see ``FrameSummary/display``), over the steady frames.
public struct DisplaySummary: Hashable, Sendable {
    /// Where the times came from: "hardware" when every presented frame's flags said the hardware's clock
    /// timed it and signalled it, otherwise "compositor's clock" (a time the compositor took or predicted).
    public var source: String
    /// Steady frames by outcome: presented, discarded (replaced before a repaint) and pending (no answer).
    public var presented: Int, discarded: Int, pending: Int
    /// Display interval percentiles: from the frame presented before to each steady presented frame (ms).
    public var intervalP50: Double, intervalP90: Double, intervalP99: Double, intervalMax: Double
    /// Display hitches (see ``DisplayTrack``): their count, how late they were in all (ms) and that per
    /// second of steady frames (ms/s); display stalls are counted apart.
    public var hitches: Int, hitchTotalMs: Double, hitchRatio: Double, stalls: Int
    /// Present-to-display percentiles: from the return of a frame's present call to its presented time (ms).
    public var latencyP50: Double, latencyP99: Double, latencyMax: Double
    /// Input events whose effect was presented, and input-to-display percentiles over them (ms): from the
    /// event to the presented time of the first frame that drew it.
    public var inputEvents: Int, inputP50: Double, inputP99: Double, inputMax: Double
    /// Input-to-display's last phase over the same events (ms): from the present of the frame that drew each
    /// first to its presented time.
    public var inputShownP50: Double = 0, inputShownP99: Double = 0
}
