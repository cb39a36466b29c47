import Testing
import Tweening

/// The calls of the transition matrix; `update` has a short step and one that runs past the end.
enum Call: String, CaseIterable, CustomStringConvertible {
    case updateShort, updatePastEnd, start, stop, restart, pause, resume, complete, kill, revive

    var description: String { rawValue }

    func apply(to tween: TweenAnimator) -> Bool {
        switch self {
        case .updateShort: tween.update(by: 0.25)
        case .updatePastEnd: tween.update(by: 10)
        case .start: tween.start()
        case .stop: tween.stop()
        case .restart: tween.restart()
        case .pause: tween.pause()
        case .resume: tween.resume()
        case .complete: tween.complete()
        case .kill: tween.kill()
        case .revive: tween.revive()
        }
    }
}

/// One cell: what the call returns, the state it leaves, the callbacks it fires (in order), before
/// the auto-kill (†) that follows a completion when it is on.
struct Outcome: Equatable, CustomStringConvertible {
    var result: Bool
    var state: TweenState
    var events: [Event]

    static let refused = Outcome(result: false, state: .new, events: [])

    var description: String { "\(result) → \(state) \(events)" }
}

/// The tween state machine's transition matrix (Tweening.docc's *A tween's life*, which has it as a table, with the deviations from
/// STween), cell by cell. The tween in the `delayed` column has delay 1; in every other
/// column delay 0. Duration is 1. `nil` means F: refused, nothing changes.
func expectedOutcome(_ call: Call, _ state: TweenState) -> Outcome? {
    switch (call, state) {
    case (.updateShort, .active): Outcome(result: true, state: .active, events: [.update])
    case (.updateShort, .delayed): Outcome(result: true, state: .delayed, events: [])
    case (.updatePastEnd, .active): Outcome(result: true, state: .completed, events: [.update, .complete])
    case (.updatePastEnd, .delayed):
        Outcome(result: true, state: .completed, events: [.start, .update, .complete])
    case (.start, .new), (.start, .inactive): Outcome(result: true, state: .active, events: [.start])
    case (.stop, .active), (.stop, .delayed), (.stop, .paused):
        Outcome(result: true, state: .inactive, events: [.stop])
    case (.restart, .new), (.restart, .inactive), (.restart, .completed):
        Outcome(result: true, state: .active, events: [.restart, .start])
    case (.restart, .active), (.restart, .paused):
        Outcome(result: true, state: .active, events: [.stop, .restart, .start])
    case (.restart, .delayed): Outcome(result: true, state: .delayed, events: [.stop, .restart])
    case (.pause, .active), (.pause, .delayed): Outcome(result: true, state: .paused, events: [.pause])
    case (.resume, .paused): Outcome(result: true, state: .active, events: [.resume])
    case (.complete, let from) where from != .completed && from != .killed:
        Outcome(result: true, state: .completed, events: [.complete])
    case (.kill, let from) where from != .killed: Outcome(result: true, state: .killed, events: [.kill])
    case (.revive, .killed): Outcome(result: true, state: .new, events: [.revive])
    default: nil
    }
}

/// Builds a tracked tween (duration 1) and drives it into `state`.
func tween(in state: TweenState, tweener: Tweener) -> PropertyTween<Double> {
    let tween = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
    if state == .delayed { tween.delay = 1 }
    switch state {
    case .new: break
    case .inactive: tween.start(); tween.stop()
    case .active: tween.start(); tween.update(by: 0.25)
    case .delayed: tween.start()
    case .paused: tween.start(); tween.update(by: 0.25); tween.pause()
    case .completed: tween.start(); tween.complete()
    case .killed: tween.kill()
    }
    return tween
}

struct TransitionMatrixTests {
    @Test(arguments: Call.allCases, TweenState.allCases)
    func everyCellMatchesTheMatrixWithoutAutoKill(call: Call, state: TweenState) {
        check(call, state, autoKill: false)
    }

    /// With auto-kill on, a completion is followed by a kill (the † of the matrix); a `completed`
    /// tween cannot be reached, so that column is skipped.
    @Test(arguments: Call.allCases, TweenState.allCases.filter { $0 != .completed })
    func everyCellMatchesTheMatrixWithAutoKill(call: Call, state: TweenState) {
        check(call, state, autoKill: true)
    }

    private func check(_ call: Call, _ state: TweenState, autoKill: Bool) {
        let tweener = manualTweener(autoKill: autoKill)
        let subject = tween(in: state, tweener: tweener)
        #expect(subject.state == state, "setup reached \(subject.state), not \(state)")
        let elapsedBefore = subject.elapsed
        let trackedBefore = tweener.isTracking(subject)
        let log = CallbackLog()
        log.attach(to: subject)

        let result = call.apply(to: subject)

        guard var expected = expectedOutcome(call, state) else {
            #expect(result == false, "\(call) in \(state) must be refused")
            #expect(subject.state == state)
            #expect(subject.elapsed == elapsedBefore)
            #expect(log.events.isEmpty)
            #expect(tweener.isTracking(subject) == trackedBefore)
            return
        }
        if autoKill && expected.state == .completed {
            expected.state = .killed
            expected.events.append(.kill)
        }
        let actual = Outcome(result: result, state: subject.state, events: log.events)
        #expect(actual == expected, "\(call) in \(state)")
        #expect(tweener.isTracking(subject) == (expected.state != .killed), "tracking after \(call) in \(state)")
    }

    @Test func resumingATweenPausedDuringItsDelayReturnsToDelayed() {
        let tweener = manualTweener()
        let subject = tween(in: .delayed, tweener: tweener)
        subject.update(by: 0.5)
        subject.pause()
        #expect(subject.resume())
        #expect(subject.state == .delayed)
        subject.update(by: 0.75)
        #expect(subject.state == .active)
        #expect(subject.elapsed == 0.25)
    }

    @Test func startSnapsToTheStartAndStopLeavesValuesInPlace() {
        let tweener = manualTweener()
        var shown: [Double] = []
        let subject = tweener.tween(from: 2.0, to: 4.0, duration: 1) { shown.append($0) }
        subject.start()
        #expect(shown == [2])
        subject.update(by: 0.5)
        subject.stop()
        #expect(shown == [2, 3])
        #expect(subject.elapsed == 0)
        subject.complete()
        #expect(shown == [2, 3, 4])
        #expect(subject.elapsed == 1)
    }

    @Test func killHaltsInPlaceAndReviveDoesNotStartAgain() {
        let tweener = Tweener()
        tweener.defaults.ease = .linear
        var value = 0.0
        let subject = tweener.tween(from: 0.0, to: 10.0, duration: 1) { value = $0 }
        tweener.update(by: 0.5)
        subject.kill()
        tweener.update(by: 0.25)
        #expect(value == 5)
        #expect(subject.revive())
        tweener.update(by: 0.25)
        #expect(subject.state == .new)
        #expect(value == 5)
        #expect(tweener.isTracking(subject))
    }
}
