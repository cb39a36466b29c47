import Testing
import Cadence

/// Property tests of the runtime over seeded random cases: random animations, retarget times and
/// targets, on `Double` and on `SIMD2<Double>` through one generic body each. A failure names the
/// case; the seeds make every run replay the same cases.
struct AnimatedValuePropertyTests {
    static let cases = 1_000

    /// A frame of 1/240 to 1/30 s, so that retargets fall at irregular times.
    static func randomFrame(using generator: inout Xorshift64Star) -> Double {
        .random(in: (1.0 / 240)...(1.0 / 30), using: &generator)
    }

    // MARK: - Velocity continuity

    /// At every retarget with a merging spring, whether the spring takes over a spring, a timing curve
    /// or a combination, neither the presentation nor the velocity jumps: both stay within 1e-9 and
    /// 1e-6 of the motion's scale (the largest target distance, per second for the velocity).
    func springRetargetsKeepVelocity<V: RandomVector>(_: V.Type, seed: UInt64) -> [String] {
        var generator = Xorshift64Star(seed: seed)
        var failures: [String] = []
        for index in 0..<Self.cases {
            let scale = Double.random(in: 0.5...1000, using: &generator)
            let value = AnimatedValue(V.random(scale: scale, using: &generator))
            value.set(.random(scale: scale, using: &generator), animation: randomMergingSpring(using: &generator))
            for retarget in 0..<Int.random(in: 1...6, using: &generator) {
                for _ in 0..<Int.random(in: 0...40, using: &generator) {
                    value.update(by: Self.randomFrame(using: &generator))
                }
                let isSpring = Int.random(in: 0..<4, using: &generator) != 0
                let animation =
                    isSpring ? randomMergingSpring(using: &generator) : randomCombiningAnimation(using: &generator)
                let presentation = value.presentation, velocity = value.velocity
                value.set(.random(scale: scale, using: &generator), animation: animation)
                let jump = distance(value.presentation, presentation)
                let kick = distance(value.velocity, velocity)
                if jump > 1e-9 * scale || (isSpring && kick > 1e-6 * scale) {
                    failures.append(
                        "case \(index) retarget \(retarget) (\(animation.base)): jump \(jump), velocity change \(kick)")
                }
            }
        }
        return failures
    }

    @Test func velocityIsContinuousWhenASpringRetargetsADouble() {
        expectNoFailures(springRetargetsKeepVelocity(Double.self, seed: 1))
    }

    @Test func velocityIsContinuousWhenASpringRetargetsASIMD2() {
        expectNoFailures(springRetargetsKeepVelocity(SIMD2<Double>.self, seed: 2))
    }

    // MARK: - Position continuity

    /// At every retarget with a combining animation (timing curves of every shape, interpolating
    /// springs), mixed with merging springs, the presentation does not jump (1e-9 of the scale: only
    /// rounding), and no frame in between shows NaN.
    func combiningRetargetsKeepPosition<V: RandomVector>(_: V.Type, seed: UInt64) -> [String] {
        var generator = Xorshift64Star(seed: seed)
        var failures: [String] = []
        for index in 0..<Self.cases {
            let scale = Double.random(in: 0.5...1000, using: &generator)
            let value = AnimatedValue(V.random(scale: scale, using: &generator))
            for retarget in 0..<Int.random(in: 1...8, using: &generator) {
                let animation =
                    Int.random(in: 0..<5, using: &generator) == 0
                    ? randomMergingSpring(using: &generator) : randomCombiningAnimation(using: &generator)
                let presentation = value.presentation
                value.set(.random(scale: scale, using: &generator), animation: animation)
                let jump = distance(value.presentation, presentation)
                if jump > 1e-9 * scale {
                    failures.append("case \(index) retarget \(retarget) (\(animation.base)): jump \(jump)")
                }
                for _ in 0..<Int.random(in: 0...30, using: &generator) {
                    value.update(by: Self.randomFrame(using: &generator))
                    if value.presentation.magnitudeSquared.isNaN { failures.append("case \(index): NaN") }
                }
            }
        }
        return failures
    }

    @Test func positionIsContinuousAtEveryRetargetOfADouble() {
        expectNoFailures(combiningRetargetsKeepPosition(Double.self, seed: 3))
    }

    @Test func positionIsContinuousAtEveryRetargetOfASIMD2() {
        expectNoFailures(combiningRetargetsKeepPosition(SIMD2<Double>.self, seed: 4))
    }

    // MARK: - Convergence

    /// After any sequence of changes (animated by anything, or not at all), the value comes to rest
    /// exactly on the last target, never shows NaN, and stops animating within the last animation's
    /// settling time:
    /// - a timing curve: its duration, plus the frame on which it reports that it has finished;
    /// - an interpolating spring: its `duration` (within 0.001 of the interval), plus that frame;
    /// - a merging spring: the closed-form time for the distance and speed it took over to fall
    ///   below its finishing thresholds (|force| and |velocity| ≤ 0.06: a distance of 0.06/4k is
    ///   safely inside both), plus two frames and the 0.1 s granularity of the critical-damping scan.
    func retargetsConverge<V: RandomVector>(_: V.Type, seed: UInt64) -> [String] {
        var generator = Xorshift64Star(seed: seed)
        var failures: [String] = []
        let frame = 1.0 / 60
        for index in 0..<Self.cases {
            let scale = Double.random(in: 0.5...1000, using: &generator)
            let value = AnimatedValue(V.random(scale: scale, using: &generator))
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let animation: Animation? =
                    switch Int.random(in: 0..<5, using: &generator) {
                    case 0: nil
                    case 1, 2: randomMergingSpring(using: &generator)
                    default: randomCombiningAnimation(using: &generator)
                    }
                value.set(.random(scale: scale, using: &generator), animation: animation)
                for _ in 0..<Int.random(in: 0...30, using: &generator) { value.update(by: frame) }
            }
            let target = V.random(scale: scale, using: &generator)
            let duration = Double.random(in: 0.1...1, using: &generator)
            let limit: Double
            let last: Animation
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                last = .easeInOut(duration: duration)
                limit = duration + frame
            case 1:
                let spring = InterpolatingSpringAnimation(
                    Spring(duration: duration, bounce: .random(in: -0.5...0.5, using: &generator)))
                last = Animation(spring)
                limit = spring.duration + frame
            default:
                let response = Double.random(in: 0.2...0.8, using: &generator)
                let fraction = Double.random(in: 0.5...1.2, using: &generator)
                last = .spring(response: response, dampingFraction: fraction)
                let distanceLeft = distance(target, value.presentation), speed = length(value.velocity)
                let stiffness = min(pow2(2 * Double.pi / response), 45_000)
                limit =
                    Spring(response: response, dampingRatio: fraction)
                    .settlingDuration(target: distanceLeft, initialVelocity: -speed, epsilon: 0.06 / (4 * stiffness))
                    + 2 * frame + 0.1
            }
            value.set(target, animation: last)
            var elapsed = 0.0
            while value.isAnimating && elapsed <= limit + frame {
                value.update(by: frame)
                elapsed += frame
                if value.presentation.magnitudeSquared.isNaN || value.velocity.magnitudeSquared.isNaN {
                    failures.append("case \(index): NaN")
                }
            }
            if value.isAnimating || elapsed > limit + 1e-9 || value.presentation != target {
                failures.append(
                    "case \(index) (\(last.base)): animating \(value.isAnimating) after \(elapsed) s, limit \(limit); "
                        + "\(value.presentation) vs \(target)")
            }
        }
        return failures
    }

    func pow2(_ x: Double) -> Double { x * x }

    /// Expects no failures; otherwise reports how many and the first, which names its case.
    func expectNoFailures(_ failures: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            failures.isEmpty, "\(failures.count) failures, first: \(failures.first ?? "")",
            sourceLocation: sourceLocation)
    }

    @Test func retargetsOfADoubleConvergeExactlyOnTheLastTarget() {
        expectNoFailures(retargetsConverge(Double.self, seed: 5))
    }

    @Test func retargetsOfASIMD2ConvergeExactlyOnTheLastTarget() {
        expectNoFailures(retargetsConverge(SIMD2<Double>.self, seed: 6))
    }
}
