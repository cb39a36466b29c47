import Cadence
import Testing
import Tweening

/// `Tweener.drive(_:)` for `AnimatedValues`, as the *Many values* article and the README show it.
struct AnimatedValuesDriverTests {
    /// The article's code: one driver moves every point, a single `set` joins in, presentations are read in place.
    @Test func theArticlesPointsMoveUnderOneDriverAndRest() {
        let tweener = Tweener()
        let points = AnimatedValues(repeating: SIMD2<Double>(0, 0), count: 1_000)
        tweener.drive(points)
        points.setAll(animation: .snappy) { index in SIMD2(Double(index % 400) * 3, Double(index / 400) * 3) }
        points.set(SIMD2(10, 10), at: 42, animation: .bouncy)
        #expect(tweener.count == 1, "one driver for all the points")
        tweener.update(by: 1.0 / 60)
        var shown: [SIMD2<Double>] = []
        points.withPresentations { shown = Array($0) }
        #expect(shown.count == 1_000)
        #expect(shown[999] != .zero && shown[999] != SIMD2(Double(999 % 400) * 3, Double(999 / 400) * 3))
        for _ in 0..<180 { tweener.update(by: 1.0 / 60) }
        #expect(!points.isAnimating)
        #expect(points[999] == SIMD2(Double(999 % 400) * 3, Double(999 / 400) * 3))
        #expect(points[42] == SIMD2(10, 10))
    }

    /// Pausing the driver freezes every point where it is; dropping the values ends the driver.
    @Test func pausingHoldsThemAndDroppingThemEndsTheDriver() {
        let tweener = Tweener()
        var points: AnimatedValues<Double>? = AnimatedValues(repeating: 0, count: 10)
        let driver = tweener.drive(points!)
        points!.setAll(animation: .linear(duration: 1)) { Double($0) }
        tweener.update(by: 0.25)
        let held = Array(points!)
        driver.pause()
        tweener.update(by: 0.25)
        #expect(Array(points!) == held)
        #expect(points!.time == 0.25)
        driver.resume()
        tweener.update(by: 0.25)
        #expect(points![4] == 2)
        points = nil
        tweener.update(by: 0.1)
        #expect(driver.state == .completed || driver.state == .killed)
    }
}
