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

    let estimate = ModelSuites.trackerEstimate
    Benchmark(estimate.name, configuration: .init(estimate, scalingFactor: .kilo)) { benchmark in
        var tracker = VelocityTracker<SIMD2<Double>>()
        for i in 0..<20 {
            let t = Double(i) * 0.001
            tracker.addSample(SIMD2(900 * t + 2000 * t * t, 40 - 300 * t), at: t)
        }
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
