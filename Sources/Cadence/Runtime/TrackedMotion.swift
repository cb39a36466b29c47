/// What an ``AnimatedValue`` runs while it follows a pointer with its velocity tracked
/// (``AnimatedValue/track(to:velocity:)``): it rests on its target and reports the tracked velocity,
/// for at most ``hold`` seconds after the last `track`.
///
/// It is a velocity, not a motion, so it hands the velocity on through the one merge path:
/// an animation that merges (every spring) takes it over as it takes over any running motion, with
/// the tracked velocity as its own. Any other animation *replaces* it rather than being combined on top
/// (the value is on its target, so nothing jumps): combining would add the tracked velocity to a
/// position that does not move with it. Closed-form animations take the velocity as a parameter
/// instead (a decay through its projected target, an interpolating spring through `initialVelocity`).
///
/// Like ``CombinedMotion``, it has no type a merging animation could recognise, and its velocity is
/// kept in a snapshot so that it can hold a value of any type.
@usableFromInline
struct TrackedMotion: CustomAnimation {
    /// How long the tracked velocity holds without a new `track`: 40 ms, the ``VelocityTracker``'s
    /// stop threshold (a pointer that has not moved for that long is at rest).
    @usableFromInline static let hold: TimeInterval = 0.04

    @usableFromInline let snapshot: CombinedMotion.Snapshot

    @inlinable
    init<Value: VectorArithmetic>(velocity: Value) {
        snapshot = CombinedMotion.Snapshot(offset: Value.zero, velocity: velocity)
    }

    /// At the end of its interval until ``hold`` has passed, then finished.
    @inlinable
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time <= Self.hold ? value : nil
    }

    /// The tracked velocity until ``hold`` has passed.
    @inlinable
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        time <= Self.hold ? snapshot.velocity as? V : nil
    }

    /// Two are equal only when they are the same snapshot.
    @inlinable
    static func == (lhs: TrackedMotion, rhs: TrackedMotion) -> Bool { lhs.snapshot === rhs.snapshot }

    /// Hashes the snapshot's identity.
    @inlinable
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(snapshot)) }
}

extension RunningAnimations {
    /// Moves to `value` at once (every running animation ends, its completions due) and holds
    /// `velocity` as a ``TrackedMotion`` beginning now; a zero velocity just rests there.
    @inlinable
    mutating func track(to value: Value, velocity newVelocity: Value) -> Bool {
        target = value
        finish()
        guard newVelocity != .zero else { return !pending.isEmpty }
        first = AnimationEntry(
            animation: Animation(TrackedMotion(velocity: newVelocity)),
            context: AnimationContext(environment: environment),
            interval: .zero, startTime: clock, completions: CompletionList())
        isRunning = true
        velocity = newVelocity
        isStale = false
        return !pending.isEmpty
    }

    /// Whether the value only holds a tracked velocity (see ``TrackedMotion``).
    @inlinable
    var isTracking: Bool { isRunning && rest.isEmpty && first.animation.base is TrackedMotion }
}

extension AnimatedValue {
    /// Moves the value to `value` at once, moving at `velocity`: how a value follows a pointer with its
    /// velocity tracked (SwiftUI's `Transaction.tracksVelocity`). Call it on every pointer move (or every
    /// frame) of a drag with the ``VelocityTracker``'s estimate.
    ///
    /// The value then shows `value` and reports `velocity` until the next change, or for 40 ms if none
    /// comes (the tracker's stop threshold; it is then at rest). On release, the animation you set takes
    /// the velocity over:
    /// - a merging animation (`.spring`, `.snappy`, any ``SpringAnimation``) through the ordinary merge:
    ///   it starts where the value is, at `velocity`;
    /// - a decay: ``decay(decelerationRate:restDistance:)`` aims it at the projected resting point, which
    ///   gives it `velocity` exactly;
    /// - an interpolating spring: pass ``velocity(along:)`` as its `initialVelocity` (the velocity's
    ///   component along the new interval; a closed form moves only along its interval);
    /// - any other animation (a timing curve) replaces the tracked motion and starts from rest, as in
    ///   SwiftUI, where an animation manages its own velocity.
    ///
    /// - Parameters:
    ///   - value: Where the pointer has the value now. A value whose animatable data has a NaN or
    ///     infinite component is refused.
    ///   - velocity: Its velocity, data units per second (for a vector, `Value` itself). A NaN or
    ///     infinite one is refused; `.zero` rests.
    /// - Returns: Whether the change was accepted.
    @inlinable
    @discardableResult
    public func track(to value: Value, velocity: Value.AnimatableData) -> Bool {
        let data = value.animatableData
        guard data.isUsable, velocity.isUsable else { return false }
        let state = state()  // made from the model before the change
        model = value
        if state.running.track(to: data, velocity: velocity) { callPendingCompletions() }
        return true
    }

    /// Whether the value holds a tracked velocity (``track(to:velocity:)``) and no animation.
    @inlinable
    public var isTracking: Bool {
        refresh()
        return withMotion { $0.running.isTracking } ?? false
    }

    /// ``velocity``'s component along `target − presentation`, in units of that interval per second:
    /// the `initialVelocity` to give an interpolating spring (or any animation that takes one in
    /// interval units) towards `target`. 0 when `target` is where the value is. Computed on the
    /// values' ``Animatable/animatableData``.
    @inlinable
    public func velocity(along target: Value) -> Double {
        let interval = target.animatableData - presentationData
        let length = interval.magnitudeSquared
        guard length > 0, length.isFinite else { return 0 }
        let v = velocity
        // ⟨v, interval⟩ by polarisation, as VectorArithmetic offers only the squared magnitude.
        let dot = ((v + interval).magnitudeSquared - (v - interval).magnitudeSquared) / 4
        let result = dot / length
        return result.isFinite ? result : 0
    }

    /// Throws the value with its current ``velocity``: sets its target to the resting point
    /// (`presentation + DecayAnimation.project(velocity:)`) under a ``DecayAnimation``, so that it
    /// starts at that velocity and coasts to a stop. Returns the resting point. At rest (zero velocity)
    /// it stays where it is.
    ///
    /// - Parameters:
    ///   - decelerationRate: Velocity kept per millisecond (``DecayAnimation/normal``, ``DecayAnimation/fast``).
    ///   - restDistance: How far short of the resting point it finishes (and jumps there), in the
    ///     value's (data) units.
    @inlinable
    @discardableResult
    public func decay(decelerationRate: Double = DecayAnimation.normal, restDistance: Double = 0.5) -> Value {
        let start = presentationData, v = velocity
        let end = start + DecayAnimation.project(velocity: v, decelerationRate: decelerationRate)
        guard end != start, end.isUsable else {
            let resting = model.replacingAnimatableData(with: start)
            set(resting, animation: nil)
            return resting
        }
        let landing = model.replacingAnimatableData(with: end)
        set(
            landing,
            animation: Animation(
                DecayAnimation(decelerationRate: decelerationRate, velocity: v, restDistance: restDistance)))
        return landing
    }
}
