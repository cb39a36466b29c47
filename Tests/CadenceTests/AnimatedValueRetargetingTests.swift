import Testing
import Cadence

/// Linear over 1 s of elapsed time that merges with its own kind: shows which time a merged
/// animation is given.
private struct MergingLinearAnimation: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time > 1 ? nil : value.scaled(by: time)
    }

    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        previous.base is Self
    }
}

private struct GainKey: AnimationStateKey {
    static var defaultValue: Double { 1 }
}

/// Linear over 1 s times a gain kept in its state; asked to merge, it triples the gain in the
/// context it is given and then declines.
private struct DecliningMutatorAnimation: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time > 1 ? nil : value.scaled(by: time * context.state[GainKey.self])
    }

    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        context.state[GainKey.self] = 3
        return false
    }
}

struct AnimatedValueRetargetingTests {
    // MARK: - Merging

    @Test func aMergedAnimationKeepsTheBeginTimeAndAnimatesTheWholeInterval() {
        let value = AnimatedValue(0.0)
        value.set(10, animation: Animation(MergingLinearAnimation()))
        value.update(by: 0.4)
        value.set(20, animation: Animation(MergingLinearAnimation()))
        #expect(value.activeAnimationCount == 1)
        #expect(value.interval == 20)
        value.update(by: 0.1)
        // Elapsed 0.5 since the first began, across 0 → 20.
        #expect(abs(value.presentation - 10) < 1e-12)
    }

    @Test func anAnimationThatDeclinesToMergeLeavesTheRunningStateAsItWas() {
        let value = AnimatedValue(0.0)
        value.set(10, animation: Animation(DecliningMutatorAnimation()))
        value.update(by: 0.5)
        value.set(20, animation: Animation(DecliningMutatorAnimation()))
        #expect(value.activeAnimationCount == 2)
        value.update(by: 0.1)
        // The first runs on with gain 1 (6 of 10); the second covers 0.1 of the remaining 14.
        #expect(abs(value.presentation - 7.4) < 1e-12)
    }

    @Test func retargetingASpringKeepsItsPositionAndVelocity() {
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        value.set(SIMD2(100, -50), animation: .snappy)
        for _ in 0..<9 { value.update(by: 1.0 / 60) }
        let presentation = value.presentation, velocity = value.velocity
        value.set(SIMD2(-30, 80), animation: .bouncy)
        #expect(value.activeAnimationCount == 1)
        #expect(value.presentation == presentation)
        #expect(value.velocity == velocity)
    }

    /// A worked shape of retargeting (see `AnimatedValue`): a smooth spring sent back to its origin mid-flight keeps the
    /// velocity it had, so it carries on past where it was before turning back.
    @Test func aSmoothSpringRetargetedBackToItsOriginContinuesWithItsVelocity() {
        let value = AnimatedValue(0.0)
        value.set(100, animation: .smooth)
        for _ in 0..<6 { value.update(by: 1.0 / 60) }
        let before = value.presentation, velocity = value.velocity
        #expect(velocity > 100, "a smooth spring over 100 is fast after 0.1 s")
        value.set(0, animation: .smooth)
        #expect(value.velocity == velocity)
        #expect(value.presentation == before)
        value.update(by: 1.0 / 60)
        #expect(value.presentation > before, "still moving away from the origin")
        var peak = value.presentation
        var elapsed = 0.0
        while value.isAnimating && elapsed < 10 {
            value.update(by: 1.0 / 60)
            elapsed += 1.0 / 60
            peak = max(peak, value.presentation)
        }
        #expect(peak < 100)
        #expect(value.presentation == 0)
        // Back at its origin the spring's interval is zero: it finishes once its velocity and force
        // are small (see `SpringAnimation`), within its settling time, not when its offset underflows.
        #expect(elapsed < 1.5)
    }

    /// A toggle: there and back again, mid-flight, many times; each return to the exact origin ends.
    @Test func aSpringToggledBackToItsOriginComesToRest() {
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        for _ in 0..<5 {
            value.set(SIMD2(1, 1), animation: .bouncy)
            for _ in 0..<10 { value.update(by: 1.0 / 60) }
            value.set(.zero, animation: .bouncy)
            for _ in 0..<10 { value.update(by: 1.0 / 60) }
        }
        var elapsed = 0.0
        while value.isAnimating && elapsed < 10 {
            value.update(by: 1.0 / 60)
            elapsed += 1.0 / 60
        }
        #expect(elapsed < 2)
        #expect(value.presentation == .zero)
    }

    @Test func aSpringTakesOverATimingCurveAtItsSpeed() {
        let value = AnimatedValue(0.0)
        value.set(10, animation: .linear(duration: 1))
        value.update(by: 0.3)
        value.set(0, animation: .spring)
        #expect(value.activeAnimationCount == 1)
        #expect(value.velocity == 10)
        #expect(abs(value.presentation - 3) < 1e-12)
    }

    // MARK: - Combining

    /// A worked shape of retargeting (see `AnimatedValue`): a linear animation combined with a second linear one mid-flight
    /// shows more than the plain sum of the two while both run.
    ///
    /// 0 → 1 over 1 s, then at 0.5 s → 2 over 1 s. Chained, the second covers its share of what is
    /// left after the first: t + (2 − t)(t − ½); summed, t + (t − ½). The difference is (1 − t)(t − ½).
    @Test func twoLinearAnimationsCombinedShowMoreThanTheirSum() {
        let value = AnimatedValue(0.0)
        value.set(1, animation: .linear(duration: 1))
        value.update(by: 0.5)
        value.set(2, animation: .linear(duration: 1))
        #expect(value.activeAnimationCount == 2)
        for step in 1...9 {
            value.update(by: 0.05)
            let t = 0.5 + 0.05 * Double(step)
            let sum = t + (t - 0.5)
            #expect(abs(value.presentation - (t + (2 - t) * (t - 0.5))) < 1e-12)
            #expect(value.presentation > sum)
        }
        #expect(abs(value.presentation - 1.4225) < 1e-12)  // t = 0.95
    }

    /// The first entry finishes at 1 s and is folded away; the second runs on from there and ends
    /// exactly on 2 after 1.5 s.
    @Test func aFinishedEntryIsFoldedAwayWithoutAJump() {
        let value = AnimatedValue(0.0)
        value.set(1, animation: .linear(duration: 1))
        value.update(by: 0.5)
        value.set(2, animation: .linear(duration: 1))
        value.update(by: 0.5)
        let atOne = value.presentation
        #expect(abs(atOne - 1.5) < 1e-12)
        value.update(by: 0.001)
        #expect(value.activeAnimationCount == 1)
        #expect(abs(value.presentation - atOne) < 0.002)
        value.update(by: 0.49)
        #expect(value.isAnimating)
        value.update(by: 0.02)
        #expect(!value.isAnimating)
        #expect(value.presentation == 2)
    }

    /// A later entry that finishes first makes the ones before it irrelevant: they are removed too.
    @Test func aShortAnimationAfterALongOneEndsTheCombination() {
        let value = AnimatedValue(0.0)
        value.set(10, animation: .linear(duration: 2))
        value.update(by: 0.5)
        value.set(4, animation: .easeInOut(duration: 0.25))
        value.update(by: 0.25)
        #expect(value.activeAnimationCount == 2)
        value.update(by: 0.01)
        #expect(!value.isAnimating)
        #expect(value.presentation == 4)
    }

    @Test func aCurveInterruptingASpringKeepsItsVelocity() {
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        value.set(SIMD2(40, 10), animation: .bouncy)
        for _ in 0..<5 { value.update(by: 1.0 / 60) }
        let presentation = value.presentation, velocity = value.velocity
        value.set(SIMD2(-10, 0), animation: .easeInOut)  // eases in from zero velocity of its own
        #expect(value.activeAnimationCount == 2)
        #expect(distance(value.presentation, presentation) < 1e-12)
        #expect(distance(value.velocity, velocity) < 1e-12)
    }

    @Test func aSpringTakesOverACombinationAtItsPositionAndVelocity() {
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        value.set(SIMD2(10, 0), animation: .linear(duration: 1))
        value.update(by: 0.3)
        value.set(SIMD2(10, 10), animation: .easeInOut(duration: 0.5))
        value.update(by: 0.2)
        let presentation = value.presentation, velocity = value.velocity
        value.set(SIMD2(0, 5), animation: .smooth)
        #expect(value.activeAnimationCount == 1)
        #expect(value.interval == SIMD2(0, 5))
        #expect(distance(value.presentation, presentation) < 1e-12)
        #expect(value.velocity == velocity)
    }

    /// The chain-rule velocity of a combination is the derivative of what it shows: compared with a
    /// central difference (h = 1e-5 s, error O(h²) ≈ 1e-8 of the scale). Control points stay within
    /// [0, 1]: beyond, a timing curve's value clamps them and its velocity does not (see `UnitCurve`),
    /// so its reported velocity is not the derivative of its value.
    @Test(arguments: [
        Animation.easeInOut(duration: 0.6), .linear(duration: 0.8), .interpolatingSpring,
        .timingCurve(0.2, 0.9, 0.6, 0.1, duration: 0.5), .easeIn.delay(0.05),
    ])
    func aCombinationsVelocityIsTheDerivativeOfItsPresentation(animation: Animation) {
        func presentation(at time: Double) -> (SIMD2<Double>, SIMD2<Double>) {
            // Closed-form entries only: a merging spring integrates in 1/300 s steps, so what it shows
            // is a staircase that a difference quotient this fine cannot follow.
            let value = AnimatedValue(SIMD2<Double>(0, 0))
            value.set(SIMD2(100, 0), animation: .easeOut(duration: 1))
            value.update(by: 0.1)
            value.set(SIMD2(100, 60), animation: animation)
            value.update(by: 0.1)
            value.set(SIMD2(-20, 30), animation: animation)
            value.update(by: time - 0.2)
            #expect(value.activeAnimationCount == 3)
            return (value.presentation, value.velocity)
        }
        let h = 1e-5
        for time in [0.23, 0.27, 0.31] {
            let numeric = (presentation(at: time + h).0 - presentation(at: time - h).0).scaled(by: 1 / (2 * h))
            let reported = presentation(at: time).1
            #expect(distance(numeric, reported) < 1e-4 * max(1, length(reported)), "t = \(time)")
        }
    }

    // MARK: - Endless retargeting

    /// 2,000 retargets at 1 kHz under `.easeInOut` (0.35 s): the combination holds the entries begun
    /// in the last 0.35 s (about 350), not a growing history, and it ends on the last target.
    @Test func endlessRetargetingKeepsTheCombinationBounded() {
        var generator = Xorshift64Star(seed: 4)
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        var largest = 0
        var target = SIMD2<Double>.zero
        // 0.35 s of retargets every millisecond fill the combination; the rest hold it at that size.
        for retarget in 0..<2_000 {
            target = .random(scale: 500, using: &generator)
            value.set(target, animation: .easeInOut)
            value.update(by: 0.001)
            largest = max(largest, value.activeAnimationCount)
            if retarget == 1_000 { #expect(value.activeAnimationCount >= 340) }
        }
        #expect(largest <= 352)
        var elapsed = 0.0
        while value.isAnimating {
            value.update(by: 1.0 / 60)
            elapsed += 1.0 / 60
            #expect(!value.presentation.x.isNaN && !value.presentation.y.isNaN)
        }
        #expect(elapsed <= 0.35 + 1.0 / 60)
        #expect(value.presentation == target)
    }

    @Test func endlessRetargetingOfASpringKeepsOneEntry() {
        var generator = Xorshift64Star(seed: 5)
        let value = AnimatedValue(0.0)
        for _ in 0..<10_000 {
            value.set(.random(scale: 500, using: &generator), animation: .interactiveSpring)
            value.update(by: 0.001)
            #expect(value.activeAnimationCount == 1)
        }
    }
}
