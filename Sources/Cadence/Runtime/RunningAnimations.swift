/// Everything an ``AnimatedValue`` knows: its target, what it shows, and the animations running on it
/// (the rules are in ``AnimatedValue``'s documentation). Just over 300 lines: the runtime's rules (time,
/// combination, merging, changes) are one state machine, and each part reads the others' invariants.
///
/// A struct inside the class so that a call on the value mutates it through one access: the state is
/// written in place (`&first.context`), which keeps a warm spring's state writes allocation-free.
///
/// The running animations are `first` (stored inline: the only one in the common case, so a frame
/// touches no array) followed by `rest` (the later entries of a combination). While nothing runs,
/// `isRunning` is `false`, `first` is a resting entry and `rest` is empty. `first` is not an optional
/// on purpose: reading a field of an optional entry (`first!.interval`) copies the whole entry,
/// retaining everything in it. The entries are in the order they were added, and the first entry's
/// value is always its own interval (the combination's origin is folded to zero, see `fold`).
@usableFromInline
struct RunningAnimations<Value: VectorArithmetic> {
    // What every update and read touches first, before the entries: a resting value's update and a read
    // of `presentation` stay within these fields (benchmark row "Frame loop, stress scene, no-op backend").
    @usableFromInline var isRunning = false
    /// Whether a change was recorded since the animations were last evaluated.
    @usableFromInline var isStale = false
    /// Whether that change gave a client animation (`.custom`), which must be called at the change's time.
    @usableFromInline var callsAtChange = false
    /// The value's clock: the sum of the deltas given to `advance(by:)`.
    @usableFromInline var clock: TimeInterval = 0
    @usableFromInline var presentation: Value
    @usableFromInline var velocity: Value
    @usableFromInline var target: Value
    @usableFromInline var environment = EnvironmentValues()
    @usableFromInline var first: AnimationEntry<Value>
    @usableFromInline var rest: ContiguousArray<AnimationEntry<Value>> = []
    /// In a combination: its progress along the last entry's interval at the last evaluation.
    @usableFromInline var combinedOffset: Value = .zero
    /// Completions due, in order; the owner calls them once the state is consistent again.
    @usableFromInline var pending: [() -> Void] = []

    @inlinable
    init(value: Value) {
        target = value
        presentation = value
        velocity = .zero
        first = AnimationEntry(resting: EnvironmentValues())
    }

    @inlinable
    var count: Int { isRunning ? 1 + rest.count : 0 }

    /// The interval from where the running animations started to the target: that of the last entry.
    @inlinable
    var interval: Value {
        rest.isEmpty ? first.interval : rest[rest.count - 1].interval
    }

    // MARK: - Time

    /// Advances the clock by `deltaTime` (finite and not negative) and evaluates the animations there.
    /// Returns whether completions are due (so the owner needs one access to this state, not two).
    ///
    /// A change that gave a client animation is evaluated first, at the time it was made: the new
    /// animation gets its call at time 0 whether or not the value was read in between, so an animation
    /// that keeps state sees SwiftUI's sequence of calls (time 0, then one call per frame). A built-in's
    /// motion is a function of time alone, so that call would change nothing it shows.
    @inlinable
    mutating func advance(by deltaTime: TimeInterval) -> Bool {
        isStale = false
        if callsAtChange {
            // Only for clients: row "AnimatedValue 1 kHz retarget storm" pays for it twice otherwise.
            callsAtChange = false
            if isRunning { evaluate(after: 0) }
            // An update of zero after a change: that evaluation was the update's own.
            if deltaTime == 0 { return !pending.isEmpty }
        }
        clock += deltaTime
        guard isRunning else { return !pending.isEmpty }
        evaluate(after: deltaTime)
        return !pending.isEmpty
    }

    /// Evaluates the running animations at the clock; `deltaTime` is the time since the last
    /// evaluation, for the velocity of animations that report none (0 keeps the last velocity).
    @inlinable
    mutating func evaluate(after deltaTime: TimeInterval) {
        if rest.isEmpty {
            evaluateAlone(after: deltaTime)
        } else {
            evaluateCombination(after: deltaTime)
        }
    }

    /// One animation: presentation = target − interval + progress.
    @inlinable
    mutating func evaluateAlone(after deltaTime: TimeInterval) {
        guard let (shown, rate) = first.evaluateAlone(target: target, at: clock, pending: &pending) else {
            finish()
            return
        }
        if let rate {
            velocity = rate
        } else if deltaTime > 0 {
            velocity = (shown - presentation).scaled(by: 1 / deltaTime)
        }
        presentation = shown
    }

    /// A combination, chained: with result = 0, each entry in order moves the result the rest of the
    /// way to its cumulative interval Eᵢ (result += animateᵢ(Eᵢ − result)); a finished entry sets the
    /// result to Eᵢ, which makes every entry before it irrelevant, so they are folded away.
    ///
    /// Velocity by the chain rule through that formula: d(result)/dt after entry i is
    /// rate·(1 − gᵢ) + vᵢ, where vᵢ is the entry's own velocity and gᵢ = ⟨progress, value⟩/⟨value, value⟩
    /// its fraction of the way (the derivative of its progress with respect to its value). This is
    /// exact for every animation whose progress is its value scaled by a function of time (timing
    /// curves, interpolating springs, and delays, speeds and repeats of them); for others it is the
    /// nearest such approximation. When an entry after the last finished one reports no velocity,
    /// the velocity is the presentation's difference quotient over the frame instead.
    @inlinable
    mutating func evaluateCombination(after deltaTime: TimeInterval) {
        let now = clock
        var result = Value.zero
        var rate = Value.zero
        var rateIsKnown = true
        var lastFinished = -1
        var index = 0
        let count = 1 + rest.count
        while index < count {
            let finished: Bool
            if index == 0 {
                finished = first.combine(result: &result, rate: &rate, rateIsKnown: &rateIsKnown, at: now)
                first.takeDueLogicalCompletions(into: &pending)
            } else {
                finished = rest[index - 1].combine(result: &result, rate: &rate, rateIsKnown: &rateIsKnown, at: now)
                rest[index - 1].takeDueLogicalCompletions(into: &pending)
            }
            if finished { lastFinished = index }
            index += 1
        }
        if lastFinished == count - 1 {
            finish()
            return
        }
        let shown = target - rest[rest.count - 1].interval + result
        if rateIsKnown {
            velocity = rate
        } else if deltaTime > 0 {
            velocity = (shown - presentation).scaled(by: 1 / deltaTime)
        }
        presentation = shown
        combinedOffset = result
        if lastFinished >= 0 { fold(through: lastFinished) }
    }

    /// Removes the entries up to and including `last` (which has finished, so the result at it is its
    /// interval whatever came before), and moves the origin to that interval so that the new first
    /// entry's value is again its own interval. What is shown does not change.
    @inlinable
    mutating func fold(through last: Int) {
        let origin = last == 0 ? first.interval : rest[last - 1].interval
        first.completions.takeAll(into: &pending)
        for index in 0..<last { rest[index].completions.takeAll(into: &pending) }
        first = rest[last]
        rest.removeSubrange(0...last)
        first.interval -= origin
        for index in rest.indices { rest[index].interval -= origin }
        combinedOffset -= origin
    }

    /// Ends every running animation: the target is shown, at rest, and every completion is due.
    @inlinable
    mutating func finish() {
        first.completions.takeAll(into: &pending)
        for index in rest.indices { rest[index].completions.takeAll(into: &pending) }
        first.rest(environment: environment)
        isRunning = false
        rest.removeAll(keepingCapacity: true)
        presentation = target
        velocity = .zero
        combinedOffset = .zero
    }

    // MARK: - Changes

    /// Sets a new target (usable: the owner checks) with or without an animation. An animated change
    /// is only recorded: the animations are evaluated at the change's time by the next update or read
    /// (``refresh()``), once however many changes come before it. Returns whether completions are due.
    @inlinable
    mutating func setTarget(
        _ newTarget: Value, animation: consuming Animation?, completions: consuming CompletionList
    ) -> Bool {
        guard let animation = consume animation else {
            target = newTarget
            finish()
            completions.takeAll(into: &pending)
            return !pending.isEmpty
        }
        // Two changes without an evaluation between them: the second merges with, or is chained
        // after, what the first produced.
        if isStale && isRunning {
            isStale = false
            callsAtChange = false
            evaluate(after: 0)
        }
        let change = newTarget - target
        target = newTarget
        let callsClient = animation.kind == .custom
        // Each branch's use of `animation` is its last, so it is moved into the entry, not copied.
        if !isRunning {
            first.start(animation, interval: change, at: clock, completions: completions, environment: environment)
            isRunning = true
        } else if merge(animation, change: change, completions: &completions) {
            first.animation = animation
        } else if isTracking {
            // A tracked velocity is not a motion: what does not merge with it replaces it (see
            // `TrackedMotion`). The value is on the old target, so the interval is the change.
            first = AnimationEntry(
                animation: animation, context: AnimationContext(environment: environment),
                interval: change, startTime: clock, completions: completions)
        } else {
            rest.append(
                AnimationEntry(
                    animation: animation, context: AnimationContext(environment: environment),
                    interval: interval + change, startTime: clock, completions: completions))
        }
        isStale = true
        if callsClient { callsAtChange = true }
        return !pending.isEmpty
    }

    /// Evaluates the animations at the clock if a change was recorded since the last evaluation.
    /// Returns whether completions are due.
    @inlinable
    mutating func refresh() -> Bool {
        guard isStale else { return false }
        isStale = false
        callsAtChange = false
        if isRunning { evaluate(after: 0) }
        return !pending.isEmpty
    }

    /// Lets `animation` take over the running animations if its `shouldMerge` says so: it inherits the
    /// context's state (as `shouldMerge` left it), the begin time and every waiting completion, and
    /// animates the whole interval. Returns whether it merged; the caller then stores `animation` in
    /// `first`, where it can move it rather than copy it.
    ///
    /// The merge works on the running context in place (`Animation.merges` leaves it as it was if
    /// the answer is no). A merge starts a new run, so the context's logical completion is cleared
    /// (``AnimationContext/isLogicallyComplete`` never turns back to `false` within a run).
    @inlinable
    mutating func merge(_ animation: Animation, change: Value, completions: inout CompletionList) -> Bool {
        // A closed form or a path never merges: nothing to hand it (a combination's snapshot would be built for nothing).
        guard animation.kind != .closedForm && animation.kind != .path else { return false }
        let elapsed = clock - first.startTime
        let previousInterval = interval
        if rest.isEmpty {
            guard
                animation.merges(
                    previous: first.animation, value: previousInterval, time: elapsed, context: &first.context)
            else { return false }
        } else {
            // A combination is handed over as one animation: its motion at the merge time.
            var context = AnimationContext<Value>(environment: environment)
            let previous = Animation(CombinedMotion(offset: combinedOffset, velocity: velocity))
            guard animation.merges(previous: previous, value: previousInterval, time: elapsed, context: &context)
            else { return false }
            first.context = context
            for index in rest.indices { first.completions.absorb(&rest[index].completions) }
            rest.removeAll(keepingCapacity: true)
        }
        first.context.logicallyComplete = false
        first.context.environment = environment
        first.completions.absorb(&completions)
        first.interval = previousInterval + change
        return true
    }

    /// Sets the environment of the value and of every running animation's context, so that
    /// animations read the current one on every call without a write per frame.
    @inlinable
    mutating func setEnvironment(_ newEnvironment: EnvironmentValues) {
        environment = newEnvironment
        first.context.environment = newEnvironment
        for index in rest.indices { rest[index].context.environment = newEnvironment }
    }
}

extension AnimationEntry {
    /// Applies this entry to a combination's running result and its rate of change (see
    /// `RunningAnimations.evaluateCombination`). Returns whether the entry has finished.
    @inlinable
    mutating func combine(result: inout Value, rate: inout Value, rateIsKnown: inout Bool, at clock: TimeInterval)
        -> Bool
    {
        let value = interval - result
        let (offset, velocity) = evaluate(value: value, at: clock)
        guard let offset else {
            result = interval
            rate = .zero
            rateIsKnown = true
            return true
        }
        // ⟨offset, value⟩ by polarisation, since VectorArithmetic offers only the squared magnitude.
        let valueSquared = value.magnitudeSquared
        let fraction =
            valueSquared > 0
            ? ((offset + value).magnitudeSquared - (offset - value).magnitudeSquared) / (4 * valueSquared)
            : 0
        result += offset
        if let velocity {
            rate = rate.scaled(by: 1 - fraction) + velocity
        } else {
            rateIsKnown = false
        }
        return false
    }
}
