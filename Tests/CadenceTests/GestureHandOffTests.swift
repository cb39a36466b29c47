@testable import Cadence
import Foundation
import Testing

/// Continuity at release: a value dragged with its velocity tracked, then released into each hand-off,
/// starts the new animation where the pointer left it, at the tracker's velocity.
@Suite struct GestureHandOffTests {
    static let dt = 1.0 / 60

    /// A drag at 60 Hz along `path` for `frames` frames, the value tracking the pointer every frame.
    /// Returns the value, the tracker's estimate at release and the pointer's last position.
    func drag<V: VectorArithmetic>(frames: Int = 12, _ path: (Double) -> V) -> (AnimatedValue<V>, V, V) {
        let value = AnimatedValue(path(0))
        var tracker = VelocityTracker<V>()
        var t = 0.0
        for _ in 0..<frames {
            tracker.addSample(path(t), at: t)
            value.track(to: path(t), velocity: tracker.velocity(at: t))
            value.update(by: Self.dt)
            t += Self.dt
        }
        // Release in the next frame, with no new pointer event: the estimate as of now.
        let estimate = tracker.velocity(at: t - Self.dt)
        return (value, estimate, path(t - Self.dt))
    }

    func length<V: VectorArithmetic>(_ v: V) -> Double { v.magnitudeSquared.squareRoot() }

    /// The continuity checks: no jump in position, the velocity in the first frame equal to the
    /// tracker's within 1 %, and the first step's motion consistent with that velocity: over one
    /// spring step (1/300 s) its average velocity differs from the starting one by no more than the
    /// velocity itself changed (plus 1 %), so the velocity is the motion's, not just a number reported.
    func expectContinuous<V: VectorArithmetic>(
        _ value: AnimatedValue<V>, estimate: V, pointer: V, _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let start = value.presentation
        let v0 = value.velocity
        #expect(
            length(start - pointer) <= 1e-9 * max(1, length(pointer)), "\(name): jumped from \(pointer) to \(start)",
            sourceLocation: sourceLocation)
        #expect(
            length(v0 - estimate) <= 0.01 * length(estimate), "\(name): velocity \(v0), tracker \(estimate)",
            sourceLocation: sourceLocation)
        let step = 1.0 / 300
        value.update(by: step)
        let moved = (value.presentation - start).scaled(by: 1 / step)
        let change = length(value.velocity - v0)
        #expect(
            length(moved - v0) <= change + 0.01 * length(estimate), "\(name): first step moved at \(moved), from \(v0)",
            sourceLocation: sourceLocation)
    }

    @Test func springTakesTheVelocityThroughTheMerge() {
        let (value, estimate, pointer) = drag { SIMD2<Double>(100 + 900 * $0, 300 - 400 * $0) }
        #expect(value.isTracking)
        #expect(length(estimate - SIMD2(900, -400)) < 1e-6)
        value.set(SIMD2(600, 200), animation: .spring)
        #expect(value.activeAnimationCount == 1 && !value.isTracking)
        expectContinuous(value, estimate: estimate, pointer: pointer, ".spring")
        for _ in 0..<300 { value.update(by: Self.dt) }
        #expect(!value.isAnimating && value.presentation == SIMD2(600, 200))
    }

    @Test func interpolatingSpringTakesTheVelocityAlongItsInterval() {
        let (value, estimate, pointer) = drag { 50 + 1200 * $0 }
        let target = 500.0
        value.set(
            target,
            animation: .interpolatingSpring(duration: 0.5, bounce: 0.2, initialVelocity: value.velocity(along: target)))
        #expect(value.activeAnimationCount == 1)
        expectContinuous(value, estimate: estimate, pointer: pointer, ".interpolatingSpring")
        // In 2D, along the interval: thrown towards the target.
        let (planar, planarEstimate, planarPointer) = drag { SIMD2<Double>(1, 2) + SIMD2(600, 800).scaled(by: $0) }
        let goal = planarPointer + SIMD2(300, 400)
        planar.set(goal, animation: .interpolatingSpring(duration: 0.4, initialVelocity: planar.velocity(along: goal)))
        expectContinuous(planar, estimate: planarEstimate, pointer: planarPointer, ".interpolatingSpring 2D")
    }

    @Test func decayStartsAtTheVelocityAndRestsOnTheProjection() {
        let (value, estimate, pointer) = drag { SIMD2<Double>(20 + 1500 * $0, 40 + 700 * $0 - 900 * $0 * $0) }
        let end = value.decay()
        #expect(length(end - (pointer + DecayAnimation.project(velocity: estimate))) < 1e-9)
        expectContinuous(value, estimate: estimate, pointer: pointer, ".decay")
        var elapsed = Self.dt
        while value.isAnimating { value.update(by: Self.dt); elapsed += Self.dt }
        #expect(value.presentation == end)
        // It coasts for ln(|v/k| / 0.5)/k seconds: the rest distance of half a unit.
        let k = -1000 * log(DecayAnimation.normal)
        let expected = log(length(estimate) / k / 0.5) / k
        #expect(abs(elapsed - expected) <= Self.dt)
    }

    @Test func snapPicksThePointNearestTheProjectionAndSpringsThere() {
        let (value, estimate, pointer) = drag { 100 + 1400 * $0 }
        let points = stride(from: 0.0, through: 2000, by: 250)
        let snap = Snapping.snapPoint(from: value.presentation, velocity: value.velocity, among: points)
        // Released near 254 at 1400/s: the projection is about 254 + 699 = 953, nearest 1000.
        #expect(snap == 1000)
        value.set(snap!, animation: .snappy)
        expectContinuous(value, estimate: estimate, pointer: pointer, "snap")
        for _ in 0..<300 { value.update(by: Self.dt) }
        #expect(value.presentation == 1000)
    }

    @Test func aTrackedVelocityHoldsFortyMillisecondsThenRests() {
        let value = AnimatedValue(0.0)
        value.track(to: 10, velocity: 500)
        #expect(value.presentation == 10 && value.velocity == 500 && value.isAnimating)
        value.update(by: 0.03)
        #expect(value.presentation == 10 && value.velocity == 500)
        value.update(by: 0.02)
        #expect(!value.isAnimating && value.velocity == 0 && value.presentation == 10)
        // A spring then starts from rest.
        value.set(20, animation: .spring)
        #expect(value.velocity == 0)
    }

    @Test func aCurveReplacesTheTrackedVelocityAndStartsFromRest() {
        let value = AnimatedValue(0.0)
        value.track(to: 10, velocity: 500)
        value.set(110, animation: .easeInOut(duration: 0.5))
        #expect(value.activeAnimationCount == 1)
        #expect(value.presentation == 10 && value.velocity == 0)
        value.update(by: 0.25)
        #expect(abs(value.presentation - 60) < 1e-9)
    }

    @Test func trackingEndsRunningAnimationsAndRefusesBadInput() {
        let value = AnimatedValue(0.0)
        var completed = 0
        value.set(100, animation: .spring) { completed += 1 }
        value.update(by: 0.1)
        #expect(value.track(to: 40, velocity: 0))
        #expect(completed == 1 && !value.isAnimating && value.presentation == 40)
        #expect(!value.track(to: .nan, velocity: 1) && !value.track(to: 1, velocity: .infinity))
        #expect(value.presentation == 40 && value.target == 40)
        #expect(value.velocity(along: 40) == 0)
    }
}

@Suite struct DecayAnimationTests {
    @Test func closedFormAndRates() {
        let k = -1000 * log(0.998)
        #expect(abs(DecayAnimation().decayConstant - k) < 1e-12)
        #expect(abs(DecayAnimation.project(velocity: 1000.0) - 1000 / k) < 1e-9)
        // UIScrollView's discrete projection differs by under 0.1 %.
        let discrete: Double = 0.998 / 0.002
        let projected: Double = DecayAnimation.project(velocity: 1000.0)
        #expect(abs(projected - discrete) < 0.0011 * discrete)
        let value = AnimatedValue(0.0)
        value.set(100, animation: .decay(decelerationRate: DecayAnimation.fast))
        let fast = -1000 * log(0.99)
        #expect(abs(value.velocity - 100 * fast) < 1e-9)
        value.update(by: 0.05)
        #expect(abs(value.presentation - 100 * (1 - exp(-fast * 0.05))) < 1e-9)
        #expect(abs(value.velocity - 100 * fast * exp(-fast * 0.05)) < 1e-9)
    }

    @Test func composesThroughTheMechanism() {
        // Speed and delay act on its closed form exactly.
        let value = AnimatedValue(0.0)
        value.set(100, animation: Animation.decay.speed(2))
        #expect(abs(value.velocity - 200 * DecayAnimation().decayConstant) < 1e-9)
        let pass = DecayAnimation().finishTime
        #expect(abs(pass - log(1000) / DecayAnimation().decayConstant) < 1e-12)
        value.update(by: pass / 2 + 1e-6)
        #expect(!value.isAnimating && value.presentation == 100)
    }

    @Test func logicallyCompleteAt99PercentAndBadRatesFinishAtOnce() {
        let value = AnimatedValue(0.0)
        var done = false
        value.set(100, animation: .decay) { done = true }
        let k = DecayAnimation().decayConstant
        value.update(by: log(100) / k - 0.01)
        #expect(!done)
        value.update(by: 0.02)
        #expect(done && value.isAnimating)
        for rate in [0, 1, -0.5, 1.5, .nan, .infinity] {
            let bad = AnimatedValue(0.0)
            bad.set(10, animation: .decay(decelerationRate: rate))
            bad.update(by: 0)
            #expect(!bad.isAnimating && bad.presentation == 10, "rate \(rate)")
            #expect(DecayAnimation.project(velocity: 5.0, decelerationRate: rate) == 0)
        }
        for fraction in [0, -1, 1, .nan] {
            #expect(DecayAnimation(restFraction: fraction).finishTime == 0)
        }
        #expect(DecayAnimation(velocity: 0.0).finishTime == 0)
    }
}

@Suite struct RubberBandTests {
    @Test func uiScrollViewsFormula() {
        let d = 600.0
        #expect(abs(Snapping.rubberBand(1, dimension: d) - 0.55) < 0.001)
        #expect(abs(Snapping.rubberBand(300, dimension: d) - (1 - 1 / (300 * 0.55 / d + 1)) * d) < 1e-12)
        #expect(Snapping.rubberBand(1e9, dimension: d) < d && Snapping.rubberBand(.infinity, dimension: d) == d)
        #expect(Snapping.rubberBand(-80, dimension: d) == -Snapping.rubberBand(80, dimension: d))
        #expect(Snapping.rubberBand(.nan, dimension: d) == 0 && Snapping.rubberBand(10, dimension: 0) == 0)
        #expect(Snapping.rubberBanded(50, in: 0...100, dimension: d) == 50)
        #expect(Snapping.rubberBanded(130, in: 0...100, dimension: d) == 100 + Snapping.rubberBand(30, dimension: d))
        #expect(Snapping.rubberBanded(-30, in: 0...100, dimension: d) == -Snapping.rubberBand(30, dimension: d))
        #expect(Snapping.rubberBanded(.nan, in: 0...100, dimension: d) == 0)
        #expect(Snapping.nearest(to: 3.0, among: [Double]()) == nil)
        #expect(Snapping.nearest(to: 3.0, among: [0.0, .nan, 5.0]) == 5)
    }
}
