import Testing
import Cadence

struct AnimatedValueCompletionTests {
    /// Runs `value` at 60 Hz until it rests (at most `limit` seconds); returns the time it took.
    @discardableResult
    func runToRest<V>(_ value: AnimatedValue<V>, limit: Double = 10, onFrame: (Double) -> Void = { _ in }) -> Double {
        var time = 0.0
        while value.isAnimating && time < limit {
            value.update(by: 1.0 / 60)
            time += 1.0 / 60
            onFrame(time)
        }
        return time
    }

    @Test func aSpringIsLogicallyCompleteAfterItsResponseAndRemovedOnceSettled() {
        let recorder = CompletionRecorder()
        let value = AnimatedValue(0.0)
        value.set(100, animation: .smooth, completion: recorder.completion("logical"))
        value.set(100, animation: .smooth, completionCriteria: .removed, completion: recorder.completion("removed"))
        var logicalTime: Double?
        var removedTime: Double?
        runToRest(value) { time in
            if logicalTime == nil, recorder.count("logical") == 1 { logicalTime = time }
            if removedTime == nil, recorder.count("removed") == 1 { removedTime = time }
        }
        #expect(recorder.calls == ["logical", "removed"])
        // Logical completion on the first frame at or after the response (0.5 s; frames sum 1/60 inexactly).
        #expect(abs(logicalTime! - 0.5) < 1.5 / 60)
        #expect(removedTime! > logicalTime! + 0.2)
    }

    @Test func aTimingCurveCompletesBothWaysWhenItIsRemoved() {
        let recorder = CompletionRecorder()
        let value = AnimatedValue(0.0)
        value.set(
            1, animation: .linear(duration: 0.5), completionCriteria: .removed,
            completion: recorder.completion("removed"))
        value.set(1, animation: .easeOut(duration: 0.2), completion: recorder.completion("logical"))
        value.update(by: 0.1)
        value.update(by: 0.1)  // 0.2 s exactly: the ease-out shows its end but has not finished
        #expect(recorder.calls.isEmpty)
        value.update(by: 0.05)
        // The later, shorter entry finished: the whole combination is removed, in the order added.
        #expect(recorder.calls == ["removed", "logical"])
        runToRest(value)
        #expect(recorder.calls.count == 2)
    }

    /// A merged spring's completions follow the spring that continues its motion: logical completion
    /// restarts with the merge (0.2 s + 0.5 s), and each fires once.
    @Test func completionsOfAMergedSpringFollowTheMergedSpring() {
        let recorder = CompletionRecorder()
        let value = AnimatedValue(0.0)
        value.set(50, animation: .smooth, completion: recorder.completion("a.logical"))
        value.set(50, animation: .smooth, completionCriteria: .removed, completion: recorder.completion("a.removed"))
        for _ in 0..<12 { value.update(by: 1.0 / 60) }
        value.set(-50, animation: .snappy, completion: recorder.completion("b.logical"))
        value.set(-50, animation: .snappy, completionCriteria: .removed, completion: recorder.completion("b.removed"))
        #expect(value.activeAnimationCount == 1)
        var logicalTime: Double?
        runToRest(value) { time in
            if logicalTime == nil, recorder.count("a.logical") == 1 { logicalTime = time }
        }
        #expect(abs(logicalTime! - 0.5) < 1.5 / 60, "0.5 s after the last merge")
        #expect(recorder.calls == ["a.logical", "b.logical", "a.removed", "b.removed"])
    }

    @Test func aLogicalCompletionAlreadyCalledIsNotCalledAgainAfterAMerge() {
        let recorder = CompletionRecorder()
        let value = AnimatedValue(0.0)
        value.set(50, animation: .smooth, completion: recorder.completion("a"))
        for _ in 0..<36 { value.update(by: 1.0 / 60) }
        #expect(recorder.calls == ["a"])
        value.set(0, animation: .smooth, completion: recorder.completion("b"))
        runToRest(value)
        #expect(recorder.calls == ["a", "b"])
    }

    @Test func completionsOfACombinationFollowASpringThatTakesItOver() {
        let recorder = CompletionRecorder()
        let value = AnimatedValue(0.0)
        value.set(
            10, animation: .linear(duration: 1), completionCriteria: .removed, completion: recorder.completion("linear")
        )
        value.update(by: 0.2)
        value.set(20, animation: .easeIn(duration: 1), completion: recorder.completion("easeIn"))
        value.update(by: 0.2)
        value.set(0, animation: .spring, completionCriteria: .removed, completion: recorder.completion("spring"))
        #expect(recorder.calls.isEmpty)
        runToRest(value)
        #expect(recorder.calls == ["easeIn", "linear", "spring"])
    }

    @Test func settingWithoutAnimationCompletesEverythingAtOnce() {
        let recorder = CompletionRecorder()
        let value = AnimatedValue(0.0)
        value.set(
            10, animation: .linear(duration: 1), completionCriteria: .removed, completion: recorder.completion("linear")
        )
        value.update(by: 0.2)
        value.set(20, animation: .easeIn(duration: 1), completion: recorder.completion("easeIn"))
        value.set(3, animation: nil, completion: recorder.completion("jump"))
        #expect(recorder.calls == ["linear", "easeIn", "jump"])
        value.update(by: 1)
        #expect(recorder.calls.count == 3)
    }

    @Test func aCompletionMaySetTheValueAgain() {
        let value = AnimatedValue(0.0)
        var rounds = 0
        func bounce() {
            rounds += 1
            guard rounds < 3 else { return }
            value.set(value.target == 0 ? 1 : 0, animation: .easeInOut(duration: 0.1), completion: bounce)
        }
        value.set(1, animation: .easeInOut(duration: 0.1), completion: bounce)
        runToRest(value)
        #expect(rounds == 3)
        #expect(value.presentation == 1)
    }

    @Test func completionsAreNotCalledAfterTheValueIsGone() {
        let recorder = CompletionRecorder()
        var value: AnimatedValue<Double>? = AnimatedValue(0.0)
        value!.set(1, animation: .smooth, completion: recorder.completion("gone"))
        value!.update(by: 0.1)
        value = nil
        #expect(recorder.calls.isEmpty)
    }

    /// Random sequences of animated and unanimated changes, each with a completion of a random
    /// criterion: every completion is called exactly once by the time the value rests.
    @Test func everyCompletionIsCalledExactlyOnce() {
        var generator = Xorshift64Star(seed: 44)
        for trial in 0..<200 {
            let recorder = CompletionRecorder()
            let value = AnimatedValue(SIMD2<Double>(0, 0))
            let changes = Int.random(in: 1...12, using: &generator)
            for change in 0..<changes {
                let animation: Animation? =
                    switch Int.random(in: 0..<5, using: &generator) {
                    case 0: nil
                    case 1, 2: randomMergingSpring(using: &generator)
                    default: randomCombiningAnimation(using: &generator)
                    }
                let criteria: AnimationCompletionCriteria =
                    Bool.random(using: &generator) ? .removed : .logicallyComplete
                value.set(
                    .random(scale: 100, using: &generator), animation: animation, completionCriteria: criteria,
                    completion: recorder.completion("\(change)"))
                for _ in 0..<Int.random(in: 0...30, using: &generator) { value.update(by: 1.0 / 60) }
            }
            runToRest(value, limit: 30)
            #expect(!value.isAnimating, "trial \(trial)")
            for change in 0..<changes {
                #expect(recorder.count("\(change)") == 1, "trial \(trial), change \(change)")
            }
        }
    }
}
