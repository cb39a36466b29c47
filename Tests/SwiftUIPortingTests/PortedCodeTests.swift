import Cadence
import CadenceExamples
import Testing

/// SwiftUI-style code as a porter writes it: SwiftUI's documentation samples (declared beside this file; the
/// one that needs `@Entry` is in the `Macros` package's tests), `withAnimation` with a completion, every
/// `Animation` factory spelled as SwiftUI spells it. That this target compiles is half the test; the rest checks the code does what it says.
struct PortedCodeTests {
    @Test func withAnimationWithACompletionAnimatesTwoValues() {
        let offset = AnimatedValue(SIMD2<Double>(0, 0))
        let opacity = AnimatedValue(0.0)
        var completions = 0

        withAnimation(.easeInOut(duration: 0.5)) {
            offset.set(SIMD2(100, 40))
            opacity.set(1)
        } completion: {
            completions += 1
        }

        #expect(offset.isAnimating && opacity.isAnimating)
        for _ in 0...30 {
            offset.update(by: 1.0 / 60)
            opacity.update(by: 1.0 / 60)
        }
        #expect(offset.presentation == SIMD2(100, 40) && opacity.presentation == 1)
        #expect(completions == 1)
    }

    @Test func theSeedsUsageLineAnimatesAValue() {
        let position = AnimatedValue(0.0)
        withAnimation(.elasticEaseInEaseOut(duration: 5.0)) {
            position.set(100)
        }
        position.update(by: 2.5)
        #expect(position.isAnimating)
        #expect(abs(position.presentation - 50) < 1)
        position.update(by: 2.6)
        #expect(!position.isAnimating && position.presentation == 100)
    }

    @Test func theTargetAnimationAndTheDocumentedSignaturesRun() {
        let value = AnimatedValue(0.0)
        withAnimation(Animation(TargetAnimation(base: .spring, secondary: .easeInOut(duration: 1)))) {
            value.set(10)
        }
        value.update(by: 0.5)
        #expect(value.presentation > 0 && value.presentation < 10)
        withAnimation(Animation(DocumentedSignaturesAnimation(duration: 2))) { value.set(20) }
        value.update(by: 10)
        #expect(value.presentation == 20)
    }

    @Test func everyFactoryAsSwiftUISpellsIt() {
        let animations: [Animation] = [
            .default,
            .linear, .linear(duration: 0.2),
            .easeIn, .easeIn(duration: 0.2), .easeOut, .easeOut(duration: 0.2),
            .easeInOut, .easeInOut(duration: 0.2),
            .timingCurve(0.2, 0.8, 0.2, 1), .timingCurve(0.2, 0.8, 0.2, 1, duration: 0.4),
            .timingCurve(.easeInEaseOut, duration: 0.3), .timingCurve(.circularEaseIn),
            .spring, .spring(), .spring(duration: 0.4), .spring(duration: 0.4, bounce: 0.2),
            .spring(duration: 0.4, bounce: 0.2, blendDuration: 0.1),
            .spring(response: 0.3), .spring(response: 0.3, dampingFraction: 0.6),
            .spring(response: 0.3, dampingFraction: 0.6, blendDuration: 0.1),
            .spring(Spring(duration: 0.3, bounce: 0.1)), .spring(.bouncy, blendDuration: 0.2),
            .interactiveSpring, .interactiveSpring(),
            .interactiveSpring(response: 0.2, dampingFraction: 0.8, blendDuration: 0.2),
            .interactiveSpring(duration: 0.2, extraBounce: 0.1, blendDuration: 0.1),
            .interpolatingSpring, .interpolatingSpring(stiffness: 100, damping: 10),
            .interpolatingSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0),
            .interpolatingSpring(duration: 0.4, bounce: 0.2), .interpolatingSpring(.snappy, initialVelocity: 1),
            .smooth, .smooth(duration: 0.3), .smooth(duration: 0.3, extraBounce: 0.1),
            .snappy, .snappy(duration: 0.3), .snappy(extraBounce: 0.1),
            .bouncy, .bouncy(duration: 0.3), .bouncy(duration: 0.3, extraBounce: 0.1),
            .easeIn.delay(0.1), .easeOut.speed(2), .linear.repeatCount(2), .linear.repeatCount(2, autoreverses: false),
            .linear.repeatForever(), .linear.repeatForever(autoreverses: false), .spring.logicallyComplete(after: 0.1),
            Animation(ElasticEaseInEaseOutAnimation(duration: 0.3)), .elasticEaseInEaseOut,
        ]
        for animation in animations {
            let value = AnimatedValue(0.0)
            withAnimation(animation) { value.set(1) }
            value.update(by: 1.0 / 60)
            #expect(value.isAnimating, "\(animation)")
            #expect(value.presentation.isFinite, "\(animation)")
        }
        #expect(Animation.default != .spring)
        #expect(Animation.spring() == .spring(duration: 0.5, bounce: 0))
    }

    @Test func springAndCurveHelpersAsSwiftUISpellsThem() {
        let spring = Spring(duration: 0.5, bounce: 0.2)
        let force = spring.force(fromValue: 0.0, toValue: 10.0, position: 4.0, velocity: 1.0)
        #expect(abs(force - (spring.stiffness * 6 - spring.damping)) < 1e-9)
        let settling = spring.settlingDuration(fromValue: 5.0, toValue: 6.0, initialVelocity: 0.0, epsilon: 0.001)
        #expect(settling == spring.settlingDuration)
        #expect(UnitCurve.easeInEaseOut.value(at: 0.5) == UnitCurve.easeInOut.value(at: 0.5))
        #expect(Animation.spring.description.hasPrefix("SpringAnimation("))
        #expect(Animation.default.description == "DefaultAnimation()")
        #expect(Animation.easeIn.debugDescription.hasPrefix("Cadence.BezierAnimation("))
        // The curve's control points show, not just its type.
        #expect(Animation.easeIn.debugDescription.contains("UnitPoint(x: 0.42, y: 0.0)"))
    }
}
