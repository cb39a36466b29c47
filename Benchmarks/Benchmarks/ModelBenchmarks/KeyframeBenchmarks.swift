import Benchmark
import BenchmarkCatalog
import BenchmarkSupport
import Cadence

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
