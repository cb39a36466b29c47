import Benchmark
import BenchmarkCatalog
import BenchmarkSupport
import CSDL2
import Cadence
import Harness
import Tweening

// The floor of the stress frame on headless SDL that does the frame's work: the scene's objects moved as the
// scene moves them and drawn as its dots, written plainly over flat buffers in a minimal SDL loop.

/// Registers the floor, checked against the scene by its setup before it is timed.
func measureStressWorkFloor(_ suite: Suite) {
    Benchmark(suite.name, configuration: .init(suite)) { _, floor in
        floor.frame()
    } setup: {
        try checkPlainStress()
        return try PlainStressFrame(sdl: true)
    } teardown: {
        MinimalSDLLoop.closeOpen()
    }
}

/// The stress scene's frame written plainly: 10,000 places (the first half under tweens, the rest under
/// merging springs) sent in the scene's waves to the scene's targets. A tween is a start, an end and its
/// elapsed time, eased by the cubic in-out written out; a spring is its target, its error along its interval
/// (interval − offset), velocity, force and interval, stepped by velocity Verlet on SwiftUI's 1/300 s grid and
/// merged on a retarget (the target, the interval and the error move by the change; velocity and force are
/// kept). Places become the dots' rectangles, which a minimal SDL loop clears with plain stores, fills (one
/// call per colour) and presents. No tweener, no `AnimatedValue`, no draw list, no heads-up text or overlay.
final class PlainStressFrame {
    let count: Int
    let tweenCount: Int
    let places: UnsafeMutablePointer<Point>
    private let tweenStarts: UnsafeMutablePointer<Point>
    private let tweenEnds: UnsafeMutablePointer<Point>
    private let tweenElapsed: UnsafeMutablePointer<Double>
    private let tweenActive: UnsafeMutablePointer<Bool>
    private let springTargets: UnsafeMutablePointer<Point>
    private let errors: UnsafeMutablePointer<Point>
    private let velocities: UnsafeMutablePointer<Point>
    private let forces: UnsafeMutablePointer<Point>
    private let intervals: UnsafeMutablePointer<Point>
    private let moving: UnsafeMutablePointer<Bool>
    private let buffers: FlatBuffers
    private let stiffness: Double, damping: Double
    private var random = SplitMix64(seed: StressScene.targetSeed)
    private var sinceWave = 0.0
    private var waves = 0
    /// The minimal SDL loop the dots are drawn by (nil: the animation alone, for the check).
    private let loop: MinimalSDLLoop?

    init(sdl: Bool, count: Int = HarnessSession.Plan(scene: HarnessSuites.busySceneName).objectCount) throws {
        self.count = count
        tweenCount = count / 2
        guard let spring = StressScene.springAnimation.base as? SpringAnimation,
            case .cubicInOut = StressScene.tweenEase
        else { fatalError("the stress floor writes a spring and the cubic in-out ease plainly; the scene changed") }
        (stiffness, damping) = springCoefficients(response: spring.response, dampingFraction: spring.dampingFraction)
        let bytes = count * MemoryLayout<Point>.stride
        buffers = FlatBuffers(count: 11, bytes: bytes)
        places = buffers.buffer(0, of: .zero, capacity: count)
        tweenStarts = buffers.buffer(1, of: .zero, capacity: count)
        tweenEnds = buffers.buffer(2, of: .zero, capacity: count)
        tweenElapsed = buffers.buffer(3, of: 0, capacity: count)
        tweenActive = buffers.buffer(4, of: false, capacity: count)
        springTargets = buffers.buffer(5, of: .zero, capacity: count)
        errors = buffers.buffer(6, of: .zero, capacity: count)
        velocities = buffers.buffer(7, of: .zero, capacity: count)
        forces = buffers.buffer(8, of: .zero, capacity: count)
        intervals = buffers.buffer(9, of: .zero, capacity: count)
        moving = buffers.buffer(10, of: false, capacity: count)
        var first = SplitMix64(seed: StressScene.placeSeed)
        for index in 0..<count {
            places[index] = StressScene.place(from: &first)
            springTargets[index] = places[index]
        }
        let side = Float(StressScene.dotRadius * 2)
        let rect = SDL_FRect(x: 0, y: 0, w: side, h: side)
        loop =
            sdl
            ? try MinimalSDLLoop(
                batches: [
                    (StressScene.tweenColor, Array(repeating: rect, count: tweenCount)),
                    (StressScene.springColor, Array(repeating: rect, count: count - tweenCount)),
                ], clear: .plainStores) : nil
    }

    /// One frame at 60 Hz: the objects move, then the dots are drawn.
    func frame() {
        advance(by: frame60)
        draw()
    }

    /// The tweens and the moving springs by `dt`, then the scene's update: a wave every half second.
    func advance(by dt: Double) {
        let duration = StressScene.tweenDuration
        for index in 0..<tweenCount where tweenActive[index] {
            let time = tweenElapsed[index] + dt
            guard time < duration else {
                places[index] = tweenEnds[index]
                tweenActive[index] = false
                continue
            }
            tweenElapsed[index] = time
            let x = time / duration
            let u = -2 * x + 2
            let eased = x < 0.5 ? 4 * x * x * x : 1 - u * u * u / 2
            places[index] = tweenStarts[index] + (tweenEnds[index] - tweenStarts[index]) * eased
        }
        // SwiftUI's grid: 1/300 s steps.
        let steps = Int((dt * 300).rounded())
        for index in tweenCount..<count where moving[index] {
            var (e, v, f) = (errors[index], velocities[index], forces[index])
            if stepSpring(
                error: &e, velocity: &v, force: &f, interval: intervals[index], steps: steps, stiffness: stiffness,
                damping: damping)
            {
                moving[index] = false
            }
            (errors[index], velocities[index], forces[index]) = (e, v, f)
            places[index] = springTargets[index] - e
        }
        sinceWave += dt
        if sinceWave >= StressScene.waveInterval {
            sinceWave -= StressScene.waveInterval
            sendWave()
        }
    }

    /// The scene's wave: the next quarter of the objects to new targets (also what a click sends).
    func sendWave() {
        let quarter = max(1, count / 4)
        let start = (waves * quarter) % count
        for offset in 0..<quarter {
            let index = (start + offset) % count
            let target = StressScene.place(from: &random)
            if index < tweenCount {
                (tweenStarts[index], tweenEnds[index], tweenElapsed[index]) = (places[index], target, 0)
                tweenActive[index] = true
            } else {
                let change = target - springTargets[index]
                springTargets[index] = target
                if moving[index] {
                    intervals[index] += change
                    errors[index] += change
                } else {
                    (intervals[index], errors[index]) = (change, change)
                    (velocities[index], forces[index]) = (.zero, .zero)
                    moving[index] = true
                }
            }
        }
        waves += 1
    }

    /// Where object `index` is drawn in the minimal loop's 1280-point-wide window (the field spans the width
    /// less 20 points a side): what the dots are drawn around, and what the check compares with the scene.
    @inline(__always)
    func position(_ index: Int) -> Point { Point(20 + places[index].x * (1280 - 40), places[index].y) }

    /// The dots' rectangles from the places, then the minimal loop's frame.
    private func draw() {
        guard let loop else { return }
        let radius = StressScene.dotRadius
        for batch in loop.batches.indices {
            let range = batch == 0 ? 0..<tweenCount : tweenCount..<count
            loop.batches[batch].rects.withUnsafeMutableBufferPointer { rects in
                for (slot, index) in range.enumerated() {
                    let center = position(index)
                    rects[slot].x = Float(center.x - radius)
                    rects[slot].y = Float(center.y - radius)
                }
            }
        }
        loop.frame()
    }
}

/// Stops the benchmarks unless `PlainStressFrame` puts every object where the stress scene shows it (within a
/// millionth of a point) at each of 300 frames at 60 Hz, the scene run by the tweener and its own update as the
/// harness runs it. Besides the scene's waves, four are sent at once at frame 100, as four clicks would: the
/// last sends again springs sent ten frames before, which merge (in the scene's own waves every spring has
/// come to rest before it is sent again).
func checkPlainStress() throws {
    let session = try HarnessSession(
        backend: NoOpBackend(), time: MonotonicClock(),
        plan: .init(
            paced: false,
            scene: { context throws(HarnessError) in
                try SceneCatalog.builtIn.make(HarnessSuites.busySceneName, context: context)
            }))
    guard let scene = session.scene as? StressScene else { fatalError("the busy scene is not the stress scene") }
    let plain = try PlainStressFrame(sdl: false)
    for frame in 0..<300 {
        session.tweener.update(by: frame60)
        scene.update(by: frame60)
        plain.advance(by: frame60)
        if frame == 100 {
            for _ in 0..<4 {
                scene.sendWave()
                plain.sendWave()
            }
        }
        let positions = scene.positions
        guard positions.count == plain.count else {
            fatalError("the floor has \(plain.count) objects, the scene \(positions.count)")
        }
        for index in positions.indices {
            let gap = positions[index] - plain.position(index)
            // `fatalError`, not `precondition`: an optimised build drops a precondition's message.
            guard (gap * gap).sum() <= 1e-12 else {
                fatalError(
                    "the plain stress frame shows object \(index) at \(plain.position(index)) at frame \(frame), "
                        + "the scene at \(positions[index])")
            }
        }
    }
}
