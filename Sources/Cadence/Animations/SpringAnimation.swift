/// A spring animation that integrates its motion and merges: when a new spring (or any
/// ``SpringAnimation``) replaces a running animation, it takes over its position, velocity and force.
///
/// The motion is integrated with a fixed 1/300 s velocity-Verlet step with stiffness
/// k = min((2π/response)², 45000) and damping c = 2√k·dampingFraction, on unit mass. It is logically
/// complete once `response` seconds have passed since it started or last merged, and finishes
/// (returns `nil`) when |velocity|² and |force|² are both ≤ 0.0036 and the distance to the target is
/// within 1 % of the interval; it then rests exactly on the target, so later calls return `nil` too.
/// After a gap of more than a second between calls it resumes 1/60 s
/// before the new time rather than integrating the whole gap.
///
/// Damping fractions: 0 oscillates for ever, 1 is critical, above 1 overdamped.
///
/// Bad input finishes at once (`animate` returns `nil`): a response that is not positive and finite,
/// a damping fraction that is negative or not finite, and a time that is not finite. A negative or NaN
/// `blendDuration` means no blend.
@frozen
public struct SpringAnimation: CustomAnimation {
    /// The period of the undamped oscillation, in seconds.
    public var response: Double
    /// ζ: 0 oscillates for ever, 1 is critical, above 1 overdamped.
    public var dampingFraction: Double
    /// How long the response blends from that of a spring this one merges into, in seconds.
    public var blendDuration: TimeInterval

    /// Creates a merging spring from a response and damping fraction.
    @inlinable
    public init(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) {
        self.response = response
        self.dampingFraction = dampingFraction
        self.blendDuration = blendDuration
    }

    /// Creates a merging spring with the response and damping ratio of `spring`.
    @inlinable
    public init(_ spring: Spring, blendDuration: TimeInterval = 0) {
        self.init(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: blendDuration)
    }

    /// The integration step: 1/300 s.
    @usableFromInline static let step: TimeInterval = 1.0 / 300

    /// √45000: the stiffness is capped at 45000 so the fixed step stays stable for very short responses.
    /// A literal, because a computed static would be initialised lazily, with a check on every call.
    @usableFromInline static let maximumFrequency = 212.13203435596427

    /// At most this many steps per call. After the skip-long-gaps rule a call integrates at most 1 s
    /// (300 steps) plus rounding; the cap keeps a call bounded even where a huge time makes
    /// `time + step == time`.
    @usableFromInline static let maximumSteps = 302

    @inlinable
    var isValid: Bool {
        response > 0 && response.isFinite && dampingFraction >= 0 && dampingFraction.isFinite
    }

    /// The offset along `value` at `time`, or `nil` once settled.
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        // `_isConcrete` is decided after specialisation: a caller specialised for `V` (through `Animation`'s
        // inlinable forwarders, see `Animation.spring`) integrates directly; generic code takes the
        // dispatch to specialised bodies.
        if _isConcrete(V.self) {
            var velocity = V.zero
            return integrate(value: value, time: time, context: &context, velocity: &velocity)
        }
        return animateUnspecialised(value: value, time: time, context: &context)
    }

    /// ``animate(value:time:context:)`` and, while it runs, what ``velocity(value:time:context:)`` would
    /// then return.
    ///
    /// Speed: the runtime asks a running spring for both every frame; where `V` is concrete both come
    /// from one access to the state, instead of a second lookup and a copy of the whole state.
    @inlinable
    func animateReportingVelocity<V: VectorArithmetic>(
        value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> (offset: V?, velocity: V?) {
        if _isConcrete(V.self) {
            var velocity = V.zero
            guard let offset = integrate(value: value, time: time, context: &context, velocity: &velocity) else {
                return (nil, nil)
            }
            return (offset, velocity)
        }
        guard let offset = animateUnspecialised(value: value, time: time, context: &context) else { return (nil, nil) }
        return (offset, self.velocity(value: value, time: time, context: context))
    }

    /// ``animate(value:time:context:)`` for generic code (`V` not known at compile time).
    @inlinable
    func animateUnspecialised<V: VectorArithmetic>(
        value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> V? {
        // Unspecialised, generic vector arithmetic through witness tables is slow (a SIMD lane at a time
        // through `SIMDStorage` thunks: ~570 ns a call on a `SIMD4<Double>`). The common value types
        // therefore go to bodies specialised for them.
        if V.self == Double.self { return integrate(as: Double.self, value: value, time: time, context: &context) }
        if V.self == Float.self { return integrate(as: Float.self, value: value, time: time, context: &context) }
        if V.self == SIMD2<Double>.self { return integrate(as: SIMD2<Double>.self, value: value, time: time, context: &context) }
        if V.self == SIMD2<Float>.self { return integrate(as: SIMD2<Float>.self, value: value, time: time, context: &context) }
        if V.self == SIMD3<Double>.self { return integrate(as: SIMD3<Double>.self, value: value, time: time, context: &context) }
        if V.self == SIMD4<Double>.self { return integrate(as: SIMD4<Double>.self, value: value, time: time, context: &context) }
        if V.self == SIMD4<Float>.self { return integrate(as: SIMD4<Float>.self, value: value, time: time, context: &context) }
        var velocity = V.zero
        return integrate(value: value, time: time, context: &context, velocity: &velocity)
    }

    /// ``integrate(value:time:context:velocity:)`` for a `V` known to be `W`, run specialised for `W`.
    ///
    /// The state's storage and the environment are not generic, so they are moved (not copied: a copy
    /// would make the state's boxes shared, and the next write allocate) into a context of `W` and back.
    /// (Viewing the context in place through a rebound pointer needs closures, which generic code runs
    /// unspecialised: ten times slower.) Always inlined, so that `W` is concrete at each call and the
    /// body is specialised for it.
    @inlinable @inline(__always)
    func integrate<V: VectorArithmetic, W: VectorArithmetic>(
        as type: W.Type, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> V? {
        var concrete = AnimationContext<W>()
        swap(&concrete.state.storage, &context.state.storage)
        swap(&concrete.environment, &context.environment)
        concrete.logicallyComplete = context.logicallyComplete
        var velocity = W.zero
        let result = integrate(value: unsafeBitCast(value, to: W.self), time: time, context: &concrete, velocity: &velocity)
        swap(&concrete.state.storage, &context.state.storage)
        swap(&concrete.environment, &context.environment)
        context.logicallyComplete = concrete.logicallyComplete
        guard let result else { return nil }
        return unsafeBitCast(result, to: V.self)
    }

    /// Advances the state to `time`: the offset (`nil` once settled, or for bad input); `velocity` is
    /// set to the velocity afterwards while it runs. (An `inout` rather than a tuple result, which
    /// generic code would build through runtime tuple metadata.)
    @inlinable
    func integrate<V: VectorArithmetic>(
        value: V, time: TimeInterval, context: inout AnimationContext<V>, velocity: inout V
    ) -> V? {
        guard isValid, time.isFinite else { return nil }
        // Advance the stored state in place: one lookup, and no copy of the seven-word state in and out
        // (reading it and writing it back through the subscript measured about 20 % slower). The entries
        // keep the box alive meanwhile, so it is used unretained.
        let box = context.state.storage.uniqueBox(
            for: ObjectIdentifier(SpringState<V>.self), defaultValue: { SpringState<V>() })
        let result = box._withUnsafeGuaranteedRef { box in
            let result = box.value.advance(
                to: time, interval: value, response: response, dampingFraction: dampingFraction)
            velocity = box.value.velocity
            return result
        }
        if result.isLogicallyComplete { context.isLogicallyComplete = true }
        return result.offset
    }

    /// The integrated velocity (`nil` for bad parameters).
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        guard isValid else { return nil }
        // Only the velocity is read, not the whole state copied out through the subscript.
        return context.state.storage.read(for: ObjectIdentifier(SpringState<V>.self), as: SpringState<V>.self) {
            $0.velocity
        } ?? SpringState<V>.defaultValue.velocity
    }

    /// Always `true`: takes over the position and velocity of `previous` at `time` (its value, or the
    /// end of its interval if it has finished; its velocity, or the stored one if it reports none) and
    /// restarts the logical-completion clock. After replacing a spring with another response, the
    /// response blends from the old one over ``blendDuration``.
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        if let spring = previous.spring {
            merge(spring, value: value, time: time, context: &context)
            return true
        }
        let offset = previous.animate(value: value, time: time, context: &context) ?? value
        let velocity = previous.velocity(value: value, time: time, context: context)
        takeOver(offset: offset, velocity: velocity, blendingFrom: nil, time: time, context: &context)
        return true
    }

    /// ``shouldMerge(previous:value:time:context:)`` with a spring as `previous`, whose state `context` holds.
    ///
    /// Speed: the retargeting path. `previous`'s `velocity` would return the state's own velocity (or
    /// `nil` for a bad spring, which keeps it too), so it is not asked: the velocity stays as it is. Its
    /// `animate` is called directly, specialised where `V` is concrete; after a frame at `time` it
    /// integrates nothing and only checks whether the spring has settled.
    @inlinable
    func merge<V: VectorArithmetic>(
        _ previous: SpringAnimation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) {
        let offset = previous.animate(value: value, time: time, context: &context) ?? value
        let blendsFromPrevious = blendDuration > 0 && previous.isValid && previous.response != response
        takeOver(offset: offset, velocity: nil, blendingFrom: blendsFromPrevious ? previous.response : nil,
                 time: time, context: &context)
    }

    /// Stores the motion taken over at `time` (`velocity` `nil`: keep the stored one) and starts a
    /// response blend from `blendingFrom` if given. The state is updated in place: one lookup, and no
    /// copy of it out and back in through the subscript.
    @inlinable
    func takeOver<V: VectorArithmetic>(
        offset: V, velocity: V?, blendingFrom blendStart: Double?, time: TimeInterval,
        context: inout AnimationContext<V>
    ) {
        let blendDuration = self.blendDuration
        context.state.storage.modifyValue(for: ObjectIdentifier(SpringState<V>.self), defaultValue: { SpringState<V>() }) {
            state in
            if let blendStart {
                state.blendStart = state.response(blendingTo: blendStart, at: time)
                state.blendInterval = blendDuration
            } else {
                state.blendInterval = 0
            }
            state.offset = offset
            if let velocity { state.velocity = velocity }
            state.time = time
            state.startTime = time
        }
    }

    /// Whether `other` has the same three parameters, bit for bit (so that one may stand for the other
    /// without any observable difference, unlike `==`, for which 0 and −0 are equal).
    @inlinable
    func isIdentical(to other: SpringAnimation) -> Bool {
        response.bitPattern == other.response.bitPattern
            && dampingFraction.bitPattern == other.dampingFraction.bitPattern
            && blendDuration.bitPattern == other.blendDuration.bitPattern
    }
}
