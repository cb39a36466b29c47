/// Many values of one type animating towards their targets, each exactly as an ``AnimatedValue`` would,
/// kept in flat storage: for particles, charts with thousands of points, crowds of markers.
///
/// ```swift
/// let points = AnimatedValues(repeating: SIMD2<Double>(0, 0), count: 100_000)
/// points.setAll(animation: .snappy) { index in SIMD2(Double(index % 400), Double(index / 400)) }
/// points.update(by: 1.0 / 60)
/// points.withPresentations { shown in draw(shown) }   // an UnsafeBufferPointer<SIMD2<Double>>
/// ```
///
/// **The same semantics.** Element `i` shows what an ``AnimatedValue`` shows when it is given the same
/// calls (`set`, `track`, `update(by:)`) and its presentation is read after each of them, as a renderer
/// does: merging with velocity, combining, your own animations with their own state, delays, speeds and
/// repeats, logical and removal completions, bad input refused. The collection has one clock, the sum
/// of its deltas, as a value has; an element appended later starts at that clock's reading.
///
/// **What it costs.** An element at rest costs a frame one check. An element moving under a built-in
/// timing curve, interpolating spring or merging spring keeps only its numbers (target, interval,
/// offset, velocity, force) in one flat row, and elements that began (or last merged) at the same
/// time with the same animation share that animation's clock: it is advanced once per frame for all
/// of them, and a frame walks the rows in order. What needs more (a combination of animations, your
/// own animation, keyframes, a tracked velocity) runs in a full ``AnimatedValue`` state of its own
/// until it comes to rest, and then returns to the flat rows. A steady frame allocates nothing, nor does
/// retargeting elements that are already moving under a merging spring; <doc:ManyValues> has the
/// figures.
///
/// **Completions** are called after the change or update that made them due, in element order.
/// **Bad input** changes nothing: ``update(by:)`` ignores negative, NaN and infinite deltas and a `set`
/// refuses a target with a NaN or infinite component.
///
/// `Value` is the animated data itself (a ``VectorArithmetic`` type: `Double`, `SIMD2<Double>`,
/// ``AnimatablePair``); for an ``Animatable`` type, keep its ``Animatable/animatableData`` here. Not
/// `Sendable`: use it from one thread or actor. Drive it from a `Tweener` with `tweener.drive(values)`
/// (in `Tweening`).
public final class AnimatedValues<Value: VectorArithmetic> {
    // Unchecked exclusivity, as in `AnimatedValue`: every call is one access to the storage, and no user
    // code runs inside one except the animations' own methods; completions are called after it ends.
    @exclusivity(unchecked) @usableFromInline var storage: ValueRows<Value>

    /// Creates the values, each at rest on its element of `values`. A value with a NaN or infinite
    /// component starts at `.zero` instead, as an ``AnimatedValue`` does.
    @inlinable
    public init(_ values: some Sequence<Value>) {
        storage = ValueRows(values.map { $0.isUsable ? $0 : .zero })
    }

    deinit { storage.deallocate() }

    /// Creates `count` values at rest on `value`.
    @inlinable
    public convenience init(repeating value: Value, count: Int) {
        self.init(repeatElement(value, count: Swift.max(count, 0)))
    }

    /// The values' clock: the sum of the deltas given to ``update(by:)``.
    @inlinable
    public var time: TimeInterval { storage.clock }

    /// The environment every running animation reads through its context (``AnimationContext/environment``),
    /// for example `animationPaused` for a pausable animation. A change reaches the running animations
    /// on their next evaluation.
    public var environment: EnvironmentValues {
        get { storage.environment }
        set { storage.setEnvironment(newValue) }
    }

    /// How many elements are animating (those at rest cost a frame nothing but a check).
    @inlinable
    public var animatingCount: Int { storage.animatingCount }

    /// Whether any element is animating.
    @inlinable
    public var isAnimating: Bool { storage.animatingCount > 0 }

    /// The model value of element `index`: the last target accepted for it.
    @inlinable
    public func target(at index: Int) -> Value {
        storage.checkIndex(index)
        return storage.rows[index].target
    }

    /// The velocity of element `index`, per second, as ``AnimatedValue/velocity`` reports it; `.zero` at rest.
    @inlinable
    public func velocity(at index: Int) -> Value {
        storage.checkIndex(index)
        return storage.velocities[index]
    }

    /// Whether element `index` is animating.
    @inlinable
    public func isAnimating(at index: Int) -> Bool {
        storage.checkIndex(index)
        return storage.lanes[index] != ValueRows<Value>.resting
    }

    /// The number of animations running on element `index`, as ``AnimatedValue/activeAnimationCount``.
    @inlinable
    public func activeAnimationCount(at index: Int) -> Int {
        storage.checkIndex(index)
        return storage.activeAnimationCount(at: index)
    }

    /// Calls `body` with every element's presentation, in order, in place: what a renderer reads each
    /// frame. The buffer is valid only during the call.
    @inlinable
    public func withPresentations<Result>(_ body: (UnsafeBufferPointer<Value>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: storage.presentations, count: storage.count))
    }

    /// Adds a value at rest on `value` (`.zero` if it has a NaN or infinite component) and returns its index.
    @inlinable
    @discardableResult
    public func append(_ value: Value) -> Int {
        storage.append(value.isUsable ? value : .zero)
    }

    /// Sets a new target for element `index`, animated or not, as
    /// ``AnimatedValue/set(_:animation:completionCriteria:completion:)`` does for one value.
    ///
    /// - Returns: Whether the target was accepted (a NaN or infinite component is refused).
    @inlinable
    @discardableResult
    public func set(
        _ target: Value, at index: Int, animation: Animation?,
        completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
        completion: (() -> Void)? = nil
    ) -> Bool {
        storage.checkIndex(index)
        guard target.isUsable else { return false }
        let completions = CompletionList(completion, criteria: completionCriteria)
        if let animation {
            storage.beginChanges(animation)
            storage.set(target, at: index, animation: animation, completions: completions)
        } else {
            storage.jump(target, at: index, completions: completions)
        }
        callPendingCompletions()
        return true
    }

    /// Sets every element in `indices` to `target(index)` with the same animation: the elements that were
    /// moving together keep moving together (they share a clock), and the animation is compared once,
    /// not per element. Targets with a NaN or infinite component are skipped.
    ///
    /// - Returns: How many targets were accepted.
    @inlinable
    @discardableResult
    public func set(
        _ indices: Range<Int>, animation: Animation?, to target: (Int) throws -> Value
    ) rethrows -> Int {
        precondition(indices.lowerBound >= 0 && indices.upperBound <= storage.count, "indices out of range")
        var accepted = 0
        if let animation {
            storage.beginChanges(animation)
            for index in indices {
                let value = try target(index)
                guard value.isUsable else { continue }
                storage.set(value, at: index, animation: animation, completions: nil)
                accepted += 1
            }
        } else {
            for index in indices {
                let value = try target(index)
                guard value.isUsable else { continue }
                storage.jump(value, at: index, completions: nil)
                accepted += 1
            }
        }
        callPendingCompletions()
        return accepted
    }

    /// Sets every element to `target(index)` with the same animation (see ``set(_:animation:to:)``).
    @inlinable
    @discardableResult
    public func setAll(animation: Animation?, to target: (Int) throws -> Value) rethrows -> Int {
        try set(0..<storage.count, animation: animation, to: target)
    }

    /// Moves element `index` to `value` at once, moving at `velocity`, as
    /// ``AnimatedValue/track(to:velocity:)`` does: a merging animation set next takes the velocity over.
    ///
    /// - Returns: Whether the change was accepted (a NaN or infinite component is refused).
    @inlinable
    @discardableResult
    public func track(_ index: Int, to value: Value, velocity: Value) -> Bool {
        storage.checkIndex(index)
        guard value.isUsable, velocity.isUsable else { return false }
        storage.track(index, to: value, velocity: velocity)
        callPendingCompletions()
        return true
    }

    /// Advances the clock by `deltaTime` seconds and evaluates every running animation there, as
    /// ``AnimatedValue/update(by:)`` does for one value. Negative, NaN and infinite deltas are ignored.
    @inlinable
    public func update(by deltaTime: TimeInterval) {
        guard deltaTime >= 0, deltaTime < .infinity else { return }
        storage.advance(by: deltaTime)
        callPendingCompletions()
    }

    /// Calls the due completions, taken out first so that they may change the values.
    @inlinable
    func callPendingCompletions() {
        guard !storage.pending.isEmpty else { return }
        let due = storage.pending
        storage.pending = []
        for completion in due { completion() }
    }
}

extension AnimatedValues: RandomAccessCollection {
    /// The first index: 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of values.
    @inlinable
    public var endIndex: Int { storage.count }

    /// The presentation of element `index`: its target at rest, otherwise what its animations give at
    /// the clock, as ``AnimatedValue/presentation``.
    @inlinable
    public subscript(index: Int) -> Value {
        storage.checkIndex(index)
        return storage.presentations[index]
    }
}
