/// The state of a running ``SpringAnimation`` (and of any animation merged into one): the integrated
/// motion along the interval and the response blend after a merge.
///
/// Keyed per value type, so a spring on `Double` and one on `Float` never share state.
@usableFromInline
struct SpringState<Value: VectorArithmetic>: AnimationStateKey {
    /// Progress along the interval.
    @usableFromInline var offset: Value = .zero
    @usableFromInline var velocity: Value = .zero
    @usableFromInline var force: Value = .zero
    /// The time the integration has reached.
    @usableFromInline var time: TimeInterval = 0
    /// When this spring took over (0, or the time of the last merge); logical completion counts from here.
    @usableFromInline var startTime: TimeInterval = 0
    /// The response the spring blends from after a merge (that of the spring it replaced).
    @usableFromInline var blendStart: Double = 0
    /// How long the response blend lasts; 0 when there is none.
    @usableFromInline var blendInterval: TimeInterval = 0

    @inlinable
    init() {}

    @inlinable
    static var defaultValue: Self { Self() }

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

    /// Integrates the spring up to `time` across `interval` (see ``SpringAnimation`` for the rules).
    ///
    /// - Returns: The offset, or `nil` once settled (the state then rests on the target), and whether
    ///   the response time has passed since ``startTime``.
    // Always inlined into the in-place access of `SpringAnimation.integrate`, where the state's box can
    // then be used without a retain around an opaque call.
    @inlinable @inline(__always)
    mutating func advance(
        to time: TimeInterval, interval value: Value, response targetResponse: Double, dampingFraction: Double
    ) -> (offset: Value?, isLogicallyComplete: Bool) {
        let response = self.response(blendingTo: targetResponse, at: time)
        // k = min((2π/r)², 45000) and c = 2√k·ζ, with √k taken as min(2π/r, √45000) so that no square
        // root stands at the head of every frame's integration.
        let frequency = Swift.min(2 * Double.pi / response, SpringAnimation.maximumFrequency)
        let stiffness = frequency * frequency
        let damping = 2 * frequency * dampingFraction
        let isLogicallyComplete = time - startTime >= response
        if time - self.time > 1 { self.time = time - 1.0 / 60 }
        let step = SpringAnimation.step, half = step / 2
        // Step as the literal loop `while time < t { step; time += h }` would (at most `maximumSteps`).
        // The time is advanced in the same loop as the motion, rather than the steps counted first:
        // one loop's control instead of two, and the two chains run side by side.
        if self.time < time {
            var stateTime = self.time + step
            // The first step starts from the stored velocity and force:
            //   vh = F·h/2 + v;  x += vh·h;  F = k(Δ − x) − c·vh;  v = F·h/2 + vh.
            var halfVelocity = force.scaled(by: half) + velocity
            var offset = self.offset + halfVelocity.scaled(by: step)
            // The later steps carry only (x, vh), through the same step written as an affine map whose
            // two halves run in parallel: half the serial chain of multiply-adds of the literal step.
            let map = SpringStepMap(stiffness: stiffness, damping: damping, step: step)
            var steps = 1
            while stateTime < time && steps < SpringAnimation.maximumSteps {
                stateTime += step
                steps += 1
                map.apply(offset: &offset, halfVelocity: &halfVelocity, interval: value)
            }
            self.time = stateTime
            self.offset = offset
            force = (value - offset).scaled(by: stiffness) - halfVelocity.scaled(by: damping)
            velocity = force.scaled(by: half) + halfVelocity
        }
        if self.time < time { self.time = time }
        // A zero interval (a merged spring sent back to where its run began) has no 1 % band: it
        // finishes on small velocity and force alone (SEMANTICS.md §6), not when its offset underflows.
        let settled = Swift.max(velocity.magnitudeSquared, force.magnitudeSquared) <= 0.0036
            && (value == .zero || (value - offset).magnitudeSquared <= value.scaled(by: 0.01).magnitudeSquared)
        guard settled else { return (offset, isLogicallyComplete) }
        // Come to rest on the target, so that a settled spring stays settled if asked again.
        offset = value
        velocity = .zero
        force = .zero
        return (nil, isLogicallyComplete)
    }
}
