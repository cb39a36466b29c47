import Cadence
import CadenceTesting
import Testing
import YourAnimation

struct AnticipateAnimationTests {
    @Test(arguments: [0.0, 2.0, 5.0])
    func itKeepsEveryLaw(tension: Double) {
        let animation = Animation.anticipate(duration: 0.6, tension: tension)
        checkAnimation(animation, from: 0.0, to: 100.0)
        checkAnimation(animation, from: SIMD2(0, 0), to: SIMD2(300, -120))
    }

    @Test func itWindsUpBeforeItGoes() {
        let value = AnimatedValue(0.0)
        value.set(100, animation: .anticipate(duration: 0.6, tension: 2))
        value.update(by: 0.6 * 4 / 9)
        #expect(abs(value.presentation + 100 * 32.0 / 243) < 1e-9)
        value.update(by: 0.6)
        #expect(value.presentation == 100 && !value.isAnimating)
    }
}
