import Testing
import Cadence
import Tweening

/// `tweener.drive(value)`: one driver per value, for the value's life; the tween's controls are the
/// value's.
struct TweenerAnimatedValueTests {
    @Test func theDriverAdvancesTheValueByTheTweenersDeltas() {
        let tweener = Tweener()
        let value = AnimatedValue(0.0)
        tweener.drive(value)
        value.set(8, animation: .linear(duration: 1))
        tweener.update(by: 0.25)  // the driver starts here and advances by this delta
        #expect(value.presentation == 2)
        tweener.update(by: 0.25)
        #expect(value.presentation == 4)
    }

    @Test func theDriverDrivesAnyAnimatableValue() {
        let tweener = Tweener()
        let angle = AnimatedValue(Angle.zero)
        tweener.drive(angle)
        angle.set(.degrees(80), animation: .linear(duration: 1))
        tweener.update(by: 0.25)
        #expect(abs(angle.presentation.degrees - 20) < 1e-9)
    }

    @Test func aValueRetargetedAfterItFinishedAnimatesWithoutReArming() {
        let tweener = Tweener()
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        let driver = tweener.drive(value)
        value.set(SIMD2(1, 2), animation: .easeInOut(duration: 0.2))
        for _ in 0..<20 { tweener.update(by: 1.0 / 60) }
        #expect(!value.isAnimating)
        #expect(driver.state == .active)
        value.set(SIMD2(-1, 0), animation: .linear(duration: 0.5))
        tweener.update(by: 0.25)
        // Halfway from (1, 2) to (−1, 0), up to the rounding of target − interval + progress.
        #expect(((value.presentation - SIMD2(0, 1)) * (value.presentation - SIMD2(0, 1))).sum() < 1e-24)
        #expect(tweener.count == 1)
    }

    @Test func pausingTheDriverHoldsTheValueAndResumingContinuesWithoutAJump() {
        let tweener = Tweener()
        let value = AnimatedValue(0.0)
        let driver = tweener.drive(value)
        value.set(100, animation: .bouncy)
        for _ in 0..<10 { tweener.update(by: 1.0 / 60) }
        let held = value.presentation, velocity = value.velocity
        driver.pause()
        for _ in 0..<30 { tweener.update(by: 1.0 / 60) }
        #expect(value.presentation == held)
        #expect(value.velocity == velocity)
        driver.resume()
        tweener.update(by: 1.0 / 60)
        // The value's clock stood still: it continues as if the pause had not happened.
        let twin = AnimatedValue(0.0)
        twin.set(100, animation: .bouncy)
        for _ in 0..<11 { twin.update(by: 1.0 / 60) }
        #expect(value.presentation == twin.presentation)
    }

    @Test func killingTheDriverStopsTheValueWhereItIs() {
        let tweener = Tweener()
        let value = AnimatedValue(0.0)
        let driver = tweener.drive(value)
        value.set(10, animation: .linear(duration: 1))
        tweener.update(by: 0.5)
        driver.kill()
        tweener.update(by: 0.5)
        #expect(tweener.count == 0)
        #expect(value.presentation == 5)
        #expect(value.isAnimating, "stopped, not finished: its animation is still there")
        driver.revive()
        driver.start()
        tweener.update(by: 0.25)
        #expect(value.presentation == 7.5)
    }

    @Test func theDriversTimeScaleScalesTheValuesTime() {
        let tweener = Tweener()
        let value = AnimatedValue(0.0)
        let driver = tweener.drive(value)
        driver.timeScale = 0.5
        value.set(10, animation: .linear(duration: 1))
        tweener.update(by: 0.5)
        #expect(value.presentation == 2.5)
    }

    /// The driver holds the value only while someone else does: once it is the last holder, its next
    /// update releases the value and completes (and, with auto-kill, leaves the tweener). A value
    /// someone still holds keeps its driver, even at rest.
    @Test func aDriverWhoseValueIsGoneEndsItself() {
        let tweener = Tweener()
        weak var released: AnimatedValue<Double>?
        let kept = AnimatedValue(0.0)
        tweener.drive(kept)
        do {
            let value = AnimatedValue(0.0)
            released = value
            tweener.drive(value)
            value.set(1, animation: .smooth)
            tweener.update(by: 0.1)
        }
        #expect(released != nil, "held by its driver until the driver's next update")
        #expect(tweener.count == 2)
        tweener.update(by: 0.1)
        #expect(released == nil, "released by that update")
        #expect(tweener.count == 1, "and its driver is gone; the held value's stays")
        kept.set(1, animation: .linear(duration: 0.5))
        tweener.update(by: 0.25)
        #expect(kept.presentation == 0.5)
    }
}
