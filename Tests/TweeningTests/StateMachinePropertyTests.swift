import Testing
import Tweening

/// A reference model of one tween's state machine, written from the documented state machine alone (STween's, with the deviations of Tweening.docc's *Where Tweening differs from STween*): the states, the
/// clocks and the callbacks, nothing else.
struct ReferenceTween {
    let duration: Double
    let delay: Double
    let autoKill: Bool
    var state = TweenState.new
    var elapsed = 0.0
    var delayElapsed = 0.0
    var pausedInDelay = false
    var hasBegun = false
    var tracked = true

    var percentComplete: Double {
        duration > 0 ? min(max(elapsed / duration, 0), 1) : (hasBegun ? 1 : 0)
    }

    enum Operation: CustomStringConvertible {
        case update(Double), tweenerUpdate(Double)
        case start, stop, restart, pause, resume, complete, kill, revive

        var description: String {
            switch self {
            case .update(let dt): "update(\(dt))"
            case .tweenerUpdate(let dt): "tweener.update(\(dt))"
            case .start: "start"
            case .stop: "stop"
            case .restart: "restart"
            case .pause: "pause"
            case .resume: "resume"
            case .complete: "complete"
            case .kill: "kill"
            case .revive: "revive"
            }
        }
    }

    /// Applies `operation`; returns what the call returns (`nil` for the tweener's update, which
    /// reports on the tweener, not the tween) and the callbacks, in order.
    mutating func apply(_ operation: Operation) -> (Bool?, [Event]) {
        var events: [Event] = []
        switch operation {
        case .update(let dt):
            return (advance(dt, &events), events)
        case .tweenerUpdate(let dt):
            if tracked { _ = advance(dt, &events) }
            return (nil, events)
        case .start:
            guard state == .new || state == .inactive else { return (false, []) }
            begin(&events)
        case .stop:
            guard [.active, .delayed, .paused].contains(state) else { return (false, []) }
            reset()
            state = .inactive
            events.append(.stop)
        case .restart:
            guard state != .killed else { return (false, []) }
            if [.active, .delayed, .paused].contains(state) {
                reset()
                state = .inactive
                events.append(.stop)
            }
            events.append(.restart)
            begin(&events)
        case .pause:
            guard state == .active || state == .delayed else { return (false, []) }
            pausedInDelay = state == .delayed
            state = .paused
            events.append(.pause)
        case .resume:
            guard state == .paused else { return (false, []) }
            state = pausedInDelay ? .delayed : .active
            events.append(.resume)
        case .complete:
            guard state != .completed && state != .killed else { return (false, []) }
            elapsed = duration
            delayElapsed = delay
            hasBegun = true
            finish(&events)
        case .kill:
            guard state != .killed else { return (false, []) }
            state = .killed
            tracked = false
            events.append(.kill)
        case .revive:
            guard state == .killed else { return (false, []) }
            reset()
            state = .new
            tracked = true
            events.append(.revive)
        }
        return (true, events)
    }

    private mutating func reset() {
        elapsed = 0
        delayElapsed = 0
        pausedInDelay = false
        hasBegun = false
    }

    private mutating func begin(_ events: inout [Event]) {
        reset()
        if delay > 0 {
            state = .delayed
        } else {
            state = .active
            hasBegun = true
            events.append(.start)
        }
    }

    private mutating func finish(_ events: inout [Event]) {
        state = .completed
        events.append(.complete)
        if autoKill {
            state = .killed
            tracked = false
            events.append(.kill)
        }
    }

    private mutating func advance(_ dt: Double, _ events: inout [Event]) -> Bool {
        guard dt.isFinite, dt >= 0, state == .active || state == .delayed else { return false }
        var dt = dt
        if state == .delayed {
            delayElapsed += dt
            if delayElapsed < delay { return true }
            dt = delayElapsed - delay
            delayElapsed = delay
            state = .active
            hasBegun = true
            events.append(.start)
        }
        let time = elapsed + dt
        if time < duration {
            elapsed = time
            events.append(.update)
        } else {
            elapsed = duration
            events.append(.update)
            finish(&events)
        }
        return true
    }
}

struct StateMachinePropertyTests {
    static let deltas: [Double] = [0, 0.125, 0.25, 0.5, 1, 3, -1, .nan, .infinity, -.infinity]

    static func randomOperation(_ rng: inout SplitMix64) -> ReferenceTween.Operation {
        switch Int.random(in: 0..<11, using: &rng) {
        case 0, 1: .update(deltas.randomElement(using: &rng)!)
        case 2: .tweenerUpdate(deltas.randomElement(using: &rng)!)
        case 3: .start
        case 4: .stop
        case 5: .restart
        case 6: .pause
        case 7: .resume
        case 8: .complete
        case 9: .kill
        default: .revive
        }
    }

    /// 10,000 random sequences of 24 operations each (deltas include negative, NaN and infinite
    /// ones), compared step by step with the reference model: return value, state, callbacks in
    /// order, elapsed time, percent complete and tracking. Seeded, so a failure replays exactly.
    @Test func randomOperationSequencesMatchTheReferenceModel() {
        var rng = SplitMix64(seed: 0x5EED_CADE_2026)
        var mismatches = 0
        for sequence in 0..<10_000 {
            let duration = [0, 0.5, 1, 2].randomElement(using: &rng)!
            let delay = [0, 0, 0.5, 1].randomElement(using: &rng)!
            let autoKill = Bool.random(using: &rng)
            let tweener = manualTweener(autoKill: autoKill)
            let subject = tweener.tween(from: 0.0, to: 1.0, duration: duration) { _ in }.delay(delay)
            let log = CallbackLog()
            log.attach(to: subject)
            var model = ReferenceTween(duration: duration, delay: delay, autoKill: autoKill)
            var history: [ReferenceTween.Operation] = []

            for _ in 0..<24 {
                let operation = Self.randomOperation(&rng)
                history.append(operation)
                log.clear()
                let result: Bool?
                switch operation {
                case .update(let dt): result = subject.update(by: dt)
                case .tweenerUpdate(let dt): tweener.update(by: dt); result = nil
                case .start: result = subject.start()
                case .stop: result = subject.stop()
                case .restart: result = subject.restart()
                case .pause: result = subject.pause()
                case .resume: result = subject.resume()
                case .complete: result = subject.complete()
                case .kill: result = subject.kill()
                case .revive: result = subject.revive()
                }
                let (expectedResult, expectedEvents) = model.apply(operation)
                let matches =
                    result == expectedResult && subject.state == model.state
                    && log.events == expectedEvents && subject.elapsed == model.elapsed
                    && subject.percentComplete == model.percentComplete
                    && tweener.isTracking(subject) == model.tracked
                    && tweener.count == (model.tracked ? 1 : 0)
                if !matches {
                    mismatches += 1
                    Issue.record(
                        """
                        sequence \(sequence) (duration \(duration), delay \(delay), autoKill \(autoKill)) \
                        diverged after \(history): got \(String(describing: result)) \(subject.state) \
                        \(log.events) elapsed \(subject.elapsed); model \(String(describing: expectedResult)) \
                        \(model.state) \(expectedEvents) elapsed \(model.elapsed)
                        """)
                    break
                }
            }
            if mismatches >= 5 { break }
        }
        #expect(mismatches == 0)
    }
}
