import Benchmark
import BenchmarkCatalog
import BenchmarkSupport
import Cadence
import CadenceExamples
import Foundation

// The animation model's per-call costs: Spring's closed form beside the libm calls it is built from,
// every built-in animation animated through `Animation` (type-erased, as a runtime calls it) on
// `Double` at 60 fps while it is running, and 10,000 `AnimatedValue`s updated and retargeted.

let benchmarks: @Sendable () -> Void = {
    // `identity` hides the spring from the optimiser, so its coefficients are computed at run time as
    // they are for a spring that comes from user input.
    let underdamped = ModelSuites.springUnderdamped
    Benchmark(underdamped.name, configuration: .init(underdamped, scalingFactor: .kilo)) { benchmark in
        blackHole(springValues(identity(Spring.bouncy), calls: benchmark.scaledIterations))
    }

    let valueFloor = ModelSuites.springValueFloor
    Benchmark(valueFloor.name, configuration: .init(valueFloor, scalingFactor: .kilo)) { benchmark in
        let spring = identity(Spring.bouncy)
        let times = (0..<ModelSuites.calls).map { Double($0) * 0.001 }
        for time in times {
            let plain = springPositionPlainly(
                [time], response: spring.response, dampingRatio: spring.dampingRatio, calls: 1)
            let cadence = spring.value(target: 1.0, time: time)
            precondition(
                abs(plain - cadence) <= 1e-12, "the spring value floor gives \(plain) at \(time), Cadence \(cadence)")
        }
        benchmark.startMeasurement()
        blackHole(
            springPositionPlainly(
                times, response: spring.response, dampingRatio: spring.dampingRatio,
                calls: benchmark.scaledIterations.count))
        benchmark.stopMeasurement()
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

    let springFloor = ModelSuites.springFloor
    Benchmark(springFloor.name, configuration: .init(springFloor, scalingFactor: .kilo)) { benchmark in
        let times = AnimationRuns.times(duration: nil)
        let spring = identity(Spring.bouncy)
        benchmark.startMeasurement()
        blackHole(
            springClosedForm(
                times, response: spring.response, dampingRatio: spring.dampingRatio,
                calls: benchmark.scaledIterations.count))
        benchmark.stopMeasurement()
    }

    let stepped = ModelSuites.springSteppedFloor
    Benchmark(stepped.name, configuration: .init(stepped, scalingFactor: .kilo)) { benchmark in
        var floor = SteppedSpringFloor(response: identity(0.5), dampingFraction: identity(0.825))
        floor.check(against: .spring(response: 0.5, dampingFraction: 0.825))
        benchmark.startMeasurement()
        blackHole(floor.run(calls: benchmark.scaledIterations.count))
        benchmark.stopMeasurement()
    }

    for curve in ModelSuites.bezierCurves {
        let suite = ModelSuites.bezierFloor(curve.expression)
        Benchmark(suite.name, configuration: .init(suite, scalingFactor: .kilo)) { benchmark in
            let progresses = AnimationRuns.times(duration: 0.35)
            let (x1, y1, x2, y2) = identity(curve.points)
            benchmark.startMeasurement()
            blackHole(bezierSolvedPlainly(progresses, x1, y1, x2, y2, calls: benchmark.scaledIterations.count))
            benchmark.stopMeasurement()
        }
        let table = ModelSuites.bezierTableFloor(curve.expression)
        Benchmark(table.name, configuration: .init(table, scalingFactor: .kilo)) { benchmark in
            let progresses = AnimationRuns.times(duration: 0.35)
            let (x1, y1, x2, y2) = identity(curve.points)
            let plain = TableBezier(x1, y1, x2, y2)
            plain.check(
                against: .bezier(
                    startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2)),
                at: progresses)
            benchmark.startMeasurement()
            blackHole(bezierByTablePlainly(progresses, plain, calls: benchmark.scaledIterations.count))
            benchmark.stopMeasurement()
        }
    }

    let linear = ModelSuites.linearFloor
    Benchmark(linear.name, configuration: .init(linear, scalingFactor: .kilo)) { benchmark in
        let progresses = AnimationRuns.times(duration: 0.35)
        checkLinearFloor(progresses)
        benchmark.startMeasurement()
        blackHole(linearPlainly(progresses, value: identity(1.0), calls: benchmark.scaledIterations.count))
        benchmark.stopMeasurement()
    }

    for expression in ModelSuites.animations {
        guard let animation = builtIns[expression] else {
            fatalError("ModelSuites.animations lists \(expression), which builtIns does not make")
        }
        let suite = ModelSuites.animate(expression)
        Benchmark(suite.name, configuration: .init(suite, scalingFactor: .kilo)) { benchmark in
            var runs = AnimationRuns(animation)
            benchmark.startMeasurement()
            let finished = runs.advance()
            benchmark.stopMeasurement()
            precondition(finished == 0, "\(expression) finished within the measured frames: it measured idle calls")
        }
    }

    let halfSpeed = ModelSuites.springAtHalfSpeedFloor
    // The floor computes the modifier's numbers: `.spring` at half the time is `.spring.speed(0.5)`.
    var (plain, modified) = (AnimationContext<Double>(), AnimationContext<Double>())
    for frame in 0...AnimationRuns.frames {
        let time = Double(frame) * frame60
        precondition(
            Animation.spring.animate(value: 1.0, time: time * 0.5, context: &plain)
                == Animation.spring.speed(0.5).animate(value: 1.0, time: time, context: &modified),
            "the half-speed floor is not .spring.speed(0.5)'s work")
    }
    Benchmark(halfSpeed.name, configuration: .init(halfSpeed, scalingFactor: .kilo)) { benchmark in
        var runs = AnimationRuns(.spring, timeScale: 0.5)
        benchmark.startMeasurement()
        let finished = runs.advance()
        benchmark.stopMeasurement()
        precondition(finished == 0, "the spring finished within the measured frames: it measured idle calls")
    }

    animatedValueBenchmarks()
    gestureBenchmarks()
    keyframeBenchmarks()
}

/// The built-ins by the catalog's expression for each.
let builtIns: [String: Animation] = [
    ".linear": .linear, ".easeIn": .easeIn, ".easeOut": .easeOut, ".easeInOut": .easeInOut,
    ".timingCurve(0.2, 0.8, 0.2, 1)": .timingCurve(0.2, 0.8, 0.2, 1), ".spring": .spring, ".smooth": .smooth,
    ".snappy": .snappy, ".bouncy": .bouncy, ".interactiveSpring": .interactiveSpring,
    ".interpolatingSpring": .interpolatingSpring, ".spring.delay(0.05)": .spring.delay(0.05),
    ".spring.speed(0.5)": .spring.speed(0.5), ".easeInOut.repeatCount(3)": .easeInOut.repeatCount(3),
    ".keyframes(timeline)": .keyframes(
        KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack {
                LinearKeyframe(0.4, duration: 0.3, timingCurve: .easeIn)
                CubicKeyframe(1.2, duration: 0.3)
                SpringKeyframe(1, duration: 0.4, spring: .bouncy)
            }
        }),
]

/// glibc's `sincos` (a GNU extension Swift's Glibc module does not export), as Cadence's spring calls it.
@_silgen_name("sincos")
func sincos(_ x: Double, _ sine: UnsafeMutablePointer<Double>, _ cosine: UnsafeMutablePointer<Double>)

/// The underdamped spring's decay rate ζω₀, damped frequency ω_d and sine weight k = ζω₀/ω_d, for the two
/// closed-form floors below (their loops stay apart: one loop for both, behind a flag, slowed the one whose
/// floor it is, "Floor: damped spring closed form (exp + sincos) over flat arrays").
func underdampedCoefficients(response: Double, dampingRatio: Double) -> (decay: Double, damped: Double, k: Double) {
    let natural = 2 * Double.pi / response
    let decay = dampingRatio * natural
    let damped = natural * (1 - dampingRatio * dampingRatio).squareRoot()
    return (decay, damped, decay / damped)
}

/// The underdamped spring's value and velocity toward 1 from rest, x(t) = 1 − e^(−ζω₀t)(cos ω_d t + k sin ω_d t),
/// at each of `times` in turn for `calls` calls: one `exp` and one `sincos` a call, nothing else.
func springClosedForm(_ times: [Double], response: Double, dampingRatio: Double, calls: Int) -> Double {
    let (decay, damped, k) = underdampedCoefficients(response: response, dampingRatio: dampingRatio)
    var sum = 0.0
    times.withUnsafeBufferPointer { times in
        var index = 0
        for _ in 0..<calls {
            let t = times[index]
            index = index + 1 == times.count ? 0 : index + 1
            let envelope = exp(-decay * t)
            var s = 0.0, c = 0.0
            sincos(damped * t, &s, &c)
            let value = 1 - envelope * (c + k * s)
            let velocity = envelope * (decay * (c + k * s) + damped * s - damped * k * c)
            sum += value + velocity
        }
    }
    return sum
}

/// The underdamped spring's position toward 1 from rest, 1 − e^(−ζω₀t)(cos ω_d t + k sin ω_d t), at each of
/// `times` in turn for `calls` calls, summed: one `exp` and one `sincos` a call.
func springPositionPlainly(_ times: [Double], response: Double, dampingRatio: Double, calls: Int) -> Double {
    let (decay, damped, k) = underdampedCoefficients(response: response, dampingRatio: dampingRatio)
    var sum = 0.0
    times.withUnsafeBufferPointer { times in
        var index = 0
        for _ in 0..<calls {
            let t = times[index]
            index = index + 1 == times.count ? 0 : index + 1
            var s = 0.0, c = 0.0
            sincos(damped * t, &s, &c)
            sum += 1 - exp(-decay * t) * (c + k * s)
        }
    }
    return sum
}

/// A cubic Bézier from (0, 0) through (x1, y1), (x2, y2) to (1, 1) at each of `progresses` in turn for `calls`
/// calls, solved by `PlainBezier`, value and slope summed.
func bezierSolvedPlainly(_ progresses: [Double], _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, calls: Int)
    -> Double
{
    var sum = 0.0
    let curve = PlainBezier(x1, y1, x2, y2)
    progresses.withUnsafeBufferPointer { progresses in
        var index = 0
        for _ in 0..<calls {
            let p = progresses[index]
            index = index + 1 == progresses.count ? 0 : index + 1
            let (value, slope) = curve.solve(p)
            sum += value + slope
        }
    }
    return sum
}

/// A value scaled by each of `progresses` in turn for `calls` calls, as a linear animation before its end
/// does (nil once the progress reaches 1, counted as the value), summed.
func linearPlainly(_ progresses: [Double], value: Double, calls: Int) -> Double {
    var sum = 0.0
    progresses.withUnsafeBufferPointer { progresses in
        var index = 0
        for _ in 0..<calls {
            let p = progresses[index]
            index = index + 1 == progresses.count ? 0 : index + 1
            sum += p < 1 ? value * p : value
        }
    }
    return sum
}

/// Stops the benchmarks unless `.linear` gives the linear floor's values at every measured frame.
func checkLinearFloor(_ progresses: [Double]) {
    var context = AnimationContext<Double>()
    _ = Animation.linear.animate(value: 1.0, time: 0, context: &context)
    for frame in 1...AnimationRuns.frames {
        let p = progresses[(frame - 1) * AnimationRuns.runs]
        let cadence = Animation.linear.animate(value: 1.0, time: Double(frame) * frame60, context: &context) ?? .nan
        precondition(abs(cadence - linearPlainly([p], value: 1, calls: 1)) <= 1e-15, "the linear floor is not .linear")
    }
}

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
struct AnimationRuns {
    static let runs = 100
    static let frames = 10

    let animation: Animation
    /// What each frame's time is multiplied by before the call (0.5: the times `.speed(0.5)` gives).
    let timeScale: Double
    var contexts: [AnimationContext<Double>]

    init(_ animation: Animation, timeScale: Double = 1) {
        precondition(Self.runs * Self.frames == ModelSuites.calls, "one iteration must make the catalog's calls")
        self.animation = animation
        self.timeScale = timeScale
        contexts = (0..<Self.runs).map { _ in AnimationContext() }
        for index in contexts.indices { _ = animation.animate(value: 1.0, time: 0, context: &contexts[index]) }
    }

    /// The times (or, with a `duration`, the progresses) the runs are animated at, in the order they are
    /// called: frames 1…10 at 60 fps, each for every run. The floors walk these.
    static func times(duration: Double?) -> [Double] {
        (1...frames).flatMap { frame in
            Array(repeating: Double(frame) * frame60 / (duration ?? 1), count: runs)
        }
    }

    /// Animates every run through frames 1…10 at 60 fps; returns how many calls found it finished.
    mutating func advance() -> Int {
        var finished = 0
        let (animation, timeScale) = (self.animation, self.timeScale)
        // Through the buffer, so that the loop costs the animation's work and not the array's checks.
        contexts.withUnsafeMutableBufferPointer { contexts in
            for frame in 1...Self.frames {
                let time = Double(frame) * frame60 * timeScale
                for index in contexts.indices
                where animation.animate(value: 1.0, time: time, context: &contexts[index]) == nil {
                    finished += 1
                }
            }
        }
        return finished
    }
}

// MARK: - AnimatedValue

/// Registers the `AnimatedValue` suites (called from `benchmarks`). Retargets between measured frames
/// keep every value moving: every 30 frames for the spring (none settles in 0.5 s), every 6 (10 Hz)
/// for the combination.
func animatedValueBenchmarks() {
    measureUpdates(ModelSuites.valuesUnderSpring, retargetEvery: 30) { AnimatedField(animation: .spring) }
    measureRetargets(ModelSuites.retargetsUnderSpring) { AnimatedField(animation: .spring) }
    measureUpdates(ModelSuites.valuesUnderCombination, retargetEvery: 6) { AnimatedField(animation: .easeInOut) }
    measureRetargets(ModelSuites.retargetsUnderCombination) { AnimatedField(animation: .easeInOut) }
    combiningFloorBenchmarks()
    mergingSpringFloorBenchmarks()
    manyValuesBenchmarks()

    let storm = ModelSuites.retargetStorm
    Benchmark(storm.name, configuration: .init(storm)) { benchmark in
        let value = AnimatedValue(0.0)
        let animation = Animation.easeInOut(duration: 0.35)
        benchmark.startMeasurement()
        for step in 0..<10_000 {
            value.set(Double(step % 100), animation: animation)
            value.update(by: 0.001)
        }
        benchmark.stopMeasurement()
        blackHole(value.presentation)
    }

    // The client rows beside their floors (the same animation called directly) and a built-in curve on
    // the same values for scale. Long durations keep every value animating; the TargetAnimation (a spring
    // chasing a moving target) is retargeted every half second, unmeasured, so that it never settles.
    let clients: [String: (animation: Animation, retargetEvery: Int?)] = [
        ".easeInOut": (.easeInOut(duration: 1_000), nil),
        "ElasticEaseInEaseOutAnimation": (Animation(ElasticEaseInEaseOutAnimation(duration: 1_000)), nil),
        "TargetAnimation": (Animation(TargetAnimation(base: .spring, secondary: .easeInOut(duration: 0.35))), 30),
    ]
    for name in [".easeInOut"] + ModelSuites.clientAnimations {
        guard let (animation, every) = clients[name] else { fatalError("no client animation named \(name)") }
        measureUpdates(
            ModelSuites.oneAnimationPerValue(name, "Double"), animation: animation, retargetEvery: every,
            field: { OneAnimationField<Double>(animation: animation, offset: 300) })
        measureUpdates(
            ModelSuites.oneAnimationPerValue(name, "SIMD2<Double>"), animation: animation,
            retargetEvery: every,
            field: { OneAnimationField<SIMD2<Double>>(animation: animation, offset: SIMD2(200, 100)) })
        guard ModelSuites.clientAnimations.contains(name) else { continue }
        measureClientFloor(
            ModelSuites.clientFloor(name, "Double"), animation: animation, retargetEvery: every,
            field: { ClientFloorField<Double>(animation: animation, offset: 300) })
        measureClientFloor(
            ModelSuites.clientFloor(name, "SIMD2<Double>"), animation: animation, retargetEvery: every,
            field: { ClientFloorField<SIMD2<Double>>(animation: animation, offset: SIMD2(200, 100)) })
    }
}

/// One measured frame per iteration of a client animation's own calls on 10,000 contexts, with an
/// unmeasured retarget every `retargetEvery` frames if given, as its `AnimatedValue` row has.
func measureClientFloor<V: VectorArithmetic>(
    _ suite: Suite, animation: Animation, retargetEvery frames: Int?, field: @escaping () -> ClientFloorField<V>
) {
    Benchmark(suite.name, configuration: .init(suite)) { (benchmark: Benchmark, field: ClientFloorField<V>) in
        if let frames, field.frame > 0, field.frame % frames == 0 { field.retargetAll() }
        benchmark.startMeasurement()
        field.callAll()
        benchmark.stopMeasurement()
        precondition(field.finished == 0, "an animation finished within the measured frames")
    } setup: { () -> ClientFloorField<V> in
        let made = field()
        made.retargetAll()
        return made
    }
}

/// What an `AnimatedValue` row's values hold for their client animation, without the value: per value an
/// interval, a begin time and a context, and the animation called through `any CustomAnimation` (its
/// `base`), `animate` then `velocity`, as the runtime calls it. A retarget merges as the runtime would,
/// through the animation's `shouldMerge`, or starts a new context if it does not merge.
final class ClientFloorField<V: VectorArithmetic> {
    let base: any CustomAnimation
    let animation: Animation
    let offset: V
    var intervals: [V]
    var contexts: [AnimationContext<V>]
    var startTimes: [Double]
    private(set) var frame = 0
    private(set) var finished = 0
    private var clock = 0.0
    private var outward = false

    init(animation: Animation, offset: V) {
        self.animation = animation
        base = animation.base
        self.offset = offset
        intervals = Array(repeating: .zero, count: ModelSuites.values)
        contexts = Array(repeating: AnimationContext(), count: ModelSuites.values)
        startTimes = Array(repeating: 0, count: ModelSuites.values)
    }

    func retargetAll() {
        outward.toggle()
        let change = outward ? offset : .zero - offset
        for index in intervals.indices {
            let time = clock - startTimes[index]
            if frame > 0
                && base.shouldMerge(previous: animation, value: intervals[index], time: time, context: &contexts[index])
            {
                intervals[index] += change
            } else {
                intervals[index] = change
                contexts[index] = AnimationContext()
                startTimes[index] = clock
            }
        }
    }

    func callAll() {
        clock += frame60
        let base = base
        let clock = clock
        var finished = 0
        var sum = 0.0
        // Unsafe buffers, so that the floor pays no array checks the runtime does not pay either.
        intervals.withUnsafeBufferPointer { intervals in
            startTimes.withUnsafeBufferPointer { startTimes in
                contexts.withUnsafeMutableBufferPointer { contexts in
                    for index in 0..<intervals.count {
                        let time = clock - startTimes[index]
                        if let progress = base.animate(value: intervals[index], time: time, context: &contexts[index]) {
                            sum += progress.magnitudeSquared
                            if let velocity = base.velocity(
                                value: intervals[index], time: time, context: contexts[index])
                            {
                                sum += velocity.magnitudeSquared
                            }
                        } else {
                            finished += 1
                        }
                    }
                }
            }
        }
        blackHole(sum)
        self.finished += finished
        frame += 1
    }
}

/// One measured frame of updates per iteration of 10,000 values each running one animation, with an
/// unmeasured retarget every `retargetEvery` frames if given.
func measureUpdates<V: VectorArithmetic>(
    _ suite: Suite, animation: Animation, retargetEvery frames: Int?, field: @escaping () -> OneAnimationField<V>
) {
    Benchmark(suite.name, configuration: .init(suite)) { (benchmark: Benchmark, field: OneAnimationField<V>) in
        // Not at frame 0: the setup has just sent every value off (a second retarget would send it home).
        if let frames, field.frame > 0, field.frame % frames == 0 { field.retargetAll() }
        benchmark.startMeasurement()
        field.updateAll()
        benchmark.stopMeasurement()
        precondition(field.values.allSatisfy(\.isAnimating), "a value came to rest within the measured frames")
    } setup: { () -> OneAnimationField<V> in
        let made = field()
        made.retargetAll()
        return made
    }
}

/// 10,000 values of one type, each sent back and forth between 0 and `offset` under one animation.
final class OneAnimationField<V: VectorArithmetic> {
    let animation: Animation
    let offset: V
    let values: [AnimatedValue<V>]
    private(set) var frame = 0
    private var outward = false

    init(animation: Animation, offset: V) {
        self.animation = animation
        self.offset = offset
        values = (0..<ModelSuites.values).map { _ in AnimatedValue(V.zero) }
    }

    func retargetAll() {
        outward.toggle()
        let target = outward ? offset : .zero
        for value in values { value.set(target, animation: animation) }
    }

    func updateAll() {
        values.withUnsafeBufferPointer { values in
            for value in values { value.update(by: frame60) }
        }
        frame += 1
    }
}

/// One measured frame of updates per iteration, with an unmeasured retarget every `retargetEvery` frames.
func measureUpdates<Field: PointField>(_ suite: Suite, retargetEvery frames: Int, make: @escaping () -> Field) {
    Benchmark(suite.name, configuration: .init(suite)) { (benchmark: Benchmark, field: Field) in
        if field.frame % frames == 0 { field.retargetAll() }
        benchmark.startMeasurement()
        field.updateAll()
        benchmark.stopMeasurement()
        field.requireAllAnimating()
    } setup: {
        make()
    }
}

/// One measured retarget of every value per iteration, one unmeasured frame after the last.
func measureRetargets<Field: PointField>(_ suite: Suite, make: @escaping () -> Field) {
    Benchmark(suite.name, configuration: .init(suite)) { (benchmark: Benchmark, field: Field) in
        field.updateAll()
        benchmark.startMeasurement()
        field.retargetAll()
        benchmark.stopMeasurement()
    } setup: {
        make()
    }
}

/// `AnimatedField`'s 10,000 points and schedule, as the `AnimatedValue` rows run them or as their floors
/// write them plainly.
protocol PointField: AnyObject {
    /// Frames updated so far.
    var frame: Int { get }
    /// Sends every value to its other target.
    func retargetAll()
    /// One 60 Hz frame for every value.
    func updateAll()
    /// Stops the run if a value came to rest: the suite would then be measuring idle frames.
    func requireAllAnimating()
}

/// 10,000 points on a grid, each an `AnimatedValue<SIMD2<Double>>` sent back and forth between two
/// targets with one animation, as a scene full of dragged or flocking dots would.
final class AnimatedField: PointField {
    let animation: Animation
    let values: [AnimatedValue<SIMD2<Double>>]
    /// Frames updated so far.
    private(set) var frame = 0
    private var outward = false

    /// Where the values start: a grid 100 wide, 10 apart.
    static let homes = homes(ModelSuites.values)

    /// Where `count` values start: a grid 100 wide, 10 apart.
    static func homes(_ count: Int) -> [SIMD2<Double>] {
        (0..<count).map { SIMD2(Double($0 % 100) * 10, Double($0 / 100) * 10) }
    }

    init(animation: Animation) {
        self.animation = animation
        values = Self.homes.map { AnimatedValue($0) }
    }

    /// Sends every value to its other target.
    func retargetAll() {
        outward.toggle()
        let offset = outward ? SIMD2<Double>(200, 100) : .zero
        let animation = self.animation
        // Through buffers, so that the loop costs the values' work and not the arrays' checks.
        values.withUnsafeBufferPointer { values in
            Self.homes.withUnsafeBufferPointer { homes in
                for index in values.indices { values[index].set(homes[index] + offset, animation: animation) }
            }
        }
    }

    /// One 60 Hz frame for every value.
    func updateAll() {
        values.withUnsafeBufferPointer { values in
            for value in values { value.update(by: frame60) }
        }
        frame += 1
    }

    /// Stops the run if a value came to rest: the suite would then be measuring idle updates.
    func requireAllAnimating() {
        precondition(values.allSatisfy(\.isAnimating), "a value came to rest within the measured frames")
    }
}

/// SwiftUI's merging spring, as Cadence runs `.spring`, stepped plainly: velocity Verlet on the error
/// (interval − offset) at 1/300 s steps, five steps per 60 fps frame, over flat arrays of the runs' states, the
/// runs and frames in the order the `animate` rows call them. No matrix, no context, no dispatch: the floor
/// of the merging springs' rows.
struct SteppedSpringFloor {
    let stiffness: Double, damping: Double
    var error: [Double], velocity: [Double], force: [Double]
    static let step = 1.0 / 300
    static let stepsPerFrame = 5

    init(response: Double, dampingFraction: Double) {
        (stiffness, damping) = springCoefficients(response: response, dampingFraction: dampingFraction)
        error = Array(repeating: 1, count: AnimationRuns.runs)
        velocity = Array(repeating: 0, count: AnimationRuns.runs)
        force = Array(repeating: 0, count: AnimationRuns.runs)
    }

    /// One frame's steps of one run's state.
    @inline(__always)
    func frame(_ error: inout Double, _ velocity: inout Double, _ force: inout Double) {
        let (h, k, c) = (Self.step, stiffness, damping)
        for _ in 0..<Self.stepsPerFrame {
            let half = velocity + h / 2 * force
            error -= h * half
            force = k * error - c * half
            velocity = half + h / 2 * force
        }
    }

    /// `calls` offsets (frames 1…10 of every run, then again from the start, at offset 0 of an interval of 1,
    /// at rest, with no force yet: SwiftUI's first half-step moves nothing), summed.
    mutating func run(calls: Int) -> Double {
        var sum = 0.0
        var done = 0
        let floor = self
        while done < calls {
            error.withUnsafeMutableBufferPointer { e in
                velocity.withUnsafeMutableBufferPointer { v in
                    force.withUnsafeMutableBufferPointer { f in
                        for run in 0..<AnimationRuns.runs { (e[run], v[run], f[run]) = (1, 0, 0) }
                        for _ in 1...AnimationRuns.frames where done < calls {
                            for run in 0..<AnimationRuns.runs where done < calls {
                                floor.frame(&e[run], &v[run], &f[run])
                                sum += 1 - e[run]
                                done += 1
                            }
                        }
                    }
                }
            }
        }
        return sum
    }

    /// Stops the benchmarks unless the floor's offsets are `animation`'s at every measured frame.
    func check(against animation: Animation) {
        var context = AnimationContext<Double>()
        _ = animation.animate(value: 1.0, time: 0, context: &context)
        var (error, velocity, force) = (1.0, 0.0, 0.0)
        for frame in 1...AnimationRuns.frames {
            self.frame(&error, &velocity, &force)
            let cadence = animation.animate(value: 1.0, time: Double(frame) * frame60, context: &context) ?? .nan
            precondition(
                abs((1 - error) - cadence) <= 1e-12,
                "the stepped spring floor gives \(1 - error) at frame \(frame), Cadence \(cadence)")
        }
    }
}
