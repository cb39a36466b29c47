import Benchmark
import BenchmarkCatalog
import BenchmarkSupport
import Cadence

// The floors of the merging-spring `AnimatedValue` rows: `AnimatedField`'s 10,000 points, schedule and
// `.spring`, each value's spring stepped and merged plainly over flat buffers.

/// Registers the two floors (called from `animatedValueBenchmarks`), each checked against `AnimatedValue` by
/// its setup, before it is timed (see `combiningFloorBenchmarks`).
func mergingSpringFloorBenchmarks() {
    measureUpdates(ModelSuites.valuesUnderSpringFloor, retargetEvery: 30) {
        checkPlainSprings()
        return PlainSpringField()
    }
    measureRetargets(ModelSuites.retargetsUnderSpringFloor) {
        checkPlainSprings()
        return PlainSpringField()
    }
}

/// `AnimatedField`'s points under `.spring` (response 0.5, damping fraction 1), written plainly. Per
/// value: its target, the error along its interval (interval − offset, so that what is shown is
/// target − error), its velocity and force, its interval and when its run began. A frame steps every value
/// five times at 1/300 s by velocity Verlet (SwiftUI's grid), tests whether it has settled, and stores what
/// is shown and its velocity; a retarget merges as the spring does, moving the target and the interval by
/// the change and keeping the offset, velocity and force, and restarts the run's clock. No `Animation`, no
/// context, no matrix, no dispatch, no array checks.
final class PlainSpringField: PointField {
    typealias Value = SIMD2<Double>
    let homes: [Value]
    let count: Int
    let stiffness: Double, damping: Double
    private let targets: UnsafeMutablePointer<Value>
    private let errors: UnsafeMutablePointer<Value>
    private let velocities: UnsafeMutablePointer<Value>
    private let forces: UnsafeMutablePointer<Value>
    private let intervals: UnsafeMutablePointer<Value>
    private let presentations: UnsafeMutablePointer<Value>
    private let shownVelocities: UnsafeMutablePointer<Value>
    private let begins: UnsafeMutablePointer<Double>
    private let buffers: FlatBuffers
    /// Values that have settled (none should, in the rows' schedule).
    private(set) var settled = 0
    /// Frames updated so far.
    private(set) var frame = 0
    private var outward = false
    private var clock = 0.0

    /// `count` values on `AnimatedField`'s grid (its own 10,000 by default).
    init(count: Int = ModelSuites.values) {
        homes = AnimatedField.homes(count)
        self.count = count
        (stiffness, damping) = springCoefficients(response: 0.5, dampingFraction: 1)
        buffers = FlatBuffers(count: 8, bytes: count * MemoryLayout<Value>.stride)
        targets = buffers.buffer(0, of: .zero, capacity: count)
        presentations = buffers.buffer(1, of: .zero, capacity: count)
        for index in homes.indices { (targets[index], presentations[index]) = (homes[index], homes[index]) }
        errors = buffers.buffer(2, of: .zero, capacity: count)
        velocities = buffers.buffer(3, of: .zero, capacity: count)
        forces = buffers.buffer(4, of: .zero, capacity: count)
        intervals = buffers.buffer(5, of: .zero, capacity: count)
        shownVelocities = buffers.buffer(6, of: .zero, capacity: count)
        begins = buffers.buffer(7, of: 0, capacity: count)
    }

    func presentation(_ index: Int) -> Value { presentations[index] }
    func velocity(_ index: Int) -> Value { shownVelocities[index] }

    /// Sends every value to its other target: a merge, or a new run for a value at rest.
    func retargetAll() {
        outward.toggle()
        let offset = outward ? Value(200, 100) : .zero
        homes.withUnsafeBufferPointer { homes in
            for index in homes.indices {
                let change = homes[index] + offset - targets[index]
                targets[index] += change
                intervals[index] += change
                errors[index] += change
                begins[index] = clock
            }
        }
    }

    /// One 60 Hz frame for every value.
    func updateAll() {
        clock += frame60
        var settled = 0
        for index in 0..<count {
            var (e, v, f) = (errors[index], velocities[index], forces[index])
            if stepSpring(
                error: &e, velocity: &v, force: &f, interval: intervals[index], steps: 5, stiffness: stiffness,
                damping: damping)
            {
                intervals[index] = .zero
                settled += 1
            }
            (errors[index], velocities[index], forces[index]) = (e, v, f)
            presentations[index] = targets[index] - e
            shownVelocities[index] = v
        }
        self.settled += settled
        blackHole(presentations[count - 1])
        frame += 1
    }

    func requireAllAnimating() {
        precondition(settled == 0, "a value came to rest within the measured frames")
    }
}

/// Stops the benchmarks unless `PlainSpringField` shows what `AnimatedField` under `.spring` shows, and at the
/// same velocities (within 1e-9 of the values' size), over 120 frames, on the rows' two schedules: retargeted
/// every 30 frames (half a second) and every frame.
func checkPlainSprings() {
    for frames in [30, 1] { checkPlainSprings(retargetEvery: frames) }
}

/// ``checkPlainSprings()`` on one schedule: retargeted every `frames` frames.
private func checkPlainSprings(retargetEvery frames: Int) {
    let field = AnimatedField(animation: .spring)
    let plain = PlainSpringField()
    for frame in 0..<120 {
        if frame % frames == 0 {
            field.retargetAll()
            plain.retargetAll()
        }
        field.updateAll()
        plain.updateAll()
        for index in stride(from: 0, to: plain.count, by: 97) {
            let value = field.values[index]
            let scale = max(1, (value.presentation * value.presentation).sum().squareRoot())
            let (shown, velocity) = (plain.presentation(index), plain.velocity(index))
            // `fatalError`, not `precondition`: an optimised build drops a precondition's message.
            guard ((shown - value.presentation) * (shown - value.presentation)).sum().squareRoot() <= 1e-9 * scale,
                ((velocity - value.velocity) * (velocity - value.velocity)).sum().squareRoot() <= 1e-9 * scale
            else {
                fatalError(
                    "the plain springs show \(shown) at \(velocity) for value \(index) at frame \(frame), "
                        + "AnimatedValue \(value.presentation) at \(value.velocity)")
            }
        }
    }
    guard plain.settled == 0 else { fatalError("a plain spring settled within the checked frames") }
}
