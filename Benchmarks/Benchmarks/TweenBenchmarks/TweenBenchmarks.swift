import Benchmark
import BenchmarkCatalog
import BenchmarkSupport
import Tweening

// The tween engine's per-frame cost at three sizes beside its floor, and the two bulk operations that
// are quadratic in STween (creating and completing 100,000 tweens). Every tween is a `Double` tween
// with the default ease (quadOut) writing its value through its own closure, as a game's tweens do.

let benchmarks: @Sendable () -> Void = {
    for count in TweenSuites.sizes {
        let update = TweenSuites.update(count)
        Benchmark(update.name, configuration: .init(update)) { _, tweens in
            tweens.tweener.update(by: frame)
        } setup: {
            RunningTweens(count: count)
        }

        let closureFloor = TweenSuites.closureFloor(count)
        Benchmark(closureFloor.name, configuration: .init(closureFloor)) { _, arrays in
            arrays.update(by: frame)
        } setup: {
            FlatClosureTweens(count: count)
        }

        let floor = TweenSuites.floor(count)
        Benchmark(floor.name, configuration: .init(floor)) { _, arrays in
            arrays.update(by: frame)
        } setup: {
            FlatTweens(count: count)
        }
    }

    let create = TweenSuites.createAndStart
    Benchmark(create.name, configuration: .init(create)) { benchmark in
        let tweener = Tweener()
        let sink = Sink(count: create.itemsPerIteration)
        benchmark.startMeasurement()
        addTweens(sink.count, to: tweener, writingTo: sink, duration: 1, start: true)
        benchmark.stopMeasurement()
        // Freeing 100,000 tweens is not part of creating them: keep everything alive past the stop.
        withExtendedLifetime((tweener, sink)) {}
    }

    let complete = TweenSuites.completeAll
    Benchmark(complete.name, configuration: .init(complete)) { benchmark in
        let tweens = RunningTweens(count: complete.itemsPerIteration, duration: 0.5)
        benchmark.startMeasurement()
        tweens.tweener.update(by: 1)
        benchmark.stopMeasurement()
        precondition(tweens.tweener.count == 0, "every tween should have completed and been untracked")
        withExtendedLifetime(tweens) {}
    }
}

/// One 60 Hz frame.
let frame = 1.0 / 60

/// Where the tweens write: one slot per tween, reached through a raw pointer so that the closures cost
/// a store, not an array's uniqueness and exclusivity checks.
final class Sink {
    let values: UnsafeMutablePointer<Double>
    let count: Int

    init(count: Int) {
        self.count = count
        values = .allocate(capacity: count)
        values.initialize(repeating: 0, count: count)
    }

    deinit { values.deallocate() }
}

/// Creates `count` tweens in `tweener`, each from its own start to 100 past it, writing to its own slot.
/// With `start`, each is started explicitly (as STween's create-then-start does); otherwise they start by
/// themselves on the tweener's next update.
func addTweens(_ count: Int, to tweener: Tweener, writingTo sink: Sink, duration: Double, start: Bool) {
    let values = sink.values
    for index in 0..<count {
        let from = Double(index)
        let tween = tweener.tween(from: from, to: from + 100, duration: duration) { values[index] = $0 }
        if start { tween.start() }
    }
}

/// `count` tweens already started, so that a measured update is a steady-state frame.
final class RunningTweens {
    let tweener = Tweener()
    let sink: Sink

    /// - Parameter duration: The default (an hour) is longer than any run: no tween completes while
    ///   measured, so every frame does the same work.
    init(count: Int, duration: Double = 3_600) {
        sink = Sink(count: count)
        addTweens(count, to: tweener, writingTo: sink, duration: duration, start: false)
        tweener.update(by: 0)  // auto-start happens here, outside the measurement
    }
}

/// The same tweens as plain arrays and the same quadOut math in one loop: the floor.
final class FlatTweens {
    let count: Int
    let elapsed, duration, start, end, output: UnsafeMutablePointer<Double>

    init(count: Int) {
        self.count = count
        let arrays = (0..<5).map { _ in UnsafeMutablePointer<Double>.allocate(capacity: count) }
        (elapsed, duration, start, end, output) = (arrays[0], arrays[1], arrays[2], arrays[3], arrays[4])
        for index in 0..<count {
            (elapsed + index).initialize(to: 0)
            (duration + index).initialize(to: 3_600)
            (start + index).initialize(to: Double(index))
            (end + index).initialize(to: Double(index) + 100)
            (output + index).initialize(to: 0)
        }
    }

    deinit { for array in [elapsed, duration, start, end, output] { array.deallocate() } }

    func update(by dt: Double) {
        for index in 0..<count {
            let time = elapsed[index] + dt
            elapsed[index] = time
            let progress = min(time / duration[index], 1)
            let eased = 1 - (1 - progress) * (1 - progress)  // quadOut, as Ease.quadOut computes it
            output[index] = start[index] + (end[index] - start[index]) * eased
        }
        blackHole(output[count - 1])
    }
}

/// The closure floor: `FlatTweens`'s arrays and math, plus the call a tween makes, to its own closure
/// writing its own slot (built exactly as `addTweens` builds the tweens' closures).
final class FlatClosureTweens {
    let flat: FlatTweens
    let sink: Sink
    let closures: UnsafeMutablePointer<(Double) -> Void>

    init(count: Int) {
        flat = FlatTweens(count: count)
        sink = Sink(count: count)
        closures = .allocate(capacity: count)
        let values = sink.values
        for index in 0..<count { (closures + index).initialize(to: { values[index] = $0 }) }
    }

    deinit {
        closures.deinitialize(count: flat.count)
        closures.deallocate()
    }

    func update(by dt: Double) {
        let (elapsed, duration, start, end) = (flat.elapsed, flat.duration, flat.start, flat.end)
        for index in 0..<flat.count {
            let time = elapsed[index] + dt
            elapsed[index] = time
            let progress = min(time / duration[index], 1)
            let eased = 1 - (1 - progress) * (1 - progress)
            closures[index](start[index] + (end[index] - start[index]) * eased)
        }
        blackHole(sink.values[flat.count - 1])
    }
}
