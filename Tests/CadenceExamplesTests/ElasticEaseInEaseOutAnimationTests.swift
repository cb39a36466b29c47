import Testing
import Cadence
import CadenceExamples

struct ElasticEaseInEaseOutAnimationTests {
    /// The easings.net formula has no exact end points: it is off by 2⁻¹¹·sin(…) ≈ 8.5e-5 at each end.
    let endTolerance = 1e-4

    @Test func startsAtZeroEndsAtTheValueAndThenFinishes() {
        let animation = Animation.elasticEaseInEaseOut(duration: 5)
        var context = AnimationContext<Double>()
        let start = animation.animate(value: 200.0, time: 0, context: &context)!
        let end = animation.animate(value: 200.0, time: 5, context: &context)!
        #expect(abs(start) < endTolerance * 200)
        #expect(abs(end - 200) < endTolerance * 200)
        #expect(animation.animate(value: 200.0, time: 5.001, context: &context) == nil)
    }

    @Test func overshootsBothWaysAndPassesTheMiddleAtHalfway() {
        var context = AnimationContext<Double>()
        let animation = Animation(ElasticEaseInEaseOutAnimation(duration: 1))
        let values = (0...100).map { animation.animate(value: 1.0, time: Double($0) / 100, context: &context)! }
        #expect(values.min()! < -0.05)
        #expect(values.max()! > 1.05)
        #expect(abs(values[50] - 0.5) < 1e-12)
    }

    @Test func defaultDurationIsThirtyFiveHundredths() {
        #expect(Animation.elasticEaseInEaseOut == Animation(ElasticEaseInEaseOutAnimation(duration: 0.35)))
    }

    @Test func animatesFloatVectorsComponentWise() {
        var context = AnimationContext<SIMD2<Float>>()
        let value = Animation.elasticEaseInEaseOut(duration: 1).animate(
            value: SIMD2<Float>(2, -4), time: 0.7, context: &context)!
        #expect(abs(value.y / value.x + 2) < 1e-6)
    }
}
