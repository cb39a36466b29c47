import Cadence
import CadenceTesting
import Testing

// The animation of the *Testing your animation* article, broken as the article breaks it and then fixed.

/// easings.net's "back out" over `duration`: overshoots by about 10 % and comes back. Its velocity
/// forgets to divide by the duration, as the article's first version does.
private struct BackOut: CustomAnimation {
    var duration: TimeInterval = 0.5
    var dividesByDuration = false

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard time < duration else { return nil }
        let q = time / duration - 1
        return value.scaled(by: q * q * (2.70158 * q + 1.70158) + 1)
    }

    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let q = time / duration - 1
        let rate = q * (3 * 2.70158 * q + 2 * 1.70158)
        return value.scaled(by: dividesByDuration ? rate / duration : rate)
    }
}

struct ArticleExampleTests {
    @Test func theBrokenVersionGetsTheArticlesMessage() {
        let violations = animationLawViolations(Animation(BackOut()), from: 0.0, to: 100.0)
        #expect(violations.map(\.law) == [.velocity])
        #expect(
            violations.first?.description
                == "velocity law broken at t = 0.000694444 s: it reports a velocity of 468.381, but its values "
                + "change at 936.763 per second there (off by 466.606, more than 0.02 of its peak speed 936.763)")
    }

    @Test func theFixedVersionKeepsEveryLaw() {
        checkAnimation(Animation(BackOut(dividesByDuration: true)), from: 0.0, to: 100.0)
        checkAnimation(Animation(BackOut(dividesByDuration: true)), from: SIMD2(0, 0), to: SIMD2(300, -120))
    }
}
