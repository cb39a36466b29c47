// The pausable animation of the `AnimationContext` and `AnimationState` documentation, as written
// there.
import Cadence

private struct PausableState<Value: VectorArithmetic>: AnimationStateKey {
    var paused = false
    var pauseTime: TimeInterval = 0.0

    static var defaultValue: Self { .init() }
}

extension AnimationContext {
    fileprivate var pausableState: PausableState<Value> {
        get { state[PausableState<Value>.self] }
        set { state[PausableState<Value>.self] = newValue }
    }
}

/// An animation that holds still while `animationPaused` (``PausedKey``) is `true` in its environment and, when
/// resumed, continues from where it stopped (no jump): time spent paused does not count.
///
/// While paused it keeps showing its base's value at the moment of pausing. It finishes when its base
/// does, counting only unpaused time.
///
/// ```swift
/// var context = AnimationContext<Double>()
/// context.environment[PausableAnimation.PausedKey.self] = true   // animationPaused, as SwiftUI's documentation calls it
/// ```
public struct PausableAnimation: CustomAnimation {
    /// The animation that is paused and resumed.
    public let base: Animation

    /// Makes `base` pausable.
    public init(base: Animation) {
        self.base = base
    }

    /// The base's value at the time elapsed while not paused.
    public func animate<V>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?
    where V: VectorArithmetic {
        let paused = context.environment.animationPaused

        let pausableState = context.pausableState
        var pauseTime = pausableState.pauseTime
        if pausableState.paused != paused {
            pauseTime = time - pauseTime
            context.pausableState = PausableState(paused: paused, pauseTime: pauseTime)
        }

        let effectiveTime = paused ? pauseTime : time - pauseTime
        let result = base.animate(value: value, time: effectiveTime, context: &context)
        return result
    }
}
