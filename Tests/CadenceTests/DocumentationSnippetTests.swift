import Cadence
import Testing

/// The code of the documentation's articles, compiled and run: if the API they show changes, this
/// stops compiling; if its behaviour changes, these fail.
@Suite struct DocumentationSnippetTests {
    /// Cadence.docc/GettingStarted.md: a value animated from its own loop and retargeted mid-flight.
    @Test func gettingStartedAnimatesAndRetargetsAValue() {
        var drawn: [(SIMD2<Double>, SIMD2<Double>)] = []
        func draw(_ point: SIMD2<Double>, speed: SIMD2<Double>) { drawn.append((point, speed)) }

        let position = AnimatedValue(SIMD2<Double>(0, 0))
        position.set(SIMD2(300, 120), animation: .bouncy)

        var velocities: (before: SIMD2<Double>, after: SIMD2<Double>) = (.zero, .zero)
        let dt = 1.0 / 60
        for frame in 1...90 {
            if frame == 20 {
                velocities.before = position.velocity  // not in the article: what the test checks
                position.set(SIMD2(40, 200), animation: .spring(duration: 0.4, bounce: 0.2))
                velocities.after = position.velocity
            }
            position.update(by: dt)
            draw(position.presentation, speed: position.velocity)
        }

        #expect(drawn.count == 90)
        // The merge keeps the velocity: at the retarget the moving value's speed carries over.
        let jump = velocities.after - velocities.before
        #expect((velocities.before * velocities.before).sum() > 100)
        #expect((jump * jump).sum().squareRoot() < 1e-6 * (velocities.before * velocities.before).sum().squareRoot())
        // 1.5 s in, the spring has settled on the last target.
        #expect(!position.isAnimating)
        #expect(position.presentation == SIMD2(40, 200))
    }
}
