import Benchmark
import BenchmarkCatalog
import BenchmarkSupport
import Cadence
import Foundation

// The animation model's per-call costs: Spring's closed form beside the libm calls it is built from,
// and every built-in animation animated through `Animation` (type-erased, as a runtime calls it) on
// `Double`, at 60 fps, while it is running.

let benchmarks: @Sendable () -> Void = {
    // `identity` hides the spring from the optimiser, so its coefficients are computed at run time as
    // they are for a spring that comes from user input.
    let underdamped = ModelSuites.springUnderdamped
    Benchmark(underdamped.name, configuration: .init(underdamped, scalingFactor: .kilo)) { benchmark in
        blackHole(springValues(identity(Spring.bouncy), calls: benchmark.scaledIterations))
    }

    let critical = ModelSuites.springCritical
    Benchmark(critical.name, configuration: .init(critical, scalingFactor: .kilo)) { benchmark in
        blackHole(springValues(identity(Spring.smooth), calls: benchmark.scaledIterations))
    }

    let libm = ModelSuites.libm
    Benchmark(libm.name, configuration: .init(libm, scalingFactor: .kilo)) { benchmark in
        var sum = 0.0
        for call in benchmark.scaledIterations {
            let time = Double(call) * 0.001
            sum += sin(time) + cos(time) + exp(-time)
        }
        blackHole(sum)
    }

    for expression in ModelSuites.animations {
        guard let animation = builtIns[expression] else {
            fatalError("ModelSuites.animations lists \(expression), which builtIns does not make")
        }
        let suite = ModelSuites.animate(expression)
        Benchmark(suite.name, configuration: .init(suite, scalingFactor: .kilo)) { benchmark in
            var runs = RunningAnimations(animation)
            benchmark.startMeasurement()
            let finished = runs.advance()
            benchmark.stopMeasurement()
            precondition(finished == 0, "\(expression) finished within the measured frames: it measured idle calls")
        }
    }
}

/// The built-ins by the catalog's expression for each.
let builtIns: [String: Animation] = [
    ".linear": .linear, ".easeIn": .easeIn, ".easeOut": .easeOut, ".easeInOut": .easeInOut,
    ".timingCurve(0.2, 0.8, 0.2, 1)": .timingCurve(0.2, 0.8, 0.2, 1), ".spring": .spring, ".smooth": .smooth,
    ".snappy": .snappy, ".bouncy": .bouncy, ".interactiveSpring": .interactiveSpring,
    ".interpolatingSpring": .interpolatingSpring, ".spring.delay(0.05)": .spring.delay(0.05),
    ".spring.speed(0.5)": .spring.speed(0.5), ".easeInOut.repeatCount(3)": .easeInOut.repeatCount(3),
]

/// The spring's position over the first second, one call per millisecond, summed so none is dropped.
func springValues(_ spring: Spring, calls: Range<Int>) -> Double {
    var sum = 0.0
    for call in calls { sum += spring.value(target: 1, initialVelocity: 0, time: Double(call) * 0.001) }
    return sum
}

/// Independent runs of one animation, each already past its first call (which creates its state), so
/// the measured calls are those of a running animation. Many runs, few frames each: 10 frames (1/6 s)
/// keep every built-in running (`.interactiveSpring` settles after about 17), and 100 runs make 1,000
/// calls per iteration, so reading the clock is noise.
struct RunningAnimations {
    static let runs = 100
    static let frames = 10

    let animation: Animation
    var contexts: [AnimationContext<Double>]

    init(_ animation: Animation) {
        precondition(Self.runs * Self.frames == ModelSuites.calls, "one iteration must make the catalog's calls")
        self.animation = animation
        contexts = (0..<Self.runs).map { _ in AnimationContext() }
        for index in contexts.indices { _ = animation.animate(value: 1.0, time: 0, context: &contexts[index]) }
    }

    /// Animates every run through frames 1…10 at 60 fps; returns how many calls found it finished.
    mutating func advance() -> Int {
        var finished = 0
        let animation = self.animation
        // Through the buffer, so that the loop costs the animation's work and not the array's checks.
        contexts.withUnsafeMutableBufferPointer { contexts in
            for frame in 1...Self.frames {
                let time = Double(frame) / 60
                for index in contexts.indices where animation.animate(value: 1.0, time: time, context: &contexts[index]) == nil {
                    finished += 1
                }
            }
        }
        return finished
    }
}
