// The target animation of the `AnimationState` documentation, as written there: a base
// animation chasing a target that a secondary animation moves, so that a merge moves the target
// smoothly instead of jumping.
import Cadence

private struct TargetState<Value: VectorArithmetic>: AnimationStateKey {
    var timeDelta = 0.0
    var valueDelta = Value.zero
    var secondaryState: AnimationState<Value>? = .init()

    static var defaultValue: Self { .init() }
}

extension AnimationContext {
    fileprivate var targetState: TargetState<Value> {
        get { state[TargetState<Value>.self] }
        set { state[TargetState<Value>.self] = newValue }
    }
}

/// An animation whose base animates towards a target that itself moves with a `secondary` animation.
///
/// Until the first merge the secondary animation moves the target across the whole interval, and the
/// base chases it. On a merge with another `TargetAnimation` the secondary animation is restarted
/// (its state reset) from where it had moved the target to, across the new interval, and the merge is
/// decided by the base. It finishes when the base has finished and the secondary animation too.
///
/// ```swift
/// let animation = Animation(TargetAnimation(base: .spring, secondary: .easeInOut(duration: 1)))
/// ```
public struct TargetAnimation: CustomAnimation {
    /// The animation that chases the moving target.
    public var base: Animation
    /// The animation that moves the target.
    public var secondary: Animation

    /// Creates a target animation.
    public init(base: Animation, secondary: Animation) {
        self.base = base
        self.secondary = secondary
    }

    /// The base's progress towards the target as the secondary animation has moved it.
    public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        var targetValue = value
        if let secondaryState = context.targetState.secondaryState {
            var secondaryContext = context
            secondaryContext.state = secondaryState
            let secondaryValue = value - context.targetState.valueDelta
            let result = secondary.animate(
                value: secondaryValue, time: time - context.targetState.timeDelta,
                context: &secondaryContext)
            if let result = result {
                context.targetState.secondaryState = secondaryContext.state
                targetValue = result + context.targetState.valueDelta
            } else {
                context.targetState.secondaryState = nil
            }
        }
        let result = base.animate(value: targetValue, time: time, context: &context)
        if let result = result {
            targetValue = result
        } else if context.targetState.secondaryState == nil {
            return nil
        }
        return targetValue
    }

    /// Restarts the secondary animation from the target it has reached, then lets the base decide.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        guard let previous = previous.base as? Self else { return false }
        var secondaryContext = context
        if let secondaryState = context.targetState.secondaryState {
            secondaryContext.state = secondaryState
            context.targetState.valueDelta =
                secondary.animate(
                    value: value, time: time - context.targetState.timeDelta,
                    context: &secondaryContext) ?? value
        } else {
            context.targetState.valueDelta = value
        }
        // Reset the target each time a merge occurs.
        context.targetState.secondaryState = .init()
        context.targetState.timeDelta = time
        return base.shouldMerge(
            previous: previous.base, value: value, time: time,
            context: &context)
    }
}
