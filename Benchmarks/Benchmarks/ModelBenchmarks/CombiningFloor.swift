import Benchmark
import BenchmarkCatalog
import BenchmarkSupport
import Cadence
import Foundation

// The combining rows' floors: the same retargets and frames, chained plainly.

/// Registers the floors of the three combining rows. Each floor's setup first checks that the plain chain
/// computes the runtime's presentations and velocities: there, and not when the suites are registered
/// (which every suite's process does), so that the 10,000 values it makes and frees do not rearrange the
/// heap the rows' own values are then made on.
func combiningFloorBenchmarks() {
    measureUpdates(ModelSuites.valuesUnderCombinationFloor, retargetEvery: 6) {
        checkPlainCombination()
        return PlainCombinedField(capacity: 32)
    }
    measureRetargets(ModelSuites.retargetsUnderCombinationFloor) {
        checkPlainCombination()
        return PlainCombinedField(capacity: 32)
    }

    let storm = ModelSuites.retargetStormFloor
    Benchmark(storm.name, configuration: .init(storm)) { benchmark in
        let combination = PlainCombination<Double>(homes: [0], capacity: 512)
        var clock = 0.0
        benchmark.startMeasurement()
        for step in 0..<10_000 {
            combination.retarget(0, to: Double(step % 100), at: clock)
            clock += 0.001
            combination.evaluate(0, at: clock)
        }
        benchmark.stopMeasurement()
        blackHole(combination.presentation(0))
    }
}

/// Stops the benchmarks unless the plain chain shows what `AnimatedValue` shows under `.easeInOut`, at every
/// frame of three seconds, on the rows' two schedules: retargeted every 6 frames (10 Hz) and every frame.
func checkPlainCombination() {
    for frames in [6, 1] { checkPlainCombination(retargetEvery: frames) }
}

/// ``checkPlainCombination()`` on one schedule: retargeted every `frames` frames.
private func checkPlainCombination(retargetEvery frames: Int) {
    let homes = (0..<16).map { SIMD2(Double($0 % 4) * 10, Double($0 / 4) * 10) }
    let values = homes.map { AnimatedValue($0) }
    let plain = PlainCombination<SIMD2<Double>>(homes: homes, capacity: 32)
    var (clock, outward) = (0.0, false)
    for frame in 0..<180 {
        if frame % frames == 0 {
            outward.toggle()
            let offset = outward ? SIMD2<Double>(200, 100) : .zero
            for index in homes.indices {
                values[index].set(homes[index] + offset, animation: .easeInOut)
                plain.retarget(index, to: homes[index] + offset, at: clock)
            }
        }
        clock += frame60
        for index in homes.indices {
            values[index].update(by: frame60)
            plain.evaluate(index, at: clock)
            let (shown, velocity) = (values[index].presentation, values[index].velocity)
            precondition(
                close(plain.presentation(index), shown) && close(plain.velocity(index), velocity),
                "the combining floor shows \(plain.presentation(index)) moving at \(plain.velocity(index)) at frame "
                    + "\(frame), Cadence \(shown) moving at \(velocity)")
        }
    }
}

private func close(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
    let difference = a - b
    return abs(difference.x) <= 1e-9 * max(1, abs(b.x)) && abs(difference.y) <= 1e-9 * max(1, abs(b.y))
}

/// A cubic Bézier timing curve from (0, 0) through (x1, y1), (x2, y2) to (1, 1), its polynomial
/// coefficients computed once, as a curve is set up once and solved at every frame, solved the textbook
/// way: Newton's method on x(s) = p from s = p to 1e-12 (at most 8 steps, bisection if a step stalls), then
/// the value y(s) and the slope y′(s)/x′(s). The floor of the curves' `animate` rows and of the combining
/// rows.
struct PlainBezier {
    let ax: Double, bx: Double, cx: Double
    let ay: Double, by: Double, cy: Double

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// The value and slope at progress `p`.
    @inline(__always)
    func solve(_ p: Double) -> (value: Double, slope: Double) {
        var s = p
        var solved = false
        for _ in 0..<8 {
            let error = ((ax * s + bx) * s + cx) * s - p
            if abs(error) < 1e-12 {
                solved = true
                break
            }
            let slope = (3 * ax * s + 2 * bx) * s + cx
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        if !solved {
            var (low, high) = (0.0, 1.0)
            s = p
            while high - low > 1e-12 {
                if ((ax * s + bx) * s + cx) * s < p { low = s } else { high = s }
                s = (low + high) / 2
            }
        }
        let value = ((ay * s + by) * s + cy) * s
        let slope = ((3 * ay * s + 2 * by) * s + cy) / ((3 * ax * s + 2 * bx) * s + cx)
        return (value, slope)
    }
}

/// Combining `.easeInOut` as Cadence's runtime does it, written plainly over flat buffers. Per value, its
/// running entries in order, each a cumulative interval and a begin time: a retarget appends one; a frame
/// chains them (each moves the result the rest of the way to its interval by the curve), carries the
/// velocity by the chain rule, shows target − last interval + result, and drops the entries up to the last
/// finished one. No `Animation`, no context, no dispatch, no array checks.
final class PlainCombination<V: VectorArithmetic> {
    let capacity: Int
    let duration = 0.35
    let curve = PlainBezier(0.42, 0.0, 0.58, 1.0)
    private let targets: UnsafeMutablePointer<V>
    private let presentations: UnsafeMutablePointer<V>
    private let velocities: UnsafeMutablePointer<V>
    private let intervals: UnsafeMutablePointer<V>
    private let begins: UnsafeMutablePointer<Double>
    private let counts: UnsafeMutablePointer<Int>
    private let count: Int

    /// Values at rest at `homes`, each with room for `capacity` entries (a suite that needs more stops).
    init(homes: [V], capacity: Int) {
        self.capacity = capacity
        count = homes.count
        targets = .allocate(capacity: count)
        targets.initialize(from: homes, count: count)
        presentations = .allocate(capacity: count)
        presentations.initialize(from: homes, count: count)
        velocities = .allocate(capacity: count)
        velocities.initialize(repeating: .zero, count: count)
        intervals = .allocate(capacity: count * capacity)
        intervals.initialize(repeating: .zero, count: count * capacity)
        begins = .allocate(capacity: count * capacity)
        begins.initialize(repeating: 0, count: count * capacity)
        counts = .allocate(capacity: count)
        counts.initialize(repeating: 0, count: count)
    }

    deinit {
        for buffer in [targets, presentations, velocities] { buffer.deinitialize(count: count).deallocate() }
        intervals.deinitialize(count: count * capacity).deallocate()
        begins.deallocate()
        counts.deallocate()
    }

    func presentation(_ index: Int) -> V { presentations[index] }
    /// Whether value `index` has running entries.
    func isRunning(_ index: Int) -> Bool { counts[index] > 0 }
    func velocity(_ index: Int) -> V { velocities[index] }

    /// Sends value `index` to `target` from time `now`: one more entry, its interval the last one's plus
    /// the change.
    @inline(__always)
    func retarget(_ index: Int, to target: V, at now: Double) {
        let entries = counts[index]
        precondition(entries < capacity, "a combination outgrew the floor's \(capacity) entries")
        let base = index * capacity
        let last = entries > 0 ? intervals[base + entries - 1] : .zero
        intervals[base + entries] = last + (target - targets[index])
        begins[base + entries] = now
        counts[index] = entries + 1
        targets[index] = target
    }

    /// Evaluates value `index` at time `now`.
    @inline(__always)
    func evaluate(_ index: Int, at now: Double) {
        let entries = counts[index]
        guard entries > 0 else { return }
        let base = index * capacity
        var result = V.zero
        var rate = V.zero
        var lastFinished = -1
        for entry in 0..<entries {
            let interval = intervals[base + entry]
            let time = now - begins[base + entry]
            guard time <= duration else {
                (result, rate, lastFinished) = (interval, .zero, entry)
                continue
            }
            let (eased, slope) = curve.solve(time / duration)
            let value = interval - result
            result += value.scaled(by: eased)
            rate = rate.scaled(by: 1 - eased) + value.scaled(by: slope / duration)
        }
        if lastFinished == entries - 1 {
            (presentations[index], velocities[index], counts[index]) = (targets[index], .zero, 0)
            return
        }
        presentations[index] = targets[index] - intervals[base + entries - 1] + result
        velocities[index] = rate
        guard lastFinished >= 0 else { return }
        let origin = intervals[base + lastFinished]
        for entry in (lastFinished + 1)..<entries {
            intervals[base + entry - lastFinished - 1] = intervals[base + entry] - origin
            begins[base + entry - lastFinished - 1] = begins[base + entry]
        }
        counts[index] = entries - lastFinished - 1
    }
}

/// `AnimatedField`'s 10,000 points and schedule over a `PlainCombination`.
final class PlainCombinedField: PointField {
    let combination: PlainCombination<SIMD2<Double>>
    let homes: [SIMD2<Double>]
    private(set) var frame = 0
    private var outward = false
    private var clock = 0.0

    init(capacity: Int) {
        homes = AnimatedField.homes
        combination = PlainCombination(homes: homes, capacity: capacity)
    }

    /// Sends every value to its other target.
    func retargetAll() {
        outward.toggle()
        let offset = outward ? SIMD2<Double>(200, 100) : .zero
        homes.withUnsafeBufferPointer { homes in
            for index in homes.indices { combination.retarget(index, to: homes[index] + offset, at: clock) }
        }
    }

    /// One 60 Hz frame for every value.
    func updateAll() {
        clock += frame60
        for index in homes.indices { combination.evaluate(index, at: clock) }
        blackHole(combination.presentation(homes.count - 1))
        frame += 1
    }

    func requireAllAnimating() {
        precondition(homes.indices.allSatisfy(combination.isRunning), "a value came to rest within the measured frames")
    }
}
