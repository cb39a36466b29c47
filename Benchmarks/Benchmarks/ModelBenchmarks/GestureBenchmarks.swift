import Benchmark
import BenchmarkCatalog
import BenchmarkSupport
import Cadence

// The velocity tracker's two calls: adding a pointer sample, and estimating the velocity from a full
// window (the fit a release pays once, and a scene that plots the pointer's speed pays every frame).

func gestureBenchmarks() {
    let add = ModelSuites.trackerAddSample
    Benchmark(add.name, configuration: .init(add, scalingFactor: .kilo)) { benchmark in
        var tracker = VelocityTracker<SIMD2<Double>>()
        var time = identity(0.0)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            time += 0.001
            tracker.addSample(SIMD2(900 * time, 40 - 300 * time), at: time)
        }
        benchmark.stopMeasurement()
        blackHole(tracker.count)
    }

    let addFloor = ModelSuites.trackerAddSampleFloor
    Benchmark(addFloor.name, configuration: .init(addFloor, scalingFactor: .kilo)) { benchmark in
        var ring = PlainSampleRing(capacity: 20)
        var time = identity(0.0)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            time += 0.001
            ring.add(SIMD2(900 * time, 40 - 300 * time), at: time)
        }
        benchmark.stopMeasurement()
        blackHole(ring.next)
    }

    let estimateFloor = ModelSuites.trackerEstimateFloor
    Benchmark(estimateFloor.name, configuration: .init(estimateFloor, scalingFactor: .kilo)) { benchmark in
        let (tracker, times, positions) = fullWindow()
        let horizon = identity(tracker.horizon)
        let plain = times.withUnsafeBufferPointer { t in
            positions.withUnsafeBufferPointer { plainFitVelocity(times: t, positions: $0, horizon: horizon) }
        }
        let cadence = tracker.velocity(at: 0.019)
        precondition(
            ((plain - cadence) * (plain - cadence)).sum() <= 1e-18 * (cadence * cadence).sum(),
            "the plain fit gives \(plain), the tracker \(cadence)")
        var sum = SIMD2<Double>.zero
        benchmark.startMeasurement()
        times.withUnsafeBufferPointer { times in
            positions.withUnsafeBufferPointer { positions in
                for _ in benchmark.scaledIterations {
                    sum += plainFitVelocity(times: times, positions: positions, horizon: horizon)
                }
            }
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    let estimate = ModelSuites.trackerEstimate
    Benchmark(estimate.name, configuration: .init(estimate, scalingFactor: .kilo)) { benchmark in
        let tracker = fullWindow().tracker
        let now = identity(0.019)
        var sum = SIMD2<Double>.zero
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            sum += tracker.velocity(at: now)
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }
}

/// A full window: 20 samples at 1 kHz of a pointer accelerating to the right, in a tracker and in flat
/// arrays (oldest first).
func fullWindow() -> (tracker: VelocityTracker<SIMD2<Double>>, times: [Double], positions: [SIMD2<Double>]) {
    var tracker = VelocityTracker<SIMD2<Double>>()
    var times: [Double] = []
    var positions: [SIMD2<Double>] = []
    for i in 0..<20 {
        let t = Double(i) * 0.001
        let position = SIMD2(900 * t + 2000 * t * t, 40 - 300 * t)
        tracker.addSample(position, at: t)
        times.append(t)
        positions.append(position)
    }
    return (tracker, times, positions)
}

/// A ring of `capacity` samples written plainly: a time array, a position array and a wrapping index.
/// The floor of `addSample` (which also refuses non-finite and out-of-order samples).
struct PlainSampleRing {
    var times: [Double]
    var positions: [SIMD2<Double>]
    var next = 0

    init(capacity: Int) {
        times = Array(repeating: 0, count: capacity)
        positions = Array(repeating: .zero, count: capacity)
    }

    mutating func add(_ position: SIMD2<Double>, at time: Double) {
        times[next] = time
        positions[next] = position
        next = next + 1 == times.count ? 0 : next + 1
    }
}

/// The velocity of a window of samples (newest last, in flat arrays) by the tracker's fit written plainly:
/// the moments of the times relative to the newest, in units of the horizon, the normal equations of the
/// least-squares quadratic solved for its slope at the newest sample (a line below four samples), and the
/// positions weighted by it. The floor of `velocity(at:)` over a full window with no stillness or gap.
func plainFitVelocity(
    times: UnsafeBufferPointer<Double>, positions: UnsafeBufferPointer<SIMD2<Double>>, horizon: Double
)
    -> SIMD2<Double>
{
    let n = times.count
    let newest = n - 1
    let unit = 1 / horizon
    var s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
    for i in 0..<newest {
        let u = (times[i] - times[newest]) * unit
        let u2 = u * u
        s1 += u; s2 += u2; s3 += u2 * u; s4 += u2 * u2
    }
    let s0 = Double(n)
    let m00 = s2 * s4 - s3 * s3, m01 = s2 * s3 - s1 * s4, m02 = s1 * s3 - s2 * s2
    let inverse = 1 / (s0 * m00 + s1 * m01 + s2 * m02)
    let c0 = m01 * inverse, c1 = (s0 * s4 - s2 * s2) * inverse, c2 = (s1 * s2 - s0 * s3) * inverse
    var sum = SIMD2<Double>.zero
    for i in 0..<newest {
        let u = (times[i] - times[newest]) * unit
        sum += (positions[i] - positions[newest]) * (c0 + u * (c1 + u * c2))
    }
    return sum * unit
}
