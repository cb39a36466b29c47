/// The completions waiting on one running animation, by criterion.
///
/// Two arrays rather than one of pairs so that the per-frame check ("is anyone waiting for logical
/// completion?") is a count test; an empty array allocates nothing, so an animation set without a
/// completion costs no allocation.
@usableFromInline
struct CompletionList {
    @usableFromInline var logical: [() -> Void] = []
    @usableFromInline var removed: [() -> Void] = []

    @inlinable
    init() {}

    @inlinable
    init(_ completion: (() -> Void)?, criteria: AnimationCompletionCriteria) {
        guard let completion else { return }
        switch criteria.kind {
        case .logicallyComplete: logical = [completion]
        case .removed: removed = [completion]
        }
    }

    /// Moves every completion of `other` after this list's own, leaving `other` empty.
    @inlinable
    mutating func absorb(_ other: inout CompletionList) {
        Self.move(&other.logical, after: &logical)
        Self.move(&other.removed, after: &removed)
    }

    /// Moves the logical completions to the end of `pending`: they are due now.
    @inlinable
    mutating func takeLogical(into pending: inout [() -> Void]) {
        Self.move(&logical, after: &pending)
    }

    /// Moves every completion to the end of `pending`, logical ones first: the animation is removed.
    @inlinable
    mutating func takeAll(into pending: inout [() -> Void]) {
        Self.move(&logical, after: &pending)
        Self.move(&removed, after: &pending)
    }

    /// Moves `source` to the end of `destination` without copying when the destination is empty.
    @inlinable
    static func move(_ source: inout [() -> Void], after destination: inout [() -> Void]) {
        guard !source.isEmpty else { return }
        if destination.isEmpty {
            swap(&source, &destination)
        } else {
            destination.append(contentsOf: source)
            source = []
        }
    }
}

/// One running animation on an ``AnimatedValue``: the record its retargeting rules keep (an animation,
/// its interval, when it began, its context) plus the completions waiting on it.
///
/// In a combination, ``interval`` is the entry's cumulative target Eᵢ (each entry animates the rest
/// of the way from what the entries before it produced to Eᵢ); alone, it is the interval animated.
@usableFromInline
struct AnimationEntry<Value: VectorArithmetic> {
    @usableFromInline var animation: Animation
    @usableFromInline var context: AnimationContext<Value>
    @usableFromInline var interval: Value
    /// The value's clock when this animation began (kept across merges).
    @usableFromInline var startTime: TimeInterval
    @usableFromInline var completions: CompletionList

    @inlinable
    init(
        animation: Animation, context: AnimationContext<Value>, interval: Value,
        startTime: TimeInterval, completions: CompletionList
    ) {
        self.animation = animation
        self.context = context
        self.interval = interval
        self.startTime = startTime
        self.completions = completions
    }

    /// The entry a value at rest holds: no interval, no completions, an animation that is never
    /// evaluated. Building it allocates nothing.
    @inlinable
    init(resting environment: EnvironmentValues) {
        self.init(
            animation: Animation(RestingAnimation()), context: AnimationContext(environment: environment),
            interval: .zero, startTime: 0, completions: CompletionList())
    }

    /// Comes to rest: the animation is dropped and nothing is waiting. A built-in's state (plain numbers:
    /// a spring's motion) is parked in the context for the next run, so that starting again allocates
    /// nothing; your own animation's state is released at once, as it was given up.
    @inlinable
    mutating func rest(environment: EnvironmentValues) {
        if animation.kind == .custom {
            context = AnimationContext(environment: environment)
        } else {
            context.reset()
            context.environment = environment
        }
        animation = Animation(RestingAnimation())
        interval = .zero
        startTime = 0
        completions = CompletionList()
    }

    /// Starts `animation` across `interval` at the clock `time` in this (resting) entry, reusing its
    /// context's parked storage.
    @inlinable
    mutating func start(
        _ animation: consuming Animation, interval: Value, at time: TimeInterval,
        completions: consuming CompletionList, environment: EnvironmentValues
    ) {
        context.reset()
        context.environment = environment
        self.animation = animation
        self.interval = interval
        startTime = time
        self.completions = completions
    }

    /// Moves the logical completions to `pending` if the context now reports logical completion.
    @inlinable
    mutating func takeDueLogicalCompletions(into pending: inout [() -> Void]) {
        if !completions.logical.isEmpty && context.isLogicallyComplete { completions.takeLogical(into: &pending) }
    }

    /// The animation's progress along `value` at the value's clock `clock`, and its velocity (`nil`
    /// when it reports none or reports a non-finite one), from one evaluation (see
    /// `Animation.evaluate`); `offset` is `nil` once the animation has finished, and also when it
    /// returns a non-finite value (it is then treated as finished).
    @inlinable
    mutating func evaluate(value: Value, at clock: TimeInterval) -> (offset: Value?, velocity: Value?) {
        animation.evaluate(value: value, time: clock - startTime, context: &context)
    }

    /// Evaluates this entry alone, across its own interval: what to show for `target` and the
    /// animation's velocity, or `nil` once it has finished. Due logical completions go to `pending`.
    @inlinable
    mutating func evaluateAlone(
        target: Value, at clock: TimeInterval, pending: inout [() -> Void]
    ) -> (shown: Value, velocity: Value?)? {
        let (offset, velocity) = evaluate(value: interval, at: clock)
        guard let offset else { return nil }
        takeDueLogicalCompletions(into: &pending)
        return (target - interval + offset, velocity)
    }
}

/// What a resting value's entry holds in place of an animation: it is never evaluated, and would
/// finish at once if it were. An empty struct, so wrapping it in ``Animation`` allocates nothing.
@usableFromInline
struct RestingAnimation: CustomAnimation {
    @inlinable
    init() {}

    /// Finished: there is nothing to animate.
    @inlinable
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        nil
    }
}

extension VectorArithmetic {
    /// Whether the squared magnitude is finite: no component is NaN or infinite, and the value is
    /// small enough to be squared, which is what springs need to decide when they have settled. The one
    /// finiteness check of the model (the runtime's values, keyframes); tweens, which never square a
    /// value, check each component instead (`PropertyTween.isFinite`).
    @inlinable
    var isUsable: Bool { magnitudeSquared.isFinite }
}
