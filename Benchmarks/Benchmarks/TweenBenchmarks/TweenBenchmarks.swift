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

    // Creation on a steady heap: the tweens of the iteration before last were freed after their
    // measurement, so their memory is there to reuse, as in a game that keeps replacing its tweens.
    let create = TweenSuites.createAndStart
    let previous = Generation()
    Benchmark(create.name, configuration: .init(create)) { benchmark in
        Heap.keepsFreedMemory(true)
        defer { Heap.keepsFreedMemory(false) }
        let generation = Generation.make(create.itemsPerIteration)
        benchmark.startMeasurement()
        generation.createAndStart()
        benchmark.stopMeasurement()
        previous.replace(with: generation)  // frees the generation before it, outside the measurement
    }

    // Its floor, on the same steady heap.
    let createFloor = TweenSuites.createAndStartFloor
    let previousPlain = PlainGeneration()
    Benchmark(createFloor.name, configuration: .init(createFloor)) { benchmark in
        Heap.keepsFreedMemory(true)
        defer { Heap.keepsFreedMemory(false) }
        let generation = PlainGeneration.make(createFloor.itemsPerIteration)
        benchmark.startMeasurement()
        generation.createAndStart()
        benchmark.stopMeasurement()
        previousPlain.replace(with: generation)
    }
    // The same into fresh memory: everything is freed after each iteration, and the allocator gives
    // the freed memory back to the system, so every tween lands on a page touched for the first time.
    let createFresh = TweenSuites.createAndStartFresh
    Benchmark(createFresh.name, configuration: .init(createFresh)) { benchmark in
        let generation = Generation.make(createFresh.itemsPerIteration)
        benchmark.startMeasurement()
        generation.createAndStart()
        benchmark.stopMeasurement()
        // Freeing 100,000 tweens is not part of creating them: keep everything alive past the stop.
        withExtendedLifetime(generation) {}
        Heap.returnFreedMemory()
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

    let completeFloor = TweenSuites.completeAllFloor
    Benchmark(completeFloor.name, configuration: .init(completeFloor)) { benchmark in
        let tweens = PlainCompletion(count: completeFloor.itemsPerIteration)
        benchmark.startMeasurement()
        tweens.update(by: 1)
        benchmark.stopMeasurement()
        precondition(tweens.runningCount == 0, "every plain tween should have completed")
        withExtendedLifetime(tweens) {}
    }

    // The cost moved out of the frame above: the next update frees the first batch of the completed tweens.
    let release = TweenSuites.releaseAfterCompleteAll
    Benchmark(release.name, configuration: .init(release)) { benchmark in
        let tweens = RunningTweens(count: TweenSuites.completeAll.itemsPerIteration, duration: 0.5)
        tweens.tweener.update(by: 1)
        benchmark.startMeasurement()
        tweens.tweener.update(by: frame)
        benchmark.stopMeasurement()
        withExtendedLifetime(tweens) {}
    }
}

/// How glibc's allocator treats freed memory. By default it gives a large free region at the top of
/// the heap back to the system (`M_TRIM_THRESHOLD`, 128 KB and up), so 100,000 tweens freed and
/// 100,000 created again land on pages the kernel must fault in afresh: that is what the "into fresh
/// memory" row measures. A long-running game's heap keeps its high-water mark (or is told to, with
/// `mallopt`), which is what the steady row measures.
enum Heap {
    static func keepsFreedMemory(_ keeps: Bool) {
        #if os(Linux)
        _ = glibcMallopt(-1 /* M_TRIM_THRESHOLD */, keeps ? Int32.max : 128 * 1024)
        #endif
    }

    /// Gives every free page back to the system now.
    static func returnFreedMemory() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}

// <malloc.h> is not part of Swift's Glibc module.
#if os(Linux)
@_silgen_name("mallopt") func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
@_silgen_name("malloc_trim") func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// A game's worth of sprites and the tweener that moves them, one tween per sprite.
final class Generation {
    private var tweener = Tweener()
    private var sprites: [Sprite] = []

    static func make(_ count: Int) -> Generation {
        let generation = Generation()
        generation.sprites = (0..<count).map { Sprite(x: Double($0)) }
        return generation
    }

    /// Creates and starts one tween per sprite, each from the sprite's position to 100 past it.
    func createAndStart() {
        for sprite in sprites {
            tweener.tween(from: sprite.x, to: sprite.x + 100, duration: 1) { sprite.x = $0 }.start()
        }
    }

    /// Keeps `other`'s tweener and sprites in place of this one's, which are freed.
    func replace(with other: Generation) {
        (tweener, sprites) = (other.tweener, other.sprites)
    }
}

/// The creation floor's tween: what a started `Double` tween needs, in plain stored fields (its clock,
/// its values and the sprite's closure), one heap object each.
final class PlainTween {
    var elapsed = 0.0
    let duration: Double
    let start: Double
    let end: Double
    let apply: (Double) -> Void

    init(from start: Double, to end: Double, duration: Double, apply: @escaping (Double) -> Void) {
        (self.start, self.end, self.duration, self.apply) = (start, end, duration, apply)
    }
}

/// `Generation` with plain tweens: per sprite, a `PlainTween` made with the same closure, appended to a
/// list that grows from empty as a new tweener's does, and handed its start value, as `start()` shows it.
final class PlainGeneration {
    private var tweens: [PlainTween] = []
    private var sprites: [Sprite] = []

    static func make(_ count: Int) -> PlainGeneration {
        let generation = PlainGeneration()
        generation.sprites = (0..<count).map { Sprite(x: Double($0)) }
        return generation
    }

    func createAndStart() {
        for sprite in sprites {
            let tween = PlainTween(from: sprite.x, to: sprite.x + 100, duration: 1) { sprite.x = $0 }
            tweens.append(tween)
            tween.apply(tween.start)
        }
    }

    func replace(with other: PlainGeneration) {
        (tweens, sprites) = (other.tweens, other.sprites)
    }
}

/// One 60 Hz frame.
let frame = 1.0 / 60

/// What a game's tween usually moves: a property of one of its objects. A closure that captures
/// only `sprite`, as `{ sprite.x = $0 }` does, needs no allocation of its own (Swift uses the object as
/// the closure's context), so creating such a tween allocates exactly what the engine allocates. A
/// closure capturing two or more values (`{ values[index] = $0 }`) adds one context allocation, made
/// by the caller when it forms the closure.
final class Sprite {
    var x: Double
    init(x: Double) { self.x = x }
}

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
    private let buffers: FlatBuffers

    init(count: Int) {
        self.count = count
        buffers = FlatBuffers(count: 5, bytes: count * MemoryLayout<Double>.stride)
        elapsed = buffers.buffer(0, of: 0.0, capacity: count)
        duration = buffers.buffer(1, of: 3_600.0, capacity: count)
        start = buffers.buffer(2, of: 0.0, capacity: count)
        end = buffers.buffer(3, of: 0.0, capacity: count)
        output = buffers.buffer(4, of: 0.0, capacity: count)
        for index in 0..<count { (start[index], end[index]) = (Double(index), Double(index) + 100) }
    }

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

/// The complete-all floor: the closure floor's tweens (0.5 s long, so that a 1 s frame ends them all), each
/// with a state and listed as running. A frame moves every listed tween, hands it its value through its
/// closure, and for each that reached its end sets its state to killed (completed, then auto-killed), takes
/// it off the running list and lists it to be freed later, as the tweener does.
final class PlainCompletion {
    let tweens: FlatClosureTweens
    /// 1 running, 2 killed.
    let states: UnsafeMutablePointer<UInt8>
    let running: UnsafeMutablePointer<Int32>
    let finished: UnsafeMutablePointer<Int32>
    private(set) var runningCount: Int
    private(set) var finishedCount = 0

    init(count: Int) {
        tweens = FlatClosureTweens(count: count)
        tweens.flat.duration.update(repeating: 0.5, count: count)
        states = .allocate(capacity: count)
        states.initialize(repeating: 1, count: count)
        running = .allocate(capacity: count)
        for index in 0..<count { (running + index).initialize(to: Int32(index)) }
        finished = .allocate(capacity: count)
        runningCount = count
    }

    deinit {
        states.deallocate()
        running.deallocate()
        finished.deallocate()
    }

    func update(by dt: Double) {
        let flat = tweens.flat
        let (elapsed, duration, start, end) = (flat.elapsed, flat.duration, flat.start, flat.end)
        let closures = tweens.closures
        var kept = 0
        var finishedCount = self.finishedCount
        for slot in 0..<runningCount {
            let index = Int(running[slot])
            let time = elapsed[index] + dt
            elapsed[index] = time
            let progress = min(time / duration[index], 1)
            let eased = 1 - (1 - progress) * (1 - progress)
            closures[index](start[index] + (end[index] - start[index]) * eased)
            if progress >= 1 {
                states[index] = 2
                finished[finishedCount] = Int32(index)
                finishedCount += 1
            } else {
                running[kept] = Int32(index)
                kept += 1
            }
        }
        (runningCount, self.finishedCount) = (kept, finishedCount)
        blackHole(tweens.sink.values[flat.count - 1])
    }
}
