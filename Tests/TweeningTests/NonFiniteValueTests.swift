import Cadence
import Testing
@testable import Tweening

/// A tween never hands a NaN or infinite value to its target, whatever it was given.
@Suite struct NonFiniteValueTests {
    func values<Value: VectorArithmetic>(
        from start: Value, to end: Value, ease: Ease = .linear, overshoot: Double? = nil
    ) -> [Value] {
        let tweener = Tweener()
        var seen: [Value] = []
        let tween = tweener.tween(from: start, to: end, duration: 1) { seen.append($0) }.ease(ease)
        if let overshoot { tween.overshoot(overshoot) }
        for _ in 0..<70 { tweener.update(by: 1.0 / 60) }
        return seen
    }

    @Test func aNaNOrInfiniteTargetIsNeverApplied() {
        for end in [Double.nan, .infinity, -.infinity] {
            #expect(values(from: 0.0, to: end).allSatisfy { $0.isFinite }, "to: \(end)")
        }
        #expect(values(from: Double.nan, to: 1).allSatisfy { $0.isFinite })
        let vectors = values(from: SIMD2<Double>(0, 0), to: SIMD2(1, .nan))
        #expect(vectors.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    @Test func aNaNOvershootIsNeverApplied() {
        for ease in [Ease.backOut, .backIn, .backInOut] {
            let seen = values(from: 0.0, to: 100, ease: ease, overshoot: .nan)
            #expect(seen.allSatisfy { $0.isFinite }, "\(ease)")
        }
        let vectors = values(from: SIMD2<Double>(0, 0), to: SIMD2(100, 100), ease: .backOut, overshoot: .nan)
        #expect(vectors.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    @Test func aSpanWiderThanTheLargestDoubleIsBlendedNotOverflowed() {
        let seen = values(from: 1e308, to: -1e308)
        #expect(seen.count > 50, "the span is animated, not skipped")
        #expect(seen.allSatisfy { $0.isFinite })
        #expect(seen.last == -1e308, "and lands exactly on its end")
        let vectors = values(from: SIMD2<Double>(-1e308, 0), to: SIMD2(1e308, 1))
        #expect(vectors.count > 50 && vectors.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }
}
