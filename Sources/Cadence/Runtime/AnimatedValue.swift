/// A value that animates towards the targets it is given: the runtime that turns animations into a
/// value on screen.
///
/// Set a target with an animation, then advance time with ``update(by:)`` once per frame and show
/// ``presentation``:
///
/// ```swift
/// let position = AnimatedValue(SIMD2<Double>(0, 0))
/// position.set(SIMD2(100, 40), animation: .smooth)
/// position.update(by: 1.0 / 60)      // evaluates the spring at t = 1/60 s
/// draw(at: position.presentation)
/// ```
///
/// **Time** is explicit: the value's clock is the sum of the deltas given to ``update(by:)``. A change
/// made by ``set(_:animation:completionCriteria:completion:)`` begins at the clock's current reading,
/// so `set` then `update(by: dt)` shows the new animation at elapsed `dt` (SwiftUI begins at the
/// next frame instead: the two differ by one frame's delta). In the harness a `Tweener` drives the
/// value through `tweener.drive(value)` (in `Tweening`), so pausing that tween pauses the value.
///
/// **Retargeting.** A new animation given while one runs either *merges* (its
/// ``CustomAnimation/shouldMerge(previous:value:time:context:)`` returns `true`, as every spring's
/// does: it takes over the running motion's position and velocity, and keeps its begin time) or is
/// *combined*, chained after the running ones: each entry animates the rest of the way from what the
/// entries before it produce to its own cumulative target, so a mouse-driven target under `.easeInOut`
/// bends smoothly towards each new target. Entries are removed as soon as a later one finishes, so
/// under endless retargeting the combination holds only the animations begun within the last
/// animation duration (at most about duration × retarget rate + 1), never a growing history.
///
/// **Velocity** is reported for every animation: the animation's own velocity where it reports one;
/// for a combination, the entries' velocities through the chain rule (see ``velocity``); otherwise the
/// presentation's change over the last frame. A spring that takes over therefore continues at the
/// speed the value had.
///
/// **Bad input** changes nothing: ``update(by:)`` ignores negative, NaN and infinite deltas, and
/// ``set(_:animation:completionCriteria:completion:)`` refuses a target with a NaN or infinite
/// component (it returns `false`). An animation that returns such a value ends at once, on its target.
/// Values must be small enough that their squared magnitude is finite (below about 1e154), as springs
/// need it to settle.
///
/// **Any ``Animatable`` value** animates: a vector (`Double`, `SIMD2<Double>`, ``AnimatablePair``,
/// your own ``VectorArithmetic`` type), or a type that exposes one as its ``Animatable/animatableData``
/// (``Angle``, ``UnitPoint``, `CGPoint` and `CGRect` with `CadenceFoundation`, your own struct). The
/// animations run on the data; ``target`` and ``presentation`` are values of your type, and the parts
/// of a new target that are not in its data (a label, a flag) show at once, as in SwiftUI.
/// ``velocity`` and ``interval`` are in data units (`Value.AnimatableData`), which for a vector is
/// `Value` itself. For a vector the conversions are the identity and cost nothing.
///
/// **Memory.** A value that has never animated holds its target and its clock, and nothing else; the
/// state of its running animations is made by its first change that animates (or an ``environment`` set)
/// and kept from then on, so animating it again allocates nothing. A merging spring's step matrices are
/// not part of it: every motion with the same spring reads one shared table. For many values of one type,
/// ``AnimatedValues`` keeps the same semantics in flat storage (<doc:ManyValues>).
///
/// Not `Sendable`: use a value from one thread or actor, like the frame loop that drives it.
public final class AnimatedValue<Value: Animatable> {
    // Animatable: the last accepted target as a whole, for what its animatable data does not carry.
    // `motion` works on the data alone; `model` turns it back into a `Value` (the identity, which
    // compiles away, for a vector). Unchecked exclusivity for the same reason as `RunningState.running`.
    @exclusivity(unchecked) @usableFromInline var model: Value
    /// The value's clock until its first animation (then `motion` keeps it): the sum of the deltas.
    @exclusivity(unchecked) @usableFromInline var restingClock: TimeInterval = 0
    /// The running animations, made by the first change that animates (or sets the environment) and kept
    /// from then on, so animating again allocates nothing. A value that is never animated holds only its
    /// model and clock: most values of a large scene rest most of the time.
    @exclusivity(unchecked) @usableFromInline var motion: RunningState<Value.AnimatableData>?

    // BEGIN transaction layer: the rest lives in AnimatedValue+Transaction.swift.
    /// The animation this value takes for its own changes made by ``set(_:)``: SwiftUI's implicit
    /// `.animation(_:value:)`. Outside any transaction it animates the change; inside one it replaces
    /// the transaction's animation unless the transaction ``Transaction/disablesAnimations``. `nil`
    /// (the default) leaves the transaction's animation, or a jump outside any.
    public var implicitAnimation: Animation? {
        get { implicit?.animation }
        set { implicit = newValue.map(ImplicitAnimation.init) }
    }
    // Out of line: few values have one, and an `Animation?` kept inline made every value larger by a whole
    // `Animation` (TweenLayoutTests' `aValueAtRestFitsA64ByteBlock` holds the size).
    private var implicit: ImplicitAnimation?
    // END transaction layer

    /// Creates a value at rest on `value`.
    ///
    /// - Parameter value: The initial target and presentation. A value whose animatable data has a
    ///   NaN or infinite component gets `.zero` data instead, so that nothing shown is ever NaN.
    @inlinable
    public init(_ value: Value) {
        let data = value.animatableData
        let usable = data.isUsable ? data : .zero
        model = value.replacingAnimatableData(with: usable)
    }

    /// The running animations' state, made now if the value has not animated before.
    @inlinable
    func state() -> RunningState<Value.AnimatableData> {
        if let motion { return motion }
        var running = RunningAnimations(value: model.animatableData)
        running.clock = restingClock
        let made = RunningState(running)
        motion = made
        return made
    }

    /// `body` applied to the running state, `nil` if the value has never animated. Unretained: `motion`
    /// holds the state through the call, and a retain and release on every update were a large share of
    /// it (benchmark row "AnimatedValue update, merging .spring, 10,000 SIMD2<Double>").
    @inlinable @inline(__always)
    func withMotion<R>(_ body: (RunningState<Value.AnimatableData>) -> R) -> R? {
        guard motion != nil else { return nil }
        return Unmanaged.passUnretained(motion.unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
    }

    /// The model value: the last target accepted by ``set(_:animation:completionCriteria:completion:)``.
    @inlinable
    public var target: Value { model }

    /// The value to show now: the target when at rest, otherwise what the running animations give at
    /// the value's clock (as of the last ``update(by:)`` or `set`): ``target`` with the animated
    /// ``Animatable/animatableData``.
    @inlinable
    public var presentation: Value {
        refresh()
        // At rest the target itself, so that a type whose data does not round-trip exactly still
        // shows exactly its target.
        guard let shown = withMotion({ $0.running.isRunning ? $0.running.presentation : nil }) ?? nil else {
            return model
        }
        return model.replacingAnimatableData(with: shown)
    }

    /// ``presentation``'s animatable data (the animations' output, without the conversion).
    @inlinable
    var presentationData: Value.AnimatableData {
        refresh()
        return withMotion { $0.running.presentation } ?? model.animatableData
    }

    /// The rate of change of ``presentation``'s ``Animatable/animatableData``, in data units per
    /// second (for a vector, `Value` itself); `.zero` at rest.
    ///
    /// - One animation: its own velocity (springs, timing curves and interpolating springs report one),
    ///   or, for an animation that reports none, the presentation's change over the last update divided
    ///   by its delta (kept as is by an update of zero).
    /// - A combination: the chain rule through the combining formula. With rate = 0, each entry in
    ///   order gives rate·(1 − gᵢ) + vᵢ, where vᵢ is its own velocity and gᵢ the fraction of its value
    ///   it has covered (⟨progress, value⟩ / ⟨value, value⟩). Exact when each entry's progress is its
    ///   value scaled by a function of time (timing curves, interpolating springs and their delays,
    ///   speeds and repeats); when an entry reports no velocity, the change over the last update as above.
    ///
    /// A merging animation reads this velocity when it takes over (through `previous`), so retargeting
    /// a spring keeps it exactly.
    @inlinable
    public var velocity: Value.AnimatableData {
        refresh()
        return withMotion { $0.running.velocity } ?? .zero
    }

    /// Whether any animation is running. Turns `false` on the update at which the last one finishes;
    /// ``presentation`` is then exactly ``target``.
    @inlinable
    public var isAnimating: Bool {
        refresh()
        return withMotion { $0.running.isRunning } ?? false
    }

    /// The environment handed to every running animation through its context
    /// (``AnimationContext/environment``), for example `animationPaused` for a pausable animation.
    ///
    /// A change reaches the running animations on their next evaluation, and animations started later.
    public var environment: EnvironmentValues {
        get { withMotion { $0.running.environment } ?? EnvironmentValues() }
        set { state().running.setEnvironment(newValue) }
    }

    /// The number of animations running: 0 at rest, 1 for one animation (including any number merged
    /// into one), more while a combination runs. For plots and tests; bounded under endless
    /// retargeting (see the type's documentation).
    @inlinable
    public var activeAnimationCount: Int {
        refresh()
        return withMotion { $0.running.count } ?? 0
    }

    /// The interval the running animations cover: ``target`` minus where they started from (after any
    /// folding of finished entries); `.zero` at rest. ``presentation`` is `target − interval + progress`.
    /// In data units, like ``velocity``.
    @inlinable
    public var interval: Value.AnimatableData {
        refresh()
        return withMotion { $0.running.interval } ?? .zero
    }

    /// Sets a new target, animated or not.
    ///
    /// - Without an animation, every running animation is removed (their completions are called) and
    ///   the target is shown at once, at rest; `completion` is called before `set` returns.
    /// - With an animation and nothing running, it animates the interval `target − old target`,
    ///   beginning now.
    /// - With an animation while others run, it merges if its `shouldMerge` accepts the running
    ///   motion (same begin time, state carried over, whole interval), and otherwise is combined with
    ///   them (see the type's documentation). Either way ``presentation`` does not jump, and after a
    ///   merge ``velocity`` does not change.
    ///
    /// The change is recorded and evaluated at the time it was made (a new animation at elapsed time 0)
    /// by whichever comes first: the next read of ``presentation``, ``velocity`` or another property,
    /// or the next ``update(by:)``, which then evaluates again at the advanced time. Either way your
    /// own animation sees the same calls, in SwiftUI's order: time 0, then one call per update.
    /// Completions that become due are called then (or before `set` returns, for a change without
    /// animation), once the value's state is consistent: they may call `set` again.
    ///
    /// - Parameters:
    ///   - target: The new model value. A value whose animatable data has a NaN or infinite component
    ///     is refused: nothing changes and `completion` is never called. Its other parts show at once.
    ///   - animation: How to get there, or `nil` to jump.
    ///   - completionCriteria: When to call `completion`.
    ///   - completion: Called exactly once, per `completionCriteria`, also if the animation is later
    ///     merged into another (it then follows the merged animation) or combined with others. Not
    ///     called if the value is deallocated first.
    /// - Returns: Whether the target was accepted.
    @inlinable
    @discardableResult
    public func set(
        _ target: Value, animation: consuming Animation?,
        completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
        completion: (() -> Void)? = nil
    ) -> Bool {
        let data = target.animatableData
        guard data.isUsable else { return false }
        change(
            to: target, data: data, animation: animation,
            completions: CompletionList(completion, criteria: completionCriteria))
        return true
    }

    /// Makes `target` (whose animatable data is `data`) the model and the running animations' target (see
    /// ``set(_:animation:completionCriteria:completion:)``); calls the completions that became due.
    @inlinable
    func change(
        to target: Value, data: Value.AnimatableData, animation: consuming Animation?,
        completions: consuming CompletionList
    ) {
        guard motion != nil || animation != nil else {
            // A jump of a value that never animated: nothing runs, so only the model changes.
            model = target
            var due: [() -> Void] = []
            completions.takeAll(into: &due)
            for completion in due { completion() }
            return
        }
        let state = state()  // made from the model before the change, where the animation starts
        model = target
        if state.running.setTarget(data, animation: animation, completions: completions) { callPendingCompletions() }
    }

    /// Advances the value's clock by `deltaTime` seconds and evaluates the running animations there.
    ///
    /// Animations that finish are removed (their completions are called after the value is updated,
    /// in the order the animations were added, logical completions first). At rest this only
    /// advances the clock.
    ///
    /// - Parameter deltaTime: Seconds since the last update. Negative, NaN or infinite values are
    ///   ignored: nothing changes. Zero re-evaluates the animations at the same time.
    @inlinable
    public func update(by deltaTime: TimeInterval) {
        guard deltaTime >= 0, deltaTime < .infinity else { return }
        switch withMotion({ $0.running.advance(by: deltaTime) }) {
        case nil: restingClock += deltaTime
        case true?: callPendingCompletions()
        case false?: break
        }
    }

    /// Evaluates the animations if a change was recorded since they were last evaluated (so that what
    /// is read is current), and calls the completions that became due.
    @inlinable
    func refresh() {
        if withMotion({ $0.running.isStale && $0.running.refresh() }) == true { callPendingCompletions() }
    }

    /// Calls the due completions. Taken out first, so that completions may change the value.
    @usableFromInline
    func callPendingCompletions() {
        let due = withMotion { state in
            defer { state.running.pending = [] }
            return state.running.pending
        }
        for completion in due ?? [] { completion() }
    }
}

/// Holds an ``AnimatedValue``'s implicit animation, out of the value's own storage.
private final class ImplicitAnimation {
    let animation: Animation

    init(_ animation: Animation) { self.animation = animation }
}

/// An ``AnimatedValue``'s running animations, out of the value's own storage until it first animates.
@usableFromInline
final class RunningState<Value: VectorArithmetic> {
    // Unchecked exclusivity: every `update(by:)` and `set` is one modify access to this property, and the
    // dynamic check (swift_beginAccess/endAccess, a thread-local access set) is a sizeable share of a spring
    // value's update. No user code runs inside those accesses except the animations' own methods, which
    // see only their context; completions are called after the access ends
    // (`AnimatedValue.callPendingCompletions`), so they may use the value freely. The value is not
    // `Sendable`, so no other thread can overlap an access either.
    @exclusivity(unchecked) @usableFromInline var running: RunningAnimations<Value>

    @inlinable
    init(_ running: RunningAnimations<Value>) { self.running = running }
}
