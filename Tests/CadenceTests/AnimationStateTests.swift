import Testing
import Cadence

private struct Counter: AnimationStateKey {
    static var defaultValue: Int { 7 }
}

/// A state larger than three words: it would not fit `Any`'s inline buffer.
private struct Wide<Value: VectorArithmetic>: AnimationStateKey {
    var a = Value.zero, b = Value.zero, c = Value.zero, d = 0.0, e = 0.0
    static var defaultValue: Self { .init() }
}

private struct Volume: EnvironmentKey {
    static var defaultValue: Double { 0.5 }
}

extension EnvironmentValues {
    fileprivate var volume: Double {
        get { self[Volume.self] }
        set { self[Volume.self] = newValue }
    }
}

struct AnimationStateTests {
    @Test func absentKeyReadsItsDefaultValue() {
        let state = AnimationState<Double>()
        #expect(state[Counter.self] == 7)
        #expect(state[Wide<Double>.self].d == 0)
    }

    @Test func writesAreReadBack() {
        var state = AnimationState<Double>()
        state[Counter.self] = 3
        state[Wide<Double>.self].c = 2.5
        state[Wide<Double>.self].e = 9
        #expect(state[Counter.self] == 3)
        #expect(state[Wide<Double>.self].c == 2.5)
        #expect(state[Wide<Double>.self].e == 9)
    }

    @Test func keysOfDifferentValueTypesAreDifferent() {
        var state = AnimationState<Double>()
        state[Wide<Double>.self].d = 1
        #expect(state[Wide<Float>.self].d == 0)
    }

    @Test func copiesAreIndependent() {
        var original = AnimationState<Double>()
        original[Wide<Double>.self].a = 1
        var copy = original
        copy[Wide<Double>.self].a = 2
        copy[Counter.self] = 1
        #expect(original[Wide<Double>.self].a == 1)
        #expect(original[Counter.self] == 7)
        #expect(copy[Wide<Double>.self].a == 2)
        original[Wide<Double>.self].b = 5
        #expect(copy[Wide<Double>.self].b == 0)
    }

    @Test func removingAKeyRestoresItsDefault() {
        var state = AnimationState<Double>()
        state[Counter.self] = 1
        state.removeValue(forKey: Counter.self)
        #expect(state[Counter.self] == 7)
    }

    @Test func contextIsAValueWhoseStateCanBeSwapped() {
        var context = AnimationContext<Double>()
        context.state[Counter.self] = 1
        var secondary = context
        secondary.state = AnimationState()
        secondary.state[Counter.self] = 2
        #expect(context.state[Counter.self] == 1)
        #expect(secondary.state[Counter.self] == 2)
    }

    @Test func logicalCompletionStaysTrue() {
        var context = AnimationContext<Double>()
        #expect(!context.isLogicallyComplete)
        context.isLogicallyComplete = true
        context.isLogicallyComplete = false
        #expect(context.isLogicallyComplete)
    }

    @Test func withStateCarriesEnvironmentAndCompletion() {
        var context = AnimationContext<Double>()
        context.environment.volume = 0.9
        context.isLogicallyComplete = true
        var state = AnimationState<Float>()
        state[Counter.self] = 4
        let other = context.withState(state)
        #expect(other.environment.volume == 0.9)
        #expect(other.isLogicallyComplete)
        #expect(other.state[Counter.self] == 4)
    }

    @Test func environmentReadsDefaultsAndWrites() {
        var environment = EnvironmentValues()
        #expect(environment.volume == 0.5)
        environment.volume = 0.25
        let copy = environment
        environment.volume = 1
        #expect(copy.volume == 0.25)
        #expect(environment.volume == 1)
    }

    /// The spring advances its state in place; a copied context must still keep its own state.
    @Test func springStateInACopiedContextIsIndependent() {
        let spring = Animation.bouncy
        var original = AnimationContext<Double>()
        _ = spring.animate(value: 10.0, time: 0.1, context: &original)
        let velocity = spring.velocity(value: 10.0, time: 0.1, context: original)
        var copy = original
        _ = spring.animate(value: 10.0, time: 0.3, context: &copy)
        #expect(spring.velocity(value: 10.0, time: 0.1, context: original) == velocity)
        #expect(spring.velocity(value: 10.0, time: 0.3, context: copy) != velocity)
    }
}

/// `AnimationContext.reset()`: a new run in the same context, its storage kept.
struct AnimationContextResetTests {
    private struct Count: AnimationStateKey {
        static var defaultValue: Int { 7 }
    }

    @Test func resetMakesEveryKeyReadItsDefaultAndClearsLogicalCompletion() {
        var context = AnimationContext<Double>()
        context.state[Count.self] = 42
        context.isLogicallyComplete = true
        context.reset()
        #expect(context.state[Count.self] == 7)
        #expect(!context.isLogicallyComplete)
        context.state[Count.self] = 3
        #expect(context.state[Count.self] == 3)
    }

    @Test func aCopyMadeBeforeAResetKeepsItsValues() {
        var context = AnimationContext<Double>()
        context.state[Count.self] = 42
        var copy = context
        context.reset()
        context.state[Count.self] = 1
        #expect(copy.state[Count.self] == 42)
        copy.state[Count.self] = 2
        #expect(context.state[Count.self] == 1)
    }

    @Test func aSpringRunAgainInAResetContextMovesExactlyAsInANewOne() {
        let animation = Animation.bouncy
        var reused = AnimationContext<Double>()
        for _ in 0..<3 {
            reused.reset()
            var fresh = AnimationContext<Double>()
            for frame in 0...40 {
                let time = Double(frame) / 60
                #expect(
                    animation.animate(value: 10.0, time: time, context: &reused)
                        == animation.animate(value: 10.0, time: time, context: &fresh))
            }
        }
    }
}
