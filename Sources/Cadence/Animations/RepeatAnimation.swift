/// Repeats its base animation a number of times, or for ever, optionally reversing every other pass.
///
/// A reversed pass shows `value − base` so the motion runs back towards the start. With `repeatCount`
/// passes the animation finishes when the last one does (at the start of the interval if the count is
/// even and it autoreverses; the owner then shows the target). It is logically complete when the last
/// pass is.
///
/// **When the next pass starts (a deviation from SwiftUI).** SwiftUI starts the next pass at the frame
/// that sees the base finish, so a pass lasts a whole number of frames and the period depends on the
/// frame rate (a 1 s linear pass repeated for 100 s at 60 Hz drifts by a third of a pass). Where the
/// base's length is known — timing curves, interpolating springs, and delays, speeds and repeats of
/// them — each pass starts at the true boundary, `pass × length`, whatever the frame rate. For other
/// bases (merging springs, your own animations) the next pass starts, with a fresh state, at the call
/// that saw the base finish, as in SwiftUI.
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
        if motionKind != .custom { return closedForm(value: value, time: time, context: &context).offset }
        if let count = repeatCount, count <= 0 { return nil }
        // The repeat's state is moved out of the context and back, not copied: a copy would share the
        // base's state storage, and the base's next write would copy it.
        var state = RepeatState<V>()
        let key = ObjectIdentifier(RepeatState<V>.self)
        context.state.storage.modifyValue(for: key, defaultValue: { RepeatState<V>() }) { swap(&$0, &state) }
        defer { context.state.storage.modifyValue(for: key, defaultValue: { RepeatState<V>() }) { swap(&$0, &state) } }
        if let count = repeatCount, state.pass >= count { return nil }
        var baseContext = AnimationContext<V>(environment: context.environment)
        baseContext.logicallyComplete = context.logicallyComplete
        swap(&baseContext.state, &state.baseState)
        var result = base.animate(value: value, time: time - state.passStart, context: &baseContext)
        if result == nil {
            state.pass += 1
            if let count = repeatCount, state.pass >= count {
                swap(&baseContext.state, &state.baseState)
                context.isLogicallyComplete = true
                return nil
            }
            state.passStart = time
            baseContext = AnimationContext(environment: context.environment)
            result = base.animate(value: value, time: 0, context: &baseContext)
        }
        swap(&baseContext.state, &state.baseState)
        guard let progress = result else { return nil }
        if let count = repeatCount, state.pass == count - 1, baseContext.isLogicallyComplete {
            context.isLogicallyComplete = true
        }
        return isReversed(state.pass) ? value - progress : progress
    }

    /// The base's velocity on the current pass, negated on reversed passes.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        if motionKind != .custom {
            var context = context
            return closedForm(value: value, time: time, context: &context).velocity
        }
        let state = context.state[RepeatState<V>.self]
        guard
            let velocity = base.velocity(
                value: value, time: time - state.passStart, context: context.withState(state.baseState))
        else {
            return nil
        }
        return isReversed(state.pass) ? .zero - velocity : velocity
    }

    @inlinable
    func isReversed(_ pass: Int) -> Bool { autoreverses && pass % 2 == 1 }

    // MARK: - Motion

    /// Closed form when the base is (each pass then starts at its true boundary); otherwise `.custom`.
    @inlinable
    var motionKind: MotionKind {
        if let count = repeatCount, count <= 0 { return .closedForm }
        return base.kind == .closedForm ? .closedForm : .custom
    }

    /// The base's sample on pass ⌊time / length⌋ at `time − pass × length`, reversed on odd passes if
    /// autoreversing; finished after the last pass.
    @inlinable
    func sample(at time: TimeInterval) -> MotionSample {
        if let count = repeatCount, count <= 0 { return .finished }
        let length = base.finishTime
        guard length > 0, !time.isNaN else { return .finished }
        guard length < .infinity else { return base.sample(at: time) }
        let elapsed = Swift.max(time, 0)
        // A time within a nanosecond of a boundary is on it: a sum of frame deltas (0.3 × 10) often
        // falls an ulp short of the boundary it stands for (3.0).
        let pass = ((elapsed + 1e-9) / length).rounded(.down)
        if let count = repeatCount, pass >= Double(count) {
            return MotionSample(fraction: 1, rate: 0, isFinished: true, isLogicallyComplete: true)
        }
        var sample = base.sample(at: Swift.min(Swift.max(elapsed - pass * length, 0), length))
        if sample.isFinished { return sample }
        let isLast = repeatCount.map { pass == Double($0 - 1) } ?? false
        sample.isLogicallyComplete = isLast && sample.isLogicallyComplete
        // An odd pass runs backwards. Parity by halving, exact for every whole number a Double holds:
        // `truncatingRemainder` is a libm `fmod` call (benchmark row "animate .easeInOut.repeatCount(3),
        // Double, 60 fps" against "animate .easeInOut, Double, 60 fps").
        if autoreverses && (pass * 0.5).rounded(.down) != pass * 0.5 {
            sample.fraction = 1 - sample.fraction
            sample.rate = -sample.rate
        }
        return sample
    }

    /// The count times the base's length; infinite for ever.
    @inlinable
    var finishTime: TimeInterval {
        guard let count = repeatCount else { return .infinity }
        return count <= 0 ? 0 : base.finishTime * Double(count)
    }
}

extension RepeatAnimation: BuiltInAnimation {}

/// The state of a ``RepeatAnimation`` over a base of unknown length: which pass is running, since when,
/// and the base's own state.
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
