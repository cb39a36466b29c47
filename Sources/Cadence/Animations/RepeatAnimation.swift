/// Repeats its base animation a number of times, or for ever, optionally reversing every other pass.
///
/// Each pass runs the base with a fresh state from the time the previous pass finished; a reversed pass
/// shows `value − base` so the motion runs back towards the start. With `repeatCount` passes the
/// animation finishes when the last one does (at the start of the interval if the count is even and it
/// autoreverses; the owner then shows the target). It is logically complete when the last pass is.
///
/// A repeat count of zero or less finishes at once, and so does a base that finishes as soon as it
/// starts (it could never make progress). Repeating animations never merge: a new animation is combined
/// with them.
@frozen
public struct RepeatAnimation: CustomAnimation {
    /// The repeated animation.
    public var base: Animation
    /// The number of passes, or `nil` for ever.
    public var repeatCount: Int?
    /// Whether every other pass runs backwards.
    public var autoreverses: Bool

    /// Creates a repeating animation.
    @inlinable
    public init(base: Animation, repeatCount: Int?, autoreverses: Bool) {
        self.base = base
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    /// The base's value on the current pass (reversed on odd passes if autoreversing), or `nil` after
    /// the last pass.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        if let count = repeatCount, count <= 0 { return nil }
        var state = context.state[RepeatState<V>.self]
        var baseContext = context.withState(state.baseState)
        var result = base.animate(value: value, time: time - state.passStart, context: &baseContext)
        if result == nil {
            state.pass += 1
            if let count = repeatCount, state.pass >= count {
                context.isLogicallyComplete = true
                context.state[RepeatState<V>.self] = state
                return nil
            }
            state.passStart = time
            baseContext = AnimationContext(environment: context.environment)
            result = base.animate(value: value, time: 0, context: &baseContext)
        }
        state.baseState = baseContext.state
        context.state[RepeatState<V>.self] = state
        guard let progress = result else { return nil }
        if let count = repeatCount, state.pass == count - 1, baseContext.isLogicallyComplete {
            context.isLogicallyComplete = true
        }
        return isReversed(state.pass) ? value - progress : progress
    }

    /// The base's velocity on the current pass, negated on reversed passes.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let state = context.state[RepeatState<V>.self]
        guard let velocity = base.velocity(value: value, time: time - state.passStart, context: context.withState(state.baseState)) else {
            return nil
        }
        return isReversed(state.pass) ? .zero - velocity : velocity
    }

    @inlinable
    func isReversed(_ pass: Int) -> Bool { autoreverses && pass % 2 == 1 }
}

/// The state of a ``RepeatAnimation``: which pass is running, since when, and the base's own state.
@usableFromInline
struct RepeatState<Value: VectorArithmetic>: AnimationStateKey {
    @usableFromInline var pass = 0
    @usableFromInline var passStart: TimeInterval = 0
    @usableFromInline var baseState = AnimationState<Value>()

    @inlinable
    init() {}

    @inlinable
    static var defaultValue: Self { Self() }
}
