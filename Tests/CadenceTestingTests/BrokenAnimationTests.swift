import Cadence
import CadenceTesting
import Testing

// Animations broken on purpose, one law each: the checker must name the law each one breaks, and only it.

/// Linear over one second, but reporting twice its true velocity.
private struct DoubleVelocity: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time >= 1 ? nil : value.scaled(by: time)
    }
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        value.scaled(by: 2)
    }
}

/// How far `PerCallStep` has gone, in calls.
private struct CallCount: AnimationStateKey {
    var calls = 0
    static var defaultValue: Self { .init() }
}

/// Moves a sixtieth of the way on every call, whatever the time: right at 60 Hz only.
private struct PerCallStep: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        let calls = context.state[CallCount.self].calls
        context.state[CallCount.self].calls = calls + 1
        return calls >= 60 ? nil : value.scaled(by: Double(calls) / 60)
    }
}

/// Linear over one second, with a hole of NaN between 0.3 s and 0.35 s.
private struct NaNHole: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        if time >= 1 { return nil }
        return time > 0.3 && time < 0.35 ? value.scaled(by: .nan) : value.scaled(by: time)
    }
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        value
    }
}

/// An ease-in over one second that merges with itself but keeps nothing of the running motion: after a
/// retarget it restarts its curve across the whole new interval from the old begin time, so the value jumps.
private struct JumpingMerge: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time >= 1 ? nil : value.scaled(by: time * time)
    }
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        value.scaled(by: 2 * time)
    }
    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        previous.base is Self
    }
}

/// Approaches its target for ever and never says it has finished.
private struct NeverFinishes: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        value.scaled(by: 1 - 1 / (1 + time))
    }
}

/// Linear, but it gives up nine tenths of the way.
private struct StopsShort: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time >= 0.9 ? nil : value.scaled(by: time)
    }
}

struct BrokenAnimationTests {
    /// Each broken animation fails exactly the law it breaks, with a message that names it.
    @Test(arguments: [
        ("velocity 2× the truth", Animation(DoubleVelocity()), AnimationLaw.velocity),
        ("a per-call step", Animation(PerCallStep()), .frameRateIndependence),
        ("a NaN hole", Animation(NaNHole()), .finite),
        ("a merge that jumps", Animation(JumpingMerge()), .merging),
        ("never finishes", Animation(NeverFinishes()), .completion),
        ("stops short", Animation(StopsShort()), .end),
    ])
    func aBrokenAnimationFailsTheLawItBreaks(name: String, animation: Animation, law: AnimationLaw) {
        for violations in [
            animationLawViolations(animation, from: 0.0, to: 100.0, timeLimit: 3),
            animationLawViolations(animation, from: SIMD2(10, 20), to: SIMD2(-300, 140), timeLimit: 3),
        ] {
            #expect(violations.map(\.law) == [law], "\(name)")
            #expect(violations.first?.description.hasPrefix("\(law) law broken") == true, "\(name)")
        }
    }

    @Test func theMessagesNameTheLawTheTimeAndTheValues() throws {
        let violation = try #require(animationLawViolations(Animation(DoubleVelocity()), from: 0.0, to: 100.0).first)
        #expect(violation.law == .velocity)
        #expect(violation.time == 1.0 / 1_440)
        #expect(
            violation.description
                == "velocity law broken at t = 0.000694444 s: it reports a velocity of 200, but its values change at "
                + "100 per second there (off by 100, more than 0.02 of its peak speed 100)")
        let hole = try #require(animationLawViolations(Animation(NaNHole()), from: 0.0, to: 100.0).first)
        #expect(hole.description.hasPrefix("finite law broken at t = 0.300694 s: animate returned nan at 1440 Hz"))
    }

    @Test func checkAnimationRecordsOneIssuePerBrokenLaw() {
        var recorded: [AnimationLawViolation] = []
        withKnownIssue {
            recorded = checkAnimation(Animation(StopsShort()), from: 0.0, to: 100.0)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("end law broken at t = 0.9 s: its last value, 90, is 10 from to (100)")
            }
        }
        #expect(recorded.map(\.law) == [.end])
    }

    @Test func anEndlessAnimationSaidToFinishIsReportedAtTheLimitNotWaitedOn() {
        let violations = animationLawViolations(Animation.linear.repeatForever(), from: 0.0, to: 1.0, timeLimit: 2)
        #expect(violations.map(\.law) == [.completion])
        #expect(abs((violations.first?.time ?? 0) - 2) < 1e-9)
        let saidForever = animationLawViolations(Animation.easeIn, from: 0.0, to: 1.0, runsForever: true)
        #expect(saidForever.map(\.law) == [.completion])
    }

    @Test(arguments: [
        (Double.nan, 1.0, "must be finite"), (0.0, .infinity, "must be finite"), (3.0, 3.0, "the interval is empty"),
    ])
    func unusableInputIsReportedNotTrapped(from: Double, to: Double, says: String) {
        let violations = animationLawViolations(Animation.easeIn, from: from, to: to)
        #expect(violations.map(\.law) == [.input])
        #expect(violations.first?.details.contains(says) == true)
    }

    @Test func unusableParametersAreReported() {
        for violations in [
            animationLawViolations(Animation.easeIn, from: 0.0, to: 1.0, tolerance: .nan),
            animationLawViolations(Animation.easeIn, from: 0.0, to: 1.0, velocityTolerance: -1),
            animationLawViolations(Animation.easeIn, from: 0.0, to: 1.0, timeLimit: .infinity),
            animationLawViolations(Animation.easeIn, from: 0.0, to: 1.0, timeLimit: 0),
        ] {
            #expect(violations.map(\.law) == [.input])
        }
    }
}
