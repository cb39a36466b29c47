import Histogram

/// Where one frame's time went, in nanoseconds.
public struct FramePhases: Hashable, Sendable {
    /// Polling and handling input events.
    public var input: UInt64 = 0
    /// Advancing the clock, the tweener and the scene.
    public var update: UInt64 = 0
    /// The scene building its draw list.
    public var draw: UInt64 = 0
    /// Turning the draw list into renderer calls (and any screenshot).
    public var render: UInt64 = 0
    /// Presenting the frame.
    public var present: UInt64 = 0
    /// Waiting for the next deadline.
    public var wait: UInt64 = 0

    /// Creates phases, all zero.
    public init() {}

    /// Everything but waiting: what the frame cost.
    public var busy: UInt64 { input + update + draw + render + present }

    /// The phases' names, in frame order (the order of ``subscript(_:)``).
    public static let names = ["input", "update", "draw", "render", "present", "wait"]

    /// The phase at `index` in frame order (0 input … 5 wait): lets per-frame code walk the phases
    /// without building an array for every frame.
    public subscript(_ index: Int) -> UInt64 {
        switch index {
        case 0: return input
        case 1: return update
        case 2: return draw
        case 3: return render
        case 4: return present
        default: return wait
        }
    }
}

/// One frame as the profiler saw it.
public struct FrameSample: Hashable, Sendable {
    /// 0-based frame number.
    public var index: Int
    /// When the frame began (monotonic nanoseconds).
    public var start: UInt64
    /// Time since the previous frame began (0 for the first frame).
    public var interval: UInt64
    /// Where the time went.
    public var phases: FramePhases
    /// When its present call returned (monotonic nanoseconds): the start plus every phase but the wait.
    public var presentEnd: UInt64 { start + phases.busy }
    /// Tweens the tweener tracked after the update.
    public var tweens: Int
    /// Animated values still animating after the update.
    public var animations: Int
    /// Whether the frame was paced (false while the pacer is still detecting vsync): only paced frames
    /// count towards deviations, missed deadlines and janks.
    public var paced: Bool
    /// Input events the frame handled.
    public var inputEvents: Int
    /// The longest input-to-present latency among them (nanoseconds from an event to this frame's
    /// present); 0 when there were none.
    public var inputLatency: UInt64
    /// The frame period the frame was held to (nanoseconds, 0 unpaced), as the pacer had it then (it
    /// follows a display's measured rate once it finds presents waiting for it); nil: whatever period the
    /// receiver was made with.
    public var period: UInt64?
    /// Whether the display throttled the frame (see ``Pacer/isThrottled``): its present was held back, or
    /// its interval spans a throttled present or wait (including the present of the frame that found the
    /// window shown again, which waits for the compositor to wake). Throttled frames are counted on their own, in no
    /// other figure.
    public var throttled: Bool
    /// What the display answered for the frame (see ``PresentationFeedback``); nil when the run has no
    /// display times or the frame was not presented (throttled).
    public var display: PresentationFeedback?
    /// The longest input-to-display latency among the input events this frame showed first: from each event
    /// to this frame's presented time (events of a discarded frame before it included); 0 when none.
    public var inputToDisplay: UInt64 = 0
    /// The longest time one of the frame's input events waited to be read: from the event to this frame's
    /// start (nanoseconds; 0 without events, and whenever event times are the poll's).
    public var inputWait: UInt64 = 0
    /// Where the frame drew the pointer, while a button was held (a drag); nil otherwise. What the pointer
    /// error at display is measured from.
    public var pointer: Point?
    /// How the latch schedule placed the frame (`--schedule latch` with display times); nil otherwise.
    public var plan: LatchPlan?

    /// Creates a sample.
    public init(
        index: Int, start: UInt64, interval: UInt64, phases: FramePhases, tweens: Int = 0, animations: Int = 0,
        paced: Bool = true, inputEvents: Int = 0, inputLatency: UInt64 = 0, period: UInt64? = nil,
        throttled: Bool = false
    ) {
        self.period = period
        self.throttled = throttled
        self.paced = paced
        self.inputEvents = inputEvents
        self.inputLatency = inputLatency
        self.index = index
        self.start = start
        self.interval = interval
        self.phases = phases
        self.tweens = tweens
        self.animations = animations
    }
}

/// Percentiles of a run's frame timing, in milliseconds.
///
/// Every figure but ``frames`` and the warm-up ones is over the same set of frames, the *steady* frames:
/// every frame after the first two that the pacer paced (it paces once it has finished detecting vsync; an
/// unpaced run is steady from its third frame) and the display did not throttle. The first two frames
/// (the first has no interval; the second's holds the first present, which maps the window and first uses
/// the renderer: start-up, not the scene) and the frames while the pacer detected vsync are the *warm-up*,
/// and the frames of a hidden or covered window the display throttled are *throttled*, each reported on
/// their own. The per-frame CSV marks each row's set (`paced`, `throttled`), so each figure can be
/// recomputed from it.
public struct FrameSummary: Hashable, Sendable {
    /// Frames recorded: ``warmUpFrames`` + ``steadyFrames`` + ``throttledFrames``.
    public var frames: Int
    /// Stretches of frames the display throttled (a hidden, covered or minimised window; see
    /// ``Pacer/throttleThreshold``), their frames, and the time they spanned (the sum of their intervals).
    public var throttledStretches: Int = 0, throttledFrames: Int = 0, throttledMs: Double = 0
    /// The first frame and the frames while the pacer detected vsync.
    public var warmUpFrames: Int
    /// The longest interval among the warm-up frames (0 when there were none after the first).
    public var warmUpIntervalMaxMs: Double
    /// The frames every other figure is computed over.
    public var steadyFrames: Int
    /// The frame period aimed at (0 when unpaced).
    public var targetPeriodMs: Double
    /// Frame interval percentiles over the steady frames: p50, p90, p99, p99.9 and the maximum.
    public var intervalP50: Double, intervalP90: Double, intervalP99: Double, intervalP999: Double, intervalMax: Double
    /// |interval − target period| percentiles over the steady frames (0 when unpaced).
    public var deviationP50: Double, deviationP99: Double, deviationMax: Double
    /// Steady frames whose interval exceeded the period by more than 5 %.
    public var missedDeadlines: Int
    /// Steady frames whose interval was at least twice the period (a dropped frame).
    public var janks: Int
    /// Steady frames shown late (see ``FrameStats/lateness(interval:targetPeriod:)``): more than half a
    /// period after their expected time and under ``FrameStats/stallThreshold``; 0 when unpaced.
    public var hitches: Int
    /// How late the hitches were in all: the sum of their interval − period.
    public var hitchTotalMs: Double
    /// Hitch time per second of steady frames (ms/s), Apple's hitch time ratio: under 5 good, 5 to 10 a
    /// warning, over 10 critical in Xcode's terms.
    public var hitchRatio: Double
    /// Steady frames of ``FrameStats/stallThreshold`` or more, counted apart from the hitches.
    public var stalls: Int
    /// The stalls' intervals in all, and the longest.
    public var stallTotalMs: Double, stallMaxMs: Double
    /// Frame overrun percentiles over the steady frames (Android's `frameOverrunMs`): busy time − period,
    /// how far past its deadline a frame's work finished (negative: that much early); 0 when unpaced.
    public var overrunP50: Double, overrunP90: Double, overrunP95: Double, overrunP99: Double
    /// The 1 % and 0.1 % lows: the frame rates of the 99th and 99.9th percentile intervals (1000 / p99 ms);
    /// 0 without steady frames.
    public var low1Fps: Double, low01Fps: Double
    /// Mean busy time (everything but the wait) per steady frame.
    public var meanBusyMs: Double
    /// Mean time per phase per steady frame.
    public var meanPhaseMs: [String: Double]
    /// Input events handled in the whole run (warm-up included), but for those of frames not presented
    /// (throttled): what the latency figures are over.
    public var inputEvents: Int
    /// Input-to-present latency percentiles over every input event: from when the event happened to the
    /// present of the first frame that reflects it (p50, p99, maximum).
    public var inputLatencyP50Ms: Double, inputLatencyP99Ms: Double, inputLatencyMaxMs: Double
    /// Input-to-present by phase, over the same events: waiting to be read (from the event to the start of
    /// the frame that read it) and the frame's own (from its start to its present's return), p50 and p99 each.
    public var inputWaitP50Ms: Double = 0, inputWaitP99Ms: Double = 0
    /// See ``inputWaitP50Ms``.
    public var inputFrameP50Ms: Double = 0, inputFrameP99Ms: Double = 0
    /// Where the input events' times came from (the compositor's stamps, or the frame's poll).
    public var inputTimes: String = ""
    /// Pointer error at display (px, layout points), over the frames shown during drags: where each drew the
    /// pointer against where the pointer was at its presented time (p50, p99), and the largest while the
    /// pointer was at rest (a prediction's overshoot at a stop). Frames counted: 0 without display times.
    public var pointerFrames = 0, pointerErrorP50: Double = 0, pointerErrorP99: Double = 0
    /// See ``pointerFrames``.
    public var pointerErrorAtRestMax: Double = 0
    /// Whether the run predicted the pointer (`--predict-pointer` or the scene's own choice).
    public var predictsPointer = false
    /// The display's figures, when the run had display times (see ``DisplayTimes``); nil otherwise.
    public var display: DisplaySummary?
    /// Why the run has no display figures (when ``display`` is nil).
    public var displayUnavailable: String = ""
}

/// Records every frame: a recent history for the overlay and HdrHistogram distributions for percentiles.
///
/// Percentiles come from HdrHistogram (3 significant digits, nanosecond values) rather than from
/// sorting every sample, so memory stays constant however long the run.
public final class FrameStats {
    /// The target frame period in nanoseconds (0 when unpaced): the one made with, or the period the
    /// latest steady frame carried (see ``FrameSample/period``).
    public private(set) var targetPeriod: UInt64
    /// How many recent frames ``recent`` keeps.
    public let historyLength: Int

    /// Intervals between frame starts (nanoseconds) of the steady frames (see ``FrameSummary``).
    public private(set) var intervals = Histogram<UInt64>(
        highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    /// |interval − period| (nanoseconds) of the steady frames.
    public private(set) var deviations = Histogram<UInt64>(
        highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    /// Frames recorded.
    public private(set) var frameCount = 0
    /// Warm-up frames recorded: the first two, and those while the pacer detected vsync.
    public private(set) var warmUpFrameCount = 0
    /// The longest warm-up interval (nanoseconds).
    public private(set) var warmUpIntervalMax: UInt64 = 0
    /// Input-to-present latencies (nanoseconds), one per input event (see ``recordInputLatency(_:)``).
    public private(set) var inputLatencies = Histogram<UInt64>(
        highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    /// The two phases of each input-to-present latency: waiting to be read, and the frame's own.
    private var inputWaits = Histogram<UInt64>(
        highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    private var inputFrames = Histogram<UInt64>(
        highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    /// Pointer errors at display in hundredths of a point, and the largest at rest (points).
    private var pointerErrors = Histogram<UInt64>(
        highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    private var pointerErrorAtRestMax = 0.0
    /// Whether the run predicted the pointer (set by the loop).
    public var predictsPointer = false
    /// Where input events' times come from (set by the loop from its backend).
    public var inputTimes = "the frame's poll"
    /// Steady frames more than 5 % late.
    public private(set) var missedDeadlines = 0
    /// Steady frames at least twice the period.
    public private(set) var janks = 0
    /// Busy time (nanoseconds) of the steady frames that had a target period: the frame overrun
    /// percentiles (an unpaced frame has no period to overrun).
    public private(set) var busy = Histogram<UInt64>(
        highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    /// Hitches and how late they were in all (nanoseconds).
    public private(set) var hitches = 0, hitchTotal: UInt64 = 0
    /// Stalls, their intervals in all and the longest (nanoseconds).
    public private(set) var stalls = 0, stallTotal: UInt64 = 0, stallMax: UInt64 = 0
    /// The steady frames' intervals in all (nanoseconds): the hitch ratio's denominator.
    public private(set) var steadyTotal: UInt64 = 0
    /// Throttled stretches, frames and the time they spanned (nanoseconds; see ``FrameSample/throttled``).
    public private(set) var throttledStretches = 0, throttledFrames = 0, throttledTotal: UInt64 = 0
    private var lastThrottled = false
    /// Where display times come from (set by the loop from its backend); the summary says why when none.
    public var displayTimes: DisplayTimes = .unavailable(reason: "the frames carried no presentation feedback")
    private var display = DisplayRecord()

    private var ring: [FrameSample] = []
    private var ringStart = 0
    private var phaseTotals = FramePhases()

    /// Creates a recorder for a loop aiming at `targetPeriod` nanoseconds per frame.
    public init(targetPeriod: UInt64, historyLength: Int = 300) {
        self.targetPeriod = targetPeriod
        self.historyLength = max(1, historyLength)
        ring.reserveCapacity(self.historyLength)
    }

    /// Records one input event's latency: nanoseconds from when it happened to the present of the frame
    /// that handled it (the frame loop calls this for every event).
    public func recordInputLatency(_ nanoseconds: UInt64) {
        inputLatencies.record(Swift.min(nanoseconds, 60_000_000_000))
    }

    /// Records one input event's input-to-present by phase: `waiting` from the event to the start of the frame
    /// that read it, `frame` from that start to its present's return (the frame loop calls this beside
    /// ``recordInputLatency(_:)``).
    public func recordInputPhases(waiting: UInt64, frame: UInt64) {
        inputWaits.record(Swift.min(waiting, 60_000_000_000))
        inputFrames.record(Swift.min(frame, 60_000_000_000))
    }

    /// Records one input event's input-to-display latency: nanoseconds from when it happened to the presented
    /// time of the first frame that drew it (the frame loop calls this as display answers come in).
    public func recordInputToDisplay(_ nanoseconds: UInt64) {
        display.input.record(Swift.min(nanoseconds, 60_000_000_000))
    }

    /// Records one frame's pointer error at display (points; see ``FrameSummary/pointerFrames``); `atRest`
    /// when the pointer had stopped at the frame's presented time.
    public func recordPointerError(_ points: Double, atRest: Bool) {
        guard points.isFinite, points >= 0 else { return }
        pointerErrors.record(UInt64(Swift.min(points * 100, 6e10)))
        if atRest { pointerErrorAtRestMax = Swift.max(pointerErrorAtRestMax, points) }
    }

    /// Records one input event's last phase: nanoseconds from the present of the first frame that drew it to
    /// that frame's presented time (the frame loop calls this beside ``recordInputToDisplay(_:)``).
    public func recordInputShown(_ nanoseconds: UInt64) {
        display.inputShown.record(Swift.min(nanoseconds, 60_000_000_000))
    }

    /// Whether a frame is steady (see ``FrameSummary``): after the first two, paced and not throttled.
    public static func isSteady(_ sample: FrameSample) -> Bool {
        sample.index > 1 && sample.paced && !sample.throttled
    }

    /// Whether a steady frame of this `interval` is a jank: at least twice `targetPeriod` (never when
    /// unpaced, `targetPeriod` 0).
    public static func isJank(interval: UInt64, targetPeriod: UInt64) -> Bool {
        targetPeriod > 0 && interval >= targetPeriod * 2
    }

    /// A steady frame at least this long (100 ms) is a stall: counted apart, not among the hitches, so
    /// that one long pause (a window dragged, the machine swapping) does not read as choppy motion.
    public static let stallThreshold: UInt64 = 100_000_000

    /// What a steady frame's `interval` says about it against `targetPeriod`, the one definition the
    /// summary, the CSV, the trace and the plot share:
    /// - a **hitch** when it came more than half a period late (interval > 1.5 periods: on a display at
    ///   that rate it missed its refresh) and under ``stallThreshold``; `lateBy` = interval − period;
    /// - a **stall** when it is that late and ``stallThreshold`` or longer (in an unpaced run, when it is
    ///   ``stallThreshold`` or longer);
    /// - neither otherwise (`lateBy` 0). An unpaced run (`targetPeriod` 0) has no hitches.
    // Inlined: `record` asks for every frame (benchmark row "Frame loop, empty scene, no-op backend").
    @inline(__always)
    public static func lateness(interval: UInt64, targetPeriod: UInt64) -> (lateBy: UInt64, stall: Bool) {
        let late = targetPeriod > 0 && interval * 2 > targetPeriod * 3
        if interval >= stallThreshold, late || targetPeriod == 0 { return (0, true) }
        return late ? (interval - targetPeriod, false) : (0, false)
    }

    /// Records one frame.
    public func record(_ sample: FrameSample) {
        frameCount += 1
        if sample.throttled && !lastThrottled { throttledStretches += 1 }
        lastThrottled = sample.throttled
        if sample.throttled {
            throttledFrames += 1
            throttledTotal += sample.interval
        } else if Self.isSteady(sample) {
            if let period = sample.period { targetPeriod = period }
            steadyTotal += sample.interval
            let late = Self.lateness(interval: sample.interval, targetPeriod: targetPeriod)
            if late.stall {
                stalls += 1
                stallTotal += sample.interval
                stallMax = Swift.max(stallMax, sample.interval)
            } else if late.lateBy > 0 {
                hitches += 1
                hitchTotal += late.lateBy
            }
            phaseTotals.input += sample.phases.input
            phaseTotals.update += sample.phases.update
            phaseTotals.draw += sample.phases.draw
            phaseTotals.render += sample.phases.render
            phaseTotals.present += sample.phases.present
            phaseTotals.wait += sample.phases.wait
            intervals.record(sample.interval)
            if targetPeriod > 0 {
                busy.record(Swift.min(sample.phases.busy, 60_000_000_000))
                let deviation =
                    sample.interval > targetPeriod ? sample.interval - targetPeriod : targetPeriod - sample.interval
                deviations.record(deviation)
                if sample.interval * 100 > targetPeriod * 105 { missedDeadlines += 1 }
                if Self.isJank(interval: sample.interval, targetPeriod: targetPeriod) { janks += 1 }
            }
        } else {
            warmUpFrameCount += 1
            warmUpIntervalMax = max(warmUpIntervalMax, sample.interval)
        }
        if sample.display != nil { display.record(sample, steady: Self.isSteady(sample), period: targetPeriod) }
        if ring.count < historyLength {
            ring.append(sample)
        } else {
            ring[ringStart] = sample
            // A compare, not `%`: a division every frame (benchmark row "Frame loop, empty scene, no-op backend").
            ringStart = ringStart + 1 == historyLength ? 0 : ringStart + 1
        }
    }

    /// The most recent frames, oldest first.
    public var recent: [FrameSample] {
        var samples: [FrameSample] = []
        forEachRecent { samples.append($1) }
        return samples
    }

    /// Calls `body` with each recent frame's position (0 = oldest) and sample, oldest first, without
    /// copying the history (the overlay walks it every frame).
    public func forEachRecent(_ body: (Int, FrameSample) -> Void) {
        // The ring from its start to its end, then from its beginning: no division per frame of history,
        // which the overlay walks every frame.
        var position = 0
        for i in ringStart..<ring.count {
            body(position, ring[i])
            position += 1
        }
        for i in 0..<ringStart {
            body(position, ring[i])
            position += 1
        }
    }

    /// Percentiles and counts so far.
    public func summary() -> FrameSummary {
        let ms = { (ns: UInt64) in Double(ns) / 1e6 }
        let steady = frameCount - warmUpFrameCount - throttledFrames
        let n = Double(max(steady, 1))
        var means: [String: Double] = [:]
        for (index, name) in FramePhases.names.enumerated() { means[name] = Double(phaseTotals[index]) / n / 1e6 }
        let hasIntervals = intervals.totalCount > 0
        let hasDeviations = deviations.totalCount > 0
        let hasLatencies = inputLatencies.totalCount > 0
        let paced = hasIntervals && targetPeriod > 0
        let interval = intervals.values(atPercentiles: [50, 90, 99, 99.9])
        let deviation = deviations.values(atPercentiles: [50, 99])
        let busyTime = paced ? busy.values(atPercentiles: [50, 90, 95, 99]) : [0, 0, 0, 0]
        let latency = inputLatencies.values(atPercentiles: [50, 99])
        let overrun = { (index: Int) in paced ? (Double(busyTime[index]) - Double(self.targetPeriod)) / 1e6 : 0 }
        let low = { (index: Int) in hasIntervals ? 1e9 / Double(interval[index]) : 0 }
        return FrameSummary(
            frames: frameCount,
            throttledStretches: throttledStretches, throttledFrames: throttledFrames,
            throttledMs: ms(throttledTotal),
            warmUpFrames: warmUpFrameCount,
            warmUpIntervalMaxMs: ms(warmUpIntervalMax),
            steadyFrames: steady,
            targetPeriodMs: ms(targetPeriod),
            intervalP50: ms(interval[0]),
            intervalP90: ms(interval[1]),
            intervalP99: ms(interval[2]),
            intervalP999: ms(interval[3]),
            intervalMax: hasIntervals ? ms(intervals.max) : 0,
            deviationP50: ms(deviation[0]),
            deviationP99: ms(deviation[1]),
            deviationMax: hasDeviations ? ms(deviations.max) : 0,
            missedDeadlines: missedDeadlines,
            janks: janks,
            hitches: hitches,
            hitchTotalMs: ms(hitchTotal),
            hitchRatio: steadyTotal > 0 ? ms(hitchTotal) / (Double(steadyTotal) / 1e9) : 0,
            stalls: stalls,
            stallTotalMs: ms(stallTotal),
            stallMaxMs: ms(stallMax),
            overrunP50: overrun(0), overrunP90: overrun(1), overrunP95: overrun(2), overrunP99: overrun(3),
            low1Fps: low(2), low01Fps: low(3),
            meanBusyMs: Double(phaseTotals.busy) / n / 1e6,
            meanPhaseMs: means,
            inputEvents: Int(inputLatencies.totalCount),
            inputLatencyP50Ms: ms(latency[0]),
            inputLatencyP99Ms: ms(latency[1]),
            inputLatencyMaxMs: hasLatencies ? ms(inputLatencies.max) : 0,
            inputWaitP50Ms: ms(inputWaits.valueAtPercentile(50)), inputWaitP99Ms: ms(inputWaits.valueAtPercentile(99)),
            inputFrameP50Ms: ms(inputFrames.valueAtPercentile(50)),
            inputFrameP99Ms: ms(inputFrames.valueAtPercentile(99)), inputTimes: inputTimes,
            pointerFrames: Int(pointerErrors.totalCount),
            pointerErrorP50: Double(pointerErrors.valueAtPercentile(50)) / 100,
            pointerErrorP99: Double(pointerErrors.valueAtPercentile(99)) / 100,
            pointerErrorAtRestMax: pointerErrorAtRestMax, predictsPointer: predictsPointer,
            display: display.summary(steadyTotal: steadyTotal, times: displayTimes),
            displayUnavailable: displayReason
        )
    }

    private var displayReason: String {
        if case let .unavailable(reason) = displayTimes { return reason }
        return ""
    }
}

/// The display side of ``FrameStats``: what each frame's ``PresentationFeedback`` adds to the figures.
struct DisplayRecord {
    var track = DisplayTrack()
    var intervals = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    var latencies = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    var input = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    /// Each input event's last phase: from the present of the frame that drew it first to its presented time.
    var inputShown = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    var presented = 0, discarded = 0, pending = 0, hitches = 0, stalls = 0
    var hitchTotal: UInt64 = 0
    var seen = false, allHardware = true

    mutating func record(_ sample: FrameSample, steady: Bool, period: UInt64) {
        guard let feedback = sample.display else { return }
        seen = true
        let shown = track.next(sample, period: sample.period ?? period)
        guard steady else { return }
        switch feedback.outcome {
        case .discarded: discarded += 1
        case .pending: pending += 1
        case .presented:
            presented += 1
            allHardware = allHardware && feedback.isHardware
            latencies.record(Swift.min(feedback.time - Swift.min(sample.presentEnd, feedback.time), 60_000_000_000))
            if let shown {
                intervals.record(Swift.min(shown.interval, 60_000_000_000))
                if shown.stall {
                    stalls += 1
                } else if shown.lateBy > 0 {
                    hitches += 1
                    hitchTotal += shown.lateBy
                }
            }
        }
    }

    func summary(steadyTotal: UInt64, times: DisplayTimes) -> DisplaySummary? {
        guard seen || times.isAvailable else { return nil }
        let ms = { (ns: UInt64) in Double(ns) / 1e6 }
        let interval = intervals.values(atPercentiles: [50, 90, 99])
        let latency = latencies.values(atPercentiles: [50, 99])
        let inputLatency = input.values(atPercentiles: [50, 99])
        return DisplaySummary(
            source: presented > 0 && allHardware ? "hardware" : "compositor's clock",
            presented: presented, discarded: discarded, pending: pending,
            intervalP50: ms(interval[0]), intervalP90: ms(interval[1]),
            intervalP99: ms(interval[2]), intervalMax: intervals.totalCount > 0 ? ms(intervals.max) : 0,
            hitches: hitches, hitchTotalMs: ms(hitchTotal),
            hitchRatio: steadyTotal > 0 ? ms(hitchTotal) / (Double(steadyTotal) / 1e9) : 0, stalls: stalls,
            latencyP50: ms(latency[0]), latencyP99: ms(latency[1]),
            latencyMax: latencies.totalCount > 0 ? ms(latencies.max) : 0,
            inputEvents: Int(input.totalCount), inputP50: ms(inputLatency[0]), inputP99: ms(inputLatency[1]),
            inputMax: input.totalCount > 0 ? ms(input.max) : 0, inputShownP50: ms(inputShown.valueAtPercentile(50)),
            inputShownP99: ms(inputShown.valueAtPercentile(99)))
    }
}

extension FrameSummary {
    /// A few human-readable lines: what `cadence` prints and writes on exit.
    public var text: String {
        func f(_ x: Double) -> String {
            let scaled = (x * 1000).rounded() / 1000
            return String(scaled)
        }
        var lines = [
            "frames: \(frames) = \(warmUpFrames) warm-up + \(steadyFrames) steady + \(throttledFrames) throttled; the figures below are over the steady frames"
        ]
        lines.append(
            "warm-up frames: \(warmUpFrames) (the first two, and those while the pacer detected vsync), longest interval \(f(warmUpIntervalMaxMs)) ms"
        )
        lines.append(
            "interval ms: p50 \(f(intervalP50))  p90 \(f(intervalP90))  p99 \(f(intervalP99))  p99.9 \(f(intervalP999))  max \(f(intervalMax))"
        )
        if targetPeriodMs > 0 {
            lines.append(
                "deviation from \(f(targetPeriodMs)) ms: p50 \(f(deviationP50))  p99 \(f(deviationP99))  max \(f(deviationMax))"
            )
            lines.append("missed deadlines: \(missedDeadlines)  janks: \(janks)")
            lines.append(
                "hitches: \(hitches)  late ms: \(f(hitchTotalMs))  hitch ratio ms/s: \(f(hitchRatio))  (over all steady frames)"
            )
            lines.append(
                "frame overrun ms: p50 \(f(overrunP50))  p90 \(f(overrunP90))  p95 \(f(overrunP95))  p99 \(f(overrunP99))"
            )
        }
        lines.append(
            "throttled: \(throttledStretches) stretches, \(throttledFrames) frames, \(f(throttledMs)) ms (the display held presents back: a hidden or covered window)"
        )
        lines.append("stalls: \(stalls)  total ms: \(f(stallTotalMs))  longest ms: \(f(stallMaxMs))")
        lines.append("lows fps: 1% \(f(low1Fps))  0.1% \(f(low01Fps))")
        let phases = FramePhases.names
            .map { "\($0) \(f(meanPhaseMs[$0] ?? 0))" }.joined(separator: "  ")
        lines.append("mean ms per frame: busy \(f(meanBusyMs))  \(phases)")
        lines.append(
            inputEvents == 0
                ? "input-to-present ms: no input events"
                : "input-to-present ms over \(inputEvents) input events: p50 \(f(inputLatencyP50Ms))  p99 \(f(inputLatencyP99Ms))  max \(f(inputLatencyMaxMs))"
        )
        if inputEvents > 0 {
            let shown = display.map { d in "  present to shown \(f(d.inputShownP50)) / \(f(d.inputShownP99))" } ?? ""
            lines.append(
                "input by phase, ms p50 / p99: waiting to be read \(f(inputWaitP50Ms)) / \(f(inputWaitP99Ms))  frame start to present \(f(inputFrameP50Ms)) / \(f(inputFrameP99Ms))\(shown)"
            )
            lines.append("input times: \(inputTimes)")
        }
        guard let display else {
            lines.append(
                "display times: unavailable (\(displayUnavailable)); every figure above ends at the present call")
            return lines.joined(separator: "\n")
        }
        lines.append(
            "display (\(display.source)): \(display.presented) presented, \(display.discarded) discarded, \(display.pending) pending of \(steadyFrames) steady frames"
        )
        lines.append(
            "display interval ms: p50 \(f(display.intervalP50))  p90 \(f(display.intervalP90))  p99 \(f(display.intervalP99))  max \(f(display.intervalMax))"
        )
        lines.append(
            "display hitches: \(display.hitches)  late ms: \(f(display.hitchTotalMs))  hitch ratio ms/s: \(f(display.hitchRatio))  display stalls: \(display.stalls)"
        )
        lines.append(
            "present-to-display ms: p50 \(f(display.latencyP50))  p99 \(f(display.latencyP99))  max \(f(display.latencyMax))"
        )
        if pointerFrames > 0 {
            lines.append(
                "pointer error at display px over \(pointerFrames) frames shown during drags: p50 \(f(pointerErrorP50))  p99 \(f(pointerErrorP99))  at rest max \(f(pointerErrorAtRestMax))  (prediction \(predictsPointer ? "on" : "off"))"
            )
        }
        lines.append(
            display.inputEvents == 0
                ? "input-to-display ms: no input events presented"
                : "input-to-display ms over \(display.inputEvents) input events: p50 \(f(display.inputP50))  p99 \(f(display.inputP99))  max \(f(display.inputMax))"
        )
        return lines.joined(separator: "\n")
    }
}

extension FrameSummary {
    /// One figure of a summary, by the name `--fail-if` and `cadence compare` know it by.
    public struct Figure: Sendable, Equatable {
        /// The name in conditions (`p99`, `hitch-ratio`, `low-1`).
        public var name: String
        /// Its unit (`ms`, `ms/s`, `fps`; empty for a count).
        public var unit: String
        /// Its value.
        public var value: Double
        /// Whether a larger value is worse (false for the lows, where more frames a second is better).
        public var largerIsWorse: Bool
    }

    /// The figures made from every input event or pointer sample of a run, which its `--profile` CSV does not
    /// hold (it keeps each frame's longest input latency): a summary computed from a profile has them as 0.
    public static let perEventFigures: Set<String> = [
        "input-events", "input-p50", "input-p99", "input-max", "input-wait-p50", "input-wait-p99",
        "input-frame-p50", "input-frame-p99", "input-to-display-events", "input-to-display-p50",
        "input-to-display-p99", "input-to-display-max", "input-to-display-shown-p50", "input-to-display-shown-p99",
        "display-pointer-error-p50", "display-pointer-error-p99", "display-pointer-overshoot",
    ]

    /// Every figure of the summary, in the order the summary prints them.
    public var figures: [Figure] {
        func figure(_ name: String, _ unit: String, _ value: Double, worse: Bool = true) -> Figure {
            Figure(name: name, unit: unit, value: value, largerIsWorse: worse)
        }
        var list = [
            figure("frames", "", Double(frames), worse: false),
            figure("steady", "", Double(steadyFrames), worse: false),
            figure("warm-up", "", Double(warmUpFrames)), figure("warm-up-max", "ms", warmUpIntervalMaxMs),
            figure("p50", "ms", intervalP50), figure("p90", "ms", intervalP90), figure("p99", "ms", intervalP99),
            figure("p99.9", "ms", intervalP999), figure("max", "ms", intervalMax),
        ]
        if targetPeriodMs > 0 {
            list += [
                figure("deviation-p50", "ms", deviationP50), figure("deviation-p99", "ms", deviationP99),
                figure("deviation-max", "ms", deviationMax), figure("missed", "", Double(missedDeadlines)),
                figure("janks", "", Double(janks)), figure("hitches", "", Double(hitches)),
                figure("late", "ms", hitchTotalMs), figure("hitch-ratio", "ms/s", hitchRatio),
                figure("overrun-p50", "ms", overrunP50), figure("overrun-p90", "ms", overrunP90),
                figure("overrun-p95", "ms", overrunP95), figure("overrun-p99", "ms", overrunP99),
            ]
        }
        list += [
            figure("throttled", "", Double(throttledStretches)),
            figure("throttled-frames", "", Double(throttledFrames)), figure("throttled-ms", "ms", throttledMs),
            figure("stalls", "", Double(stalls)), figure("stall-total", "ms", stallTotalMs),
            figure("stall-max", "ms", stallMaxMs), figure("low-1", "fps", low1Fps, worse: false),
            figure("low-0.1", "fps", low01Fps, worse: false), figure("busy", "ms", meanBusyMs),
        ]
        list += FramePhases.names.map { figure($0, "ms", meanPhaseMs[$0] ?? 0) }
        list += [
            figure("input-events", "", Double(inputEvents), worse: false),
            figure("input-p50", "ms", inputLatencyP50Ms), figure("input-p99", "ms", inputLatencyP99Ms),
            figure("input-max", "ms", inputLatencyMaxMs),
            figure("input-wait-p50", "ms", inputWaitP50Ms), figure("input-wait-p99", "ms", inputWaitP99Ms),
            figure("input-frame-p50", "ms", inputFrameP50Ms), figure("input-frame-p99", "ms", inputFrameP99Ms),
        ]
        if let display {
            list += Self.displayFigures(display)
            // Pointer error needs display times: its figures go with the display's.
            list += [
                Figure(name: "display-pointer-error-p50", unit: "px", value: pointerErrorP50, largerIsWorse: true),
                Figure(name: "display-pointer-error-p99", unit: "px", value: pointerErrorP99, largerIsWorse: true),
                Figure(
                    name: "display-pointer-overshoot", unit: "px", value: pointerErrorAtRestMax, largerIsWorse: true),
            ]
        }
        return list
    }

    /// The display's figures, by name: every one starts `display-`, `present-to-display-` or
    /// `input-to-display-` (see ``FrameGate/needsDisplayTimes``).
    static func displayFigures(_ display: DisplaySummary) -> [Figure] {
        func figure(_ name: String, _ unit: String, _ value: Double, worse: Bool = true) -> Figure {
            Figure(name: name, unit: unit, value: value, largerIsWorse: worse)
        }
        return [
            figure("display-presented", "", Double(display.presented), worse: false),
            figure("display-discarded", "", Double(display.discarded)),
            figure("display-pending", "", Double(display.pending)),
            figure("display-p50", "ms", display.intervalP50), figure("display-p90", "ms", display.intervalP90),
            figure("display-p99", "ms", display.intervalP99), figure("display-max", "ms", display.intervalMax),
            figure("display-hitches", "", Double(display.hitches)),
            figure("display-late", "ms", display.hitchTotalMs),
            figure("display-hitch-ratio", "ms/s", display.hitchRatio),
            figure("display-stalls", "", Double(display.stalls)),
            figure("present-to-display-p50", "ms", display.latencyP50),
            figure("present-to-display-p99", "ms", display.latencyP99),
            figure("present-to-display-max", "ms", display.latencyMax),
            figure("input-to-display-events", "", Double(display.inputEvents), worse: false),
            figure("input-to-display-p50", "ms", display.inputP50),
            figure("input-to-display-p99", "ms", display.inputP99),
            figure("input-to-display-max", "ms", display.inputMax),
            figure("input-to-display-shown-p50", "ms", display.inputShownP50),
            figure("input-to-display-shown-p99", "ms", display.inputShownP99),
        ]
    }
}
