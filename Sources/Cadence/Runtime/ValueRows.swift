/// The numbers of one element of ``AnimatedValues`` that every frame of a moving element reads: its
/// target and the interval its animation covers. A merging spring's offset, velocity and force are in
/// ``ValueRows/motions`` beside it, so that a timing curve's frame reads 32 bytes an element for a
/// `SIMD2<Double>`, not 80 (benchmark row "AnimatedValues update, .linear started together, 10,000
/// SIMD2<Double>").
@usableFromInline
struct ValueRow<Value: VectorArithmetic> {
    @usableFromInline var target: Value
    @usableFromInline var interval: Value

    @inlinable
    init(target: Value) {
        self.target = target
        interval = .zero
    }
}

/// Elements moving in step under one built-in animation: they began, or last merged, at the same time
/// with the same animation, so their animation's clock (and a merging spring's step matrix) is one and
/// the same. It is advanced once per frame for all of them (``ValueRows/evaluateCohort(_:)``); each
/// element keeps only its own numbers (its ``ValueRow`` and, under a spring, its ``IntegratedMotion``).
///
/// What an ``AnimatedValue`` keeps in its animation's context, `IntegratedMotionState`'s clock and the
/// logical-completion flag, is kept once for the cohort. This struct holds what a frame reads per element;
/// the cohort's animation and clock are in ``ValueRows/cohortAnimations`` and ``ValueRows/cohortClocks``,
/// so that a frame of many small cohorts does not walk their clocks (a timing curve has none).
@usableFromInline
struct Cohort {
    /// Whether the animation is integrated (a merging spring); otherwise a closed form (a timing curve,
    /// an interpolating spring, a decay).
    @usableFromInline var isIntegrated: Bool
    /// Whether the cohort is in use (a freed one waits in `freeCohorts`).
    @usableFromInline var isLive = true
    /// Sticky within a run, as ``AnimationContext/isLogicallyComplete``.
    @usableFromInline var isLogicallyComplete = false
    // The last evaluation, at the values' clock.
    @usableFromInline var isFinished = false
    @usableFromInline var stepped = false
    @usableFromInline var members = 0
    /// Equal for cohorts whose animations are equal (see ``ValueRows/animationID``).
    @usableFromInline var animationID = 0
    /// The values' clock when the cohort's animation began (kept across a merge, as an entry's).
    @usableFromInline var start: TimeInterval
    @usableFromInline var velocityScale = 1.0
    /// A closed form's progress and rate, as fractions of the interval.
    @usableFromInline var fraction = 0.0
    @usableFromInline var rate = 0.0

    @inlinable
    init(isIntegrated: Bool, start: TimeInterval) {
        self.isIntegrated = isIntegrated
        self.start = start
    }
}

/// What a frame reads per element of a cohort, taken once per run of its elements: the cohort's last
/// evaluation and, for a merging spring, its clock's step matrix and the next step's.
@usableFromInline
struct RowPlan {
    @usableFromInline var isIntegrated = false
    @usableFromInline var isFinished = false
    @usableFromInline var stepped = false
    @usableFromInline var fraction = 0.0
    @usableFromInline var rate = 0.0
    @usableFromInline var velocityScale = 1.0
    @usableFromInline var matrix = MotionMatrix.identity
    /// How far the spring's time lies past its last grid point, as a fraction of a step.
    @usableFromInline var stepFraction = 0.0
    @usableFromInline var nextStep = MotionMatrix.identity

    @inlinable
    init() {}

    /// The plan of an evaluation on the grid that stepped nothing (as at a change): it needs no matrix.
    @inlinable @inline(__always)
    init(unstepped cohort: Cohort) {
        isIntegrated = cohort.isIntegrated
        isFinished = cohort.isFinished
        velocityScale = cohort.velocityScale
    }

    @inlinable @inline(__always)
    init(_ cohort: Cohort, clock: MotionClock) {
        isIntegrated = cohort.isIntegrated
        isFinished = cohort.isFinished
        stepped = cohort.stepped
        fraction = cohort.fraction
        rate = cohort.rate
        velocityScale = cohort.velocityScale
        if isIntegrated {
            matrix = clock.activeMatrix
            stepFraction = clock.fraction
            nextStep = clock.nextStep
        }
    }
}

/// What a change made of the elements of one cohort, kept while the clock stands still, so that every
/// element of the cohort given the same animation joins the same new cohort (and the previous
/// animation's evaluation at the merge is done once).
@usableFromInline
struct CohortChange {
    /// The cohort the elements were in; ``ValueRows/resting`` for elements at rest.
    @usableFromInline var from: UInt32
    /// The cohort they joined.
    @usableFromInline var to: Int
    /// The previous animation's evaluation at the merge: its clock advanced there and what the advance did.
    @usableFromInline var previousClock: MotionClock
    @usableFromInline var previousAdvance: MotionAdvance
    /// A closed-form previous animation's sample there.
    @usableFromInline var previousSample: MotionSample
    /// The factor from the previous velocity to the new animation's.
    @usableFromInline var velocityScale: Double

    @inlinable
    init(
        from: UInt32, to: Int, previousClock: MotionClock, previousAdvance: MotionAdvance,
        previousSample: MotionSample, velocityScale: Double
    ) {
        self.from = from
        self.to = to
        self.previousClock = previousClock
        self.previousAdvance = previousAdvance
        self.previousSample = previousSample
        self.velocityScale = velocityScale
    }
}

/// Everything ``AnimatedValues`` knows, as one struct mutated through one access (see ``RunningAnimations``
/// for the rules each element follows).
///
/// Each element has a lane (``lanes``): at rest; in a ``Cohort`` (a built-in timing curve, interpolating
/// spring or merging spring running alone, its numbers in ``rows`` and ``motions``); or *alone*, in a full
/// ``RunningAnimations`` of its own (a combination, a client's animation, keyframes, a tracked velocity),
/// which is exactly the state of an ``AnimatedValue``. An element moves to its own state when a change
/// needs more than its cohort can express, built from its row and cohort so that nothing it shows
/// changes, and back to rest when that state finishes.
@usableFromInline
struct ValueRows<Value: VectorArithmetic> {
    /// The lane of an element at rest.
    @inlinable static var resting: UInt32 { .max }
    /// Set in the lane of an element in its own state; the rest of the lane is its slot in ``alone``.
    @inlinable static var aloneBit: UInt32 { 0x8000_0000 }
    /// Set in the lane of an element in a cohort that has completions waiting in ``completions``.
    @inlinable static var completionBit: UInt32 { 0x4000_0000 }
    /// The cohort or slot in a lane.
    @inlinable static var indexMask: UInt32 { 0x3FFF_FFFF }

    @usableFromInline var count = 0
    @usableFromInline var capacity = 0
    @usableFromInline var rows: UnsafeMutablePointer<ValueRow<Value>>
    /// Each element's integrated motion, read only under a merging spring.
    @usableFromInline var motions: UnsafeMutablePointer<IntegratedMotion<Value>>
    @usableFromInline var presentations: UnsafeMutablePointer<Value>
    @usableFromInline var velocities: UnsafeMutablePointer<Value>
    @usableFromInline var lanes: UnsafeMutablePointer<UInt32>

    @usableFromInline var clock: TimeInterval = 0
    @usableFromInline var environment = EnvironmentValues()
    @usableFromInline var animatingCount = 0
    @usableFromInline var cohorts: ContiguousArray<Cohort> = []
    /// Each cohort's animation, by cohort.
    @usableFromInline var cohortAnimations: ContiguousArray<Animation> = []
    /// Each cohort's clock, by cohort (a closed form's is never advanced).
    @usableFromInline var cohortClocks: ContiguousArray<MotionClock> = []
    @usableFromInline var freeCohorts: [Int] = []
    /// The elements in their own state, by slot.
    @usableFromInline var alone: ContiguousArray<RunningAnimations<Value>> = []
    @usableFromInline var freeAlone: [Int] = []
    /// The completions waiting on elements in cohorts, by element (those alone keep theirs).
    @usableFromInline var completions: [Int: CompletionList] = [:]
    /// Completions due, in order; the owner calls them once the state is consistent again.
    @usableFromInline var pending: [() -> Void] = []
    /// The animation of the changes made since the clock last moved, and what they made of each cohort.
    @usableFromInline var changeAnimation: Animation?
    /// The animation of the last changes, kept across frames, and a number that changes with it: cohorts
    /// made with equal animations get the same number, and a frame evaluates a run of them from one copy
    /// of the animation (benchmark row "AnimatedValues update, .easeInOut started one at a time, 10,000
    /// SIMD2<Double>").
    @usableFromInline var lastAnimation: Animation?
    @usableFromInline var animationID = 0
    @usableFromInline var changes: [CohortChange] = []

    @inlinable
    init(_ values: [Value]) {
        capacity = Swift.max(values.count, 1)
        rows = .allocate(capacity: capacity)
        motions = .allocate(capacity: capacity)
        presentations = .allocate(capacity: capacity)
        velocities = .allocate(capacity: capacity)
        lanes = .allocate(capacity: capacity)
        // Room for the cohorts of a few changes a frame, so that a steady frame that frees one allocates nothing.
        cohorts.reserveCapacity(16)
        cohortAnimations.reserveCapacity(16)
        cohortClocks.reserveCapacity(16)
        freeCohorts.reserveCapacity(16)
        changes.reserveCapacity(4)
        for value in values { _ = append(value) }
    }

    /// Frees the buffers (the owner's `deinit`).
    @inlinable
    func deallocate() {
        rows.deinitialize(count: count)
        rows.deallocate()
        motions.deinitialize(count: count)
        motions.deallocate()
        presentations.deinitialize(count: count)
        presentations.deallocate()
        velocities.deinitialize(count: count)
        velocities.deallocate()
        lanes.deallocate()
    }

    @inlinable
    func checkIndex(_ index: Int) {
        precondition(index >= 0 && index < count, "index \(index) out of range 0..<\(count)")
    }

    /// Adds an element at rest on `value` (usable: the owner checks).
    @inlinable
    mutating func append(_ value: Value) -> Int {
        if count == capacity { grow() }
        (rows + count).initialize(to: ValueRow(target: value))
        (motions + count).initialize(to: IntegratedMotion())
        (presentations + count).initialize(to: value)
        (velocities + count).initialize(to: .zero)
        lanes[count] = Self.resting
        count += 1
        return count - 1
    }

    @inlinable
    mutating func grow() {
        let newCapacity = capacity * 2
        func moved<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
            let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
            new.moveInitialize(from: old, count: count)
            old.deallocate()
            return new
        }
        rows = moved(rows)
        motions = moved(motions)
        presentations = moved(presentations)
        velocities = moved(velocities)
        lanes = moved(lanes)
        capacity = newCapacity
    }

    /// The slot in ``alone`` of element `index`, if it is in a state of its own.
    @inlinable
    func aloneSlot(_ index: Int) -> Int? {
        let lane = lanes[index]
        return lane != Self.resting && lane & Self.aloneBit != 0 ? Int(lane & Self.indexMask) : nil
    }

    @inlinable
    func activeAnimationCount(at index: Int) -> Int {
        let lane = lanes[index]
        if lane == Self.resting { return 0 }
        if lane & Self.aloneBit != 0 { return alone[Int(lane & Self.indexMask)].count }
        return 1
    }

    @inlinable
    mutating func setEnvironment(_ newEnvironment: EnvironmentValues) {
        environment = newEnvironment
        for slot in alone.indices { alone[slot].setEnvironment(newEnvironment) }
    }

    // MARK: - Time

    /// Advances the clock by `deltaTime` (finite and not negative) and evaluates every running element.
    @inlinable
    mutating func advance(by deltaTime: TimeInterval) {
        changes.removeAll(keepingCapacity: true)
        changeAnimation = nil
        clock += deltaTime
        guard animatingCount > 0 else { return }
        for index in cohorts.indices where cohorts[index].isLive && cohorts[index].members == 0 { freeCohort(index) }
        // Through buffers: no bounds or uniqueness check per cohort (benchmark row "AnimatedValues update,
        // .linear started one at a time, 10,000 SIMD2<Double>").
        let now = clock
        cohorts.withUnsafeMutableBufferPointer { cohorts in
            cohortAnimations.withUnsafeBufferPointer { animations in
                cohortClocks.withUnsafeMutableBufferPointer { clocks in
                    // One copy of the animation per run of cohorts made with equal ones, not one per cohort.
                    var index = 0
                    while index < cohorts.count {
                        let animation = animations[index]
                        let animationID = cohorts[index].animationID
                        repeat {
                            if cohorts[index].isLive {
                                Self.evaluate(&cohorts[index], animation, clock: &clocks[index], at: now)
                            }
                            index += 1
                        } while index < cohorts.count && cohorts[index].animationID == animationID
                    }
                }
            }
        }
        // The elements in runs of one cohort: the cohort's evaluation is read once per run, into a constant
        // (benchmark rows "AnimatedValues update, .linear started together" and "…, merging .spring").
        var index = 0
        while index < count {
            let lane = lanes[index]
            if lane == Self.resting {
                index += 1
                continue
            }
            if lane & Self.aloneBit != 0 {
                let slot = Int(lane & Self.indexMask)
                _ = alone[slot].advance(by: deltaTime)
                syncAlone(index, slot: slot)
                index += 1
                continue
            }
            let cohort = lane & Self.indexMask
            let evaluation = cohorts[Int(cohort)]
            if evaluation.isIntegrated {
                let plan = RowPlan(evaluation, clock: cohortClocks[Int(cohort)])
                repeat {
                    evaluateIntegratedRow(index, lane: lanes[index], plan: plan)
                    index += 1
                } while index < count && lanes[index] & ~Self.completionBit == cohort
            } else {
                let (isFinished, fraction, rate) = (evaluation.isFinished, evaluation.fraction, evaluation.rate)
                repeat {
                    evaluateClosedFormRow(
                        index, lane: lanes[index], isFinished: isFinished, fraction: fraction, rate: rate,
                        after: deltaTime)
                    index += 1
                } while index < count && lanes[index] & ~Self.completionBit == cohort
            }
        }
    }

    /// Evaluates a cohort's animation at the clock: a closed form's sample, or a merging spring's clock
    /// advanced (its step matrix left in it), as `MotionSource.integrated` does for one value.
    @inlinable
    mutating func evaluateCohort(_ index: Int) {
        Self.evaluate(&cohorts[index], cohortAnimations[index], clock: &cohortClocks[index], at: clock)
    }

    /// ``evaluateCohort(_:)`` on a cohort's parts, at the values' clock `now`.
    @inlinable @inline(__always)
    static func evaluate(_ cohort: inout Cohort, _ animation: Animation, clock: inout MotionClock, at now: TimeInterval)
    {
        let time = now - cohort.start
        if cohort.isIntegrated {
            let advance = animation.advance(to: time, clock: &clock)
            cohort.stepped = advance.stepped
            cohort.isFinished = advance.isFinished
            cohort.velocityScale = advance.velocityScale
            if advance.isLogicallyComplete { cohort.isLogicallyComplete = true }
        } else {
            let sample = animation.sample(at: time)
            if sample.isLogicallyComplete { cohort.isLogicallyComplete = true }
            cohort.isFinished = sample.isFinished
            cohort.fraction = sample.fraction
            cohort.rate = sample.rate
        }
    }

    /// Evaluates element `index` of the cohort in `lane` from the cohort's last evaluation (`plan`), as
    /// `RunningAnimations.evaluateAlone` does for one value; `deltaTime` is the time since its last
    /// evaluation, for a velocity the animation does not report.
    @inlinable @inline(__always)
    mutating func evaluateRow(_ index: Int, lane: UInt32, plan: borrowing RowPlan, after deltaTime: TimeInterval) {
        if plan.isIntegrated {
            evaluateIntegratedRow(index, lane: lane, plan: plan)
        } else {
            // Scalars, not the plan: a closed form's row reads three numbers (benchmark row "AnimatedValues
            // update, .linear started together, 10,000 SIMD2<Double>").
            evaluateClosedFormRow(
                index, lane: lane, isFinished: plan.isFinished, fraction: plan.fraction, rate: plan.rate,
                after: deltaTime)
        }
    }

    /// ``evaluateRow(_:lane:plan:after:)`` under a merging spring.
    @inlinable @inline(__always)
    mutating func evaluateIntegratedRow(_ index: Int, lane: UInt32, plan: borrowing RowPlan) {
        let row = rows + index
        let motion = motions + index
        let interval = row.pointee.interval
        let settled =
            plan.stepped
            ? motion.pointee.apply(plan.matrix, across: interval)
            : motion.pointee.settle(error: interval - motion.pointee.offset, interval: interval)
        if plan.isFinished || settled {
            finishRow(index)
            return
        }
        let (offset, velocity) = motion.pointee.shown(
            across: interval, fraction: plan.stepFraction, nextStep: plan.nextStep)
        if lane & Self.completionBit != 0 { takeDueLogicalCompletions(index, cohort: Int(lane & Self.indexMask)) }
        presentations[index] = row.pointee.target - interval + offset
        velocities[index] = velocity.scaled(by: plan.velocityScale)
    }

    /// ``evaluateRow(_:lane:plan:after:)`` under a closed form, from its sample.
    @inlinable @inline(__always)
    mutating func evaluateClosedFormRow(
        _ index: Int, lane: UInt32, isFinished: Bool, fraction: Double, rate: Double, after deltaTime: TimeInterval
    ) {
        if isFinished {
            finishRow(index)
            return
        }
        if lane & Self.completionBit != 0 { takeDueLogicalCompletions(index, cohort: Int(lane & Self.indexMask)) }
        let row = rows + index
        let interval = row.pointee.interval
        let shown = row.pointee.target - interval + interval.scaled(by: fraction)
        if rate.isFinite {
            velocities[index] = interval.scaled(by: rate)
        } else if deltaTime > 0 {
            velocities[index] = (shown - presentations[index]).scaled(by: 1 / deltaTime)
        }
        presentations[index] = shown
    }

    /// ``evaluateRow(_:lane:plan:after:)`` for an element just changed, from its cohort as it is.
    @inlinable
    mutating func evaluateRow(_ index: Int, after deltaTime: TimeInterval) {
        let lane = lanes[index]
        let cohort = Int(lane & Self.indexMask)
        let evaluation = cohorts[cohort]
        if !evaluation.isIntegrated {
            evaluateClosedFormRow(
                index, lane: lane, isFinished: evaluation.isFinished, fraction: evaluation.fraction,
                rate: evaluation.rate, after: deltaTime)
        } else if !evaluation.stepped && cohortClocks[cohort].fraction == 0 {
            // What a change's evaluation usually is, without a copy of the clock per element (benchmark row
            // "AnimatedValues retarget all, merging .spring, 10,000 SIMD2<Double>").
            evaluateIntegratedRow(index, lane: lane, plan: RowPlan(unstepped: evaluation))
        } else {
            evaluateIntegratedRow(index, lane: lane, plan: RowPlan(evaluation, clock: cohortClocks[cohort]))
        }
    }

    /// Moves element `index`'s logical completions to ``pending`` once its cohort is logically complete.
    @inlinable
    mutating func takeDueLogicalCompletions(_ index: Int, cohort: Int) {
        guard cohorts[cohort].isLogicallyComplete, completions[index]?.logical.isEmpty == false else { return }
        completions[index]!.takeLogical(into: &pending)
    }

    /// Ends element `index`'s animation (it is in a cohort): it shows its target, at rest, and every
    /// completion waiting on it is due.
    @inlinable
    mutating func finishRow(_ index: Int) {
        let lane = lanes[index]
        cohorts[Int(lane & Self.indexMask)].members -= 1
        if lane & Self.completionBit != 0, var list = completions.removeValue(forKey: index) {
            list.takeAll(into: &pending)
        }
        lanes[index] = Self.resting
        animatingCount -= 1
        presentations[index] = rows[index].target
        velocities[index] = .zero
        rows[index].interval = .zero
        motions[index] = IntegratedMotion()
    }

    // MARK: - Cohorts

    /// Starts the changes of a `set`: changes with another animation than the last ones' share nothing
    /// with them.
    @inlinable
    mutating func beginChanges(_ animation: Animation) {
        guard changeAnimation != animation else { return }
        changeAnimation = animation
        changes.removeAll(keepingCapacity: true)
        if lastAnimation != animation {
            lastAnimation = animation
            animationID += 1
        }
    }

    /// The change recorded for elements of `from` (a cohort, or ``resting``), if any.
    @inlinable
    func change(from: UInt32) -> Int? { changes.firstIndex { $0.from == from } }

    /// A new cohort for `animation` beginning at `start` with `clock`, evaluated at the values' clock.
    @inlinable
    mutating func makeCohort(_ animation: Animation, start: TimeInterval, clock motionClock: MotionClock) -> Int {
        var cohort = Cohort(isIntegrated: animation.kind == .integrated, start: start)
        cohort.animationID = animationID
        let index: Int
        if let free = freeCohorts.popLast() {
            cohorts[free] = cohort
            cohortAnimations[free] = animation
            cohortClocks[free] = motionClock
            index = free
        } else {
            cohorts.append(cohort)
            cohortAnimations.append(animation)
            cohortClocks.append(motionClock)
            index = cohorts.count - 1
        }
        evaluateCohort(index)
        return index
    }

    @inlinable
    mutating func freeCohort(_ index: Int) {
        // The animation stays until the slot is reused: a cohort's is a built-in, which holds nothing of
        // the client's.
        cohorts[index].isLive = false
        freeCohorts.append(index)
    }

    /// Puts element `index` (at rest or in a cohort) in `cohort`, keeping its waiting completions and
    /// adding `newCompletions`.
    @inlinable
    mutating func join(_ index: Int, cohort: Int, completions newCompletions: CompletionList?) {
        let lane = lanes[index]
        var hasCompletions = false
        if lane == Self.resting {
            animatingCount += 1
        } else {
            cohorts[Int(lane & Self.indexMask)].members -= 1
            hasCompletions = lane & Self.completionBit != 0
        }
        if var newCompletions, !newCompletions.logical.isEmpty || !newCompletions.removed.isEmpty {
            if hasCompletions {
                completions[index]!.absorb(&newCompletions)
            } else {
                completions[index] = newCompletions
            }
            hasCompletions = true
        }
        cohorts[cohort].members += 1
        lanes[index] = UInt32(cohort) | (hasCompletions ? Self.completionBit : 0)
    }

    // MARK: - Changes

    /// Sets element `index`'s target (usable: the owner checks) without animation, as
    /// `RunningAnimations.setTarget` with none: what ran on it ends, its completions due before `completion`.
    @inlinable
    mutating func jump(_ newTarget: Value, at index: Int, completions newCompletions: CompletionList?) {
        if let slot = aloneSlot(index) {
            setAlone(newTarget, at: index, slot: slot, animation: nil, completions: newCompletions ?? CompletionList())
            return
        }
        let lane = lanes[index]
        rows[index].target = newTarget
        if lane == Self.resting {
            presentations[index] = newTarget
        } else {
            finishRow(index)
        }
        if var newCompletions { newCompletions.takeAll(into: &pending) }
    }

    /// Sets element `index`'s target (usable: the owner checks) with `animation`, as
    /// `RunningAnimations.setTarget`, then evaluates it at the change's time, as a read of an
    /// ``AnimatedValue``'s presentation would. The animation is borrowed: only a new cohort keeps a copy.
    @inlinable
    mutating func set(
        _ newTarget: Value, at index: Int, animation: Animation, completions newCompletions: CompletionList?
    ) {
        if let slot = aloneSlot(index) {
            setAlone(
                newTarget, at: index, slot: slot, animation: animation, completions: newCompletions ?? CompletionList())
            return
        }
        let lane = lanes[index]
        let kind = animation.kind
        if lane == Self.resting && (kind == .closedForm || kind == .integrated) {
            start(newTarget, at: index, animation: animation, completions: newCompletions)
        } else if lane != Self.resting && kind == .integrated
            && merge(newTarget, at: index, animation: animation, completions: newCompletions)
        {
            return
        } else {
            let slot = moveAlone(index)
            setAlone(
                newTarget, at: index, slot: slot, animation: animation,
                completions: newCompletions ?? CompletionList())
        }
    }

    /// Starts a closed-form or merging animation on element `index`, at rest.
    @inlinable
    mutating func start(
        _ newTarget: Value, at index: Int, animation: Animation, completions newCompletions: CompletionList?
    ) {
        let cohort: Int
        if let known = change(from: Self.resting) {
            cohort = changes[known].to
        } else {
            cohort = makeCohort(animation, start: clock, clock: MotionClock())
            changes.append(
                CohortChange(
                    from: Self.resting, to: cohort, previousClock: MotionClock(),
                    previousAdvance: .finished, previousSample: .finished, velocityScale: 1))
        }
        rows[index].interval = newTarget - rows[index].target
        rows[index].target = newTarget
        motions[index] = IntegratedMotion()
        join(index, cohort: cohort, completions: newCompletions)
        evaluateRow(index, after: 0)
    }

    /// Lets a merging `animation` take over element `index`'s cohort animation if it merges with it, as
    /// `RunningAnimations.merge` and `MotionSource.integratedMerge` do for one value: the element keeps
    /// its progress, velocity and force, its animation's begin time, and its completions. Returns
    /// whether it merged.
    @inlinable
    mutating func merge(
        _ newTarget: Value, at index: Int, animation: Animation, completions newCompletions: CompletionList?
    ) -> Bool {
        let lane = lanes[index]
        let from = lane & Self.indexMask
        let previous = Int(from)
        let known: Int
        if let found = change(from: from) {
            known = found
        } else {
            guard let scale = animation.mergeVelocityScale(previous: cohortAnimations[previous]) else { return false }
            let time = clock - cohorts[previous].start
            // The previous animation evaluated at the merge, as `previous.evaluate` does: on its own
            // clock (a merging spring's, which the new run then continues) or by a sample.
            var previousClock = MotionClock()
            var previousAdvance = MotionAdvance.finished
            var previousSample = MotionSample.finished
            if cohorts[previous].isIntegrated {
                previousClock = cohortClocks[previous]
                previousAdvance = cohortAnimations[previous].advance(to: time, clock: &previousClock)
            } else {
                previousSample = cohortAnimations[previous].sample(at: time)
            }
            var newClock = cohorts[previous].isIntegrated ? previousClock : MotionClock()
            animation.beginRun(at: time, after: cohortAnimations[previous], clock: &newClock)
            let cohort = makeCohort(animation, start: cohorts[previous].start, clock: newClock)
            changes.append(
                CohortChange(
                    from: from, to: cohort, previousClock: previousClock, previousAdvance: previousAdvance,
                    previousSample: previousSample, velocityScale: scale))
            known = changes.count - 1
        }
        // Field by field: a copy of the whole change (two clocks) per element cost more than the merge.
        let previousInterval = rows[index].interval
        // The previous animation's progress and velocity at the merge (`nil` once finished).
        var offset: Value?
        var velocity: Value?
        var motion = IntegratedMotion<Value>()
        if cohorts[previous].isIntegrated {
            motion = motions[index]
            let advance = changes[known].previousAdvance
            let settled =
                advance.stepped
                ? motion.apply(changes[known].previousClock.activeMatrix, across: previousInterval)
                : motion.settle(error: previousInterval - motion.offset, interval: previousInterval)
            let (shown, rate) = motion.shown(across: previousInterval, clock: changes[known].previousClock)
            if !advance.isFinished && !settled {
                offset = shown
                velocity = rate.scaled(by: advance.velocityScale)
            }
        } else {
            let sample = changes[known].previousSample
            if !sample.isFinished {
                offset = previousInterval.scaled(by: sample.fraction)
                if sample.rate.isFinite { velocity = previousInterval.scaled(by: sample.rate) }
            }
        }
        motion.offset = offset ?? previousInterval
        if let velocity { motion.velocity = velocity.scaled(by: changes[known].velocityScale) }
        let difference = newTarget - rows[index].target
        rows[index].target = newTarget
        rows[index].interval = previousInterval + difference
        motions[index] = motion
        join(index, cohort: changes[known].to, completions: newCompletions)
        evaluateRow(index, after: 0)
        return true
    }

    /// Moves element `index` (at rest or in a cohort) to a state of its own, an ``AnimatedValue``'s
    /// exactly, built from its row and cohort. Returns its slot in ``alone``.
    @inlinable
    mutating func moveAlone(_ index: Int) -> Int {
        let lane = lanes[index]
        let row = rows[index]
        var running = RunningAnimations<Value>(value: row.target)
        running.clock = clock
        running.setEnvironment(environment)
        if lane == Self.resting {
            animatingCount += 1
        } else {
            let cohort = Int(lane & Self.indexMask)
            var context = AnimationContext<Value>(environment: environment)
            if cohorts[cohort].isIntegrated {
                context.state.integrated = IntegratedMotionState(
                    vector: motions[index], clock: cohortClocks[cohort])
            }
            context.logicallyComplete = cohorts[cohort].isLogicallyComplete
            var waiting = CompletionList()
            if lane & Self.completionBit != 0, let list = completions.removeValue(forKey: index) { waiting = list }
            running.first = AnimationEntry(
                animation: cohortAnimations[cohort], context: context, interval: row.interval,
                startTime: cohorts[cohort].start, completions: waiting)
            running.isRunning = true
            running.presentation = presentations[index]
            running.velocity = velocities[index]
            cohorts[cohort].members -= 1
        }
        let slot: Int
        if let free = freeAlone.popLast() {
            alone[free] = running
            slot = free
        } else {
            alone.append(running)
            slot = alone.count - 1
        }
        lanes[index] = Self.aloneBit | UInt32(slot)
        return slot
    }

    /// A change to an element in its own state, evaluated at once.
    @inlinable
    mutating func setAlone(
        _ newTarget: Value, at index: Int, slot: Int, animation: Animation?,
        completions newCompletions: consuming CompletionList
    ) {
        rows[index].target = newTarget
        _ = alone[slot].setTarget(newTarget, animation: animation, completions: newCompletions)
        _ = alone[slot].refresh()
        syncAlone(index, slot: slot)
    }

    /// Copies what an element in its own state shows, takes its due completions, and returns it to rest
    /// once nothing runs.
    @inlinable
    mutating func syncAlone(_ index: Int, slot: Int) {
        presentations[index] = alone[slot].presentation
        velocities[index] = alone[slot].velocity
        if !alone[slot].pending.isEmpty { CompletionList.move(&alone[slot].pending, after: &pending) }
        guard !alone[slot].isRunning else { return }
        alone[slot] = RunningAnimations(value: .zero)
        freeAlone.append(slot)
        lanes[index] = Self.resting
        animatingCount -= 1
        rows[index].interval = .zero
    }

    /// Element `index` follows a pointer: at `value`, moving at `velocity` (usable: the owner checks),
    /// as `RunningAnimations.track`.
    @inlinable
    mutating func track(_ index: Int, to value: Value, velocity: Value) {
        let slot = aloneSlot(index) ?? moveAlone(index)
        rows[index].target = value
        _ = alone[slot].track(to: value, velocity: velocity)
        syncAlone(index, slot: slot)
    }
}
