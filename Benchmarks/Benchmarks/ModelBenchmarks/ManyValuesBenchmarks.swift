import Benchmark
import BenchmarkCatalog
import BenchmarkSupport
import Cadence

// The `AnimatedValues` rows: `AnimatedField`'s grid and schedule at 10,000, 100,000 and 1,000,000 values, as
// one `AnimatedValues` driven as the README shows it, beside the plain springs at the same count.

/// Registers the rows and their floors beyond 10,000 (the 10,000-value floors are the `AnimatedValue` rows').
func manyValuesBenchmarks() {
    for count in ModelSuites.manyValueCounts {
        measureUpdates(ModelSuites.manyUnderSpring(count), retargetEvery: 30) {
            ManyValuesField(count: count, animation: .spring)
        }
        measureRetargets(ModelSuites.manyRetargets(count)) { ManyValuesField(count: count, animation: .spring) }
        guard count != ModelSuites.values else { continue }
        measureUpdates(ModelSuites.manyUnderSpringFloor(count), retargetEvery: 30) { PlainSpringField(count: count) }
        measureRetargets(ModelSuites.manyRetargetsFloor(count)) { PlainSpringField(count: count) }
    }
    for (expression, animation) in longCurves {
        for together in [true, false] {
            let suite = ModelSuites.manyUnderCurve(expression, together: together)
            Benchmark(suite.name, configuration: .init(suite)) { (benchmark: Benchmark, field: ManyValuesField) in
                benchmark.startMeasurement()
                field.updateAll()
                benchmark.stopMeasurement()
                field.requireAllAnimating()
            } setup: {
                let field = ManyValuesField(count: ModelSuites.values, animation: animation)
                field.start(together: together)
                return field
            }
        }
    }
}

/// The catalog's curves as long runs: none finishes within a suite's frames (a minute of `.linear` and
/// `.easeInOut`, and an interpolating spring that rings for minutes).
let longCurves: [(String, Animation)] = [
    (".easeInOut", .easeInOut(duration: 60)), (".linear", .linear(duration: 60)),
    (".interpolatingSpring", .interpolatingSpring(mass: 1, stiffness: 1, damping: 0.01)),
]

/// `count` points on `AnimatedField`'s grid in one `AnimatedValues<SIMD2<Double>>`, sent back and forth between
/// two targets with one animation by `setAll`, updated once a frame, read in place.
final class ManyValuesField: PointField {
    let animation: Animation
    let values: AnimatedValues<SIMD2<Double>>
    let homes: [SIMD2<Double>]
    private(set) var frame = 0
    private var outward = false

    init(count: Int, animation: Animation) {
        self.animation = animation
        homes = AnimatedField.homes(count)
        values = AnimatedValues(homes)
    }

    /// Sends every value to its outward target from rest: all in one `setAll` (one cohort), or one at a time
    /// with a 0.1 ms update between (a cohort each).
    func start(together: Bool) {
        outward = true
        let offset = SIMD2<Double>(200, 100)
        if together {
            _ = values.setAll(animation: animation) { homes[$0] + offset }
        } else {
            for index in homes.indices {
                values.set(homes[index] + offset, at: index, animation: animation)
                values.update(by: 0.0001)
            }
        }
    }

    func retargetAll() {
        outward.toggle()
        let offset = outward ? SIMD2<Double>(200, 100) : .zero
        homes.withUnsafeBufferPointer { homes in
            _ = values.setAll(animation: animation) { homes[$0] + offset }
        }
    }

    func updateAll() {
        values.update(by: frame60)
        values.withPresentations { blackHole($0[$0.count - 1]) }
        frame += 1
    }

    func requireAllAnimating() {
        precondition(values.animatingCount == values.count, "a value came to rest within the measured frames")
    }
}
