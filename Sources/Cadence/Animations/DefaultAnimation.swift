/// The animation of ``Animation/default``: SwiftUI's default, with its own identity
/// (`Animation.default != .spring`, as in SwiftUI) but the motion of ``Animation/spring``, a
/// critically damped spring with response 0.5 s.
///
/// It is expressed through the integrated motion kind, as ``SpringAnimation`` is: it advances the same
/// spring state, so it merges with a running spring (and a spring merges with it) keeping position and
/// velocity, and costs what a spring costs.
@frozen
public struct DefaultAnimation: CustomAnimation {
    /// The spring it moves like: `.spring`'s.
    @usableFromInline static let spring = SpringAnimation(response: 0.5, dampingFraction: 1, blendDuration: 0)

    /// Creates the default animation.
    @inlinable
    public init() {}

    /// The spring's offset at `time`; see ``SpringAnimation/animate(value:time:context:)``.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        integrated(value: value, time: time, context: &context).offset
    }

    /// The spring's velocity at `time`.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        integratedVelocity(value: value, time: time, context: context)
    }

    /// Always merges, as a spring does: takes over the running motion's position and velocity.
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        integratedMerge(previous: previous, value: value, time: time, context: &context)
    }

    /// Integrated, as a spring.
    @inlinable
    var motionKind: MotionKind { .integrated }

    /// The spring's advance.
    @inlinable
    func advance(to time: TimeInterval, clock: inout MotionClock) -> MotionAdvance {
        DefaultAnimation.spring.advance(to: time, clock: &clock)
    }

    /// Merges keeping the velocity, as a spring.
    @inlinable
    func mergeVelocityScale(previous: Animation) -> Double? { 1 }

    /// The spring's new run.
    @inlinable
    func beginRun(at time: TimeInterval, after previous: Animation, clock: inout MotionClock) {
        DefaultAnimation.spring.beginRun(at: time, after: previous, clock: &clock)
    }
}

extension DefaultAnimation: BuiltInAnimation {}
