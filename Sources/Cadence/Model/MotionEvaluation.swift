// The evaluators `Animation.evaluate` chooses among by kind (see Motion.swift): a closed form scaled along
// the interval, an integrated motion advanced through its state, and the merge of an integrated animation
// into the motion it replaces.

/// The state of an integrated motion (a merging spring, and any animation merged into one) on values of
/// type `Value`: offset, velocity and force along the interval, and the scalar clock.
///
/// Kept in ``AnimationState/integratedBox``, typed by the state's value type, so a spring on `Double` and
/// one on `Float` never share state.
@usableFromInline
struct IntegratedMotionState<Value: VectorArithmetic> {
    /// Progress along the interval, velocity and force: what one value has of its own.
    @usableFromInline var vector = IntegratedMotion<Value>()
    /// What a motion's time has reached: the same for every value that began and merged at the same times
    /// with the same animation (``AnimatedValues`` shares one among them).
    @usableFromInline var clock = MotionClock()

    @inlinable
    init() {}

    @inlinable
    init(vector: IntegratedMotion<Value>, clock: MotionClock) {
        self.vector = vector
        self.clock = clock
    }

    /// At rest at time 0, keeping the clock's matrices for the next run.
    @inlinable
    mutating func reset() {
        vector = IntegratedMotion()
        clock.reset()
    }

    /// Progress along the interval.
    @inlinable
    var offset: Value {
        get { vector.offset }
        set { vector.offset = newValue }
    }

    /// Applies `matrix` across `interval` (see ``IntegratedMotion/apply(_:across:)``).
    @inlinable @inline(__always)
    mutating func apply(_ m: MotionMatrix, across interval: Value) -> Bool {
        vector.apply(m, across: interval)
    }

    /// The offset and velocity at the time of the last advance (see ``IntegratedMotion/shown(across:clock:)``).
    @inlinable @inline(__always)
    func motion(across interval: Value) -> (offset: Value, velocity: Value) {
        vector.shown(across: interval, clock: clock)
    }

    /// Applies what `advance` (an advance of this state's clock) did across `interval`: its step matrix if it
    /// stepped, otherwise the settling check alone. Returns whether the motion has settled.
    @inlinable @inline(__always)
    mutating func follow(_ advance: MotionAdvance, across interval: Value) -> Bool {
        advance.stepped
            ? apply(clock.activeMatrix, across: interval)
            : settle(error: interval - vector.offset, interval: interval)
    }

    /// Whether the motion has settled (see ``IntegratedMotion/settle(error:interval:)``).
    @inlinable @inline(__always)
    mutating func settle(error: Value, interval: Value) -> Bool {
        vector.settle(error: error, interval: interval)
    }
}

/// An integrated motion's own numbers: offset, velocity and force along its interval. The clock that
/// advances them is kept apart (``MotionClock``), so that values moving in step share one.
@usableFromInline
struct IntegratedMotion<Value: VectorArithmetic> {
    /// Progress along the interval.
    @usableFromInline var offset: Value = .zero
    @usableFromInline var velocity: Value = .zero
    @usableFromInline var force: Value = .zero

    @inlinable
    init() {}

    @inlinable
    init(offset: Value, velocity: Value, force: Value) {
        self.offset = offset
        self.velocity = velocity
        self.force = force
    }

    /// Applies `matrix` across `interval`, then tells whether the motion has settled, in which case it
    /// rests exactly on the interval's end, so that it stays settled if asked again.
    ///
    /// Settled: |v|² and |F|² ≤ 0.0036 and the distance to the end within 1 % of the interval (a zero
    /// interval, a merged spring sent back to where its run began, settles on velocity and force alone).
    @inlinable @inline(__always)
    mutating func apply(_ m: MotionMatrix, across interval: Value) -> Bool {
        let e = interval - offset, v = velocity, f = force
        let error = e.scaled(by: m.ee) + v.scaled(by: m.ev) + f.scaled(by: m.ef)
        velocity = e.scaled(by: m.ve) + v.scaled(by: m.vv) + f.scaled(by: m.vf)
        force = e.scaled(by: m.fe) + v.scaled(by: m.fv) + f.scaled(by: m.ff)
        offset = interval - error
        return settle(error: error, interval: interval)
    }

    /// The offset and velocity at the time of `clock`'s last advance: the motion itself on the grid;
    /// between grid points, the cubic through this motion and the next step's (without storing it) that
    /// has their velocities as its slopes, so the motion is smooth and the velocity its exact rate.
    @inlinable @inline(__always)
    func shown(across interval: Value, clock: MotionClock) -> (offset: Value, velocity: Value) {
        guard clock.fraction > 0 else { return (offset, velocity) }
        return shown(across: interval, fraction: clock.fraction, nextStep: clock.nextStep)
    }

    /// ``shown(across:clock:)`` from the clock's two numbers it reads: how far past the grid its time lies
    /// (`fraction` of a step) and the next step's matrix.
    @inlinable @inline(__always)
    func shown(across interval: Value, fraction u: Double, nextStep m: MotionMatrix) -> (offset: Value, velocity: Value)
    {
        guard u > 0 else { return (offset, velocity) }
        let e = interval - offset, v = velocity, f = force
        let nextOffset = interval - (e.scaled(by: m.ee) + v.scaled(by: m.ev) + f.scaled(by: m.ef))
        let nextVelocity = e.scaled(by: m.ve) + v.scaled(by: m.vv) + f.scaled(by: m.vf)
        // Cubic Hermite over one step h, and its derivative in time.
        let h = SpringAnimation.step
        let u2 = u * u, u3 = u2 * u
        let towardsNext = 3 * u2 - 2 * u3
        let shown =
            offset + (nextOffset - offset).scaled(by: towardsNext) + v.scaled(by: h * (u3 - 2 * u2 + u))
            + nextVelocity.scaled(by: h * (u3 - u2))
        let rate =
            (nextOffset - offset).scaled(by: (6 * u - 6 * u2) / h) + v.scaled(by: 3 * u2 - 4 * u + 1)
            + nextVelocity.scaled(by: 3 * u2 - 2 * u)
        return (shown, rate)
    }

    /// Whether the motion has settled (see ``apply(_:across:)``); if so it comes to rest on `interval`.
    @inlinable @inline(__always)
    mutating func settle(error: Value, interval: Value) -> Bool {
        let settled =
            Swift.max(velocity.magnitudeSquared, force.magnitudeSquared) <= 0.0036
            && (interval == .zero || error.magnitudeSquared <= interval.scaled(by: 0.01).magnitudeSquared)
        guard settled else { return false }
        offset = interval
        velocity = .zero
        force = .zero
        return true
    }
}

/// What can be evaluated through the motion kinds: ``Animation`` (forwarding to its base) and each
/// built-in animation type (itself). Each requirement has a default (in Motion.swift) that a kind which
/// does not use it keeps; a client's animation has every default, so it is `.custom`.
@usableFromInline
protocol MotionSource: Sendable {
    /// How ``Animation`` evaluates this animation.
    var motionKind: MotionKind { get }
    /// A closed-form animation's progress and velocity at `time`, as fractions of the interval.
    func sample(at time: TimeInterval) -> MotionSample
    /// When a closed-form animation finishes (infinite if never or unknown); a repeat's pass length.
    var finishTime: TimeInterval { get }
    /// Advances an integrated animation's clock to `time`, leaving its step matrix in `clock`.
    func advance(to time: TimeInterval, clock: inout MotionClock) -> MotionAdvance
    /// Whether an integrated animation merges with `previous`: the factor from `previous`'s velocity to
    /// the stored one, or `nil` if it does not merge.
    func mergeVelocityScale(previous: Animation) -> Double?
    /// A path animation's progress along `value` at `time` (`nil` once finished) and its velocity.
    func pathMotion<V: VectorArithmetic>(value: V, time: TimeInterval) -> (offset: V?, velocity: V?)
    /// Starts a new run of an integrated animation at `time`, after it merged with `previous`.
    func beginRun(at time: TimeInterval, after previous: Animation, clock: inout MotionClock)
}

/// A built-in animation as ``Animation`` keeps it: one existential gives both the public requirements
/// and the motion, so `CustomAnimation` carries only what SwiftUI's does.
@usableFromInline
protocol BuiltInAnimation: CustomAnimation, MotionSource {}

/// What ``Animation`` keeps in the field its base is not in: nothing, of the custom kind, with every
/// motion requirement at its default.
@usableFromInline
struct CustomKind: BuiltInAnimation {
    @inlinable
    init() {}

    /// Finished: it animates nothing.
    @inlinable
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        nil
    }
}

extension MotionSource {
    /// A closed-form animation's progress and velocity at `time` along `value`, from one sample.
    @inlinable @inline(__always)
    func closedForm<V: VectorArithmetic>(
        value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> (offset: V?, velocity: V?) {
        let sample = self.sample(at: time)
        if sample.isLogicallyComplete { context.isLogicallyComplete = true }
        if sample.isFinished { return (nil, nil) }
        return (value.scaled(by: sample.fraction), sample.rate.isFinite ? value.scaled(by: sample.rate) : nil)
    }

    /// An integrated animation advanced to `time` along `value`: its offset (`nil` once settled) and
    /// velocity, from one access to its state.
    @inlinable @inline(__always)
    func integrated<V: VectorArithmetic>(
        value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> (offset: V?, velocity: V?) {
        // The state keeps the box alive while it is used, so it is used unretained.
        let box = context.state.uniqueIntegratedBox()
        let (advance, settled, offset, velocity) = box._withUnsafeGuaranteedRef { box in
            let advance = self.advance(to: time, clock: &box.value.clock)
            let settled = box.value.follow(advance, across: value)
            let (offset, velocity) = box.value.motion(across: value)
            return (advance, settled, offset, velocity)
        }
        if advance.isLogicallyComplete { context.isLogicallyComplete = true }
        if advance.isFinished || settled { return (nil, nil) }
        return (offset, velocity.scaled(by: advance.velocityScale))
    }

    /// An integrated animation's velocity at `time` without changing its state.
    @inlinable
    func integratedVelocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        var state = context.state.integrated
        let advance = self.advance(to: time, clock: &state.clock)
        if advance.isFinished { return nil }
        if state.follow(advance, across: value) { return nil }
        return state.motion(across: value).velocity.scaled(by: advance.velocityScale)
    }

    /// Takes over from `previous` if this integrated animation merges with it: the state holds
    /// `previous`'s progress and velocity at `time` and a new run begins. Changes nothing if it does not.
    @inlinable
    func integratedMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        guard let scale = mergeVelocityScale(previous: previous) else { return false }
        // `previous` first: if it is integrated too, it advances the same state to `time`.
        let (offset, velocity) = previous.evaluate(value: value, time: time, context: &context)
        context.state.uniqueIntegratedBox()._withUnsafeGuaranteedRef { box in
            box.value.vector.offset = offset ?? value
            if let velocity { box.value.vector.velocity = velocity.scaled(by: scale) }
            beginRun(at: time, after: previous, clock: &box.value.clock)
        }
        return true
    }
}
