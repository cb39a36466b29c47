import Cadence
import CadenceExamples
import CadenceMacros
import Testing

/// SwiftUI code that declares its own environment and transaction values with `@Entry`, as a porter pastes
/// it: the `AnimationContext` page's `PausableAnimation` (beside this file) and a transaction value.
struct EntryPortingTests {
    @Test func theSeedsEntryDeclaresAnEnvironmentValue() {
        var environment = EnvironmentValues()
        #expect(environment.animationPaused == false)
        environment.animationPaused = true
        #expect(environment.animationPaused)
    }

    @Test func thePausableAnimationReadsTheEntry() {
        let value = AnimatedValue(0.0)
        value.set(1, animation: Animation(PausableAnimation(base: .linear(duration: 1))))
        value.update(by: 0.25)
        // The animation reads the environment when it is evaluated: an update of zero applies the change now.
        value.environment.animationPaused = true
        value.update(by: 0)
        let held = value.presentation
        value.update(by: 0.5)
        #expect(value.presentation == held)
        value.environment.animationPaused = false
        value.update(by: 0)
        value.update(by: 0.76)
        #expect(!value.isAnimating)
    }

    @Test func aCustomTransactionValueWithEntry() {
        var transaction = Transaction(animation: .snappy)
        #expect(transaction.dragSource == "none")
        transaction.dragSource = "finger"
        #expect(transaction.dragSource == "finger")
        #expect(transaction.pinchScale == nil)
    }

    @Test func theExamplesModuleDoesNotClaimTheSeedsName() {
        // This module imports CadenceExamples and declares the documentation's own `animationPaused`: it compiles
        // (no ambiguity), and the examples' PausableAnimation is paused through its own key.
        let value = AnimatedValue(0.0)
        value.set(1, animation: Animation(CadenceExamples.PausableAnimation(base: .linear(duration: 1))))
        value.update(by: 0.5)
        value.environment[CadenceExamples.PausableAnimation.PausedKey.self] = true
        value.update(by: 0)
        let held = value.presentation
        value.update(by: 0.25)
        #expect(value.presentation == held)
        #expect(value.environment.animationPaused == false, "the documentation's own value is a different one")
    }
}

extension Transaction {
    @Entry var dragSource: String = "none"
    @Entry var pinchScale: Double?
}
