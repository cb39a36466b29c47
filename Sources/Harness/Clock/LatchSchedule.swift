/// When a frame starts: as soon as the previous one's present returns, or late, just in time for the display.
public enum FrameSchedule: String, CaseIterable, Sendable {
    /// The frame after a present starts when the present returns. On Wayland SDL's swap (vsync on) waits for
    /// the compositor's frame callback of the *previous* commit before it commits, so every frame is drawn a
    /// whole repaint before it is handed over, and its input is that much older when it is shown.
    case swap
    /// Presents return at once (vsync off) and each frame starts at the moment the compositor's next latch is
    /// predicted for, minus a budget (see ``LatchSchedule``), reading its input then. Needs display times
    /// (Wayland's presentation feedback); elsewhere (X11, headless) it is ``swap``: with no display times there
    /// is no latch to aim at, and the pacer keeps its deadline.
    case latch

    /// The schedule a run uses when none is asked for.
    public static let `default` = FrameSchedule.latch
}

/// Starts frames late, on purpose: each one just early enough to be committed before the compositor's next
/// latch, so that the input it reads at its start is as fresh as it can be when the frame is shown.
///
/// The compositor says when each frame was shown (presentation feedback); frames shown one after another
/// give its repaint interval, the last one shown anchors the grid of display times to come. A frame aims
/// at the first display time on that grid after the previous frame's, and starts at that time minus a
/// *lead*: the busy budget, its headroom and a margin.
///
/// - The **budget** is the longest busy time of the last ``recentBusyHistory`` frames, or the second longest
///   of the last ``busyHistory`` if that is longer; a busy time runs from when the frame was to start to the
///   return of its present (a late wake-up on a busy core counts). A long frame that comes back is covered
///   for the whole history, one that came once (a first use) for the recent frames only; the first frame to
///   read input, which pays for the first uses input brings, not at all. When a budget's frame leaves the
///   history the budget comes down a step a frame, not at once: each lead on the way down is tried by a frame.
/// - The **headroom** is 0 until frames over their budget are late twice within the history, apart (not in one
///   burst); then it is how far the longest was above the median busy time (see ``headroom``): a core shared
///   with other work makes frames longer than any before, and the next may be as much longer again.
/// - The **margin** is how long before its aim a frame's present must return: how long before a display time
///   the compositor latches (weston: its repaint window) and how much that wanders. It is learned from the
///   frames' answers: it starts at a whole interval (a commit then lands where the `swap` schedule's would,
///   so the first frames are never late); after ``firstNarrowRun`` frames shown on time in a row it narrows
///   by a step (1/32 of the interval) until a frame first misses, then after ``narrowRun``, but never to a
///   step or less above where a present that missed returned, within ``forgetAfter`` frames of the miss.
/// - A frame is **late** when it is shown more than a quarter of an interval after it was due: its aim, or as
///   many intervals after the frame before it was shown as it aimed after that frame's aim, if that is later
///   (an aim from an older display time carries the prediction's error, not the frame's). A compositor whose
///   repaint loop stops when a latch finds nothing new (weston) shows a late commit about a refresh after the
///   commit: less than half an interval late when it latches more than half an interval early. A frame late
///   or never shown widens the margin to three steps past where its present returned, times the widenings
///   in the last 600 frames after the first (misses that keep coming widen it faster), unless it says nothing
///   of the latch: it returned a step or more later than its margin allowed (its busy time was at fault: the
///   budget holds that busy time from now on, and the headroom may grow), or it was in flight when a frame
///   before it was late.
/// - The lead is at most ``longestLead``: an interval, plus how early the compositor is known to latch. A
///   frame started earlier could be committed before the latch of the display time before its own, replace
///   the frame shown there and leave its own display time with nothing new.
/// - A frame is **drawn ahead** instead when starting late buys nothing or costs too much: while no input
///   arrives, and while the CPU is contended (see ``drawsAhead``). It aims at the same display time, starts
///   ``aheadLead`` before it, and its commit waits until the compositor has repainted with the frame before
///   (the pacer asks the backend): it is committed a whole repaint early, as `swap`'s frames are, so a slow
///   frame, a late wake-up or a late compositor costs no display hitch; its outcome teaches the margin nothing.
///
/// The pacer plans each frame when the one before has been presented and, when the start comes after that
/// frame's display time, plans it again from its answer: from the display time before, not two before, the
/// aim does not carry one more interval's wander (and if that answer widened the margin, the frame takes the
/// wider lead). The wait before a frame is never longer than two intervals. When no frame committed in the last ``staleAfter`` has been shown (a hidden window, a compositor asleep: no
/// answers, or only discards), ``next(now:relaxed:)`` returns nil and the pacer takes the window for
/// throttled (see ``Pacer``).
public struct LatchSchedule: Sendable {
    /// The margin's step, as a part of the interval: small, so that a margin narrowed past the compositor's
    /// latch misses it by little, and the frames already in flight with it mostly do not.
    public static let stepsPerInterval: UInt64 = 32
    /// Frames shown on time in a row before the margin narrows by a step, once a frame has missed.
    public static let narrowRun = 30
    /// The same before the first miss: the margin comes down from a whole interval within a second or so.
    public static let firstNarrowRun = 5
    /// Frames after a miss during which margins a step or less above where its present returned are not tried
    /// again.
    public static let forgetAfter = 3_600
    /// How long committed frames may go unanswered before the schedule stops predicting (nanoseconds).
    public static let staleAfter: UInt64 = 250_000_000
    /// Busy times kept for the budget: about 20 seconds, so that a busy time that comes back every few seconds
    /// (a core shared with other work) stays covered.
    public static let busyHistory = 1_200
    /// The most recent of them, whose longest alone is enough for the budget.
    public static let recentBusyHistory = 240
    /// Display intervals kept for the interval's median.
    public static let intervalHistory = 15

    /// The display's repaint interval, measured from frames shown one after another (nanoseconds; 0 before
    /// the first two answers, unless the compositor gave its refresh).
    public private(set) var interval: UInt64 = 0
    /// The margin added to the busy budget (nanoseconds; see the type's description).
    public private(set) var margin: UInt64 = 0
    /// Frames shown late or never, since the schedule began.
    public private(set) var misses = 0
    /// Frames shown on their aim, since the schedule began.
    public private(set) var hits = 0

    private var anchor: UInt64?
    private var lastAim: UInt64?
    /// The aim of the frame before the one last planned.
    private(set) var previousAim: UInt64?
    /// The anchor the last frame was planned from.
    private var plannedFrom: UInt64 = 0
    private var run = 0
    /// The least offset (how long before its aim a present returned) of the frames shown on time.
    private var leastEverOnTime = UInt64.max
    private var sinceMiss = Int.max
    /// How long before its aim the present of the last frame the margin made late returned: the compositor
    /// latches earlier than that (to within a step).
    private var missedMargin: UInt64 = 0
    private var busy: [UInt64] = []
    private var busyNext = 0
    private var intervals: [UInt64] = []
    /// A sorted copy of `intervals`, in a buffer kept from answer to answer (one comes every frame).
    private var sortedIntervals: [UInt64] = []
    private var intervalNext = 0
    /// How many times the margin has widened.
    private var widenings = 0
    /// When (in frames answered) it widened in the last ``forgetAfter``/6 frames.
    private var recentWidenings: [Int] = []
    /// The last frames committed: (frame, its aim or 0, when its present returned, the margin it started
    /// with (its lead less budget and headroom), the misses before it, whether it was drawn ahead, its busy
    /// time), oldest first.
    private var commits:
        [(frame: Int, aim: UInt64, at: UInt64, margin: UInt64, misses: Int, ahead: Bool, busy: UInt64)] = []
    private var lastShown: (frame: Int, time: UInt64, aim: UInt64)?
    /// When the first frame committed since the last one shown was committed (nil: none since).
    private var unshownSince: UInt64?

    /// The longest busy time of the last ``recentBusyHistory`` frames: the ring's newest entries end just
    /// before `busyNext`, and wrap around its end.
    private var recentLongest: UInt64 {
        let end = busyNext == 0 ? busy.count : busyNext
        let count = Swift.min(Self.recentBusyHistory, busy.count)
        if end >= count { return busy[(end - count)..<end].max() ?? 0 }
        return Swift.max(busy[..<end].max() ?? 0, busy[(busy.count - (count - end))...].max() ?? 0)
    }

    /// Whether the display's interval has been measured (``intervalHistory`` pairs of frames shown one after
    /// another): until then frames count as the pacer's warm-up, since their period is not yet the display's.
    public var hasMeasuredInterval: Bool { intervals.count >= Self.intervalHistory }

    /// A schedule with nothing known yet.
    public init() {}

    /// The busy budget (nanoseconds; see the type's description), coming down by at most a step a frame. A
    /// frame over its budget may miss the latch and cost a display hitch; percentiles below the longest left
    /// one a second or so under a busy core. The slow descent keeps a budget held up by one long frame from
    /// dropping at once to a lead the margin never met.
    public private(set) var budget: UInt64 = 0

    /// Added to the budget once frames over it were late twice within ``busyHistory`` frames (nanoseconds): how far
    /// the longer of the two was above the median busy time. Frames longer than any of the last seconds that come
    /// back show a core shared with other work, whose next long frame may be as much longer again; one that came
    /// once (a first use) gives none. Held for ``recentBusyHistory`` frames after the last such frame, then a step
    /// less every ``narrowRun``; 0 on a machine whose frames keep within their budget.
    public private(set) var headroom: UInt64 = 0
    private var sinceOverBudget = 0
    /// When (in frames answered) the last frame over its budget was late, and how far above the median it was.
    private var lastOverBudget: (answered: Int, excess: UInt64)?
    /// A sorted copy of the busy times, in a buffer kept for the next frame over budget.
    private var sortedBusy: [UInt64] = []

    /// How long before its aim a frame starts: the budget, its headroom and the margin, at most ``longestLead``.
    public var lead: UInt64 { Swift.min(budget &+ headroom &+ margin, longestLead) }

    /// The longest lead a frame may take: an interval, plus how long before a display time the compositor is
    /// known to latch at least (the offset of the last frame its margin made late, or of the frame shown on time
    /// that returned latest if that is less, less two steps). A frame started earlier could be committed before
    /// the latch of the display time before its own, replace the frame shown there and leave its own with
    /// nothing new; one started within this is committed after that latch, however short its busy time. A frame
    /// over budget by less than the extra still makes its latch.
    public var longestLead: UInt64 {
        // Not past a frame shown on time: a compositor late by itself makes frames late at offsets its latch
        // never needed.
        let latchesAtLeast = Swift.min(missedMargin, leastEverOnTime)
        let known = latchesAtLeast > 2 * step ? Swift.min(latchesAtLeast - 2 * step, interval) : 0
        return interval &+ known
    }

    /// Records that `frame` was presented: `busy` nanoseconds after it started, its present returning at
    /// `at`, aiming at `aim` (nil: it started without a prediction). A `warmUp` frame's busy time is not
    /// counted: the first frame to read input pays for first uses (a toolkit loads what the pointer's first
    /// entry needs), which would hold the budget up for seconds and count towards headroom.
    public mutating func committed(frame: Int, busy time: UInt64, at: UInt64, aim: UInt64?, warmUp: Bool = false) {
        // Not the frames before the interval is measured either: a run's first frames (its warm-up draws every
        // kind of drawing once) would hold the budget up for the whole history, then drop it at once.
        if hasMeasuredInterval && !warmUp {
            if busy.count < Self.busyHistory {
                busy.append(time)
            } else {
                busy[busyNext] = time
            }
            busyNext = (busyNext + 1) % Self.busyHistory
            // The longest of the recent frames, and the second longest of all: a busy time that comes back is
            // covered for the whole history, one that came once (a first use) only for the recent frames.
            var (longest, second): (UInt64, UInt64) = (0, 0)
            for time in busy where time > second {
                if time > longest { (longest, second) = (time, longest) } else { second = time }
            }
            budget = Swift.max(Swift.max(recentLongest, second), budget > step ? budget - step : 0)
            sinceOverBudget += 1
            if headroom > 0, sinceOverBudget > Self.recentBusyHistory, sinceOverBudget % Self.narrowRun == 0 {
                headroom -= Swift.min(step, headroom)
            }
        }
        // A warm-up frame's busy time is kept as 0, which a late answer does not take for a frame over budget.
        let kept = warmUp ? 0 : time
        commits.append(
            (
                frame, aim ?? 0, at, aim == nil ? margin : lastPlan?.margin ?? margin, misses,
                aim != nil && plannedAhead, kept
            ))
        if unshownSince == nil { unshownSince = at }
        // Answers come in a refresh or two; a compositor that stopped answering must not grow this for ever.
        if commits.count > 256 { commits.removeFirst(commits.count - 256) }
    }

    /// Takes the compositor's answer for `frame`.
    public mutating func answered(frame: Int, feedback: PresentationFeedback) {
        guard let position = commits.firstIndex(where: { $0.frame == frame }) else { return }
        let (aim, started, before) = (commits[position].aim, commits[position].margin, commits[position].misses)
        let busyTime = commits[position].busy
        // How long before its aim the frame's present returned: what the compositor had to latch it in time.
        let offset = aim > commits[position].at ? aim - commits[position].at : 0
        // A frame drawn ahead was committed a repaint early: its misses are counted, but it teaches the margin
        // nothing either way.
        let learns = aim != 0 && hasMeasuredInterval && !commits[position].ahead
        commits.removeFirst(position + 1)
        switch feedback.outcome {
        case .presented:
            if feedback.refresh > 0 {
                if interval == 0 { interval = feedback.refresh }
                refresh = feedback.refresh
            }
            // When it was due: its aim, or, if later, as many intervals after the frame before it was shown as it
            // aimed after that frame's aim. An aim planned from an older display time carries the prediction's
            // error (a compositor whose repaints slowed down, or one that showed the frame before late).
            var due = aim
            if let lastShown, frame == lastShown.frame + 1, feedback.time > lastShown.time {
                observe(interval: feedback.time - lastShown.time)
                if lastShown.aim != 0, aim > lastShown.aim, interval > 0 {
                    let apart = (aim - lastShown.aim + interval / 2) / interval
                    due = Swift.max(aim, lastShown.time &+ apart &* interval)
                }
            }
            lastShown = (frame, feedback.time, aim)
            anchor = Swift.max(anchor ?? 0, feedback.time)
            unshownSince = commits.first?.at
            // Before the interval is measured (a window being mapped), a late frame says nothing of the latch.
            // Late by a quarter of an interval, not half: a compositor whose repaint loop stops when a latch finds
            // nothing new (weston) starts it again for the late commit and shows it about a refresh after the
            // commit, less than half an interval late when it latches more than half an interval early.
            let late = aim != 0 && hasMeasuredInterval && feedback.time > due &+ interval / 4
            if learns {
                if late {
                    miss(startedWith: started, missesBefore: before, offset: offset, busy: busyTime)
                } else {
                    hit(startedWith: started, offset: offset)
                }
            } else if late {
                misses += 1
            }
        case .discarded:
            if learns {
                miss(startedWith: started, missesBefore: before, offset: offset, busy: busyTime)
            } else if aim != 0 && hasMeasuredInterval {
                misses += 1
            }
        case .pending:
            break
        }
    }

    /// The next frame's start and the display time it aims at, for a frame about to wait at `now`; nil when
    /// the schedule cannot predict (no answers yet, or none for ``staleAfter``). A `relaxed` frame (no input is
    /// arriving: starting late buys nothing) is drawn ahead, as every frame is while the CPU is contended (see
    /// ``drawsAhead``).
    public mutating func next(now: UInt64, relaxed: Bool = false) -> (start: UInt64, aim: UInt64)? {
        guard let anchor, interval > 0, !isStale(now: now) else { return nil }
        if margin == 0 { margin = interval }
        previousAim = lastAim
        // The first display time far enough ahead to start for, and after the previous frame's aim: the same
        // for a frame drawn ahead, which starts earlier for it (it leaves no display time with nothing new).
        let lead = self.lead
        var earliest = now &+ lead
        if let lastAim { earliest = Swift.max(earliest, lastAim &+ interval / 2) }
        let steps = earliest > anchor ? (earliest - anchor + interval - 1) / interval : 1
        var aim = anchor &+ Swift.max(steps, 1) &* interval
        // Never wait more than two intervals (an anchor from the future, a lead past the interval).
        while aim > now &+ lead &+ 2 &* interval, aim > interval { aim -= interval }
        lastAim = aim
        plannedFrom = anchor
        let ahead = relaxed ? mayDrawAhead : drawsAhead
        return (start(aim: aim, lead: ahead ? aheadLead : lead, ahead: ahead, now: now), aim)
    }

    /// Whether the frame last planned is drawn ahead (see ``drawsAhead``): its commit waits for the compositor
    /// to have repainted with the frame before.
    public var plannedAhead: Bool { lastPlan?.ahead ?? false }

    /// Whether frames may be drawn ahead at all: only where the compositor says when it repainted with a frame
    /// (the pacer sets it from its backend). Drawn ahead without that wait, a frame could replace the one before.
    public var mayDrawAhead = false

    /// How long before its aim a frame drawn ahead starts: an interval and a half more than its busy budget and
    /// headroom, at most two intervals. It is then ready about half an interval before the frame before it is
    /// shown, and is committed as soon as the compositor has repainted with that one: a whole repaint early, as
    /// the `swap` schedule's frames are, with its input read later than theirs.
    public var aheadLead: UInt64 { Swift.min(interval &+ interval / 2 &+ budget &+ headroom, 2 &* interval) }

    /// Whether frames are drawn ahead now, with input arriving: while the CPU is contended, and while the display's
    /// interval is 1.8 of the refresh the compositor reports or more. On a contended core a frame's busy time and
    /// wake-up, and the compositor's own repaints, swing by more than any margin that keeps latency low, and no
    /// budget learned from the frames before covers the next swing; a frame committed a repaint early has the
    /// whole repaint to spare. The CPU is contended from a ``contentionWindow`` in which the frame loop's thread
    /// waited for a core (ready to run, another task on it) at least 1/``contendedShare`` of the time, and
    /// ``contendedWindows`` such windows in a row, until ``calmWindows`` windows in a row below that. An interval
    /// that long may be the schedule's own: a compositor whose repaint loop stops when a latch finds nothing new
    /// (weston) repaints only when a frame comes, so frames aimed at a grid measured while it was slow keep it
    /// slow; committed as soon as it has repainted, frames let it repaint as fast as it can, and the interval is
    /// measured again. (Frames with no input arriving are drawn ahead anyway; see ``next(now:relaxed:)``.)
    public var drawsAhead: Bool {
        mayDrawAhead && (isContended || (refresh > 0 && interval * 10 >= refresh * 18))
    }
    private var isContended = false
    /// The refresh the compositor last reported (nanoseconds; 0: none).
    private var refresh: UInt64 = 0
    /// How long each window of ``observeCore(waited:over:)`` is (nanoseconds).
    public static let contentionWindow: UInt64 = 1_000_000_000
    /// The CPU is contended in a window in which the thread waited for a core at least 1/`contendedShare` of it.
    public static let contendedShare: UInt64 = 25
    /// Windows in a row with contention before frames with input draw ahead: one alone is a burst of other work
    /// (a drag moves the compositor and the X server too), not a shared core.
    public static let contendedWindows = 2
    /// Windows in a row without contention before frames with input stop drawing ahead.
    public static let calmWindows = 5
    private var core: (waited: UInt64, elapsed: UInt64, busy: Int, calm: Int) = (0, 0, 0, 0)

    /// Tells the schedule that the frame loop's thread waited `waited` nanoseconds for a core over the last
    /// `elapsed` nanoseconds (see ``drawsAhead``).
    public mutating func observeCore(waited: UInt64, over elapsed: UInt64) {
        core.waited &+= waited
        core.elapsed &+= elapsed
        guard core.elapsed >= Self.contentionWindow else { return }
        if core.waited &* Self.contendedShare >= core.elapsed {
            core.busy += 1
            core.calm = 0
            if core.busy >= Self.contendedWindows { isContended = true }
        } else {
            core.busy = 0
            if isContended {
                core.calm += 1
                if core.calm >= Self.calmWindows { (isContended, core.calm) = (false, 0) }
            }
        }
        (core.waited, core.elapsed) = (0, 0)
    }

    /// Places the frame ``next(now:relaxed:)`` planned last again, at `now`, on the grid of the answers that
    /// came since (the display time of the frame before: a nearer anchor): the same display time, where that
    /// grid has it, with the same lead. Nil when no newer answer came.
    mutating func replan(now: UInt64) -> (start: UInt64, aim: UInt64)? {
        guard let anchor, let planned = lastAim, interval > 0, anchor < planned, anchor > plannedFrom else {
            return nil
        }
        let steps = (planned - anchor + interval / 2) / interval
        guard steps >= 1 else { return nil }
        let aim = anchor &+ steps &* interval
        lastAim = aim
        // The answers may have widened the margin (the frame before was late): then the wider lead.
        return (start(aim: aim, lead: Swift.max(lastPlan?.lead ?? 0, lead), ahead: plannedAhead, now: now), aim)
    }

    /// When a frame aiming at `aim` with `lead` starts, asked at `now`: `lead` before its aim, or now if that
    /// has passed. Keeps the plan (the lead, and the margin it leaves after the budget and headroom) for the
    /// frame's commit.
    private mutating func start(aim: UInt64, lead: UInt64, ahead: Bool, now: UInt64) -> UInt64 {
        let budget = Swift.min(self.budget, lead)
        let headroom = Swift.min(self.headroom, lead - budget)
        lastPlan = LatchPlan(
            lead: lead, budget: budget, headroom: headroom, margin: lead - budget - headroom, ahead: ahead)
        return aim > lead ? Swift.max(aim - lead, now) : now
    }

    /// How the frame last planned was placed: its lead, and what the lead is made of (the margin less than
    /// ``margin`` when the lead is held to ``longestLead``).
    public private(set) var lastPlan: LatchPlan?

    /// Whether frames committed for ``staleAfter`` have not been shown at `now`: unanswered, or discarded (a
    /// compositor asleep discards every frame). Never before the first frame shown: a compositor may take a
    /// while to show a new window.
    public func isStale(now: UInt64) -> Bool {
        guard anchor != nil, let since = unshownSince else { return false }
        return now > since &+ Self.staleAfter
    }

    /// Forgets the display's grid and the frames waiting for answers (after a throttled stretch: the
    /// compositor's repaints start anew); keeps the interval, the margin and the budget.
    public mutating func restart() {
        anchor = nil
        lastAim = nil
        previousAim = nil
        lastShown = nil
        unshownSince = nil
        commits.removeAll()
    }

    private mutating func observe(interval sample: UInt64) {
        // Two frames shown a refresh or more apart (a miss, a stall) say nothing of the refresh.
        if interval > 0, sample * 10 > interval * 18 { return }
        if intervals.count < Self.intervalHistory {
            intervals.append(sample)
        } else {
            intervals[intervalNext] = sample
        }
        intervalNext = (intervalNext + 1) % Self.intervalHistory
        interval = intervals.median(sortingIn: &sortedIntervals)
    }

    private var step: UInt64 { Swift.max(interval / Self.stepsPerInterval, 250_000) }

    /// A frame that started with margin `started` was late, its present returning `offset` before its aim;
    /// `missesBefore` frames had been late when it was committed.
    ///
    /// Returning a step or more later than its margin allowed (its busy time over the budget, or a late
    /// wake-up), it says nothing of the margin: the budget, which holds that busy time from now on, covers
    /// the next such frame, and a second such frame gives the budget headroom. Committed before the answer of a
    /// frame late before it, it was in flight: late for the same reason, or because the frame before it was (a
    /// compositor whose repaint loop stopped starts it again off the grid), and it says nothing either.
    /// Otherwise the compositor needed more than `offset`: the margin widens from there by three steps, times
    /// the widenings in the last ``forgetAfter``/6 frames after the first (the first ends the margin's descent
    /// from a whole interval: it was looked for).
    private mutating func miss(startedWith started: UInt64, missesBefore: Int, offset: UInt64, busy: UInt64) {
        let inFlight = missesBefore != misses
        misses += 1
        run = 0
        guard offset &+ step >= started else { return overBudget(busy: busy) }
        guard !inFlight else { return }
        let answered = hits + misses
        // Misses that come often (a busy machine, a compositor late by itself) widen by more each time.
        recentWidenings.removeAll { answered - $0 > Self.forgetAfter / 6 }
        let failed = Swift.max(started, offset)
        margin = Swift.min(failed &+ 3 * UInt64(1 + recentWidenings.count) * step, 2 * interval)
        if widenings > 0 { recentWidenings.append(answered) }
        widenings += 1
        missedMargin = failed
        sinceMiss = 0
    }

    /// A frame over its budget (busy `busy`) was late. If another was within ``busyHistory`` frames, and not in the
    /// same burst (within ``narrowRun`` frames: the drag that begins, a first use), the headroom takes how far the
    /// longest of them was above the median busy time.
    private mutating func overBudget(busy time: UInt64) {
        guard time > 0 else { return }
        let median = busy.median(sortingIn: &sortedBusy)
        var excess = time > median ? time - median : 0
        let answered = hits + misses
        if let before = lastOverBudget, answered - before.answered <= Self.busyHistory {
            excess = Swift.max(excess, before.excess)
            guard answered - before.answered > Self.narrowRun else {
                lastOverBudget = (before.answered, excess)
                return
            }
            headroom = Swift.min(Swift.max(headroom, excess), interval / 2)
            sinceOverBudget = 0
        }
        lastOverBudget = (answered, excess)
    }

    /// A frame that started with margin `started` was shown on time, its present returning `offset` before its aim.
    private mutating func hit(startedWith started: UInt64, offset: UInt64) {
        hits += 1
        run += 1
        // Returned a step or more later than its margin allowed and still on time: the compositor latched late this
        // once (it was late itself), which says nothing of where it latches.
        if offset &+ step >= started {
            leastEverOnTime = Swift.min(leastEverOnTime, offset)
        }
        if sinceMiss < Int.max { sinceMiss += 1 }
        guard run >= (widenings == 0 ? Self.firstNarrowRun : Self.narrowRun) else { return }
        run = 0
        // Never to 0, which `next` takes for a margin not yet set.
        let narrower = margin > 2 * step ? margin - step : step
        if narrower > missedMargin &+ step || sinceMiss >= Self.forgetAfter { margin = narrower }
    }
}

/// How a latched frame was placed (see ``LatchSchedule``): how long before the display time it aimed at it
/// started, and what that lead is made of (nanoseconds). The lead of a frame drawn ahead is longer than its
/// budget, headroom and margin: it is committed when the compositor has repainted with the frame before.
public struct LatchPlan: Hashable, Sendable {
    /// How long before its aim the frame was to start.
    public var lead: UInt64
    /// The busy budget in it: how long the frame may take to its present's return.
    public var budget: UInt64
    /// The headroom added to the budget.
    public var headroom: UInt64
    /// The margin: how long before its aim the frame's present was to return (the rest of the lead).
    public var margin: UInt64
    /// Whether the frame was drawn ahead.
    public var ahead: Bool

    /// A plan of these parts.
    public init(lead: UInt64, budget: UInt64, headroom: UInt64, margin: UInt64, ahead: Bool) {
        (self.lead, self.budget, self.headroom, self.margin, self.ahead) = (lead, budget, headroom, margin, ahead)
    }
}
