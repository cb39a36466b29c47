import Testing
import Cadence

/// The transaction layer's rules: which animation a `set(_:)` takes, and when completions are called.
struct TransactionTests {
    /// A linear animation lasting `duration`: its presentation at t is exactly `t / duration` of the way.
    func linear(_ duration: Double) -> Animation { .linear(duration: duration) }

    /// Counts calls, for completions.
    final class Counter {
        var count = 0
        var log: [String] = []
        func callAsFunction(_ name: String = "") {
            count += 1
            log.append(name)
        }
    }

    @Test func aChangeOutsideAnyTransactionJumps() {
        let value = AnimatedValue(0.0)
        #expect(value.set(10))
        #expect(!value.isAnimating)
        #expect(value.presentation == 10)
    }

    @Test func aChangeInsideWithAnimationTakesItsAnimation() {
        let value = AnimatedValue(0.0)
        withAnimation(linear(1)) { value.set(10) }
        #expect(value.isAnimating)
        value.update(by: 0.25)
        #expect(abs(value.presentation - 2.5) < 1e-9)
    }

    @Test func aTransactionWithoutAnimationJumps() {
        let value = AnimatedValue(0.0)
        withAnimation(nil) { value.set(10) }
        #expect(!value.isAnimating && value.presentation == 10)
        withTransaction(Transaction()) { value.set(20) }
        #expect(!value.isAnimating && value.presentation == 20)
    }

    @Test func withAnimationDefaultsToDefaultWhichMovesLikeSpring() {
        let a = AnimatedValue(0.0), b = AnimatedValue(0.0)
        withAnimation { a.set(1) }
        b.set(1, animation: .spring)
        for _ in 0..<20 {
            a.update(by: 1.0 / 60)
            b.update(by: 1.0 / 60)
            #expect(a.presentation == b.presentation)
            #expect(a.velocity == b.velocity)
        }
        // It merges with a running spring, as a spring does: one animation, no jump.
        let before = a.presentation
        withAnimation(.spring) { a.set(2) }
        #expect(a.activeAnimationCount == 1)
        #expect(a.presentation == before)
    }

    @Test func oneCompletionForTwoValues() {
        let x = AnimatedValue(0.0), y = AnimatedValue(0.0)
        let done = Counter()
        withAnimation(linear(1)) {
            x.set(100)
            y.set(50)
        } completion: {
            done()
        }
        #expect(done.count == 0)
        // A timing curve ends after its duration: at t = 1 it shows the target, and is removed past it.
        x.update(by: 1.001)
        #expect(!x.isAnimating)
        #expect(done.count == 0, "y has not completed yet")
        y.update(by: 0.5)
        #expect(done.count == 0)
        y.update(by: 0.501)
        #expect(done.count == 1)
        x.update(by: 1); y.update(by: 1)
        #expect(done.count == 1)
    }

    @Test func aCompletionWithNothingChangedIsCalledWhenTheClosureReturns() {
        let done = Counter()
        withAnimation(.spring) {
        } completion: {
            done()
        }
        #expect(done.count == 1)
        let value = AnimatedValue(0.0)
        withAnimation(nil) {
            value.set(1)
        } completion: {
            done()
        }
        #expect(done.count == 2, "a jump completes at once")
    }

    @Test func oneCallPerCriterion() {
        let value = AnimatedValue(0.0), other = AnimatedValue(0.0)
        let done = Counter()
        var transaction = Transaction(animation: .spring(response: 0.5, dampingFraction: 1))
        transaction.addAnimationCompletion(criteria: .logicallyComplete) { done("logical") }
        transaction.addAnimationCompletion(criteria: .removed) { done("removed") }
        withTransaction(transaction) {
            value.set(1)
            other.set(1)
        }
        var time = 0.0
        var logicalAt: Double?
        while value.isAnimating || other.isAnimating {
            value.update(by: 1.0 / 60)
            other.update(by: 1.0 / 60)
            time += 1.0 / 60
            if logicalAt == nil && done.log.contains("logical") { logicalAt = time }
        }
        #expect(done.log == ["logical", "removed"])
        #expect(logicalAt.map { abs($0 - 0.5) < 1.0 / 60 + 1e-9 } == true, "logically complete after the response")
    }

    @Test func nestedCallsTheInnermostWins() {
        let a = AnimatedValue(0.0), b = AnimatedValue(0.0), c = AnimatedValue(0.0)
        let outer = Counter(), inner = Counter()
        withAnimation(linear(1)) {
            a.set(1)
            withAnimation(linear(2)) {
                b.set(1)
            } completion: {
                inner()
            }
            c.set(1)
        } completion: {
            outer()
        }
        for v in [a, b, c] { v.update(by: 1.001) }
        #expect(a.presentation == 1 && c.presentation == 1)
        #expect(abs(b.presentation - 0.5005) < 1e-9, "b took the inner animation")
        #expect(outer.count == 1, "the outer completion waits for a and c only")
        #expect(inner.count == 0)
        b.update(by: 1)
        #expect(inner.count == 1 && outer.count == 1)
    }

    struct Failure: Error {}

    @Test func aThrowingBodyRethrowsAndKeepsItsChanges() {
        let value = AnimatedValue(0.0)
        let done = Counter()
        #expect(throws: Failure.self) {
            try withAnimation(linear(1)) {
                value.set(1)
                throw Failure()
            } completion: {
                done()
            }
        }
        #expect(value.isAnimating)
        value.update(by: 1.001)
        #expect(done.count == 1)
        // The ambient transaction ended with the throw.
        value.set(5)
        #expect(!value.isAnimating)
        let result = try? withTransaction(\.animation, linear(1)) { () throws -> Int in 42 }
        #expect(result == 42)
    }

    @Test func implicitAnimationReplacesTheTransactionsUnlessDisabled() {
        let value = AnimatedValue(0.0)
        value.implicitAnimation = linear(2)
        // Outside any transaction the implicit animation animates.
        value.set(1)
        value.update(by: 1)
        #expect(abs(value.presentation - 0.5) < 1e-9)
        value.update(by: 1)
        // Inside one, it replaces the transaction's animation.
        withAnimation(linear(1)) { value.set(2) }
        value.update(by: 1)
        #expect(abs(value.presentation - 1.5) < 1e-9)
        value.update(by: 1)
        // disablesAnimations keeps the transaction's animation.
        var transaction = Transaction(animation: linear(1))
        transaction.disablesAnimations = true
        withTransaction(transaction) { value.set(3) }
        value.update(by: 0.5)
        #expect(abs(value.presentation - 2.5) < 1e-9)
        value.update(by: 0.5)
        // And a transaction without animation that disables animations jumps.
        withTransaction(\.disablesAnimations, true) { value.set(4) }
        #expect(!value.isAnimating && value.presentation == 4)
    }

    @Test func theKeyPathFormStartsFromTheAmbientTransactionAndCountsForItsCompletion() {
        let value = AnimatedValue(0.0)
        value.implicitAnimation = linear(4)
        let done = Counter()
        withAnimation(linear(1)) {
            withTransaction(\.disablesAnimations, true) { value.set(1) }
        } completion: {
            done()
        }
        value.update(by: 0.5)
        #expect(abs(value.presentation - 0.5) < 1e-9, "the outer animation, not the implicit one")
        #expect(done.count == 0)
        value.update(by: 0.501)
        #expect(done.count == 1)
    }

    @Test func anExplicitAnimationIgnoresTheTransaction() {
        let value = AnimatedValue(0.0)
        let done = Counter()
        withAnimation(linear(1)) {
            value.set(1, animation: nil)
        } completion: {
            done()
        }
        #expect(done.count == 1, "the explicit change does not count")
        #expect(!value.isAnimating)
    }

    @Test func aRefusedTargetDoesNotCount() {
        let value = AnimatedValue(0.0)
        let done = Counter()
        withAnimation(linear(1)) {
            #expect(!value.set(.nan))
        } completion: {
            done()
        }
        #expect(done.count == 1)
        #expect(value.presentation == 0)
    }

    private struct DraggingKey: TransactionKey {
        static let defaultValue = false
    }

    @Test func transactionPropertiesAndKeys() {
        var transaction = Transaction()
        #expect(transaction.animation == nil)
        #expect(!transaction.disablesAnimations && !transaction.isContinuous && !transaction.tracksVelocity)
        #expect(!transaction[DraggingKey.self])
        transaction[DraggingKey.self] = true
        transaction.isContinuous = true
        transaction.tracksVelocity = true
        #expect(transaction[DraggingKey.self] && transaction.isContinuous && transaction.tracksVelocity)
        #expect(Transaction(animation: .easeIn).animation == .easeIn)
    }

    @Test func concurrentTasksEachSeeTheirOwnTransaction() async {
        // Eight tasks on the global executor (2 threads here) run withAnimation with different durations
        // at the same time; each value takes its own task's animation, and a task outside any jumps.
        let results = await withTaskGroup(of: (Int, Bool).self) { group in
            for index in 0..<8 {
                group.addTask {
                    let value = AnimatedValue(0.0)
                    var ok = true
                    for round in 0..<200 {
                        let target = Double(round + 1)
                        if index == 0 {
                            value.set(target)
                            ok = ok && !value.isAnimating
                        } else {
                            let duration = Double(index)
                            withAnimation(.linear(duration: duration)) { value.set(target) }
                            value.update(by: duration / 2)
                            ok = ok && value.isAnimating
                            value.update(by: duration / 2)
                            ok = ok && value.presentation == target
                        }
                    }
                    return (index, ok)
                }
            }
            var all: [Int: Bool] = [:]
            for await (index, ok) in group { all[index] = ok }
            return all
        }
        #expect(results.count == 8)
        #expect(results.values.allSatisfy { $0 })
    }

    @Test func childTasksInheritTheTransactionDetachedOnesDoNot() async {
        let (child, detached) = withAnimation(linear(1)) {
            let child = Task { () -> Bool in
                let value = AnimatedValue(0.0)
                value.set(1)
                return value.isAnimating
            }
            let detached = Task.detached { () -> Bool in
                let value = AnimatedValue(0.0)
                value.set(1)
                return value.isAnimating
            }
            return (child, detached)
        }
        #expect(await child.value)
        #expect(await !detached.value)
    }

    @Test func aCompletionFiresOnceEvenIfAValueChangesAfterIt() async {
        // A `Task` made in the closure may change a value after the completion has been called: it takes
        // the animation, but the completion is not called again.
        let done = Counter()
        let task = withAnimation(linear(1)) {
            Task { () -> Bool in
                let value = AnimatedValue(0.0)
                value.set(1)
                value.update(by: 1)
                return value.presentation == 1
            }
        } completion: {
            done()
        }
        #expect(await task.value)
        #expect(done.count == 1)
    }
}
