import Testing
import Cadence

/// The runtime's fidelity fixes and the properties of the one evaluation mechanism: SwiftUI's spellings,
/// curve velocities at their ends, frame-rate independence, and springs that never diverge.
struct RuntimeMechanismTests {
    // MARK: - Spellings

    @Test func springAndInteractiveSpringWithNoArgumentsMeanTheDurationForms() {
        #expect(Animation.spring() == .spring(duration: 0.5, bounce: 0, blendDuration: 0))
        #expect(
            Animation.interactiveSpring() == .interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0.25))
        // The response forms still resolve when named.
        #expect(Animation.spring(response: 0.3) == Animation(SpringAnimation(response: 0.3, dampingFraction: 0.825)))
    }

    @Test func interactiveSpringByDurationBouncesFifteenHundredthsMore() {
        #expect(
            Animation.interactiveSpring(duration: 0.2, extraBounce: 0.1, blendDuration: 0)
                == .spring(duration: 0.2, bounce: 0.25, blendDuration: 0))
        let bare = Animation.interactiveSpring().base as? SpringAnimation
        #expect(abs((bare?.dampingFraction ?? 0) - 0.85) < 1e-12)
    }

    // MARK: - Curve velocities at the ends

    /// Each built-in curve's velocity at 0 and 1 against its analytic limit (the ratio of second
    /// derivatives where the first derivatives of both coordinates vanish).
    @Test(arguments: [
        ("linear", UnitCurve.linear, 1.0, 1.0),
        ("easeIn", .easeIn, 0, 1 / 0.58),
        ("easeOut", .easeOut, 1 / 0.58, 0),
        ("easeInOut", .easeInOut, 0, 0),
        (
            "bezier (0,0)(1,1)",
            .bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 1, y: 1)), 1, 1
        ),
        ("circularEaseOut at 1", .circularEaseOut, .infinity, 0),
        ("circularEaseIn at 0", .circularEaseIn, 0, .infinity),
    ])
    func curveVelocityAtTheEndsIsTheLimit(name: String, curve: UnitCurve, atStart: Double, atEnd: Double) {
        for (progress, expected) in [(0.0, atStart), (1.0, atEnd)] {
            let velocity = curve.velocity(at: progress)
            if expected.isInfinite {
                #expect(velocity.isInfinite || velocity > 1e6, "\(name) at \(progress)")
            } else {
                #expect(abs(velocity - expected) < 1e-9, "\(name) at \(progress): \(velocity), want \(expected)")
            }
            #expect(curve.sample(at: progress).velocity.isNaN == false, "\(name) sample at \(progress)")
        }
    }

    @Test func aValueStartingAnEaseOutMovesAtTheCurvesRealSpeed() {
        let value = AnimatedValue(0.0)
        value.set(100, animation: .easeOut(duration: 1))
        #expect(abs(value.velocity - 100 / 0.58) < 1e-6)
    }

    // MARK: - Frame-rate independence

    /// The animations the property runs over: closed forms, merging springs (with response blends), and
    /// modifiers of both.
    static let animations: [(String, Animation)] = [
        ("linear", .linear(duration: 0.4)), ("easeInOut", .easeInOut), ("easeOut", .easeOut(duration: 0.5)),
        ("timingCurve", .timingCurve(0.2, 0.8, 0.2, 1, duration: 0.3)), ("interpolatingSpring", .interpolatingSpring),
        ("interpolatingSpring bouncy", .interpolatingSpring(duration: 0.6, bounce: 0.4)),
        ("spring", .spring), ("bouncy", .bouncy), ("snappy", .snappy), ("smooth", .smooth),
        ("interactiveSpring", .interactiveSpring),
        ("blending spring", .spring(response: 0.3, dampingFraction: 0.7, blendDuration: 0.4)),
        ("bouncy.speed", Animation.bouncy.speed(1.5)), ("easeIn.delay", Animation.easeIn.delay(0.1)),
        ("easeOut.speed", Animation.easeOut.speed(1.5)),
        ("linear.repeatCount", Animation.linear(duration: 0.25).repeatCount(3)),
        ("easeInOut.repeatForever", Animation.easeInOut(duration: 0.3).repeatForever()),
    ]

    /// What a value shows and how fast, at every checkpoint (every 0.17 s for about 3 s: not a multiple of any pass length here, so no checkpoint sits on a repeat's boundary, where velocity jumps), when it is updated
    /// with `deltas` (split at the checkpoints) and retargeted at the given checkpoints.
    func trace<V: RandomVector>(
        _ animation: Animation, start: V, retargets: [Int: V], deltas: (Int) -> Double
    ) -> [(V, V, Bool)] {
        let value = AnimatedValue(start)
        var samples: [(V, V, Bool)] = []
        var calm = false
        var frame = 0
        for checkpoint in 0..<18 {
            if let target = retargets[checkpoint] { value.set(target, animation: animation) }
            // Whether the motion has been at rest, or within a spring's settling band (where the frame that
            // ends it depends on the frame rate), at any checkpoint so far.
            calm = calm || !value.isAnimating || length(value.velocity) < 0.1
            samples.append((value.presentation, value.velocity, calm))
            // Advance exactly 1/6 s, in frames of the given sizes.
            var remaining = 0.17
            while remaining > 1e-12 {
                let dt = Swift.min(deltas(frame), remaining)
                value.update(by: dt)
                remaining -= dt
                frame += 1
            }
        }
        return samples
    }

    func checkFrameRateIndependence<V: RandomVector>(_ type: V.Type) {
        var generator = Xorshift64Star(seed: 13)
        for (name, animation) in Self.animations {
            for script in 0..<4 {
                let start = V.random(scale: 100, using: &generator)
                var retargets: [Int: V] = [0: V.random(scale: 100, using: &generator)]
                for _ in 0..<3 {
                    retargets[Int.random(in: 1..<14, using: &generator)] = V.random(scale: 100, using: &generator)
                }
                let reference = trace(animation, start: start, retargets: retargets) { _ in 1.0 / 60 }
                var jitter = Xorshift64Star(seed: UInt64(script) + 1)
                let jitters = (0..<4000).map { _ in Double.random(in: 0.001...0.03, using: &jitter) }
                let rates: [(String, (Int) -> Double)] = [
                    ("30 Hz", { _ in 1.0 / 30 }), ("120 Hz", { _ in 1.0 / 120 }), ("144 Hz", { _ in 1.0 / 144 }),
                    ("240 Hz", { _ in 1.0 / 240 }), ("jittered", { jitters[$0 % jitters.count] }),
                ]
                for (rate, deltas) in rates {
                    let other = trace(animation, start: start, retargets: retargets, deltas: deltas)
                    for (index, (a, b)) in zip(reference, other).enumerated() {
                        // Relative to the motion's scale (targets up to 100, speeds up to a few thousand).
                        // A merging spring comes to rest, as SwiftUI's does, at the first frame that finds
                        // it within its settling band (|v|, |F| ≤ 0.06, 1 % of the interval); which frame
                        // that is depends on the frame rate, and so does a later retarget's start (from
                        // rest in one run, from the band's leftover motion in the other). Once either run
                        // has been that calm, they agree within the band instead.
                        let resting = a.2 || b.2
                        let positionBound = resting ? 0.01 * 300 : 1e-9 * 100
                        let velocityBound = resting ? 0.5 : 1e-9 * 10_000
                        #expect(
                            distance(a.0, b.0) <= positionBound, "\(name) script \(script) \(rate) position at \(index)"
                        )
                        #expect(
                            distance(a.1, b.1) <= velocityBound, "\(name) script \(script) \(rate) velocity at \(index)"
                        )
                    }
                }
            }
        }
    }

    @Test func presentationAndVelocityDoNotDependOnTheFrameRateForDoubles() {
        checkFrameRateIndependence(Double.self)
    }

    @Test func presentationAndVelocityDoNotDependOnTheFrameRateForVectors() {
        checkFrameRateIndependence(SIMD2<Double>.self)
    }

    // MARK: - Springs never diverge

    /// Springs that used to go wrong: each used to reach NaN or a runaway value.
    @Test(arguments: [
        ("response 0.05, fraction 3", Animation.spring(response: 0.05, dampingFraction: 3)),
        ("response 0.15, fraction 8", .spring(response: 0.15, dampingFraction: 8)),
        ("response 0.5, fraction 50", .spring(response: 0.5, dampingFraction: 50)),
        ("duration 0.15, bounce -0.9", .spring(duration: 0.15, bounce: -0.9)),
        ("interactive 0.05, fraction 3", .interactiveSpring(response: 0.05, dampingFraction: 3)),
    ])
    func overdampedSpringsStayFiniteAndApproachTheirTarget(name: String, animation: Animation) {
        let value = AnimatedValue(0.0)
        value.set(100, animation: animation)
        var previous = 0.0
        for _ in 0..<600 {
            value.update(by: 1.0 / 60)
            let shown = value.presentation
            #expect(shown.isFinite && shown >= -1e-9 && shown <= 100 + 1e-9, "\(name): \(shown)")
            // Overdamped from rest: never moves away from the target.
            #expect(shown >= previous - 1e-9, "\(name) went back")
            previous = shown
        }
        #expect(value.velocity.isFinite)
    }

    @Test func aBouncySpringRetargetedWithAHeavilyDampedOneSettles() {
        let value = AnimatedValue(0.0)
        value.set(100, animation: .bouncy)
        for _ in 0..<10 { value.update(by: 1.0 / 60) }
        value.set(-50, animation: .spring(response: 0.3, dampingFraction: 20))
        for _ in 0..<600 { value.update(by: 1.0 / 60) }
        #expect(value.presentation.isFinite)
        #expect(abs(value.presentation + 50) < 60)
    }

    /// Any response and damping a user can type: finite, and never beyond the interval by more than an
    /// undamped oscillation's amplitude.
    @Test func noSpringParametersDiverge() {
        var generator = Xorshift64Star(seed: 20)
        for case_ in 0..<400 {
            let response = Double.random(in: -3...1.5, using: &generator)
            let fraction = Double.random(in: 0...3, using: &generator)
            let animation = Animation.spring(response: pow10(response), dampingFraction: pow10(fraction) - 1)
            let value = AnimatedValue(SIMD2<Double>(0, 0))
            value.set(SIMD2(100, -40), animation: animation)
            for frame in 0..<240 {
                value.update(by: frame % 7 == 0 ? 0.25 : 1.0 / 60)
                let shown = value.presentation
                #expect(
                    shown.x.isFinite && shown.y.isFinite && abs(shown.x) <= 300 && abs(shown.y) <= 120,
                    "case \(case_): response \(pow10(response)) fraction \(pow10(fraction) - 1) shows \(shown)")
                if !(shown.x.isFinite) { return }
            }
        }
    }

    func pow10(_ x: Double) -> Double {
        var result = 1.0, base = 10.0, exponent = x
        // exp(x ln 10) without Foundation.
        result = Double.exp10(exponent)
        _ = base; base = 0; exponent = 0
        return result
    }

    // MARK: - Repeats keep time

    @Test func aRepeatedCurveKeepsItsPhaseAtAnyFrameRate() {
        for rate in [60.0, 144.0] {
            let value = AnimatedValue(0.0)
            value.set(1, animation: .linear(duration: 1).repeatForever(autoreverses: false))
            let frames = Int((100.25 * rate).rounded())
            for _ in 0..<frames { value.update(by: 1 / rate) }
            #expect(abs(value.presentation - 0.25) < 1e-6, "\(rate) Hz: \(value.presentation)")
        }
    }

    @Test func aRepeatCountUpdatedInLargeStepsEndsOnTime() {
        let value = AnimatedValue(0.0)
        value.set(1, animation: .linear(duration: 1).repeatCount(3))
        for _ in 0..<10 { value.update(by: 0.3) }
        #expect(!value.isAnimating)
        let single = AnimatedValue(0.0)
        single.set(1, animation: .linear(duration: 1).repeatForever(autoreverses: false))
        single.update(by: 1.25)
        #expect(abs(single.presentation - 0.25) < 1e-12)
    }
}

extension Double {
    /// 10^x through the standard library only.
    static func exp10(_ x: Double) -> Double {
        var result = 1.0
        var remaining = x
        while remaining >= 1 { result *= 10; remaining -= 1 }
        while remaining <= -1 { result /= 10; remaining += 1 }
        // 10^r for |r| < 1 by the series of e^(r ln 10).
        let y = remaining * 2.302585092994046
        var term = 1.0, sum = 1.0
        for n in 1..<40 {
            term *= y / Double(n)
            sum += term
        }
        return result * sum
    }
}
