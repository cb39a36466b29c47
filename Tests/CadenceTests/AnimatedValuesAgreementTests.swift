@testable import Cadence
import CadenceExamples
import Testing

/// `AnimatedValues` against `AnimatedValue`: element i, given the same calls as a value whose presentation is read
/// after each of them, shows the same presentation and velocity bit for bit every frame, runs as many animations
/// and calls its completions in the same order, through starts, merges, combinations, jumps, tracked velocities,
/// environment changes, gaps and zero deltas.
struct AnimatedValuesAgreementTests {
    /// The client animations of the documentation's samples, by name.
    static let samples: [(name: String, animation: Animation)] = [
        ("ElasticEaseInEaseOutAnimation", .elasticEaseInEaseOut),
        ("PausableAnimation(.spring)", Animation(PausableAnimation(base: .spring))),
        ("PausableAnimation(.easeInOut)", Animation(PausableAnimation(base: .easeInOut))),
        (
            "TargetAnimation(.spring, .easeInOut)",
            Animation(TargetAnimation(base: .spring, secondary: .easeInOut(duration: 1)))
        ),
    ]

    /// A keyframe timeline on the test's value type, for the path kind.
    static let timeline = KeyframeTimeline(initialValue: SIMD2<Double>(0, 0)) {
        KeyframeTrack(\.x) {
            LinearKeyframe(60, duration: 0.3, timingCurve: .easeIn)
            CubicKeyframe(100, duration: 0.5)
        }
        KeyframeTrack(\.y) {
            CubicKeyframe(-50, duration: 0.4)
            SpringKeyframe(0, duration: 0.6, spring: .bouncy)
        }
    }

    /// The built-ins the finishing list leaves out: keyframes and decays.
    static let others: [(name: String, animation: Animation)] = [
        ("keyframes", .keyframes(timeline)),
        ("keyframes.speed(2)", .keyframes(timeline, startTime: 0.2).speed(2)),
        ("decay", .decay),
        ("decay(decelerationRate: 0.99)", .decay(decelerationRate: 0.99)),
    ]

    static let all = finishingBuiltInAnimations + others + samples

    @Test(arguments: all.indices)
    func elementsAgreeWithValues(_ index: Int) {
        let (name, animation) = Self.all[index]
        var run = AgreementRun(count: 16)
        run.check(name, animation: animation)
    }

    @Test func aRepeatingAnimationAgrees() {
        var run = AgreementRun(count: 16)
        run.check("easeInOut.repeatForever", animation: .easeInOut(duration: 0.3).repeatForever(), frames: 120)
    }

    /// Values started one at a time, a cohort each, under animations that alternate between equal ones made
    /// apart, other curves and springs: each cohort is evaluated with its own animation.
    @Test func valuesStartedOneAtATimeAgree() {
        var run = AgreementRun(count: 16)
        let animations: [Animation] = [
            .easeInOut, .easeInOut(duration: 0.35), .linear(duration: 0.5), .easeInOut, .spring, .snappy,
            .interpolatingSpring, .easeInOut(duration: 0.6),
        ]
        for step in 0..<200 {
            if step < 16 {
                run.set(step, to: run.target(step, round: 1), animation: animations[step % animations.count])
            }
            if step == 40 { run.set(0..<16, round: 2, animation: .easeInOut) }
            guard run.agrees("staggered", when: "after the changes") else { return }
            run.update(by: 1.0 / 60)
            guard run.agrees("staggered", when: "after the update") else { return }
        }
    }

    @Test func badInputChangesNothing() {
        let values = AnimatedValues([1.0, 2.0, Double.nan])
        #expect(values[2] == 0, "a NaN start is .zero, as AnimatedValue's")
        #expect(!values.set(.infinity, at: 0, animation: .spring))
        #expect(values.setAll(animation: .spring) { $0 == 1 ? .nan : Double($0) * 10 } == 2)
        #expect(values.target(at: 1) == 2)
        values.update(by: 0.1)
        let shown = Array(values)
        for delta: Double in [-1, .nan, .infinity, -.infinity] {
            values.update(by: delta)
            #expect(Array(values) == shown)
        }
        #expect(values.time == 0.1)
    }

    @Test func aSteadyCohortSharesOneClockAndRestsWhenDone() {
        let values = AnimatedValues(repeating: SIMD2<Double>(0, 0), count: 1_000)
        values.setAll(animation: .snappy) { SIMD2(Double($0), 1) }
        #expect(values.animatingCount == 1_000)
        var frames = 0
        while values.isAnimating && frames < 600 {
            values.update(by: 1.0 / 60)
            frames += 1
        }
        #expect(!values.isAnimating)
        #expect(values[999] == SIMD2(999, 1))
        #expect(values.velocity(at: 999) == .zero)
    }

    /// The flat path is the one taken: values set together move as one cohort, a merge keeps them together,
    /// a combination takes an element out into a state of its own and it comes back to the rows once at rest.
    @Test func valuesSetTogetherShareOneCohortAndCombinationsReturnToTheRows() {
        let values = AnimatedValues(repeating: SIMD2<Double>(0, 0), count: 100)
        let live = { values.storage.cohorts.filter { $0.isLive && $0.members > 0 }.count }
        values.setAll(animation: .spring) { SIMD2(Double($0), 50) }
        values.update(by: 1.0 / 60)
        #expect(live() == 1)
        values.setAll(animation: .spring) { SIMD2(Double($0), -50) }
        values.update(by: 1.0 / 60)
        #expect(live() == 1, "a merge of the whole cohort makes one new cohort")
        #expect(values.storage.alone.isEmpty)
        values.set(0..<10, animation: .easeInOut) { SIMD2(Double($0), 0) }
        values.update(by: 1.0 / 60)
        values.set(0..<10, animation: .easeInOut) { SIMD2(Double($0), 10) }
        #expect(values.activeAnimationCount(at: 0) == 3, "the curves are combined with the spring, in order")
        #expect(values.storage.alone.count == 10)
        for _ in 0..<120 { values.update(by: 1.0 / 60) }
        #expect(!values.isAnimating)
        #expect((0..<100).allSatisfy { values.storage.lanes[$0] == ValueRows<SIMD2<Double>>.resting })
        #expect(values.storage.freeAlone.count == 10, "every state of its own was given back")
    }

    @Test func appendedElementsStartAtRestAndAnimate() {
        let values = AnimatedValues([0.0])
        values.update(by: 0.5)
        let index = values.append(3)
        #expect(index == 1 && values.count == 2 && values[1] == 3)
        values.set(5, at: 1, animation: .linear(duration: 1))
        values.update(by: 0.5)
        #expect(values[1] == 4)
    }
}

/// One agreement run: `count` elements of `AnimatedValues` and as many `AnimatedValue`s, given the same calls.
struct AgreementRun {
    typealias Value = SIMD2<Double>
    let values: AnimatedValues<Value>
    let references: [AnimatedValue<Value>]
    /// What each side's completions reported.
    let log = CompletionLog()
    var frame = 0

    init(count: Int) {
        let starts = (0..<count).map { Value(Double($0) * 3, Double(-$0)) }
        values = AnimatedValues(starts)
        references = starts.map { AnimatedValue($0) }
    }

    /// Where element `index` is sent at change `round`.
    func target(_ index: Int, round: Int) -> Value {
        Value(Double(index * 10 + round * 37 % 90), Double(round * 23 % 50 - index))
    }

    /// Sets element `index` on both sides, with a completion labelled `label` if given.
    mutating func set(
        _ index: Int, to target: Value, animation: Animation?, label: String? = nil,
        criteria: AnimationCompletionCriteria = .logicallyComplete
    ) {
        let log = self.log
        if let label {
            values.set(target, at: index, animation: animation, completionCriteria: criteria) {
                log.record(element: index, label, reference: false)
            }
            references[index].set(target, animation: animation, completionCriteria: criteria) {
                log.record(element: index, label, reference: true)
            }
        } else {
            values.set(target, at: index, animation: animation)
            references[index].set(target, animation: animation)
        }
        _ = references[index].presentation
    }

    /// Sets a range on both sides, the collection through its range call.
    mutating func set(_ indices: Range<Int>, round: Int, animation: Animation?) {
        values.set(indices, animation: animation) { target($0, round: round) }
        for index in indices {
            references[index].set(target(index, round: round), animation: animation)
            _ = references[index].presentation
        }
    }

    mutating func track(_ index: Int, to value: Value, velocity: Value) {
        values.track(index, to: value, velocity: velocity)
        references[index].track(to: value, velocity: velocity)
        _ = references[index].presentation
    }

    mutating func update(by deltaTime: Double) {
        values.update(by: deltaTime)
        for reference in references { reference.update(by: deltaTime) }
        frame += 1
        log.frame = frame
    }

    mutating func setPaused(_ paused: Bool) {
        values.environment[PausableAnimation.PausedKey.self] = paused
        for reference in references { reference.environment[PausableAnimation.PausedKey.self] = paused }
    }

    /// Every element against its value; returns whether all agree (the first disagreement is recorded).
    func agrees(_ name: String, when: String) -> Bool {
        for index in references.indices {
            let reference = references[index]
            let same =
                values[index] == reference.presentation && values.velocity(at: index) == reference.velocity
                && values.isAnimating(at: index) == reference.isAnimating
                && values.activeAnimationCount(at: index) == reference.activeAnimationCount
                && values.target(at: index) == reference.target
            if !same {
                Issue.record(
                    """
                    \(name): element \(index) \(when) at frame \(frame): shows \(values[index]) at \
                    \(values.velocity(at: index)) (\(values.activeAnimationCount(at: index)) running), the value \
                    \(reference.presentation) at \(reference.velocity) (\(reference.activeAnimationCount) running)
                    """)
                return false
            }
        }
        return true
    }

    /// The schedule: starts, retargets that merge or combine, jumps, tracking, pauses, a gap, zero and odd deltas.
    mutating func check(_ name: String, animation: Animation, frames: Int = 260) {
        let count = references.count
        let deltas = [1.0 / 60, 1.0 / 60, 1.0 / 120, 1.0 / 144, 0, 1.0 / 60, 0.05, 1.0 / 60]
        for step in 0..<frames {
            switch step {
            case 0:
                set(0, to: target(0, round: 0), animation: animation, label: "first")
                set(1, to: target(1, round: 0), animation: animation, label: "second", criteria: .removed)
                set(2..<count, round: 0, animation: animation)
            case 9:
                // Mid-flight, the same animation again: ranges and single calls, merging or combining.
                set(0..<count / 2, round: 1, animation: animation)
                for index in stride(from: count / 2, to: count, by: 2) {
                    set(index, to: target(index, round: 1), animation: animation, label: "again")
                }
            case 20:
                set(3, to: target(3, round: 2), animation: nil, label: "jump")
                set(5, to: target(5, round: 2), animation: .easeInOut(duration: 0.4))
                set(6, to: target(6, round: 2), animation: .spring)
                set(9, to: target(9, round: 2), animation: .interpolatingSpring)
                track(7, to: target(7, round: 2), velocity: Value(300, -120))
            case 22:
                set(7, to: target(7, round: 3), animation: animation, label: "thrown")
                setPaused(true)
            case 30:
                set(2, to: target(2, round: 4), animation: animation, label: "removed", criteria: .removed)
                set(4..<12, round: 4, animation: .snappy)
                set(4..<8, round: 5, animation: animation)
            case 45:
                setPaused(false)
            case 60:
                set(0..<count, round: 6, animation: animation)
            case 100:
                // A gap of more than a second, then a change at once after it.
                update(by: 1.3)
                set(10..<count, round: 7, animation: animation)
            case 140:
                set(0..<count, round: 8, animation: .easeOut(duration: 0.3))
                set(0..<count, round: 9, animation: animation)
            default: break
            }
            guard agrees(name, when: "after the changes") else { return }
            update(by: deltas[step % deltas.count])
            guard agrees(name, when: "after the update") else { return }
        }
        for index in 0..<count {
            #expect(log.elements[index] == log.references[index], "\(name): element \(index)'s completions")
        }
    }
}

/// Completions reported by both sides, per element, each with the frame it was called in.
final class CompletionLog {
    var frame = 0
    var elements: [Int: [String]] = [:]
    var references: [Int: [String]] = [:]

    func record(element: Int, _ label: String, reference: Bool) {
        if reference {
            references[element, default: []].append("\(label)@\(frame)")
        } else {
            elements[element, default: []].append("\(label)@\(frame)")
        }
    }
}
