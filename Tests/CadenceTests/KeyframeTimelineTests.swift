import Cadence
import Testing

/// SwiftUI's documented `keyframeAnimator` example's values, minus the view (`angle` is a `Double` in
/// degrees: Cadence has no `Angle`).
private struct AnimationValues {
    var scale = 1.0
    var verticalStretch = 1.0
    var verticalTranslation = 0.0
    var angle = 0.0
}

/// SwiftUI's example timeline, as documented (the `Angle`s written as degrees).
private func documentedTimeline() -> KeyframeTimeline<AnimationValues> {
    KeyframeTimeline(initialValue: AnimationValues()) {
        KeyframeTrack(\.angle) {
            CubicKeyframe(0, duration: 0.58)
            CubicKeyframe(16, duration: 0.125)
            CubicKeyframe(-16, duration: 0.125)
            CubicKeyframe(16, duration: 0.125)
            CubicKeyframe(0, duration: 0.125)
        }

        KeyframeTrack(\.verticalStretch) {
            CubicKeyframe(1.0, duration: 0.1)
            CubicKeyframe(0.6, duration: 0.15)
            CubicKeyframe(1.5, duration: 0.1)
            CubicKeyframe(1.05, duration: 0.15)
            CubicKeyframe(1.0, duration: 0.88)
            CubicKeyframe(0.8, duration: 0.1)
            CubicKeyframe(1.04, duration: 0.4)
            CubicKeyframe(1.0, duration: 0.22)
        }

        KeyframeTrack(\.scale) {
            LinearKeyframe(1.0, duration: 0.36)
            SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
            SpringKeyframe(1.0, spring: .bouncy)
        }

        KeyframeTrack(\.verticalTranslation) {
            LinearKeyframe(0.0, duration: 0.1)
            SpringKeyframe(20.0, duration: 0.15, spring: .bouncy)
            SpringKeyframe(-60.0, duration: 1.0, spring: .bouncy)
            SpringKeyframe(0.0, spring: .bouncy)
        }
    }
}

@Suite struct KeyframeTimelineTests {
    @Test func documentedExamplePinsItsKeyframesAndSprings() {
        let timeline = documentedTimeline()
        let settle = Spring.bouncy.settlingDuration
        #expect(abs(timeline.duration - max(2.1, 0.36 + 0.8 + settle, 0.1 + 0.15 + 1.0 + settle)) < 1e-12)
        // Cubic keyframes reach their values exactly at their times.
        #expect(timeline.value(time: 0.58).angle == 0)
        #expect(abs(timeline.value(time: 0.705).angle - 16) < 1e-12)
        #expect(abs(timeline.value(time: 0.83).angle + 16) < 1e-12)
        #expect(abs(timeline.value(time: 0.25).verticalStretch - 0.6) < 1e-12)
        #expect(abs(timeline.value(time: 0.35).verticalStretch - 1.5) < 1e-12)
        // The angle track has ended at 1.08 s and holds its last value; the stretch track still runs.
        #expect(timeline.value(time: 1.5).angle == 0)
        #expect(timeline.velocity(time: 1.5).angle == 0)
        // Linear 1 → 1 holds 1; the spring cut off at 0.8 s hands its value on.
        #expect(timeline.value(time: 0.2).scale == 1)
        let cut = 1 + Spring.bouncy.value(target: 0.5, time: 0.8)
        #expect(abs(timeline.value(time: 1.16).scale - cut) < 1e-12)
        #expect(abs(timeline.value(time: 0.36 + 0.4).scale - (1 + Spring.bouncy.value(target: 0.5, time: 0.4))) < 1e-12)
        // The last spring starts with the cut-off spring's velocity.
        let handedVelocity = Spring.bouncy.velocity(target: 0.5, time: 0.8)
        #expect(abs(timeline.velocity(time: 1.16).scale - handedVelocity) < 1e-9)
        // Springs without a duration end settled, within the spring's epsilon of their value.
        let end = timeline.value(progress: 1)
        #expect(abs(end.scale - 1) < 1e-2)
        #expect(abs(end.verticalTranslation) < 1)
        #expect(end.verticalStretch == 1)
        // Time outside the timeline.
        #expect(timeline.value(time: -1).scale == 1)
        #expect(timeline.value(time: .nan).verticalTranslation == 0)
        #expect(timeline.value(time: .infinity).angle == 0)
        #expect(
            timeline.value(progress: 0.5).verticalStretch == timeline.value(time: timeline.duration / 2).verticalStretch
        )
        #expect(timeline.keyframeTimes.map(\.count) == [5, 8, 3, 4])
    }

    @Test func wholeValueKeyframesWithoutATrackAndMoves() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 1)
            MoveKeyframe(-5.0)
            LinearKeyframe(5.0, duration: 2, timingCurve: .easeIn)
        }
        #expect(timeline.duration == 3)
        #expect(timeline.value(time: 0.5) == 5)
        #expect(timeline.velocity(time: 0.5) == 10)
        #expect(abs(timeline.value(time: 1 - 1e-9) - 10) < 1e-6)
        #expect(timeline.value(time: 1) == -5)  // the move jumps at its time
        #expect(abs(timeline.value(time: 2) - (-5 + 10 * UnitCurve.easeIn.value(at: 0.5))) < 1e-12)
        #expect(timeline.value(time: 3) == 5)
    }

    @Test func adjacentCubicsFormACatmullRomSpline() {
        let timeline = KeyframeTimeline(initialValue: SIMD2<Double>(0, 0)) {
            KeyframeTrack {
                CubicKeyframe(SIMD2(1, 2), duration: 0.5)
                CubicKeyframe(SIMD2(3, -1), duration: 1.5)
                CubicKeyframe(SIMD2(0, 0), duration: 1)
            }
        }
        // Start and end at rest (unspecified), inner knots: (next − previous) / (their time apart).
        #expect(timeline.velocity(time: 0) == .zero)
        #expect(timeline.velocity(time: 3 - 1e-12).magnitudeSquared < 1e-18)
        let knot1 = (SIMD2<Double>(3, -1) - SIMD2(0, 0)) / 2.0
        let knot2 = (SIMD2<Double>(0, 0) - SIMD2(1, 2)) / 2.5
        #expect(distance(timeline.velocity(time: 0.5), knot1) < 1e-12)
        #expect(distance(timeline.velocity(time: 0.5 - 1e-9), knot1) < 1e-6)
        #expect(distance(timeline.velocity(time: 2), knot2) < 1e-12)
        #expect(distance(timeline.value(time: 2), SIMD2(3, -1)) < 1e-12)
    }

    @Test func cubicJoinsTakeTheNeighboursVelocityAndSpecifiedVelocitiesWin() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack {
                LinearKeyframe(2.0, duration: 1)  // velocity 2
                CubicKeyframe(3.0, duration: 1)  // starts at 2, ends at the linear's 4
                LinearKeyframe(7.0, duration: 1)  // velocity 4
                CubicKeyframe(6.0, duration: 1, endVelocity: -3)
                CubicKeyframe(2.0, duration: 1)  // starts with the specified −3
            }
        }
        #expect(abs(timeline.velocity(time: 1) - 2) < 1e-12)
        #expect(abs(timeline.velocity(time: 2 - 1e-9) - 4) < 1e-6)
        #expect(abs(timeline.velocity(time: 4 - 1e-9) + 3) < 1e-6)
        #expect(abs(timeline.velocity(time: 4) + 3) < 1e-12)
    }

    @Test func tracksOfDifferentLengthsHoldAndTheLongestSetsTheDuration() {
        let timeline = KeyframeTimeline(initialValue: SIMD2<Double>(1, 1)) {
            KeyframeTrack(\.x) { LinearKeyframe(3, duration: 0.5) }
            KeyframeTrack(\.y) { LinearKeyframe(5, duration: 2) }
        }
        #expect(timeline.duration == 2)
        #expect(timeline.trackDurations == [0.5, 2])
        #expect(timeline.value(time: 1) == SIMD2(3, 3))
        #expect(timeline.velocity(time: 1) == SIMD2(0, 2))
    }

    @Test func badInputIsMadeSafe() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(1.0, duration: .nan)  // a jump
            LinearKeyframe(2.0, duration: -1)  // a jump
            CubicKeyframe(.nan, duration: 1)  // skipped
            CubicKeyframe(3.0, duration: 1, startVelocity: .infinity)  // velocity unspecified
            LinearKeyframe(4.0, duration: .infinity)  // a jump
        }
        #expect(timeline.duration == 1)
        #expect(timeline.value(time: 0) == 2)
        #expect(timeline.velocity(time: 0) == 0)
        #expect(timeline.value(time: 1) == 4)
        #expect(timeline.value(progress: .nan) == 2)  // NaN reads as 0, after the jumps at 0
        #expect(timeline.value(progress: 7) == 4)
        let empty = KeyframeTimeline(initialValue: 9.0) {}
        #expect(empty.duration == 0 && empty.value(time: 1) == 9 && empty.velocity(time: 0) == 0)
    }

    @Test func theReadmeExampleRunsAndEveryTrackTypeAgrees() {
        struct Values { var scale = 1.0; var stretch = 1.0; var offset = SIMD2<Double>(0, 0) }
        let timeline = KeyframeTimeline(initialValue: Values()) {
            KeyframeTrack(\.scale) {
                LinearKeyframe(1.0, duration: 0.36)
                SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
                SpringKeyframe(1.0, spring: .bouncy)
            }
            KeyframeTrack(\.offset) {
                CubicKeyframe(SIMD2(0, -60), duration: 0.4)
                CubicKeyframe(SIMD2(0, 0), duration: 0.4)
                MoveKeyframe(SIMD2(0, 20))
            }
        }
        #expect(timeline.value(time: 0.4).offset == SIMD2(0, -60))
        #expect(timeline.value(time: 0.8).offset == SIMD2(0, 20))
        #expect(timeline.value(time: 0.8 - 1e-12).offset.y.magnitude < 1e-6)

        // The same keyframes on Double, Float, SIMD2 and AnimatablePair (the unspecialised track) agree.
        func keyframes<V: VectorArithmetic>(_ make: (Double) -> V) -> KeyframeTimeline<V> {
            KeyframeTimeline(initialValue: make(0)) {
                LinearKeyframe(make(2), duration: 0.5, timingCurve: .easeInOut)
                CubicKeyframe(make(-1), duration: 0.5)
                SpringKeyframe(make(3), duration: 0.6, spring: .snappy)
                CubicKeyframe(make(1), duration: 0.4)
            }
        }
        let double = keyframes { $0 }
        let float = keyframes { Float($0) }
        let vector = keyframes { SIMD2($0, -$0) }
        let pair = keyframes { AnimatablePair($0, 2 * $0) }
        for step in 0...40 {
            let t = Double(step) * 0.05
            let expected = double.value(time: t), slope = double.velocity(time: t)
            #expect(abs(Double(float.value(time: t)) - expected) < 1e-5)
            #expect(vector.value(time: t) == SIMD2(expected, -expected))
            #expect(
                abs(pair.value(time: t).first - expected) < 1e-12
                    && abs(pair.value(time: t).second - 2 * expected) < 1e-12)
            #expect(abs(pair.velocity(time: t).second - 2 * slope) < 1e-9)
        }
    }

    // MARK: - Properties

    private enum Step {
        case linear(Double, Double), cubic(Double, Double), spring(Double, Double?)
    }

    private func randomSteps(_ generator: inout Xorshift64Star) -> [Step] {
        (0..<Int.random(in: 2...8, using: &generator)).map { _ in
            let to = Double.random(in: -100...100, using: &generator)
            let duration = Double.random(in: 0.05...1.5, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: return .linear(to, duration)
            case 1: return .spring(to, Bool.random(using: &generator) ? duration : nil)
            default: return .cubic(to, duration)
            }
        }
    }

    private func timeline(_ steps: [Step]) -> KeyframeTimeline<Double> {
        KeyframeTimeline(initialValue: 0.0) {
            for step in steps {
                switch step {
                case .linear(let to, let duration): LinearKeyframe(to, duration: duration, timingCurve: .easeInOut)
                case .cubic(let to, let duration): CubicKeyframe(to, duration: duration)
                case .spring(let to, let duration): SpringKeyframe(to, duration: duration, spring: .bouncy)
                }
            }
        }
    }

    @Test func positionIsContinuousEverywhereAndVelocityIsItsDerivative() {
        var generator = Xorshift64Star(seed: 16)
        for _ in 0..<200 {
            let steps = randomSteps(&generator)
            let path = timeline(steps)
            for _ in 0..<50 {
                let t = Double.random(in: 0...path.duration, using: &generator)
                let h = 1e-6
                let left = path.value(time: t - h), right = path.value(time: t + h)
                #expect(abs(right - left) < 1e-2, "jump at \(t) in \(steps)")
                if t > h, t + h < path.duration {
                    let numeric = (right - left) / (2 * h)
                    let exact = path.velocity(time: t)
                    // Away from joins the derivative matches; at a join the two sides may differ only
                    // for a linear (ease) or spring segment, never at a cubic one (tested below).
                    let joins = path.keyframeTimes[0]
                    if !joins.contains(where: { abs($0 - t) < 2 * h }) {
                        #expect(abs(numeric - exact) < 1e-3 * max(1, abs(exact)), "velocity at \(t) in \(steps)")
                    }
                }
            }
        }
    }

    @Test func velocityIsContinuousAtEveryCubicJoin() {
        var generator = Xorshift64Star(seed: 61)
        var joinsChecked = 0
        for _ in 0..<300 {
            let steps = randomSteps(&generator)
            let path = timeline(steps)
            let ends = path.keyframeTimes[0]
            for index in 0..<(steps.count - 1) {
                let isCubic = { (step: Step) -> Bool in if case .cubic = step { true } else { false } }
                guard isCubic(steps[index]) || isCubic(steps[index + 1]) else { continue }
                let t = ends[index]
                // The left limit, extrapolated linearly from two points just before the join (a one-sided
                // difference alone is off by acceleration × step, large for short keyframes).
                let h = 1e-7
                let before = 2 * path.velocity(time: t - h) - path.velocity(time: t - 2 * h)
                let after = path.velocity(time: t)
                #expect(abs(after - before) < 1e-5 * max(1, abs(after)), "join \(index) at \(t) in \(steps)")
                joinsChecked += 1
            }
        }
        #expect(joinsChecked > 500)
    }
}

/// Keyframes grouped in a type of one's own, as in SwiftUI: read through their `body`.
private struct Bounce: KeyframeTrackContent {
    var height: Double
    var body: some KeyframeTrackContent<Double> {
        LinearKeyframe(height, duration: 0.2, timingCurve: .easeOut)
        SpringKeyframe(0.0, duration: 0.6, spring: .bouncy)
    }
}

/// Tracks grouped in a type of one's own, holding content of one's own.
private struct Squash: Keyframes {
    var body: some Keyframes<AnimationValues> {
        KeyframeTrack(\.verticalTranslation) {
            Bounce(height: -40)
            Bounce(height: -10)
        }
        KeyframeTrack(\.verticalStretch) {
            CubicKeyframe(0.8, duration: 0.3)
            CubicKeyframe(1.0, duration: 0.5)
        }
    }
}

@Suite struct KeyframeContentOfYourOwnTests {
    @Test func contentOfYourOwnPlaysItsBodysKeyframes() {
        let own = KeyframeTimeline(initialValue: AnimationValues()) {
            Squash()
            KeyframeTrack(\.scale) { Bounce(height: 2) }
        }
        let inline = KeyframeTimeline(initialValue: AnimationValues()) {
            KeyframeTrack(\.verticalTranslation) {
                LinearKeyframe(-40.0, duration: 0.2, timingCurve: .easeOut)
                SpringKeyframe(0.0, duration: 0.6, spring: .bouncy)
                LinearKeyframe(-10.0, duration: 0.2, timingCurve: .easeOut)
                SpringKeyframe(0.0, duration: 0.6, spring: .bouncy)
            }
            KeyframeTrack(\.verticalStretch) {
                CubicKeyframe(0.8, duration: 0.3)
                CubicKeyframe(1.0, duration: 0.5)
            }
            KeyframeTrack(\.scale) {
                LinearKeyframe(2.0, duration: 0.2, timingCurve: .easeOut)
                SpringKeyframe(0.0, duration: 0.6, spring: .bouncy)
            }
        }
        #expect(own.duration == 1.6 && inline.duration == 1.6)
        for step in 0...160 {
            let time = Double(step) / 100
            let (a, b) = (own.value(time: time), inline.value(time: time))
            #expect(a.verticalTranslation == b.verticalTranslation, "at \(time)")
            #expect(a.verticalStretch == b.verticalStretch && a.scale == b.scale, "at \(time)")
        }
        #expect(own.value(time: 0.2).verticalTranslation == -40)
        #expect(own.value(time: 1.0).verticalTranslation == -10)
    }

    @Test func aKeyframeIsItsOwnBodyAndATrackIsAListOfItself() {
        let keyframe = LinearKeyframe(3.0, duration: 1)
        #expect(keyframe.body.to == 3 && keyframe.body.duration == 1)
        let track = KeyframeTrack(\AnimationValues.scale) { LinearKeyframe(3.0, duration: 1) }
        let timeline = KeyframeTimeline(initialValue: AnimationValues()) { track.body }
        #expect(timeline.duration == 1 && timeline.value(time: 0.5).scale == 2)
    }
}
