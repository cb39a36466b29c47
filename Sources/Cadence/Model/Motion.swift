// The kinds of motion `Animation` (and so `AnimatedValue`) evaluates, and the scalar types they share.
//
// `Animation.evaluate` switches on the kind read once when the `Animation` was made:
// - closed form: `sample(at:)` gives progress as a fraction of the interval and its rate (timing curves,
//   interpolating springs, decays, and modifiers of them);
// - integrated: `advance(to:clock:)` steps a `MotionClock` on a 1/300 s grid and leaves a 3×3 matrix,
//   applied to the offset, velocity and force kept in `IntegratedMotionState` (merging springs, and what
//   merges into one);
// - path: `pathMotion(value:time:)` gives the offset in the value's own space (keyframes);
// - custom: the animation's own `animate` and `velocity`, as SwiftUI calls them (a client's animation).
// A built-in's scalar part runs behind one witness call on the animation's existential; the vector
// arithmetic runs in inlinable code specialised for the caller's value type. Where a client's generic
// code reaches the integrated kind, entry points specialised for `Double`, `Float` and `SIMD2<Double>`
// check the type first (see `Animation.integratedOffset` and ARCHITECTURE.md). The evaluators, and
// `MotionSource` and `BuiltInAnimation`, the internal protocols a built-in conforms to, are in
// MotionEvaluation.swift; `CustomAnimation` has only SwiftUI's requirements.

/// How ``Animation`` evaluates an animation. A client's animation has the kind ``custom`` and is called
/// through its generic methods; the other kinds are for the animations that ship with Cadence.
@usableFromInline
struct MotionKind: Hashable, Sendable {
    @usableFromInline let raw: UInt8

    @inlinable
    init(raw: UInt8) { self.raw = raw }

    // Computed, not stored: a stored static is reached through a lazy-initialisation check on every
    // use from another module, which the per-frame path would pay three times.

    /// Called through ``CustomAnimation/animate(value:time:context:)`` and its siblings.
    @inlinable
    static var custom: MotionKind { MotionKind(raw: 0) }
    /// Progress is the interval scaled by a function of time, given by ``MotionSource/sample(at:)``.
    @inlinable
    static var closedForm: MotionKind { MotionKind(raw: 1) }
    /// An offset, velocity and force along the interval, advanced by
    /// ``MotionSource/advance(to:clock:)``; it merges through ``MotionSource/mergeVelocityScale(previous:)``.
    @inlinable
    static var integrated: MotionKind { MotionKind(raw: 2) }
    /// Progress is a path in the value's own space, not a multiple of the interval (a keyframe
    /// timeline's), given with its velocity by ``MotionSource/pathMotion(value:time:)``. It never merges.
    @inlinable
    static var path: MotionKind { MotionKind(raw: 3) }

    /// The kind of a modifier (delay, speed, logical completion) wrapping an animation of this kind:
    /// the same, except that a path is called through the modifier's generic methods, which forward
    /// to the base's path (a path's progress is not a fraction the modifier could transform).
    @inlinable
    var underModifier: MotionKind { self == .path ? .custom : self }

    /// Whether two kinds are the same.
    @inlinable
    static func == (lhs: MotionKind, rhs: MotionKind) -> Bool { lhs.raw == rhs.raw }
}

/// A closed-form animation at one time.
@usableFromInline
struct MotionSample: Sendable {
    /// Progress as a fraction of the interval.
    @usableFromInline var fraction: Double
    /// Velocity as a fraction of the interval per second; not finite when unknown (a vertical tangent).
    @usableFromInline var rate: Double
    /// Whether the animation has finished (``fraction`` and ``rate`` are then meaningless).
    @usableFromInline var isFinished: Bool
    /// Whether the animation is logically complete at this time.
    @usableFromInline var isLogicallyComplete: Bool

    /// A sample.
    @inlinable
    init(fraction: Double, rate: Double, isFinished: Bool = false, isLogicallyComplete: Bool = false) {
        self.fraction = fraction
        self.rate = rate
        self.isFinished = isFinished
        self.isLogicallyComplete = isLogicallyComplete
    }

    /// A finished animation (not marked logically complete: the owner completes it as it removes it).
    @inlinable
    static var finished: MotionSample {
        MotionSample(fraction: 1, rate: 0, isFinished: true)
    }
}

/// The scalar state of an integrated motion (a merging spring): how far its time has reached, when its
/// run began, its response blend, and where the step matrices of its last advance are.
///
/// The matrices themselves are not kept here. A spring that more than one motion uses has them in a table
/// shared by all of them (``SpringSteps``), so a moving value holds a reference, not the matrices; what
/// is not shared (a spring's first run, the steps of a response blend, a step count beyond the table's, a
/// spring the registry has no room for) goes to ``scratch``, made the first time one is needed.
@usableFromInline
struct MotionClock: Sendable {
    /// The time the integration has reached.
    @usableFromInline var time: TimeInterval = 0
    /// How far the time of the last advance lies past ``time``, the grid point reached, as a fraction of
    /// the next step (0 on the grid): the motion shown is interpolated that far towards ``nextStep``'s.
    /// Kept here, beside the fields every frame touches, rather than returned: frames on the grid copy
    /// nothing more.
    @usableFromInline var fraction: Double = 0
    /// When the current run began (0, or the time of the last merge).
    @usableFromInline var startTime: TimeInterval = 0
    /// The response blended from after a merge.
    @usableFromInline var blendStart: Double = 0
    /// How long the response blend lasts; 0 for none.
    @usableFromInline var blendInterval: TimeInterval = 0
    /// The shared matrices of the spring last advanced, if it has them. Not owned: the registry keeps its
    /// tables for the life of the process, so a frame reads one without counting a reference.
    @usableFromInline var sharedSteps: Unmanaged<SpringSteps>?
    /// The matrices this clock made itself; copied before a write when a copy of the clock shares it.
    @usableFromInline var scratch: MotionScratch?
    /// How many steps the last advance took from ``sharedSteps``; 0 when its matrix is ``scratch``'s.
    @usableFromInline var activeSteps: Int32 = 0
    /// Whether ``nextStep`` is the one-step matrix of ``sharedSteps`` (otherwise ``scratch``'s).
    @usableFromInline var nextStepIsShared = false
    /// Whether the registry had no table for this run's spring when asked, so that its frames do not ask
    /// again; the next run asks again (a spring gets its table the second time it is asked for).
    @usableFromInline var isUnshared = false

    // The two readers are always inlined: a call would be passed a copy of the whole clock, which holds
    // references (benchmark row "AnimatedValue update, merging .spring, 10,000 SIMD2<Double>").

    /// The matrix of the last advance.
    @inlinable
    var activeMatrix: MotionMatrix {
        @inline(__always) get {
            if activeSteps > 0 {
                return sharedSteps.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.matrix(steps: Int(activeSteps)) }
            }
            return scratch?.activeMatrix ?? .identity
        }
    }

    /// The map of the next grid step, when ``fraction`` is not 0.
    @inlinable
    var nextStep: MotionMatrix {
        @inline(__always) get {
            if nextStepIsShared {
                return sharedSteps.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.matrix(steps: 1) }
            }
            return scratch?.nextStep ?? .identity
        }
    }

    /// A clock at time 0.
    @inlinable
    init() {}

    /// Back at time 0 with no blend, keeping the matrices for the next run (they are checked against the
    /// spring at every advance).
    @inlinable
    mutating func reset() {
        time = 0
        fraction = 0
        startTime = 0
        blendStart = 0
        blendInterval = 0
        activeSteps = 0
        nextStepIsShared = false
        isUnshared = false
    }

    /// A copy of `other` without its scratch, for a clock advanced once and dropped (a velocity asked for):
    /// copying takes no reference, and the copy makes its own scratch only if its advance needs one. Field by
    /// field from `other` where it lies, so that it is not copied whole first.
    @inlinable @inline(__always)
    init(withoutScratch other: UnsafePointer<MotionClock>) {
        (time, fraction, startTime) = (other.pointee.time, other.pointee.fraction, other.pointee.startTime)
        (blendStart, blendInterval) = (other.pointee.blendStart, other.pointee.blendInterval)
        sharedSteps = other.pointee.sharedSteps
        (activeSteps, nextStepIsShared) = (other.pointee.activeSteps, other.pointee.nextStepIsShared)
        isUnshared = other.pointee.isUnshared
    }

    /// Calls `body` with ``scratch``, made if absent and copied first if a copy of this clock shares it;
    /// unretained, as the clock holds it through the call.
    @inlinable @inline(__always)
    mutating func withScratch<R>(_ body: (MotionScratch) -> R) -> R {
        if scratch == nil {
            scratch = MotionScratch()
        } else if !isKnownUniquelyReferenced(&scratch) {
            scratch = MotionScratch(copying: scratch.unsafelyUnwrapped)
        }
        return Unmanaged.passUnretained(scratch.unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
    }
}

/// The matrices a ``MotionClock`` makes for itself, each with what it was made for, so that frames with
/// the same spring and step count reuse it. Two step matrices, because frames that do not divide the grid
/// alternate between two step counts (benchmark row "animate .spring.speed(0.5), Double, 60 fps").
@usableFromInline
final class MotionScratch: @unchecked Sendable {
    // Sendable because a clock copies it before writing to one it shares (`MotionClock.withScratch`).
    /// The step matrix.
    @usableFromInline var matrix = MotionMatrix.identity
    /// The matrix for the other step count.
    @usableFromInline var otherMatrix = MotionMatrix.identity
    /// What both were made for; NaN when ``matrix`` was made during a blend.
    @usableFromInline var matrixResponse: Double = .nan
    @usableFromInline var matrixDampingFraction: Double = .nan
    /// Their step counts; 0 when none.
    @usableFromInline var matrixSteps = 0
    @usableFromInline var otherMatrixSteps = 0
    /// Whether the last advance used ``otherMatrix`` (chosen by a flag: swapping the two would move both).
    @usableFromInline var usesOtherMatrix = false
    /// The map of the next grid step.
    @usableFromInline var nextStep = MotionMatrix.identity
    /// What ``nextStep`` was made for; NaN when made during a blend.
    @usableFromInline var nextStepResponse: Double = .nan
    @usableFromInline var nextStepDampingFraction: Double = .nan

    /// The matrix of the last advance that used this scratch.
    @inlinable
    var activeMatrix: MotionMatrix { usesOtherMatrix ? otherMatrix : matrix }

    @inlinable
    init() {}

    @inlinable
    init(copying other: MotionScratch) {
        (matrix, otherMatrix) = (other.matrix, other.otherMatrix)
        (matrixResponse, matrixDampingFraction) = (other.matrixResponse, other.matrixDampingFraction)
        (matrixSteps, otherMatrixSteps, usesOtherMatrix) = (
            other.matrixSteps, other.otherMatrixSteps, other.usesOtherMatrix
        )
        nextStep = other.nextStep
        (nextStepResponse, nextStepDampingFraction) = (other.nextStepResponse, other.nextStepDampingFraction)
    }

    /// The matrix of `steps` steps of the spring with `response` and `dampingFraction` made the active one:
    /// one of the two kept if it is that, otherwise made into the slot the last advance did not use.
    @inlinable
    func useMatrix(response: Double, dampingFraction: Double, steps: Int) {
        if response != matrixResponse || dampingFraction != matrixDampingFraction {
            matrixResponse = response
            matrixDampingFraction = dampingFraction
            matrixSteps = 0
            otherMatrixSteps = 0
        }
        if steps == matrixSteps {
            usesOtherMatrix = false
        } else if steps == otherMatrixSteps {
            usesOtherMatrix = true
        } else {
            let made = SpringAnimation.matrix(response: response, dampingFraction: dampingFraction, steps: steps)
            if usesOtherMatrix || matrixSteps == 0 {
                matrix = made
                matrixSteps = steps
                usesOtherMatrix = false
            } else {
                otherMatrix = made
                otherMatrixSteps = steps
                usesOtherMatrix = true
            }
        }
    }

    /// A blend's matrix (made for no spring that a later frame could reuse) made the active one.
    @inlinable
    func useBlendedMatrix(_ blended: MotionMatrix) {
        matrix = blended
        matrixResponse = .nan
        matrixSteps = 0
        otherMatrixSteps = 0
        usesOtherMatrix = false
    }

    /// The next step's matrix for `response` and `dampingFraction`, made unless it is the one kept.
    @inlinable
    func useNextStep(response: Double, dampingFraction: Double) {
        guard response != nextStepResponse || dampingFraction != nextStepDampingFraction else { return }
        nextStep = SpringAnimation.matrix(response: response, dampingFraction: dampingFraction, steps: 1)
        nextStepResponse = response
        nextStepDampingFraction = dampingFraction
    }
}

/// What one call of ``MotionSource/advance(to:clock:)`` did.
@usableFromInline
struct MotionAdvance: Sendable {
    /// Whether the clock's ``MotionClock`` matrix is to be applied (false: the motion is unchanged).
    @usableFromInline var stepped: Bool
    /// The factor from the motion's velocity to the animation's (a speed modifier's speed; 0 while delayed).
    @usableFromInline var velocityScale: Double
    /// Whether the animation has finished regardless of the motion (bad parameters).
    @usableFromInline var isFinished: Bool
    /// Whether the animation is logically complete.
    @usableFromInline var isLogicallyComplete: Bool

    /// A result.
    @inlinable
    init(stepped: Bool, velocityScale: Double = 1, isFinished: Bool = false, isLogicallyComplete: Bool = false) {
        self.stepped = stepped
        self.velocityScale = velocityScale
        self.isFinished = isFinished
        self.isLogicallyComplete = isLogicallyComplete
    }

    /// A finished animation.
    @inlinable
    static var finished: MotionAdvance {
        MotionAdvance(stepped: false, isFinished: true, isLogicallyComplete: true)
    }
}

/// A linear map of an integrated motion's error e = interval − offset, velocity v and force F:
/// (e, v, F) ↦ (e′, v′, F′).
@usableFromInline
struct MotionMatrix: Sendable {
    @usableFromInline var ee: Double, ev: Double, ef: Double
    @usableFromInline var ve: Double, vv: Double, vf: Double
    @usableFromInline var fe: Double, fv: Double, ff: Double

    @inlinable
    init(ee: Double, ev: Double, ef: Double, ve: Double, vv: Double, vf: Double, fe: Double, fv: Double, ff: Double) {
        (self.ee, self.ev, self.ef) = (ee, ev, ef)
        (self.ve, self.vv, self.vf) = (ve, vv, vf)
        (self.fe, self.fv, self.ff) = (fe, fv, ff)
    }

    /// This map applied after `first`: self · first.
    @inlinable
    func after(_ first: MotionMatrix) -> MotionMatrix {
        MotionMatrix(
            ee: ee * first.ee + ev * first.ve + ef * first.fe,
            ev: ee * first.ev + ev * first.vv + ef * first.fv,
            ef: ee * first.ef + ev * first.vf + ef * first.ff,
            ve: ve * first.ee + vv * first.ve + vf * first.fe,
            vv: ve * first.ev + vv * first.vv + vf * first.fv,
            vf: ve * first.ef + vv * first.vf + vf * first.ff,
            fe: fe * first.ee + fv * first.ve + ff * first.fe,
            fv: fe * first.ev + fv * first.vv + ff * first.fv,
            ff: fe * first.ef + fv * first.vf + ff * first.ff)
    }

    @inlinable
    static var identity: MotionMatrix { MotionMatrix(ee: 1, ev: 0, ef: 0, ve: 0, vv: 1, vf: 0, fe: 0, fv: 0, ff: 1) }
}

extension MotionSource {
    /// `.custom`: called through the generic methods.
    @inlinable
    var motionKind: MotionKind { .custom }

    /// Finished: only closed-form animations are sampled.
    @inlinable
    func sample(at time: TimeInterval) -> MotionSample { .finished }

    /// Infinite: only closed-form animations know when they end.
    @inlinable
    var finishTime: TimeInterval { .infinity }

    /// Finished: only integrated animations advance a clock.
    @inlinable
    func advance(to time: TimeInterval, clock: inout MotionClock) -> MotionAdvance { .finished }

    /// `nil`: only integrated animations merge through this path.
    @inlinable
    func mergeVelocityScale(previous: Animation) -> Double? { nil }

    /// Finished: only path animations have a path.
    @inlinable
    func pathMotion<V: VectorArithmetic>(value: V, time: TimeInterval) -> (offset: V?, velocity: V?) { (nil, nil) }

    /// Does nothing.
    @inlinable
    func beginRun(at time: TimeInterval, after previous: Animation, clock: inout MotionClock) {}
}
