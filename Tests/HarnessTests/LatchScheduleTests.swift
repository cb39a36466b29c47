import Foundation
import Testing
@testable import Harness

/// A compositor on a manual clock: it repaints every `refresh`, latching `latch` before each display time; a
/// frame committed (presented) before a latch is shown at that display time, one committed after it waits for
/// the next, and a frame replaced by a later commit before its latch is discarded. Answers arrive at the display
/// time; a frame callback ``repaint`` after the latch of the repaint that used the last commit. Presents never wait (the latch
/// schedule turns vsync off); `busy` is each frame's render time.
final class LatchingCompositor: RenderBackend {
    let time: ManualClock
    /// Its repaint interval: changed mid-run, the display times after the last keep to the new one.
    var refresh: UInt64
    /// The refresh it reports with each frame shown, if not ``refresh`` (weston's is its output's mode).
    var reportedRefresh: UInt64?
    var latch: UInt64
    var busy: UInt64 = 1_000_000
    /// Frames whose render takes this much longer, or shorter.
    var slow: [Int: UInt64] = [:]
    var quick: [Int: UInt64] = [:]
    /// Frames it shows this much after their display time, late by itself (its repaint delayed).
    var lateBy: [Int: UInt64] = [:]
    /// How long the frame loop's thread waits for a core while each frame renders (a contended CPU).
    var queueWait: UInt64 = 0
    /// Whether the compositor answers at all (false: a hidden window).
    var answers = true
    /// Whether it is asleep: it discards every frame and calls no frame callback back.
    var asleep = false
    var size = Size(width: 320, height: 240)
    private(set) var vsync = true
    private var frame = 0
    private var asked: Int?
    /// Committed frames not yet latched: (frame, display time).
    private var queued: (frame: Int, shown: UInt64)?
    private var owed: [PresentationAnswer] = []

    /// A compositor repainting every `refresh` (``LatchScheduleTests/refresh`` unless given), latching `latch` before
    /// each display time, on a manual clock of its own from 0.
    init(refresh: UInt64 = LatchScheduleTests.refresh, latch: UInt64) {
        (self.refresh, self.latch, self.time) = (refresh, latch, ManualClock(start: 0))
    }

    var displayTimes: DisplayTimes { .feedback(clock: "CLOCK_MONOTONIC") }
    func setVSync(_ enabled: Bool) { vsync = enabled }
    /// A hidden window's compositor neither shows it nor calls its frame callbacks back.
    func displayShowedFrame() -> Bool? { answers && !asleep }
    /// Whether the pointer moves every frame (input arriving: frames start late, and the margin learns).
    var moving = true
    func pollEvents(into events: inout [InputEvent], times: inout [UInt64]) {
        guard moving else { return }
        events.append(.mouseMoved(to: Point(Double(frame % 100), 10), dragging: false))
        times.append(time.now())
    }
    func render(_ list: DrawList) {
        time.runQueue += queueWait
        time.sleep(until: time.now() + busy + (slow[frame] ?? 0) - (quick[frame] ?? 0))
    }
    /// How long after its latch a repaint is done and sends its frame callbacks (``defaultRepaint`` unless set).
    var repaint = LatchingCompositor.defaultRepaint
    static let defaultRepaint: UInt64 = 100_000
    /// When the repaint that used the last commit called it back: nil before the first present.
    private var latchedAt: UInt64?
    func lastFrameLatched() -> Bool? {
        latchQuestions += 1
        return latchedAt.map { answers && !asleep && time.now() >= $0 }
    }
    /// How many times it was asked whether it had latched the last frame (a real backend reads its connection).
    private(set) var latchQuestions = 0
    func saveScreenshot(to path: String) throws(HarnessError) {}
    func requestPresentationFeedback(frame: Int) -> Bool {
        asked = frame
        return true
    }
    /// Whether its repaint loop stops when a latch finds nothing new, as weston's does: a commit then starts it
    /// again, shown a refresh later, and the display times that follow keep that phase.
    var idles = false
    private var lastDisplay: UInt64?
    /// How many times its loop stopped and a late commit started it again.
    private(set) var restarts = 0
    /// The display time a commit at `now` is shown at: the first, a refresh apart from the last, whose latch is not
    /// before it; or a refresh after it when the loop stopped at the latch before (nothing new came for the
    /// display after the last).
    func shown(committedAt now: UInt64) -> UInt64 {
        guard let lastDisplay else { return (now + latch + refresh - 1) / refresh * refresh }
        var display = lastDisplay
        while display < now + latch { display += refresh }
        guard idles, display > lastDisplay + refresh else { return display }
        restarts += 1
        return now + refresh
    }
    func present() {
        defer {
            frame += 1
            asked = nil
        }
        guard let asked, answers else { return }
        if asleep {
            owed.append(PresentationAnswer(frame: asked, feedback: .discarded))
            return
        }
        let shown = shown(committedAt: time.now()) + (lateBy[asked] ?? 0)
        if let queued, queued.shown == shown {
            owed.append(PresentationAnswer(frame: queued.frame, feedback: .discarded))
            owed.removeAll { $0.frame == queued.frame && $0.feedback.outcome == .presented }
        }
        queued = (asked, shown)
        lastDisplay = shown
        latchedAt = shown - latch + repaint
        owed.append(
            PresentationAnswer(
                frame: asked,
                feedback: .presented(at: shown, refresh: reportedRefresh ?? refresh, sequence: shown / refresh)))
    }
    func collectPresentationFeedback(into answers: inout [PresentationAnswer]) {
        let now = time.now()
        // Discards are known at the latch that replaced them; presented frames at their display time.
        let due = owed.filter { $0.feedback.outcome == .discarded || $0.feedback.time <= now }
        answers += due
        owed.removeAll { $0.feedback.outcome == .discarded || $0.feedback.time <= now }
    }
}

/// The value of a mutating call, as an rvalue `#require` can take.
private func optional<T>(_ value: T?) -> T? { value }

@Suite struct LatchScheduleTests {
    static let refresh: UInt64 = 16_000_000

    /// A schedule that has seen `frames` frames shown one a refresh apart, the last at `last`.
    func schedule(shown frames: Int, last: UInt64, busy: UInt64 = 1_000_000) -> LatchSchedule {
        var schedule = LatchSchedule()
        for index in 0..<frames {
            let shown = last - UInt64(frames - 1 - index) * Self.refresh
            schedule.committed(frame: index, busy: busy, at: shown - 10_000_000, aim: nil)
            schedule.answered(frame: index, feedback: .presented(at: shown, refresh: Self.refresh))
        }
        return schedule
    }

    @Test func aFrameStartsItsLeadBeforeTheNextDisplayTime() throws {
        // (The busy times of frames before the interval is measured do not count: 20 frames leave four.)
        var schedule = schedule(shown: 20, last: 100 * Self.refresh)
        #expect(schedule.interval == Self.refresh && schedule.budget == 1_000_000)
        // Margin starts at a whole interval: the frame aims two refreshes ahead, starting a lead before.
        let now = 100 * Self.refresh + 2_000_000
        let next = try #require(optional(schedule.next(now: now)))
        #expect(schedule.margin == Self.refresh)
        #expect(next.aim == 102 * Self.refresh)
        // The lead, budget + margin, is held to an interval.
        #expect(schedule.lead == Self.refresh && next.start == next.aim - Self.refresh)
        // The frame after aims one refresh later, however early it asks.
        let after = try #require(optional(schedule.next(now: now)))
        #expect(after.aim == 103 * Self.refresh)
    }

    @Test func theMarginNarrowsAfterARunOnTimeAndWidensAfterAMiss() throws {
        // Misses count once the interval is measured.
        var schedule = schedule(shown: 20, last: 30 * Self.refresh)
        #expect(schedule.hasMeasuredInterval)
        let step = Self.refresh / LatchSchedule.stepsPerInterval
        var frame = 20
        var now = 30 * Self.refresh
        // Frames shown at their aim: after `narrowRun` of them the margin is one step narrower.
        func frameShown(late: Bool) throws {
            let next = try #require(optional(schedule.next(now: now)))
            now = next.start + 1_000_000
            schedule.committed(frame: frame, busy: 1_000_000, at: now, aim: next.aim)
            let shown = next.aim + (late ? Self.refresh : 0)
            schedule.answered(frame: frame, feedback: .presented(at: shown, refresh: Self.refresh))
            now = Swift.max(now, shown)
            frame += 1
        }
        for _ in 0..<LatchSchedule.firstNarrowRun { try frameShown(late: false) }
        #expect(schedule.margin == Self.refresh - step)
        for _ in 0..<LatchSchedule.firstNarrowRun { try frameShown(late: false) }
        #expect(schedule.margin == Self.refresh - 2 * step)
        // A frame shown a refresh late, its present returning its margin before its aim (the lead is held to
        // an interval, and it was busy the budget): three steps wider than that at once.
        try frameShown(late: true)
        #expect(schedule.margin == Self.refresh + step && schedule.misses == 1)
        // Narrowing again, now a step every `narrowRun`, stops two steps above the offset that missed.
        for _ in 0..<(LatchSchedule.narrowRun - 1) { try frameShown(late: false) }
        #expect(schedule.margin == Self.refresh + step)
        for _ in 0..<(3 * LatchSchedule.narrowRun + 1) { try frameShown(late: false) }
        #expect(schedule.margin == Self.refresh)
        #expect(schedule.hits == 2 * LatchSchedule.firstNarrowRun + 4 * LatchSchedule.narrowRun && schedule.misses == 1)
        // What the miss showed of the latch lets a frame start that much (less two steps) more than an interval
        // before its display time: committed after the latch of the display time before, it cannot replace it.
        #expect(schedule.longestLead == 2 * Self.refresh - 4 * step)
        // A frame whose present returned just before its aim, long after its margin, and shown on time all the same
        // (the compositor latched late, once): it says nothing of the latch, and the longest lead stays.
        let next = try #require(optional(schedule.next(now: now)))
        schedule.committed(frame: frame, busy: 1_000_000, at: next.aim - 1_000_000, aim: next.aim)
        schedule.answered(frame: frame, feedback: .presented(at: next.aim, refresh: Self.refresh))
        #expect(schedule.longestLead == 2 * Self.refresh - 4 * step && schedule.misses == 1)
    }

    @Test func eachFrameIsPlannedAgainFromTheAnswerBeforeIt() throws {
        // Planned before the answer of the frame before came: two intervals from the last display time known.
        var schedule = schedule(shown: 20, last: 100 * Self.refresh)
        let now = 100 * Self.refresh + 2_000_000
        let first = try #require(optional(schedule.next(now: now)))
        schedule.committed(frame: 20, busy: 1_000_000, at: first.start + 1_000_000, aim: first.aim)
        let second = try #require(optional(schedule.next(now: first.start + 1_000_000)))
        #expect(second.aim == first.aim + Self.refresh && schedule.previousAim == first.aim)
        // Nothing new: planning again changes nothing.
        #expect(schedule.replan(now: first.aim) == nil)
        // The first frame is shown a little after its aim (within a quarter of an interval: on time): the second
        // frame aims an interval after that, the same display, placed from the nearer answer, with the same lead.
        schedule.answered(frame: 20, feedback: .presented(at: first.aim + 1_500_000, refresh: Self.refresh))
        let again = try #require(optional(schedule.replan(now: first.aim + 1_600_000)))
        #expect(again.aim == first.aim + 1_500_000 + Self.refresh)
        // The lead is a whole interval here (the margin has not narrowed yet): the start is now, not 0.1 ms ago.
        #expect(second.aim - second.start == Self.refresh && again.start == first.aim + 1_600_000)
    }

    @Test func aFramePlannedAgainAfterTheFrameBeforeWasLateTakesTheWiderLead() throws {
        var schedule = schedule(shown: 20, last: 30 * Self.refresh)
        let step = Self.refresh / LatchSchedule.stepsPerInterval
        var (frame, now) = (20, 30 * Self.refresh)
        // Twenty frames on time, each busy its budget: the margin four steps narrower, the lead 15 ms.
        for _ in 0..<(4 * LatchSchedule.firstNarrowRun) {
            let next = try #require(optional(schedule.next(now: now)))
            now = next.start + 1_000_000
            schedule.committed(frame: frame, busy: 1_000_000, at: now, aim: next.aim)
            schedule.answered(frame: frame, feedback: .presented(at: next.aim, refresh: Self.refresh))
            (now, frame) = (next.aim, frame + 1)
        }
        #expect(schedule.margin == Self.refresh - 4 * step && schedule.lead == 15_000_000)
        // A frame, and the one after planned before its answer.
        let first = try #require(optional(schedule.next(now: now)))
        schedule.committed(frame: frame, busy: 1_000_000, at: first.start + 1_000_000, aim: first.aim)
        let second = try #require(optional(schedule.next(now: first.start + 1_000_000)))
        #expect(second.aim - second.start == 15_000_000)
        // The first is shown 5 ms late (a compositor starting its repaints again for it): the margin widens, and
        // the second, placed from that answer, starts at once, not at the lead it was planned with.
        let shown = first.aim + 5_000_000
        schedule.answered(frame: frame, feedback: .presented(at: shown, refresh: Self.refresh))
        #expect(schedule.misses == 1 && schedule.lead > 15_000_000)
        let again = try #require(optional(schedule.replan(now: shown)))
        #expect(again.aim == shown + Self.refresh && again.start == shown)
        // It is shown 5 ms late too: late by its aim, which is an interval after the frame before was shown (not
        // as long after that as it aimed after the frame before's aim, which counts that frame's lateness twice).
        schedule.committed(frame: frame + 1, busy: 1_000_000, at: shown + 1_000_000, aim: again.aim)
        schedule.answered(frame: frame + 1, feedback: .presented(at: again.aim + 5_000_000, refresh: Self.refresh))
        #expect(schedule.misses == 2)
    }

    @Test func aLongFrameHoldsTheBudgetForTheRecentFramesTwoForTheWholeHistoryAndItComesDownAStepAFrame() throws {
        var schedule = schedule(shown: 20, last: 100 * Self.refresh)
        let step = Self.refresh / LatchSchedule.stepsPerInterval
        var frame = 100
        func commit(busy: UInt64, times: Int = 1) {
            for _ in 0..<times {
                schedule.committed(frame: frame, busy: busy, at: UInt64(frame) * Self.refresh, aim: nil)
                frame += 1
            }
        }
        /// The budgets after each of `count` frames of 1 ms.
        func budgets(_ count: Int) -> [UInt64] {
            (0..<count).map { _ in
                commit(busy: 1_000_000)
                return schedule.budget
            }
        }
        /// Coming down from `from` a step a frame, to 1 ms.
        func descent(from: UInt64, _ count: Int) -> [UInt64] {
            (1...count).map { Swift.max(from - Swift.min(UInt64($0) * step, from), 1_000_000) }
        }
        // One 6 ms frame: held for the recent frames, then not at once to 1 ms but a step a frame.
        commit(busy: 6_000_000)
        commit(busy: 1_000_000, times: LatchSchedule.recentBusyHistory - 1)
        #expect(schedule.budget == 6_000_000)
        #expect(budgets(12) == descent(from: 6_000_000, 12))
        // Two 5 ms frames: held for the whole history.
        commit(busy: 5_000_000, times: 2)
        commit(busy: 1_000_000, times: LatchSchedule.busyHistory - 2)
        #expect(schedule.budget == 5_000_000)
        #expect(budgets(12) == descent(from: 5_000_000, 12))
    }

    @Test func theRecentLongestIsFoundWhereverItLiesInTheHistory() throws {
        var schedule = schedule(shown: 20, last: 100 * Self.refresh)
        var frame = 100
        func commit(busy: UInt64) {
            schedule.committed(frame: frame, busy: busy, at: UInt64(frame) * Self.refresh, aim: nil)
            frame += 1
        }
        // Each long frame longer than the one before, 100 frames apart: over 15 of them every place in the
        // history holds one, those just before its end too, where the recent frames wrap around.
        for long in 0..<15 {
            let busy = 3_000_000 + UInt64(long) * 100_000
            commit(busy: busy)
            for _ in 0..<100 { commit(busy: 1_000_000) }
            #expect(schedule.budget == busy, "long frame \(long)")
        }
    }

    @Test func withoutAnswersTheScheduleStopsPredicting() throws {
        var fresh = LatchSchedule()
        let none = fresh.next(now: 1_000)
        #expect(none == nil)
        var schedule = schedule(shown: 3, last: 10 * Self.refresh)
        let next = try #require(optional(schedule.next(now: 10 * Self.refresh)))
        schedule.committed(frame: 3, busy: 1_000_000, at: next.start + 1_000_000, aim: next.aim)
        #expect(!schedule.isStale(now: next.start + 1_000_000 + LatchSchedule.staleAfter))
        #expect(schedule.isStale(now: next.start + 2_000_000 + LatchSchedule.staleAfter))
        #expect(schedule.next(now: next.start + 2_000_000 + LatchSchedule.staleAfter) == nil)
    }

    /// A run of `frames` frames on `compositor`, latched.
    func run(_ compositor: LatchingCompositor, frames: Int, schedule: FrameSchedule = .latch) throws -> HarnessSession {
        var plan = HarnessSession.Plan(scene: "hello", rate: 60, detectsVSync: false)
        plan.schedule = schedule
        let session = try HarnessSession(backend: compositor, time: compositor.time, plan: plan)
        try session.loop.run(frames: frames)
        return session
    }

    @Test func onASimulatedCompositorTheMarginSettlesJustAboveItsLatch() throws {
        let compositor = LatchingCompositor(latch: 5_000_000)
        let session = try run(compositor, frames: 600)
        let latch = session.pacer.latch
        #expect(!compositor.vsync && session.pacer.mode == .latched)
        #expect(latch.interval == Self.refresh && latch.budget == 1_000_000)
        // The margin steps down from a whole refresh until frames miss the latch, then settles a few steps
        // above it (the frames in flight when the first late answer came miss too, and widen it once more).
        let step = Self.refresh / LatchSchedule.stepsPerInterval
        #expect(latch.margin >= compositor.latch && latch.margin <= compositor.latch + 3 * step)
        #expect(latch.misses >= 1)
        // Once settled no frame misses, and each is shown one refresh after the one before, its margin after
        // its present (within the summary histograms' precision).
        let (misses, questions) = (latch.misses, compositor.latchQuestions)
        try session.loop.run(frames: 1_200)
        #expect(session.pacer.latch.misses == misses && session.pacer.latch.margin == latch.margin)
        // Frames that start late never ask whether the frame before was latched: once it has answered, the
        // backend is known to tell.
        #expect(compositor.latchQuestions == questions)
        let summary = try #require(session.stats.summary().display)
        #expect(abs(summary.intervalP50 - Double(Self.refresh) / 1e6) < 0.02)
        #expect(abs(summary.latencyP50 - Double(latch.margin) / 1e6) < 0.02)
        // Each frame carries how it was placed: its lead, of the budget, no headroom and the margin.
        let plans = session.stats.recent.suffix(50).compactMap(\.plan)
        #expect(plans.count == 50)
        #expect(
            plans.allSatisfy {
                $0
                    == LatchPlan(
                        lead: latch.budget + latch.margin, budget: latch.budget, headroom: 0, margin: latch.margin,
                        ahead: false)
            }, "\(plans.prefix(3))")
    }

    @Test func onACompositorWhoseRepaintLoopStopsAMissShownLessThanHalfAnIntervalLateStillWidens() throws {
        // Latching 10 ms before each display time of 16 ms, and starting its loop again for a late commit: a frame
        // that misses is shown a refresh after its commit, 6 ms and a little after its aim, not a refresh late.
        let compositor = LatchingCompositor(latch: 10_000_000)
        compositor.idles = true
        let session = try run(compositor, frames: 600)
        let latch = session.pacer.latch
        let step = Self.refresh / LatchSchedule.stepsPerInterval
        // Every late frame was seen as one: the margin stopped narrowing at the first.
        #expect(compositor.restarts >= 1 && compositor.restarts <= latch.misses)
        #expect(latch.margin >= compositor.latch && latch.margin <= compositor.latch + 3 * step)
        try session.loop.run(frames: 1_800)
        #expect(compositor.restarts <= latch.misses && session.pacer.latch.misses == latch.misses)
        #expect(session.pacer.latch.margin == latch.margin)
    }

    @Test func aFrameTheCompositorShowedLateSetsNoLongerLeadThanFramesShownOnTime() throws {
        let compositor = LatchingCompositor(latch: 5_000_000)
        // Long after the margin settled, the compositor shows a frame 6 ms late (its own repaint delayed), a frame
        // that, quicker than those before it, returned 1.5 ms earlier than they did. It widens the margin from
        // where it returned; but frames returning later were shown on time, so the compositor latches no earlier
        // than they returned, and the longest lead is not taken from this frame's offset.
        compositor.busy = 2_000_000
        compositor.lateBy = [1_000: 6_000_000]
        compositor.quick = [1_000: 1_500_000]
        let session = try run(compositor, frames: 1_000)
        let (margin, misses) = (session.pacer.latch.margin, session.pacer.latch.misses)
        try session.loop.run(frames: 1_010)
        let latch = session.pacer.latch
        let step = Self.refresh / LatchSchedule.stepsPerInterval
        #expect(latch.misses == misses + 1 && latch.margin > margin)
        #expect(latch.longestLead <= Self.refresh + margin - 2 * step)
    }

    /// Frames played one at a time on `schedule` from `now`: each commits `busy` after its start and is shown at
    /// its aim, or a refresh late, or is discarded (replaced by the next).
    struct Player {
        var schedule: LatchSchedule
        var now: UInt64
        var frame: Int

        mutating func play(busy: UInt64 = 1_000_000, late: Bool = false, discarded: Bool = false) throws {
            let next = try #require(optional(schedule.next(now: now)))
            let at = next.start + busy
            schedule.committed(frame: frame, busy: busy, at: at, aim: next.aim)
            let shown = next.aim + (late ? LatchScheduleTests.refresh : 0)
            schedule.answered(
                frame: frame,
                feedback: discarded ? .discarded : .presented(at: shown, refresh: LatchScheduleTests.refresh))
            (now, frame) = (Swift.max(at, shown), frame + 1)
        }
    }

    @Test func aFrameInFlightWhenTheFrameBeforeWasLateTeachesTheMarginNothing() throws {
        var player = Player(schedule: schedule(shown: 20, last: 30 * Self.refresh), now: 30 * Self.refresh, frame: 20)
        // A frame far over its budget (discarded: replaced by the next), and the one after it, committed before
        // that answer came and shown late. The first was late for its busy time, the second because the first
        // was: the margin stays.
        let first = try #require(optional(player.schedule.next(now: player.now)))
        player.schedule.committed(frame: 20, busy: 5_000_000, at: first.start + 5_000_000, aim: first.aim)
        let second = try #require(optional(player.schedule.next(now: first.start + 5_000_000)))
        player.schedule.committed(frame: 21, busy: 1_000_000, at: second.start + 1_000_000, aim: second.aim)
        player.schedule.answered(frame: 20, feedback: .discarded)
        player.schedule.answered(
            frame: 21, feedback: .presented(at: second.aim + Self.refresh, refresh: Self.refresh))
        #expect(player.schedule.misses == 2 && player.schedule.margin == Self.refresh)
        // A frame committed after those answers and late widens it, by three steps past where its present returned.
        player.now = second.aim + Self.refresh
        let lead = player.schedule.lead
        try player.play(busy: 1_000_000, late: true)
        let step = Self.refresh / LatchSchedule.stepsPerInterval
        #expect(player.schedule.misses == 3 && player.schedule.margin == lead - 1_000_000 + 3 * step)
        // That first widening ended the margin's descent from a whole interval: the next counts as the first of
        // misses that keep coming, and widens by three steps too, not six.
        try player.play(busy: 1_000_000)
        let wider = player.schedule.lead
        try player.play(busy: 1_000_000, late: true)
        #expect(player.schedule.misses == 4 && player.schedule.margin == wider - 1_000_000 + 3 * step)
        try player.play(busy: 1_000_000)
        let widest = player.schedule.lead
        try player.play(busy: 1_000_000, late: true)
        #expect(player.schedule.misses == 5 && player.schedule.margin == widest - 1_000_000 + 6 * step)
    }

    @Test func framesOverTheirBudgetLateInOneBurstGiveNoHeadroom() throws {
        var player = Player(schedule: schedule(shown: 20, last: 30 * Self.refresh), now: 30 * Self.refresh, frame: 20)
        // Two frames in a row over their budget, late (the drag that begins): one burst, no headroom.
        try player.play(busy: 5_000_000, discarded: true)
        try player.play(busy: 6_000_000, late: true)
        #expect(player.schedule.misses == 2 && player.schedule.headroom == 0)
        // Frames within it, then another over it, late, apart from the burst: the headroom is how far the longest
        // of them was above the median busy time.
        for _ in 0..<LatchSchedule.narrowRun { try player.play(busy: 1_000_000) }
        try player.play(busy: 7_000_000, late: true)
        #expect(player.schedule.misses == 3 && player.schedule.headroom == 6_000_000)
    }

    @Test func framesOverTheirBudgetLateTwiceGiveTheBudgetHeadroomUntilFramesKeepWithinIt() throws {
        let compositor = LatchingCompositor(latch: 5_000_000)
        // Frames of 1 ms, one of 4 ms (late: over its budget; once, no headroom), one of 5 ms (late again: the
        // headroom is 4 ms, how far it was above the median), then one of 9 ms: within the budget the second set
        // and the headroom, it is on time.
        compositor.slow = [1_000: 3_000_000, 1_100: 4_000_000, 1_110: 8_000_000]
        let session = try run(compositor, frames: 1_000)
        let (margin, misses) = (session.pacer.latch.margin, session.pacer.latch.misses)
        try session.loop.run(frames: 1_005)
        #expect(session.pacer.latch.misses == misses + 1 && session.pacer.latch.headroom == 0)
        try session.loop.run(frames: 1_105)
        #expect(session.pacer.latch.misses == misses + 2 && session.pacer.latch.headroom == 4_000_000)
        try session.loop.run(frames: 1_120)
        #expect(session.pacer.latch.misses == misses + 2 && session.pacer.latch.margin == margin)
        // Held for the recent frames after the late one, then a step less every `narrowRun` frames.
        let step = Self.refresh / LatchSchedule.stepsPerInterval
        try session.loop.run(frames: 1_100 + LatchSchedule.recentBusyHistory + LatchSchedule.narrowRun - 5)
        #expect(session.pacer.latch.headroom == 4_000_000)
        try session.loop.run(frames: 1_100 + LatchSchedule.recentBusyHistory + 2 * LatchSchedule.narrowRun + 5)
        #expect(session.pacer.latch.headroom == 4_000_000 - 2 * step)
    }

    @Test func aCompositorWhoseRepaintsSlowDownMakesNoFrameLateForTheMargin() throws {
        let compositor = LatchingCompositor(latch: 5_000_000)
        let session = try run(compositor, frames: 1_000)
        let (margin, misses) = (session.pacer.latch.margin, session.pacer.latch.misses)
        // Its repaints 16 ms apart, then 19 (a busy machine): frames planned from the older display times aim
        // early, the interval catches up, and none was late for want of margin.
        compositor.refresh = 19_000_000
        try session.loop.run(frames: 1_300)
        let latch = session.pacer.latch
        #expect(latch.interval == 19_000_000)
        #expect(latch.misses == misses && latch.margin == margin)
    }

    @Test func underABudgetHeldUpByALongFrameTheMarginNeverComesBackToAWholeInterval() throws {
        // One frame of 16 ms early on holds the budget at a whole interval for the recent frames: every lead is
        // held to the longest, every frame is on time, and the margin narrows a step every few frames. It stops
        // a step above 0 (which would read as a margin not yet set, and start again from a whole interval).
        let compositor = LatchingCompositor(latch: 5_000_000)
        compositor.slow = [30: 15_000_000]
        let session = try run(compositor, frames: 60)
        let step = Self.refresh / LatchSchedule.stepsPerInterval
        var last = session.pacer.latch.margin
        for frames in 61...(30 + LatchSchedule.recentBusyHistory) {
            try session.loop.run(frames: frames)
            let margin = session.pacer.latch.margin
            #expect(margin <= last && margin >= step, "frame \(frames): \(margin) after \(last)")
            last = margin
        }
        #expect(last == step)
    }

    @Test func theFirstFrameToReadInputIsAWarmUpThatHoldsNoBudget() throws {
        // No input for 100 frames, then the pointer moves: the first frame to read it takes 12 ms more (a first
        // use). It is not counted in the budget, nor as a frame over budget; the frames after it are 1 ms.
        let compositor = LatchingCompositor(latch: 5_000_000)
        compositor.moving = false
        compositor.slow = [100: 12_000_000]
        let session = try run(compositor, frames: 100)
        compositor.moving = true
        try session.loop.run(frames: 110)
        #expect(session.pacer.latch.budget == 1_000_000 && session.pacer.latch.headroom == 0)
    }

    @Test func aFrameOverItsBudgetLeavesTheMarginAndAHiddenWindowIsThrottled() throws {
        let compositor = LatchingCompositor(latch: 5_000_000)
        // Long after the misses that settled the margin, one frame busy 12 ms longer than the others: it
        // misses, but the margin was not what failed; the budget takes its busy time.
        compositor.slow = [1_000: 12_000_000]
        let session = try run(compositor, frames: 1_000)
        let (margin, misses) = (session.pacer.latch.margin, session.pacer.latch.misses)
        try session.loop.run(frames: 1_010)
        #expect(session.pacer.latch.misses == misses + 1)
        #expect(session.pacer.latch.margin == margin && session.pacer.latch.budget >= 13_000_000)
        // Hidden: no answers for `staleAfter`, then throttled until the compositor shows the window again.
        compositor.answers = false
        try session.loop.run(frames: 1_040)
        #expect(session.pacer.isThrottled && session.pacer.label == "throttled")
        compositor.answers = true
        try session.loop.run(frames: 1_080)
        #expect(!session.pacer.isThrottled && session.pacer.mode == .latched)
        // Asleep: every frame discarded, which is as good as unanswered.
        compositor.asleep = true
        try session.loop.run(frames: 1_120)
        #expect(session.pacer.isThrottled)
        compositor.asleep = false
        try session.loop.run(frames: 1_160)
        #expect(!session.pacer.isThrottled)
        var latch = session.pacer.latch
        #expect(latch.next(now: compositor.time.now()) != nil)
    }

    @Test func withoutInputFramesAreDrawnAheadAndTheMarginLearnsNothing() throws {
        let compositor = LatchingCompositor(latch: 5_000_000)
        compositor.moving = false
        let session = try run(compositor, frames: 400)
        let latch = session.pacer.latch
        // The margin stays where it started (a whole interval), and no frame misses.
        #expect(latch.margin == Self.refresh && latch.misses == 0 && latch.hits == 0)
        // Input arrives: frames start late again, and the margin comes down.
        compositor.moving = true
        try session.loop.run(frames: 1_400)
        #expect(session.pacer.latch.margin < Self.refresh && session.pacer.latch.hits > 0)
        // A second after the last input, drawn ahead again: each frame committed once the compositor has repainted
        // with the one before (within a poll of that frame callback), a whole repaint before its own display time;
        // the wait is not counted in the busy budget.
        let learned = session.pacer.latch.margin
        compositor.moving = false
        try session.loop.run(frames: 1_500)
        #expect(session.pacer.latch.margin == learned && session.pacer.latch.budget == compositor.busy)
        let early = Self.refresh + compositor.latch - compositor.repaint
        let shown = session.stats.recent.suffix(20).compactMap { sample in
            sample.display.map { Int64($0.time) - Int64(sample.presentEnd) }
        }
        #expect(
            !shown.isEmpty && shown.allSatisfy { $0 <= Int64(early) && $0 + Int64(Pacer.latchPoll) >= Int64(early) },
            "\(shown)")
        #expect(session.pacer.framesDrawnAhead >= 20 && session.pacer.framesDrawnAheadContended == 0)
    }

    @Test func aFrameDrawnAheadSleepsWhileItWaitsForTheFrameCallback() throws {
        // A compositor latching most of a refresh before its display times and calling frame callbacks well after
        // the latch (a slow repaint): without input each frame is drawn ahead, ready before the callback of the
        // frame before, and waits for it. On a clock that moves a microsecond at each reading, as a real one does,
        // a spin reads it once a microsecond and a sleep once or twice a poll; the pacer's own wait before each
        // frame spins its last `spinMargin`.
        let compositor = LatchingCompositor(latch: 12_000_000)
        compositor.repaint = 8_000_000
        compositor.moving = false
        let session = try run(compositor, frames: 300)
        compositor.time.tick = 1_000
        let (readings, ahead) = (compositor.time.readings, session.pacer.framesDrawnAhead)
        try session.loop.run(frames: 400)
        #expect(session.pacer.framesDrawnAhead - ahead >= 90)
        let waited = session.stats.recent.suffix(50).map(\.phases.present)
        #expect(waited.allSatisfy { $0 > 2_000_000 }, "each frame waits in its present: \(waited.prefix(5))")
        let perFrame = (compositor.time.readings - readings) / 100
        #expect(perFrame < 1_000, "\(perFrame) readings a frame")
    }

    @Test func onAContendedCoreFramesAreDrawnAheadAndASlowFrameIsNotLate() throws {
        let compositor = LatchingCompositor(latch: 5_000_000)
        let session = try run(compositor, frames: 1_000)
        let (margin, misses) = (session.pacer.latch.margin, session.pacer.latch.misses)
        #expect(session.pacer.framesDrawnAheadContended == 0)
        // The thread waits for a core a sixteenth of each frame's interval (over 1/25 of the time): after a whole
        // window of it, frames are drawn ahead, input arriving or not.
        compositor.queueWait = Self.refresh / 16
        try session.loop.run(frames: 1_200)
        #expect(session.pacer.latch.drawsAhead && session.pacer.latch.plannedAhead)
        // A frame 12 ms over its budget, which a latched frame cannot afford (see
        // `aFrameOverItsBudgetLeavesTheMarginAndAHiddenWindowIsThrottled`): committed a repaint early, it is on time,
        // and nothing is discarded.
        let discarded = session.stats.summary().display?.discarded
        compositor.slow = [1_210: 12_000_000]
        try session.loop.run(frames: 1_300)
        #expect(session.pacer.latch.misses == misses && session.stats.summary().display?.discarded == discarded)
        #expect(session.pacer.latch.margin == margin)
        // No more waiting for a core: `calmWindows` windows later, frames start late again.
        compositor.queueWait = 0
        let calm = Int((Double(LatchSchedule.calmWindows) + 1.5) * 1e9 / Double(Self.refresh))
        try session.loop.run(frames: 1_300 + calm)
        #expect(!session.pacer.latch.drawsAhead && !session.pacer.latch.plannedAhead)
        #expect(session.pacer.latch.lead == min(session.pacer.latch.budget + margin, session.pacer.latch.longestLead))
    }

    @Test func repaintsNearlyTwoReportedRefreshesApartDrawFramesAheadUntilTheyComeFasterAgain() throws {
        // A compositor whose repaints slow down, a step at a time, to under 1.8 of the refresh it reports (a busy
        // machine): frames still start late. Past 1.8 the grid may be the schedule's own (a compositor that
        // repaints only when a frame comes): frames are drawn ahead, committed as soon as it has repainted.
        let compositor = LatchingCompositor(latch: 5_000_000)
        compositor.reportedRefresh = Self.refresh
        let session = try run(compositor, frames: 300)
        var frames = 300
        for refresh: UInt64 in [19, 22, 25, 27] {
            compositor.refresh = refresh * 1_000_000
            frames += 200
            try session.loop.run(frames: frames)
        }
        #expect(session.pacer.latch.interval == 27_000_000 && !session.pacer.latch.drawsAhead)
        let latched = session.pacer.framesDrawnAheadContended
        compositor.refresh = 30_000_000
        try session.loop.run(frames: frames + 200)
        #expect(session.pacer.latch.interval == 30_000_000 && session.pacer.latch.drawsAhead)
        #expect(session.pacer.framesDrawnAheadContended > latched + 50)
        // Its repaints come faster again, under 1.8 of the refresh it reports: measured from the frames drawn ahead,
        // and frames start late again.
        compositor.refresh = 20_000_000
        try session.loop.run(frames: frames + 400)
        let ahead = session.pacer.framesDrawnAheadContended
        #expect(session.pacer.latch.interval == 20_000_000 && !session.pacer.latch.drawsAhead)
        try session.loop.run(frames: frames + 500)
        #expect(session.pacer.framesDrawnAheadContended == ahead)
    }

    @Test func theCPUIsContendedFromWindowsInARowWaitingAtLeastTheirShareUntilWindowsInARowBelow() {
        var schedule = LatchSchedule()
        schedule.mayDrawAhead = true
        let window = LatchSchedule.contentionWindow
        let share = window / LatchSchedule.contendedShare
        // At the share, then just under it (in two halves), then at it: not contended, a window in a row short.
        schedule.observeCore(waited: share, over: window)
        schedule.observeCore(waited: share / 2, over: window / 2)
        schedule.observeCore(waited: share / 2 - 1, over: window / 2)
        for _ in 1..<LatchSchedule.contendedWindows { schedule.observeCore(waited: share, over: window) }
        #expect(!schedule.drawsAhead)
        schedule.observeCore(waited: share, over: window)
        #expect(schedule.drawsAhead)
        // Calm windows: contended until the last of `calmWindows` in a row; one contended window starts the count again.
        for _ in 1..<LatchSchedule.calmWindows { schedule.observeCore(waited: 0, over: window) }
        schedule.observeCore(waited: share, over: window)
        for _ in 1..<LatchSchedule.calmWindows { schedule.observeCore(waited: 0, over: window) }
        #expect(schedule.drawsAhead)
        schedule.observeCore(waited: 0, over: window)
        #expect(!schedule.drawsAhead)
        // Where the compositor cannot say when it latched a frame, frames are never drawn ahead.
        for _ in 0..<LatchSchedule.contendedWindows { schedule.observeCore(waited: window, over: window) }
        #expect(schedule.drawsAhead)
        schedule.mayDrawAhead = false
        #expect(!schedule.drawsAhead)
    }

    @Test func aCompositorThatLatchesEarlierWidensTheMarginFromWhereTheFramesReturned() throws {
        let compositor = LatchingCompositor(latch: 5_000_000)
        let session = try run(compositor, frames: 1_000)
        let misses = session.pacer.latch.misses
        // 2 ms earlier than before: the frames returning their margin before their aims are late now. The margin
        // widens once past the new latch and settles there; then no frame misses.
        compositor.latch = 7_000_000
        try session.loop.run(frames: 1_100)
        let step = Self.refresh / LatchSchedule.stepsPerInterval
        let latch = session.pacer.latch
        #expect(latch.misses > misses)
        #expect(latch.margin >= compositor.latch && latch.margin <= compositor.latch + 6 * step)
        try session.loop.run(frames: 1_400)
        #expect(session.pacer.latch.misses == latch.misses)
    }

    @Test func noFrameStartsSoEarlyThatItReplacesTheFrameBefore() throws {
        // One frame of 20 ms holds the budget above a 16 ms interval for the next frames; after it, frames take 1
        // and 7 ms by turns. A 1 ms frame started budget + margin before its display would be committed before
        // the latch of the display before, land there and replace the 7 ms frame before it (discarded), leaving
        // its own display time with nothing new. The lead is held to an interval plus what is known of the latch.
        let compositor = LatchingCompositor(latch: 5_000_000)
        compositor.slow = [300: 19_000_000]
        for frame in stride(from: 301, to: 450, by: 2) { compositor.slow[frame] = 6_000_000 }
        let session = try run(compositor, frames: 450)
        let latch = session.pacer.latch
        #expect(latch.budget >= 20_000_000 && latch.lead == latch.longestLead)
        #expect(latch.longestLead > Self.refresh && latch.longestLead <= Self.refresh + compositor.latch)
        let after = session.stats.recent.suffix(100)
        #expect(after.allSatisfy { $0.display?.outcome == .presented }, "none discarded")
        let shown = after.compactMap { $0.display?.time }
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $1 - $0 == Self.refresh }, "one frame a refresh")
    }

    @Test func theSwapScheduleKeepsVsyncAndThePacer() throws {
        let compositor = LatchingCompositor(latch: 5_000_000)
        let session = try run(compositor, frames: 30, schedule: .swap)
        #expect(compositor.vsync && session.pacer.mode == .selfPaced)
        #expect(session.stats.recent.allSatisfy { $0.plan == nil })
    }
}
