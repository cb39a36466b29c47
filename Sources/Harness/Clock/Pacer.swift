/// Holds the frame loop to a target rate.
///
/// Presents are not paced by vsync under the dummy and offscreen drivers nor under Xvfb (SDL imitates
/// vsync there with a sleep to a whole millisecond), so the pacer never trusts them blindly. When vsync was asked for, the first ``detectionFrames``
/// frames run unpaced while the pacer watches the presents: if the median present blocks for at least
/// half the median interval between presents, presents wait for the display (``Mode/vsync``). When the
/// target rate is the display's own (``followsDisplay``) the pacer then follows the interval measured
/// (a 59.94 Hz display, a compositor's own repaint cadence); otherwise that interval must be within
/// 3 % of the target period. Else the pacer paces itself (``Mode/selfPaced``) and the loop turns vsync
/// off. (SDL's imitation of vsync where the renderer has none, a sleep to the next whole millisecond of
/// `1000 / refresh` as under Xvfb, is not watched at all: the backend says its presents cannot wait for a
/// display, and the loop paces itself from the start.)
///
/// A present that blocks for ``throttleThreshold`` or longer (20 frames a second or fewer) is the display
/// holding a hidden, covered or minimised window back: a compositor shows such a window 1 to 20 times a
/// second or never, and no SDL2 event says so. The pacer then marks the frames *throttled*
/// (``isThrottled``): the loop stops presenting what nobody sees, the pacer paces at ``throttledPeriod``
/// with interruptible sleeps (so input and signals are handled within that), and the backend is asked
/// each frame whether the display shows the window again (a Wayland frame callback). A backend that
/// cannot tell gets a probe instead: one frame in ``probeFrames`` is presented, and a present that
/// returns promptly ends the stretch. (The first present of a run is never taken for throttling: it maps
/// the window, which a compositor may take a while to do.)
///
/// Self-pacing uses absolute deadlines (deadline += period, so errors never accumulate): it sleeps
/// until `spinMargin` before the deadline and spins the rest, which trades a little CPU for accuracy: a
/// sleep alone wakes late by the scheduler's latency, a whole-millisecond sleep by up to two.
public final class Pacer {
    /// How frames are being paced.
    public enum Mode: String, Sendable {
        /// Still measuring whether presents are paced (not waiting meanwhile).
        case detecting
        /// Presents are paced by the display; the pacer does not wait.
        case vsync
        /// The pacer waits for absolute deadlines.
        case selfPaced = "self-paced"
        /// No pacing at all: frames run back to back (benchmarks, fast deterministic runs).
        case unpaced
        /// Presents do not wait; each frame starts when the ``LatchSchedule`` says, just in time for the
        /// compositor's next latch (``FrameSchedule/latch``). Until the schedule can predict (no display
        /// times yet), the pacer waits for its own deadlines, as ``selfPaced``.
        case latched
    }

    /// Frames measured before deciding between ``Mode/vsync`` and ``Mode/selfPaced``.
    public static let detectionFrames = 20

    /// A present that blocks at least this long (50 ms: 20 frames a second) is the display throttling the
    /// window.
    public static let throttleThreshold: UInt64 = 50_000_000
    /// The pace of throttled frames (100 ms): often enough to handle input and signals and to notice the
    /// window being shown again, rarely enough to cost little while nobody sees it.
    public static let throttledPeriod: UInt64 = 100_000_000
    /// While throttled, on a backend that cannot tell whether the display shows the window, one frame in
    /// this many is presented (a probe: about once a second).
    public static let probeFrames = 10

    /// The longest period the pacer waits (one hour, in nanoseconds); slower rates are held to it.
    public static let longestPeriod: UInt64 = 3_600_000_000_000

    /// Frames per second aimed at.
    public let targetRate: Double
    /// The schedule asked for; ``Mode/latched`` only once the loop finds display times (``startLatching()``).
    public let schedule: FrameSchedule
    /// One frame period in nanoseconds: the target rate's, or, once presents are found to wait for a
    /// display whose rate the pacer follows (see ``followsDisplay``), the display's as measured.
    public private(set) var period: UInt64
    /// Whether the target rate is the display's own (no `--fps`): then presents that wait for the display
    /// are followed at the interval they are measured at (59.94, 62.5 or 144 Hz, not SDL's whole number);
    /// otherwise only presents within 3 % of the target rate count as vsync.
    public let followsDisplay: Bool
    /// How long before a deadline sleeping gives way to spinning (nanoseconds).
    public let spinMargin: UInt64
    /// The current mode.
    public private(set) var mode: Mode
    /// The median interval between presents while the pacer watched them (nanoseconds): the display's
    /// refresh period, measured, when presents waited for it (updated while it follows the display); nil
    /// before detection ends or without it.
    public private(set) var measuredPresentInterval: UInt64?
    /// Whether the display is throttling presents (see ``throttleThreshold``): frames then come at
    /// ``throttledPeriod`` and the profiler counts them apart.
    public private(set) var isThrottled = false
    /// How frames are paced now, as the overlay says it: the mode's name, or `throttled`.
    public var label: String { isThrottled ? "throttled" : mode.rawValue }
    /// Total nanoseconds spent waiting.
    public private(set) var waitedNanoseconds: UInt64 = 0
    /// Thread CPU time consumed while waiting (sleep wake-ups and the final spin).
    public private(set) var waitCPUNanoseconds: UInt64 = 0

    private let source: TimeSource
    private let measuresCPU: Bool
    private var deadline: UInt64?
    private var presentSamples: [UInt64] = []
    private var intervalSamples: [UInt64] = []
    private var lastPresent: UInt64?
    private var sinceProbe = 0
    private var probing = false
    private var presentsSeen = 0

    /// The period (nanoseconds) a pacer holds `rate` frames per second to; 0 for an unpaced rate (`nil`,
    /// zero, negative, NaN).
    public static func period(forRate rate: Double?) -> UInt64 {
        guard let rate, rate.isFinite, rate > 0 else { return 0 }
        // Clamped, so that no rate traps the conversion (1e-300 fps would be a period past UInt64.max).
        return UInt64(min(max((1e9 / rate).rounded(), 1), Double(longestPeriod)))
    }

    /// Creates a pacer.
    /// - Parameters:
    ///   - targetRate: frames per second; `nil`, zero, negative or NaN gives an unpaced loop; rates
    ///     slower than one frame per ``longestPeriod`` are held to it.
    ///   - source: the clock to read and sleep on.
    ///   - spinMargin: seconds before each deadline to stop sleeping and spin (default 0.25 ms).
    ///   - detectVsync: whether to watch presents for vsync; off, the pacer always paces itself.
    ///   - followsDisplay: whether `targetRate` is the display's, to be replaced by the rate presents are
    ///     measured at when they wait for the display.
    ///   - schedule: when frames start where the display tells when it showed them (see ``FrameSchedule``).
    public init(
        targetRate: Double?, source: TimeSource, spinMargin: Double = 0.000_25, detectVsync: Bool = true,
        followsDisplay: Bool = false, schedule: FrameSchedule = .default
    ) {
        self.followsDisplay = followsDisplay
        self.schedule = schedule
        self.source = source
        self.measuresCPU = source is MonotonicClock
        if let rate = targetRate, rate.isFinite, rate > 0 {
            self.targetRate = rate
            period = Self.period(forRate: rate)
            mode = detectVsync ? .detecting : .selfPaced
        } else {
            self.targetRate = 0
            period = 0
            mode = .unpaced
        }
        self.spinMargin = UInt64(max(0, spinMargin) * 1e9)
    }

    /// The schedule frames start on in ``Mode/latched`` (see ``startLatching()``).
    public private(set) var latch = LatchSchedule()
    /// The display time the frame about to run aims at, and when it was to start (latched frames only).
    private var aim: (display: UInt64, start: UInt64)?
    /// How the frame about to run (after ``waitForNextFrame()``) was placed by the latch schedule; nil when it was
    /// not latched.
    public private(set) var plan: LatchPlan?
    /// Whether ``frameLatched`` has answered (not nil) once: the backend can tell from then on, and frames may be
    /// drawn ahead. Asked each frame until then and never after, since asking reads the compositor's connection.
    private var backendTellsLatched = false
    /// How long the frame being run waited to be committed (``waitToCommit()``).
    private var waitedToCommit: UInt64 = 0
    /// The thread's time waiting for a core, and the clock, when it was last read.
    private var lastCore: (waited: UInt64, at: UInt64)?
    /// Since the run began: latched frames planned, those drawn ahead (see ``LatchSchedule/plannedAhead``), and of
    /// those the ones drawn ahead with input arriving: the CPU contended, or repaints far slower than the
    /// compositor's refresh (see ``LatchSchedule/drawsAhead``).
    public private(set) var framesLatched = 0, framesDrawnAhead = 0, framesDrawnAheadContended = 0

    /// Whether frames are paced at the rate they will keep: not while vsync is detected, nor while a latched
    /// schedule has not yet measured the display's interval. Frames before are the run's warm-up.
    public var isSettled: Bool {
        switch mode {
        case .detecting: return false
        case .latched: return latch.hasMeasuredInterval
        default: return true
        }
    }

    /// How long after the last input event latched frames still start late (nanoseconds): then they are
    /// drawn ahead (see ``LatchSchedule/next(now:relaxed:)``).
    public static let inputActiveFor: UInt64 = 1_000_000_000
    /// When input last arrived (see ``inputArrived(at:)``).
    private var lastInput: UInt64?

    /// Whether the frame being run is the first to read input (until the wait after it).
    private var firstInput = false

    /// Tells the pacer that a frame starting at `time` read input: latched frames start late for the second
    /// after it.
    public func inputArrived(at time: UInt64) {
        if lastInput == nil { firstInput = true }
        lastInput = time
    }

    /// Reads the display's answers that have come (the loop's, which gives them to ``answered(frame:feedback:)``):
    /// a latched frame whose start comes after the previous frame's display time calls it then, and plans again
    /// from that answer.
    var collectsAnswers: (() -> Void)?
    /// Whether the compositor has repainted with the last frame presented (the loop's, from its backend's
    /// ``RenderBackend/lastFrameLatched()``): a frame drawn ahead is committed once it has.
    var frameLatched: (() -> Bool?)?
    /// How long after a display time its answer is looked for (nanoseconds).
    static let answerDelay: UInt64 = 1_000_000

    /// The display time the next frame aims at (latched frames only; nil otherwise).
    public var aimedDisplayTime: UInt64? { aim?.display }

    /// Paces by the display's answers from now on (``Mode/latched``): called by the loop when the run asked
    /// for ``FrameSchedule/latch`` and its backend has display times, once its presents no longer wait.
    public func startLatching() {
        guard schedule == .latch, mode != .unpaced else { return }
        mode = .latched
        deadline = nil
    }

    /// Tells the latch schedule that `frame` was presented, `busy` nanoseconds after it started, its
    /// present returning at `end`. A frame that was to start at a moment counts its busy time from that
    /// moment: a wake-up the scheduler made late (a busy core) is part of what the budget must cover.
    /// The first frame to read input is a warm-up for the schedule (see
    /// ``LatchSchedule/committed(frame:busy:at:aim:warmUp:)``).
    public func committed(frame: Int, busy: UInt64, endingAt end: UInt64) {
        guard mode == .latched, !isThrottled else { return }
        // Not the wait for the frame before to be shown (``waitToCommit()``): the frame was ready.
        let (busy, ready) = (busy - Swift.min(busy, waitedToCommit), end - Swift.min(end, waitedToCommit))
        let counted = aim.map { ready > $0.start ? Swift.max(busy, ready - $0.start) : busy } ?? busy
        latch.committed(frame: frame, busy: counted, at: end, aim: aim?.display, warmUp: firstInput)
    }

    /// Gives the latch schedule the display's answer for `frame`; the pacer's period follows the display's
    /// interval as the schedule measures it.
    public func answered(frame: Int, feedback: PresentationFeedback) {
        guard mode == .latched else { return }
        latch.answered(frame: frame, feedback: feedback)
        if latch.interval > 0 {
            period = latch.interval
            measuredPresentInterval = latch.interval
        }
    }

    /// Presents followed in vsync mode: the median of every ``followWindow`` intervals becomes the period.
    public static let followWindow = 60
    private var followed: [UInt64] = []

    /// Whether the loop tells the pacer about its presents (``observePresent(nanoseconds:endingAt:working:)``):
    /// while it detects vsync, while presents wait for the display and while throttled.
    public var watchesPresents: Bool { mode == .detecting || mode == .vsync || isThrottled }

    /// Tells the pacer how long the last present blocked and when it returned: for vsync detection, then,
    /// when it follows the display, to keep following its measured rate, and to notice throttling.
    /// - Parameters:
    ///   - nanoseconds: how long the present blocked.
    ///   - end: when it returned.
    ///   - working: the process's CPU time during the present: a present that blocks at least
    ///     ``throttleThreshold`` is throttled only if the process mostly idled meanwhile (rendering a heavy
    ///     frame on a software GL is slow, not throttled).
    public func observePresent(nanoseconds: UInt64, endingAt end: UInt64, working: UInt64 = 0) {
        if isThrottled {
            // Only probes are presented while throttled; one that returns promptly is shown again.
            if probing && nanoseconds < Self.throttleThreshold { resume() }
            probing = false
            return
        }
        guard mode == .detecting || mode == .vsync else { return }
        presentsSeen += 1
        if nanoseconds >= Self.throttleThreshold && working * 4 < nanoseconds && presentsSeen > 1 {
            isThrottled = true
            (deadline, lastPresent, sinceProbe) = (nil, nil, 0)
            return
        }
        if mode == .vsync && followsDisplay {
            follow(presentEndingAt: end)
            return
        }
        guard mode == .detecting else { return }
        presentSamples.append(nanoseconds)
        if let lastPresent { intervalSamples.append(end - lastPresent) }
        lastPresent = end
        guard presentSamples.count >= Self.detectionFrames else { return }
        let blocking = presentSamples.sorted()[presentSamples.count / 2]
        let interval = intervalSamples.sorted()[intervalSamples.count / 2]
        measuredPresentInterval = interval
        let offBy = interval > period ? interval - period : period - interval
        // Presents wait for the display when they block for at least half of each frame.
        let waits = blocking * 2 >= interval && interval > 0
        if waits && followsDisplay {
            mode = .vsync
            period = interval
        } else {
            mode = waits && offBy * 100 <= period * 3 ? .vsync : .selfPaced
        }
        presentSamples = []
        intervalSamples = []
    }

    /// Whether a frame is presented, asked where a frame would present: always, but while throttled only
    /// when the display has shown the window again (`displayShowed`, the backend's answer; the stretch
    /// ends here) or for a probe (one frame in ``probeFrames`` when the backend cannot tell, nil).
    /// `displayShowed` is only evaluated while throttled.
    public func presents(displayShowed: @autoclosure () -> Bool?) -> Bool {
        guard isThrottled else { return true }
        switch displayShowed() {
        case true?:
            resume()
            return true
        case false?:
            return false
        case nil:
            sinceProbe += 1
            probing = sinceProbe >= Self.probeFrames
            if probing { sinceProbe = 0 }
            return probing
        }
    }

    /// Ends a throttled stretch: presents wait for the display again; intervals across the stretch say
    /// nothing of the display's rate, so detection and following start over from the next present.
    private func resume() {
        isThrottled = false
        (deadline, lastPresent, probing) = (nil, nil, false)
        latch.restart()
        presentSamples.removeAll()
        intervalSamples.removeAll()
        followed.removeAll(keepingCapacity: true)
    }

    /// Takes the median of every ``followWindow`` present intervals as the period, when it is within a
    /// quarter of the current one: a display's rate drifts a little (a compositor's repaints settle after
    /// the window maps); presents far apart are a hidden or covered window being throttled, not a new rate.
    private func follow(presentEndingAt end: UInt64) {
        if let lastPresent, end > lastPresent {
            if followed.capacity == 0 { followed.reserveCapacity(Self.followWindow) }
            followed.append(end - lastPresent)
        }
        lastPresent = end
        guard followed.count >= Self.followWindow else { return }
        followed.sort()
        let median = followed[followed.count / 2]
        followed.removeAll(keepingCapacity: true)
        if median * 4 >= period * 3 && median * 4 <= period * 5 {
            period = median
            measuredPresentInterval = median
        }
    }

    /// Waits until the next frame's deadline and returns how long it waited (nanoseconds). Returns early
    /// when a stop is requested (see ``TimeSource/stopRequest``).
    ///
    /// A frame that overran its deadline starts at the next deadline of the same grid, as a display
    /// shows a late frame at its next refresh: a frame busy 2.5 periods is followed 3 periods after it
    /// started, never a period after it ended (which would stretch every late frame by up to a period), and
    /// never by a burst of frames run back to back to catch up.
    ///
    /// A latched frame starts when the ``LatchSchedule`` says; when that is after the previous frame's display
    /// time, the pacer reads the display's answers at that time and places the frame again from them.
    @discardableResult
    public func waitForNextFrame() -> UInt64 {
        aim = nil
        plan = nil
        firstInput = false
        waitedToCommit = 0
        if mode == .latched && !isThrottled {
            let now = source.now()
            // Read once a contention window (a file under /proc: a system call or three), not every frame.
            if lastCore.map({ now &- $0.at >= LatchSchedule.contentionWindow }) ?? true {
                let queued = source.runQueueTime()
                if let lastCore, now > lastCore.at, queued >= lastCore.waited {
                    latch.observeCore(waited: queued - lastCore.waited, over: now - lastCore.at)
                }
                lastCore = (queued, now)
            }
            if !backendTellsLatched { backendTellsLatched = frameLatched?() != nil }
            latch.mayDrawAhead = backendTellsLatched
            let relaxed = lastInput.map { now > $0 && now - $0 > Self.inputActiveFor } ?? true
            if var next = latch.next(now: now, relaxed: relaxed) {
                deadline = nil
                // The frame before is answered at its display time. A plan made earlier counts from an older
                // display, one more interval's wander from the aim: when the start comes after that answer,
                // wait for it and plan again from it.
                var waited: UInt64 = 0
                if let collectsAnswers, let before = latch.previousAim, before > now,
                    before &+ Self.answerDelay < next.start
                {
                    waited = wait(until: before &+ Self.answerDelay, from: now)
                    collectsAnswers()
                    if let again = latch.replan(now: source.now()) { next = again }
                }
                aim = (next.aim, next.start)
                plan = latch.lastPlan
                framesLatched += 1
                if latch.plannedAhead { framesDrawnAhead += 1 }
                if latch.plannedAhead && !relaxed { framesDrawnAheadContended += 1 }
                return waited &+ wait(until: next.start, from: source.now())
            }
            // Frames committed and unanswered for a while: a hidden window, a compositor asleep.
            if latch.isStale(now: now) {
                isThrottled = true
                (deadline, lastPresent, sinceProbe) = (nil, nil, 0)
            }
        }
        guard mode == .selfPaced || mode == .latched || isThrottled else { return 0 }
        let period = isThrottled ? Self.throttledPeriod : self.period
        let now = source.now()
        guard var next = deadline.map({ $0 &+ period }) else {
            deadline = now &+ period
            return wait(until: now &+ period, from: now)
        }
        if now > next { next &+= (now - next + period - 1) / period * period }
        deadline = next
        return wait(until: next, from: now)
    }

    /// Before a frame drawn ahead is committed (see ``LatchSchedule/plannedAhead``): waits until the compositor
    /// has repainted with the frame before it, looking every `latchPoll`, at most until an interval after that
    /// frame's display time (a compositor that late has missed a display already: the frame is committed then).
    /// Returns how long it waited (nanoseconds); 0 for any other frame.
    @discardableResult
    public func waitToCommit() -> UInt64 {
        guard mode == .latched, !isThrottled, plan?.ahead == true, let frameLatched, let before = latch.previousAim
        else { return 0 }
        let start = source.now()
        let until = before &+ latch.interval
        var now = start
        // Sleeping between looks, not spinning: a poll is as long as the spin before a deadline, and a frame
        // drawn ahead waits most of a repaint here (every frame of a scene without input).
        while frameLatched() == false, now < until, source.stopRequest == nil {
            _ = wait(until: Swift.min(now &+ Self.latchPoll, until), from: now, spinning: false)
            now = source.now()
        }
        waitedToCommit = now - start
        return waitedToCommit
    }

    /// How often a frame drawn ahead looks whether it may be committed (nanoseconds).
    static let latchPoll: UInt64 = 250_000

    /// Waits until `target`: sleeps until ``spinMargin`` before it and spins the rest, or, not `spinning`, sleeps
    /// the whole wait (woken a little late).
    private func wait(until target: UInt64, from start: UInt64, spinning: Bool = true) -> UInt64 {
        guard target > start else { return 0 }
        let cpuBefore = measuresCPU ? MonotonicClock.threadCPUTime() : 0
        if !spinning {
            source.sleep(until: target)
        } else if target - start > spinMargin {
            source.sleep(until: target - spinMargin)
        }
        var now = source.now()
        while spinning, now < target, source.stopRequest == nil {
            let previous = now
            now = source.now()
            // A clock that does not move by itself (a manual test clock) would spin forever: sleep instead.
            if now == previous {
                source.sleep(until: target)
                now = source.now()
            }
        }
        let waited = now > start ? now - start : 0
        waitedNanoseconds += waited
        if measuresCPU { waitCPUNanoseconds += MonotonicClock.threadCPUTime() - cpuBefore }
        return waited
    }
}
