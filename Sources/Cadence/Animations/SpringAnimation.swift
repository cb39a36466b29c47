#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spring animation that integrates its motion and merges: when a new spring (or any
/// ``SpringAnimation``) replaces a running animation, it takes over its position, velocity and force.
///
/// The motion is advanced on a fixed 1/300 s grid with stiffness k = min((2π/response)², 45000) and
/// damping c = 2√k·dampingFraction, on unit mass, by SwiftUI's velocity-Verlet step. It is logically
/// complete once `response` seconds have passed since it started or last merged, and finishes
/// (returns `nil`) when |velocity|² and |force|² are both ≤ 0.0036 and the distance to the target is
/// within 1 % of the interval; it then rests exactly on the target, so later calls return `nil` too.
/// After a gap of more than a second between calls it resumes 1/60 s before the new time rather than
/// integrating the whole gap (as SwiftUI does).
///
/// Damping fractions: 0 oscillates for ever, 1 is critical, above 1 overdamped.
///
/// **Stability (a deviation from SwiftUI).** The explicit step diverges once the damping is large for
/// the grid (2hc + h²k ≥ 2, h = 1/300: for example `.spring(response: 0.05, dampingFraction: 3)`), where
/// SwiftUI's values grow without bound or become NaN. There each step is the exact solution of the
/// linear spring over 1/300 s instead, which is unconditionally stable: no response and damping give a
/// non-finite or runaway value. Ordinary springs keep SwiftUI's values.
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

    /// √45000: the stiffness is capped at 45000. A literal, because a computed static would be
    /// initialised lazily, with a check on every call.
    @usableFromInline static let maximumFrequency = 212.13203435596427

    /// How close to a grid point a time counts as on it: 1 ns.
    @usableFromInline static let gridTolerance: TimeInterval = 1e-9

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
        integrated(value: value, time: time, context: &context).offset
    }

    /// The velocity at `time` (`nil` for bad parameters or once settled).
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        integratedVelocity(value: value, time: time, context: context)
    }

    /// Always `true`: takes over the position and velocity of `previous` at `time` (its value, or the
    /// end of its interval if it has finished; its velocity, or the stored one if it reports none) and
    /// restarts the logical-completion clock. After replacing a spring with another response, the
    /// response blends from the old one over ``blendDuration``.
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        integratedMerge(previous: previous, value: value, time: time, context: &context)
    }

    // MARK: - Motion

    /// `.integrated`.
    @inlinable
    var motionKind: MotionKind { .integrated }

    /// Advances the clock to `time` on the 1/300 s grid (at most ``maximumSteps`` steps, after the
    /// skip-long-gaps rule) and leaves the matrix of those steps in the clock.
    @inlinable
    func advance(to time: TimeInterval, clock: inout MotionClock) -> MotionAdvance {
        guard isValid, time.isFinite else { return .finished }
        let response = clock.response(blendingTo: self.response, at: time)
        let isLogicallyComplete = time - clock.startTime >= response
        if time - clock.time > 1 { clock.time = time - 1.0 / 60 }
        // Step on SwiftUI's grid to the last grid point at or before `time`; a grid point within a
        // nanosecond after `time` counts as reached: frames often land on the grid (1/60 s is five steps),
        // and whether a sum of frame deltas falls an ulp short of a sum of steps would otherwise decide a
        // whole step. Between grid points the motion is interpolated (see `MotionClock.fraction`), so
        // what is shown at a time does not depend on the frames before it.
        var steps = 0
        let start = clock.time
        let reach = time + SpringAnimation.gridTolerance
        if start + SpringAnimation.step <= reach {
            // ⌊(reach − start) · 300⌋, checked against the grid points it lands beside (a product can
            // round across a grid point where a sum would not).
            let estimate = (reach - start) * 300
            steps =
                estimate < Double(SpringAnimation.maximumSteps)
                ? Swift.max(Int(estimate), 1) : SpringAnimation.maximumSteps
            while steps > 1 && start + Double(steps) * SpringAnimation.step > reach { steps -= 1 }
            while steps < SpringAnimation.maximumSteps && start + Double(steps + 1) * SpringAnimation.step <= reach {
                steps += 1
            }
            clock.time = start + Double(steps) * SpringAnimation.step
        }
        let advance = MotionAdvance(stepped: steps > 0, isLogicallyComplete: isLogicallyComplete)
        let ahead = time - clock.time
        clock.fraction = ahead > SpringAnimation.gridTolerance ? Swift.min(ahead / SpringAnimation.step, 1) : 0
        let blendsNextStep = clock.fraction > 0 && clock.isBlending(at: clock.time)
        let blendsSteps = steps > 0 && clock.isBlending(at: start)
        // Asked once: the next step and the steps both take the spring's table unless they blend.
        let isShared =
            (clock.fraction > 0 && !blendsNextStep || steps > 0 && !blendsSteps)
            && findsSharedSteps(response: response, clock: &clock)
        if clock.fraction > 0 {
            if blendsNextStep {
                let blended = blendedMatrix(from: clock.time, steps: 1, clock: clock)
                clock.withScratch {
                    $0.nextStep = blended
                    $0.nextStepResponse = .nan
                }
                clock.nextStepIsShared = false
            } else if isShared {
                clock.nextStepIsShared = true
            } else {
                clock.nextStepIsShared = false
                // Kept, not remade per off-grid frame: row "animate .spring.speed(0.5), Double, 60 fps".
                clock.withScratch { $0.useNextStep(response: response, dampingFraction: dampingFraction) }
            }
        }
        guard steps > 0 else { return advance }
        if blendsSteps {
            // During a response blend each step uses the response at its own time (SwiftUI takes the
            // response at the call's time for all of a call's steps, which makes the blend depend on when
            // the frames fall). So the matrix is composed step by step, and not kept.
            let blended = blendedMatrix(from: start, steps: steps, clock: clock)
            clock.withScratch { $0.useBlendedMatrix(blended) }
            clock.activeSteps = 0
            return advance
        }
        // The matrix depends only on (response, damping fraction, steps): the spring's shared one if it
        // has a table that long, otherwise the clock's own, kept for the next frames.
        if isShared,
            steps <= clock.sharedSteps.unsafelyUnwrapped._withUnsafeGuaranteedRef({ $0.count })
        {
            clock.activeSteps = Int32(truncatingIfNeeded: steps)
            return advance
        }
        clock.activeSteps = 0
        clock.withScratch { $0.useMatrix(response: response, dampingFraction: dampingFraction, steps: steps) }
        return advance
    }

    /// Whether `clock` has the shared matrices of this spring's damping fraction with `response`: found in
    /// the clock on every frame but a run's first.
    @inlinable @inline(__always)
    func findsSharedSteps(response: Double, clock: inout MotionClock) -> Bool {
        if let table = clock.sharedSteps,
            table._withUnsafeGuaranteedRef({ $0.isTable(response: response, dampingFraction: dampingFraction) })
        {
            return true
        }
        return asksForSharedSteps(response: response, clock: &clock)
    }

    /// ``findsSharedSteps(response:clock:)`` when the clock's table is not this spring's: asks the registry,
    /// unless it already said this run that it has none.
    @usableFromInline
    func asksForSharedSteps(response: Double, clock: inout MotionClock) -> Bool {
        guard !clock.isUnshared else { return false }
        // What the clock took from its old table is not in the new one.
        clock.activeSteps = 0
        clock.nextStepIsShared = false
        clock.sharedSteps = SpringStepsRegistry.shared.steps(response: response, dampingFraction: dampingFraction)
        clock.isUnshared = clock.sharedSteps == nil
        return !clock.isUnshared
    }

    /// The map of `steps` grid steps from `start`, each with the stiffness and damping of the response
    /// blended to the step's own time.
    @usableFromInline
    func blendedMatrix(from start: TimeInterval, steps: Int, clock: MotionClock) -> MotionMatrix {
        var total = MotionMatrix.identity
        for index in 1...steps {
            let response = clock.response(blendingTo: self.response, at: start + Double(index) * SpringAnimation.step)
            let step = SpringAnimation.matrix(response: response, dampingFraction: dampingFraction, steps: 1)
            total = step.after(total)
        }
        return total
    }

    /// Merges with any animation, keeping its velocity as it is.
    @inlinable
    func mergeVelocityScale(previous: Animation) -> Double? { 1 }

    /// Starts a run at `time`: the logical-completion clock restarts, and after a spring with another
    /// response the response blends from the one it had at `time` over ``blendDuration``.
    @inlinable
    func beginRun(at time: TimeInterval, after previous: Animation, clock: inout MotionClock) {
        if blendDuration > 0, let previous = previous.base as? SpringAnimation, previous.isValid,
            previous.response != response
        {
            clock.blendStart = clock.response(blendingTo: previous.response, at: time)
            clock.blendInterval = blendDuration
        } else {
            clock.blendInterval = 0
        }
        clock.time = time
        clock.startTime = time
        clock.fraction = 0
        clock.isUnshared = false
    }

    /// The map of `steps` grid steps of the spring with `response` and `dampingFraction`: k = min((2π/r)²,
    /// 45000) and c = 2√k·ζ, with √k taken as min(2π/r, √45000).
    @usableFromInline
    static func matrix(response: Double, dampingFraction: Double, steps: Int) -> MotionMatrix {
        let frequency = Swift.min(2 * Double.pi / response, maximumFrequency)
        return matrix(stiffness: frequency * frequency, damping: 2 * frequency * dampingFraction, steps: steps)
    }

    /// The map of `steps` grid steps on (error, velocity, force), error = interval − offset (see
    /// ``matrices(stiffness:damping:steps:_:)``).
    @usableFromInline
    static func matrix(stiffness k: Double, damping c: Double, steps: Int) -> MotionMatrix {
        var last = MotionMatrix.identity
        matrices(stiffness: k, damping: c, steps: steps...steps) { _, matrix in last = matrix }
        return last
    }

    /// The maps of 1, 2, … `count` grid steps of the spring with `response` and `dampingFraction`, in
    /// order, with their step counts (see ``matrix(response:dampingFraction:steps:)``).
    static func matrices(
        response: Double, dampingFraction: Double, count: Int, _ body: (Int, MotionMatrix) -> Void
    ) {
        let frequency = Swift.min(2 * Double.pi / response, maximumFrequency)
        matrices(stiffness: frequency * frequency, damping: 2 * frequency * dampingFraction, steps: 1...count, body)
    }

    /// The maps of each number of grid steps in `steps` (from 1) on (error, velocity, force), error =
    /// interval − offset, handed to `body` with their step counts, in order.
    ///
    /// Where SwiftUI's velocity-Verlet step is well inside its stability region (2hc + h²k < 2), that
    /// step composed:
    ///
    ///     vh = v + (h/2)F;  e −= h·vh;  F = k·e − c·vh;  v = vh + (h/2)F
    ///
    /// (between steps only (e, vh) matter: vh′ = hk·e + (1 − hc)·vh, e′ = e − h·vh′). Elsewhere the exact
    /// motion of e″ + c·e′ + k·e = 0 over the steps' time, with the force k·e − c·v.
    @inline(__always)
    static func matrices(
        stiffness k: Double, damping c: Double, steps: ClosedRange<Int>, _ body: (Int, MotionMatrix) -> Void
    ) {
        let h = step
        if 2 * h * c + h * h * k < 2 {
            // Rows over (e, v, F) of the error and the half-step velocity after the first step.
            var e = SIMD3<Double>(1, -h, -h * h / 2)
            var vh = SIMD3<Double>(0, 1, h / 2)
            let pull = h * k, keep = 1 - h * c
            for count in 1...steps.upperBound {
                if count > 1 {
                    vh = pull * e + keep * vh
                    e -= h * vh
                }
                guard count >= steps.lowerBound else { continue }
                let f = k * e - c * vh
                let v = vh + (h / 2) * f
                body(
                    count, MotionMatrix(ee: e.x, ev: e.y, ef: e.z, ve: v.x, vv: v.y, vf: v.z, fe: f.x, fv: f.y, ff: f.z)
                )
            }
            return
        }
        // e(t) = φ₀(t)·e₀ + φ₁(t)·e′₀ with φ₀(0) = 1, φ₀′(0) = 0, φ₁(0) = 0, φ₁′(0) = 1; v = −e′. The
        // spring's closed form gives x = Δ·p + v₀·q, and e = Δ − x with e′₀ = −v₀: φ₀ = 1 − p, φ₁ = q.
        let spring = Spring(stiffness: k, damping: c, allowOverDamping: true)
        for count in steps {
            let p = spring.motion(time: Double(count) * h).position
            let phi0 = 1 - p.target, phi1 = p.velocity
            let ee = phi0, ev = -phi1
            let ve = k * phi1, vv = phi0 - c * phi1
            body(
                count,
                MotionMatrix(
                    ee: ee, ev: ev, ef: 0, ve: ve, vv: vv, vf: 0, fe: k * ee - c * ve, fv: k * ev - c * vv, ff: 0))
        }
    }
}

extension SpringAnimation: BuiltInAnimation {}

extension MotionClock {
    /// Whether a response blend is under way at `time`.
    @inlinable
    func isBlending(at time: TimeInterval) -> Bool {
        blendInterval > 0 && time - startTime < blendInterval
    }

    /// `response`, blended from ``blendStart`` with a smoothstep over ``blendInterval`` after ``startTime``.
    @inlinable
    func response(blendingTo response: Double, at time: TimeInterval) -> Double {
        guard blendInterval > 0 else { return response }
        let linear = (time - startTime) / blendInterval
        let u = linear > 0 ? (linear < 1 ? linear : 1) : 0
        let s = u * u * (3 - 2 * u)
        // Weighted so that the end points are exact: the blend ends on `response` itself.
        return response * s + blendStart * (1 - s)
    }
}
