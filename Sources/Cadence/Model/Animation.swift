/// A type-erased ``CustomAnimation``: the value given to whatever animates a change.
///
/// Create one from a built-in (`.spring`, `.easeInOut(duration: 0.3)`, ...) or from your own type with
/// ``init(_:)``. Two animations are equal when their bases have the same concrete type and are equal.
/// Use ``base`` to recover the concrete animation, for example `previous.base as? Self` in
/// ``CustomAnimation/shouldMerge(previous:value:time:context:)``.
///
/// The methods forward to the base. A built-in animation costs about the same whatever the value type;
/// your own animation is called through its generic methods, as SwiftUI calls it, and an animation it
/// runs in turn (`base.animate(...)`, as `TargetAnimation` does) costs what it would cost the runtime.
@frozen
public struct Animation: Hashable, Sendable {
    /// How the base is evaluated, read once here rather than asked on every call. Derived from `base`,
    /// so equality and hashing ignore it.
    @usableFromInline let kind: MotionKind

    // The base is kept once, in the field its kind reads; the other holds an empty `CustomKind`, which
    // allocates nothing. A client's animation (or a built-in of the custom kind) is then called through
    // its own methods with no wrapper in between (benchmark row "AnimatedValue update, one
    // ElasticEaseInEaseOutAnimation per value, 10,000 SIMD2<Double>"), and a boxed built-in is neither
    // boxed nor retained twice. The kind comes first: a built-in's evaluation then reads the first 48
    // bytes (row "AnimatedValue update, merging .spring, 10,000 SIMD2<Double>").

    /// The base if it is evaluated through its motion (every kind but `.custom`).
    @usableFromInline let motion: any BuiltInAnimation

    /// The base if it is called through its own methods (`.custom`).
    @usableFromInline let custom: any CustomAnimation

    /// The wrapped animation.
    @inlinable
    public var base: any CustomAnimation { kind == .custom ? custom : motion }

    /// Wraps a custom animation.
    @inlinable
    public init<A: CustomAnimation>(_ base: A) {
        // A built-in's conformance is known where this is inlined, so the cast folds away.
        if let motion = base as? any BuiltInAnimation, motion.motionKind != .custom {
            kind = motion.motionKind
            self.motion = motion
            custom = CustomKind()
        } else {
            kind = .custom
            motion = CustomKind()
            custom = base
        }
    }

    /// Calculates the value of the animation at `time`; see ``CustomAnimation/animate(value:time:context:)``.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        switch kind {
        case .closedForm:
            // The progress alone: the sample's rate is not scaled into a velocity nobody asked for.
            let sample = motion.sample(at: time)
            if sample.isLogicallyComplete { context.isLogicallyComplete = true }
            return sample.isFinished ? nil : value.scaled(by: sample.fraction)
        case .integrated:
            return integratedOffset(value: value, time: time, context: &context)
        case .path:
            return pathOffset(value: value, time: time)
        default:
            return custom.animate(value: value, time: time, context: &context)
        }
    }

    /// The velocity of the animation at `time`, or `nil` if unknown; see
    /// ``CustomAnimation/velocity(value:time:context:)``.
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        switch kind {
        case .closedForm:
            let sample = motion.sample(at: time)
            return sample.isFinished || !sample.rate.isFinite ? nil : value.scaled(by: sample.rate)
        case .integrated:
            return integratedVelocityOf(value: value, time: time, context: context)
        case .path:
            return path(value: value, time: time).velocity
        default:
            return custom.velocity(value: value, time: time, context: context)
        }
    }

    /// Whether this animation takes over from `previous`; see
    /// ``CustomAnimation/shouldMerge(previous:value:time:context:)``.
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        switch kind {
        case .closedForm, .path: return false
        case .integrated: return integratedMerges(previous: previous, value: value, time: time, context: &context)
        default: return custom.shouldMerge(previous: previous, value: value, time: time, context: &context)
        }
    }

    // The integrated kind's three calls. Their state is keyed by a type generic over `V` and they pass
    // tuples of `V`, so generic code pays a metadata lookup for each, several times a call: a client's
    // animation that runs another (its code is generic, see the type's notes) reaches them through
    // these entry points, which check on entry for the three common value types and run code
    // specialised for them. Each entry only forwards to its body (kept out of line), because Swift sets
    // up everything a generic body needs before the check: with the body inline, its three metadata
    // lookups came first. The public methods above need no check: a closed form asks nothing of `V`.
    // Benchmark row: "AnimatedValue update, one TargetAnimation per value, 10,000 Double".

    /// ``integrated(value:time:context:)``'s progress.
    @inlinable
    @_specialize(where V == Double)
    @_specialize(where V == Float)
    @_specialize(where V == SIMD2<Double>)
    func integratedOffset<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        integratedOffsetBody(value: value, time: time, context: &context)
    }

    /// ``integratedOffset(value:time:context:)``'s body.
    @inlinable @inline(never)
    func integratedOffsetBody<V: VectorArithmetic>(
        value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> V? {
        integrated(value: value, time: time, context: &context).offset
    }

    /// ``integratedVelocity(value:time:context:)``.
    @inlinable
    @_specialize(where V == Double)
    @_specialize(where V == Float)
    @_specialize(where V == SIMD2<Double>)
    func integratedVelocityOf<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        integratedVelocityBody(value: value, time: time, context: context)
    }

    /// ``integratedVelocityOf(value:time:context:)``'s body.
    @inlinable @inline(never)
    func integratedVelocityBody<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        integratedVelocity(value: value, time: time, context: context)
    }

    /// ``integratedMerge(previous:value:time:context:)``.
    @inlinable
    @_specialize(where V == Double)
    @_specialize(where V == Float)
    @_specialize(where V == SIMD2<Double>)
    func integratedMerges<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        integratedMergesBody(previous: previous, value: value, time: time, context: &context)
    }

    /// ``integratedMerges(previous:value:time:context:)``'s body.
    @inlinable @inline(never)
    func integratedMergesBody<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        integratedMerge(previous: previous, value: value, time: time, context: &context)
    }

    /// The progress at `time` (`nil` once finished, or when it is not finite) and the velocity (`nil`
    /// when unknown or not finite), from one evaluation: what ``animate(value:time:context:)`` and then
    /// ``velocity(value:time:context:)`` would return. The runtime's per-frame call.
    @inlinable
    func evaluate<V: VectorArithmetic>(
        value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> (offset: V?, velocity: V?) {
        switch kind {
        case .closedForm:
            return closedForm(value: value, time: time, context: &context)
        case .integrated:
            return integrated(value: value, time: time, context: &context)
        case .path:
            return path(value: value, time: time)
        default:
            guard let offset = custom.animate(value: value, time: time, context: &context), offset.isUsable else {
                return (nil, nil)
            }
            guard let velocity = custom.velocity(value: value, time: time, context: context), velocity.isUsable else {
                return (offset, nil)
            }
            return (offset, velocity)
        }
    }

    /// A path animation's progress alone, out of line: inline, its tuple of optionals made generic
    /// callers of ``animate(value:time:context:)`` look up `Optional<V>`'s metadata on every call.
    @inlinable @inline(never)
    func pathOffset<V: VectorArithmetic>(value: V, time: TimeInterval) -> V? {
        path(value: value, time: time).offset
    }

    /// A path animation's progress (`nil` once finished or not finite) and velocity (`nil` when unknown
    /// or not finite), from the base's one call.
    @inlinable
    func path<V: VectorArithmetic>(value: V, time: TimeInterval) -> (offset: V?, velocity: V?) {
        let (offset, velocity) = pathMotion(value: value, time: time)
        guard let offset, offset.isUsable else { return (nil, nil) }
        guard let velocity, velocity.isUsable else { return (offset, nil) }
        return (offset, velocity)
    }

    /// ``shouldMerge(previous:value:time:context:)``, leaving `context` as it was when the answer is
    /// `false`: a built-in decides before it changes anything, your own animation is given a copy.
    @inlinable
    func merges<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        guard kind == .custom else {
            return shouldMerge(previous: previous, value: value, time: time, context: &context)
        }
        var copy = context
        guard custom.shouldMerge(previous: previous, value: value, time: time, context: &copy) else { return false }
        context = copy
        return true
    }

    /// Equal when both bases have the same concrete type and are equal.
    @inlinable
    public static func == (lhs: Animation, rhs: Animation) -> Bool {
        lhs.base.isEqual(to: rhs.base)
    }

    /// Hashes the base's concrete type and the base.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        let base = self.base
        hasher.combine(ObjectIdentifier(type(of: base)))
        base.hash(into: &hasher)
    }
}

extension Animation: MotionSource {
    /// The base's kind, as read when this animation was made.
    @inlinable
    var motionKind: MotionKind { kind }

    /// The base's sample.
    @inlinable
    func sample(at time: TimeInterval) -> MotionSample { motion.sample(at: time) }

    /// The base's finish time.
    @inlinable
    var finishTime: TimeInterval { motion.finishTime }

    /// The base's advance.
    @inlinable
    func advance(to time: TimeInterval, clock: inout MotionClock) -> MotionAdvance {
        motion.advance(to: time, clock: &clock)
    }

    /// The base's merge decision.
    @inlinable
    func mergeVelocityScale(previous: Animation) -> Double? { motion.mergeVelocityScale(previous: previous) }

    /// The base's path.
    @inlinable
    func pathMotion<V: VectorArithmetic>(value: V, time: TimeInterval) -> (offset: V?, velocity: V?) {
        motion.pathMotion(value: value, time: time)
    }

    /// The base's new run.
    @inlinable
    func beginRun(at time: TimeInterval, after previous: Animation, clock: inout MotionClock) {
        motion.beginRun(at: time, after: previous, clock: &clock)
    }
}

extension CustomAnimation {
    /// Whether `other` has this type and is equal to `self`.
    @inlinable
    func isEqual(to other: any CustomAnimation) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
