import Benchmark
import BenchmarkCatalog
import BenchmarkSupport
import Cadence
import Foundation

// Evaluating a keyframe timeline: SwiftUI's documented four-track example, read at 1,000 times spread
// over its duration (so every segment kind and the binary search are exercised).

/// SwiftUI's documented example's values (the angle in degrees).
struct ExampleValues {
    var scale = 1.0
    var verticalStretch = 1.0
    var verticalTranslation = 0.0
    var angle = 0.0
}

/// The documented example's four tracks, on any root with four `Double` properties.
func exampleTimeline<Root>(
    _ initialValue: Root, angle: WritableKeyPath<Root, Double>, stretch: WritableKeyPath<Root, Double>,
    scale: WritableKeyPath<Root, Double>, translation: WritableKeyPath<Root, Double>
) -> KeyframeTimeline<Root> {
    KeyframeTimeline(initialValue: initialValue) {
        KeyframeTrack(angle) {
            CubicKeyframe(0, duration: 0.58)
            CubicKeyframe(16, duration: 0.125)
            CubicKeyframe(-16, duration: 0.125)
            CubicKeyframe(16, duration: 0.125)
            CubicKeyframe(0, duration: 0.125)
        }
        KeyframeTrack(stretch) {
            CubicKeyframe(1.0, duration: 0.1)
            CubicKeyframe(0.6, duration: 0.15)
            CubicKeyframe(1.5, duration: 0.1)
            CubicKeyframe(1.05, duration: 0.15)
            CubicKeyframe(1.0, duration: 0.88)
            CubicKeyframe(0.8, duration: 0.1)
            CubicKeyframe(1.04, duration: 0.4)
            CubicKeyframe(1.0, duration: 0.22)
        }
        KeyframeTrack(scale) {
            LinearKeyframe(1.0, duration: 0.36)
            SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
            SpringKeyframe(1.0, spring: .bouncy)
        }
        KeyframeTrack(translation) {
            LinearKeyframe(0.0, duration: 0.1)
            SpringKeyframe(20.0, duration: 0.15, spring: .bouncy)
            SpringKeyframe(-60.0, duration: 1.0, spring: .bouncy)
            SpringKeyframe(0.0, spring: .bouncy)
        }
    }
}

func keyframeBenchmarks() {
    for (suite, velocities) in [(ModelSuites.keyframeFloor, false), (ModelSuites.keyframeVelocityFloor, true)] {
        Benchmark(suite.name, configuration: .init(suite, scalingFactor: .kilo)) { benchmark in
            let timeline = exampleTimeline(
                ExampleValues(), angle: \.angle, stretch: \.verticalStretch, scale: \.scale,
                translation: \.verticalTranslation)
            let step = timeline.duration / Double(ModelSuites.calls)
            let times = (0..<ModelSuites.calls).map { Double($0) * step }
            let floor = KeyframeFloor()
            floor.check(against: timeline, at: times, velocities: velocities)
            benchmark.startMeasurement()
            blackHole(floor.evaluate(times, calls: benchmark.scaledIterations.count, velocities: velocities))
            benchmark.stopMeasurement()
        }
    }

    let values = ModelSuites.keyframeTimeline
    Benchmark(values.name, configuration: .init(values, scalingFactor: .kilo)) { benchmark in
        let timeline = exampleTimeline(
            ExampleValues(), angle: \.angle, stretch: \.verticalStretch, scale: \.scale,
            translation: \.verticalTranslation)
        let step = timeline.duration / Double(ModelSuites.calls)
        benchmark.startMeasurement()
        var sum = 0.0
        for call in benchmark.scaledIterations {
            let value = timeline.value(time: Double(call % ModelSuites.calls) * step)
            sum += value.scale + value.verticalStretch + value.verticalTranslation + value.angle
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    let samples = ModelSuites.keyframeTimelineSample
    Benchmark(samples.name, configuration: .init(samples, scalingFactor: .kilo)) { benchmark in
        let timeline = exampleTimeline(
            ExampleValues(), angle: \.angle, stretch: \.verticalStretch, scale: \.scale,
            translation: \.verticalTranslation)
        let step = timeline.duration / Double(ModelSuites.calls)
        benchmark.startMeasurement()
        var sum = 0.0
        for call in benchmark.scaledIterations {
            let velocity = timeline.velocity(time: Double(call % ModelSuites.calls) * step)
            sum += velocity.scale + velocity.verticalStretch + velocity.verticalTranslation + velocity.angle
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }
}

/// The documented example's tracks as flat arrays, for the keyframe floor: per track, when each segment ends
/// and, per segment, its kind and coefficients. Built by reading Cadence's own timeline of each track (so the
/// floor computes the same numbers, which ``KeyframeFloor/init()`` checks), then evaluated without it.
struct KeyframeFloor {
    /// A segment's formula: 0 hold, 1 line (c0 + c1·u), 2 Hermite cubic in u, 3 spring toward c0 + c1 from c0
    /// with initial velocity c2.
    var kinds: [UInt8] = []
    var starts: [Double] = [], rates: [Double] = [], ends: [Double] = []
    var c0: [Double] = [], c1: [Double] = [], c2: [Double] = [], c3: [Double] = []
    /// The spring segments' decay (ζω₀), damped frequency (ω_d) and ζω₀/ω_d.
    var decay: [Double] = [], damped: [Double] = [], ratio: [Double] = []
    /// Each track's first segment and segment count, and its final value.
    var tracks: [(first: Int, count: Int, final: Double)] = []

    /// One keyframe of a track, as the example writes it.
    enum Key {
        case linear(Double, Double)
        case cubic(Double, Double)
        case spring(Double, Double?)
    }

    static let example: [[Key]] = [
        [.cubic(0, 0.58), .cubic(16, 0.125), .cubic(-16, 0.125), .cubic(16, 0.125), .cubic(0, 0.125)],
        [
            .cubic(1.0, 0.1), .cubic(0.6, 0.15), .cubic(1.5, 0.1), .cubic(1.05, 0.15), .cubic(1.0, 0.88),
            .cubic(0.8, 0.1), .cubic(1.04, 0.4), .cubic(1.0, 0.22),
        ],
        [.linear(1.0, 0.36), .spring(1.5, 0.8), .spring(1.0, nil)],
        [.linear(0.0, 0.1), .spring(20.0, 0.15), .spring(-60.0, 1.0), .spring(0.0, nil)],
    ]
    static let initial: [Double] = [0, 1, 1, 0]

    init() {
        let spring = Spring.bouncy
        let natural = 2 * Double.pi / spring.response
        let springDecay = spring.dampingRatio * natural
        let springDamped = natural * (1 - spring.dampingRatio * spring.dampingRatio).squareRoot()
        for (track, keys) in Self.example.enumerated() {
            let timeline = KeyframeTimeline(initialValue: Self.initial[track]) {
                KeyframeTrack {
                    for key in keys {
                        switch key {
                        case let .linear(to, duration): LinearKeyframe(to, duration: duration)
                        case let .cubic(to, duration): CubicKeyframe(to, duration: duration)
                        case let .spring(to, duration): SpringKeyframe(to, duration: duration, spring: spring)
                        }
                    }
                }
            }
            let first = kinds.count
            var start = 0.0
            for key in keys {
                let (to, length): (Double, Double)
                switch key {
                case let .linear(value, duration), let .cubic(value, duration): (to, length) = (value, duration)
                case let .spring(value, duration):
                    (to, length) = (value, duration ?? spring.settlingDuration)
                }
                let at = { (u: Double) in timeline.value(time: start + u * length) }
                let (from, v0) = (timeline.value(time: start), timeline.velocity(time: start))
                var coefficients = (0.0, 0.0, 0.0, 0.0)
                var kind: UInt8
                switch key {
                case .linear:
                    kind = 1
                    coefficients = (from, to - from, 0, 0)
                case .cubic:
                    kind = 2
                    // The cubic through four interior samples (u = 1/5 … 4/5), in u.
                    coefficients = Self.cubic(through: [0.2, 0.4, 0.6, 0.8].map { ($0, at($0)) })
                case .spring:
                    kind = 3
                    coefficients = (from, to - from, v0, 0)
                }
                kinds.append(kind)
                starts.append(start)
                rates.append(1 / length)
                ends.append(start + length)
                c0.append(coefficients.0)
                c1.append(coefficients.1)
                c2.append(coefficients.2)
                c3.append(coefficients.3)
                decay.append(springDecay)
                damped.append(springDamped)
                ratio.append(springDecay / springDamped)
                start += length
            }
            tracks.append((first, keys.count, timeline.value(time: start + 1)))
        }
    }

    /// Stops the benchmarks when the floor's numbers are not Cadence's for `timeline` at `times` (then it would
    /// not be a floor of the same work).
    func check(
        against timeline: KeyframeTimeline<ExampleValues>, at times: [Double], velocities: Bool
    ) {
        for time in times {
            let own = evaluate([time], calls: 1, velocities: velocities)
            let theirs =
                velocities
                ? { $0.scale + $0.verticalStretch + $0.verticalTranslation + $0.angle }(timeline.velocity(time: time))
                : { $0.scale + $0.verticalStretch + $0.verticalTranslation + $0.angle }(timeline.value(time: time))
            precondition(
                abs(own - theirs) <= 1e-7 * (1 + abs(theirs)),
                "the keyframe floor computes \(own) at \(time) s where Cadence computes \(theirs)")
        }
    }

    /// The cubic a + b·u + c·u² + d·u³ through four points (Lagrange's form, expanded).
    static func cubic(through points: [(Double, Double)]) -> (Double, Double, Double, Double) {
        var result = [0.0, 0.0, 0.0, 0.0]
        for (i, (ui, yi)) in points.enumerated() {
            var basis = [1.0]
            var denominator = 1.0
            for (j, (uj, _)) in points.enumerated() where j != i {
                // basis × (u − uj)
                var next = [Double](repeating: 0, count: basis.count + 1)
                for (k, b) in basis.enumerated() {
                    next[k] -= b * uj
                    next[k + 1] += b
                }
                basis = next
                denominator *= ui - uj
            }
            for k in 0..<4 { result[k] += yi * basis[k] / denominator }
        }
        return (result[0], result[1], result[2], result[3])
    }

    /// The sum over the four tracks of the value (and, with `velocities`, of the velocity) at each of `times`
    /// in turn for `calls` calls: per track a binary search of its segments' ends and one formula.
    func evaluate(_ times: [Double], calls: Int, velocities: Bool) -> Double {
        var sum = 0.0
        times.withUnsafeBufferPointer { times in
            ends.withUnsafeBufferPointer { ends in
                var index = 0
                for _ in 0..<calls {
                    let time = times[index]
                    index = index + 1 == times.count ? 0 : index + 1
                    for track in tracks {
                        var low = track.first, high = track.first + track.count
                        while low < high {
                            let middle = (low + high) >> 1
                            if ends[middle] > time { high = middle } else { low = middle + 1 }
                        }
                        guard low < track.first + track.count else {
                            sum += velocities ? 0 : track.final
                            continue
                        }
                        sum += segment(low, at: time, velocities: velocities)
                    }
                }
            }
        }
        return sum
    }

    @inline(__always)
    func segment(_ s: Int, at time: Double, velocities: Bool) -> Double {
        let local = time - starts[s], rate = rates[s]
        switch kinds[s] {
        case 1:
            let u = min(max(local * rate, 0), 1)
            return velocities ? c1[s] * rate : c0[s] + c1[s] * u
        case 2:
            let u = min(max(local * rate, 0), 1)
            let value = c0[s] + (c1[s] + (c2[s] + c3[s] * u) * u) * u
            return velocities ? (c1[s] + (2 * c2[s] + 3 * c3[s] * u) * u) * rate : value
        case 3:
            let t = max(local, 0)
            let envelope = exp(-decay[s] * t)
            var sine = 0.0, cosine = 0.0
            sincos(damped[s] * t, &sine, &cosine)
            // Step response toward the target from rest, and response to a unit initial velocity.
            let step = 1 - envelope * (cosine + ratio[s] * sine)
            let kick = envelope * sine / damped[s]
            guard velocities else { return c0[s] + c1[s] * step + c2[s] * kick }
            let natural2 = decay[s] * decay[s] + damped[s] * damped[s]
            let stepRate = envelope * sine * natural2 / damped[s]
            let kickRate = envelope * (cosine - ratio[s] * sine)
            return c1[s] * stepRate + c2[s] * kickRate
        default:
            return velocities ? 0 : c0[s]
        }
    }
}
