import Cadence
import Foundation
import Tweening

/// Scene 6, **stress**: N objects (`--count`, default 10,000), half under tweens and half under merging
/// springs (`AnimatedValue`s, driven through the tweener by one driver while any of them moves), retargeted
/// in waves: every half second a quarter of them is sent somewhere new. The profiler overlay is on: this is
/// where the engine's cost per frame is seen (its count of tweens is the live tweens and the springs' driver).
///
/// Tween objects are restarted from where they stand (a new tween each retarget, the old one killed);
/// spring objects are retargeted with `set`, which merges and keeps their velocity. Targets come from a
/// seeded generator, so a run with a fixed `dt` is reproducible.
public final class StressScene: Scene {
    public let name = "stress"
    public let title = "Stress: tweens and springs in waves"
    // Built once: an interpolated string read every frame would be two heap allocations every frame.
    public let hint: String
    public var prefersProfiler: Bool { true }

    /// Every object's position in the window: tweens first, then springs.
    public var positions: [Point] { places.map { Self.position(of: $0, in: bounds) } }
    /// Every object's place as the animations move it: `x` as a share of the field's width (so that the
    /// field follows the window's width when it is resized), `y` in window points.
    ///
    /// A buffer the scene owns (freed in `deinit`), not an array: written by the tweens' closures one at a
    /// time as the tweener calls them, an array's element write checks its uniqueness and its exclusive
    /// access each time (benchmark row "Frame loop, stress scene, headless SDL").
    private let places: UnsafeMutableBufferPointer<Point>
    /// How many waves have been sent.
    public private(set) var waves = 0

    private let tweener: Tweener
    private let tweenCount: Int
    private var tweens: [PropertyTween<Point>?]
    private let springs: [AnimatedValue<Point>]
    /// The springs that move, by offset into ``springs``, in the order they were set: what the driver walks.
    private var moving: [Int] = []
    /// Whether each spring is in ``moving``.
    private var isMoving: [Bool]
    /// The driver of the moving springs while any of them moves (see ``drive(_:)``).
    private var driver: DriverTween?
    private var random = SplitMix64(seed: StressScene.targetSeed)
    private var sinceWave = 0.0
    private var animatingSprings = 0
    /// Springs the driver found still animating at its last frame, taken by the next ``update(by:)``.
    private var springsAnimating = 0
    private var bounds = Size(width: 1280, height: 720)
    private var dotsTweens: [Point] = []
    private var dotsSprings: [Point] = []

    /// Seconds between waves.
    public static let waveInterval = 0.5
    /// How long a tween object takes to reach its target, in seconds.
    public static let tweenDuration = 0.8
    /// The tween objects' ease.
    public static let tweenEase = Ease.cubicInOut
    /// What a spring object is set with: a merging spring, so a retarget keeps its velocity.
    public static let springAnimation = Animation.snappy
    /// The dots' radius, in points.
    public static let dotRadius = 2.5
    /// The tween objects' colour.
    public static let tweenColor = Color.palette[4]
    /// The spring objects' colour.
    public static let springColor = Color.palette[1]
    /// The seed of the objects' first places.
    public static let placeSeed: UInt64 = 42
    /// The seed of the waves' targets.
    public static let targetSeed: UInt64 = 0xCADE_2026

    /// The next place from `random`: across the field's width, in a 360-point band from y = 90. The objects'
    /// first places and every target come from it.
    public static func place(from random: inout SplitMix64) -> Point {
        Point(random.unit(), random.unit() * 360 + 90)
    }

    /// Creates `context.objectCount` objects at rest, spread over the window.
    public init(context: SceneContext) {
        tweener = context.tweener
        let count = max(1, context.objectCount)
        hint = "\(count) objects: blue tweens, orange springs; a quarter retargeted every 0.5 s.  P profiler"
        tweenCount = count / 2
        var random = SplitMix64(seed: Self.placeSeed)
        places = .allocate(capacity: count)
        _ = places.initialize(from: (0..<count).map { _ in Self.place(from: &random) })
        tweens = Array(repeating: nil, count: tweenCount)
        springs = places[tweenCount...].map { AnimatedValue($0) }
        isMoving = Array(repeating: false, count: springs.count)
        moving.reserveCapacity(springs.count)
    }

    deinit {
        for tween in tweens { tween?.kill() }
        driver?.kill()
        places.deallocate()
    }

    /// Drives spring `offset` through the tweener until it rests. One driver walks every moving spring: each
    /// frame it advances them and copies where they are, while they are in the cache, and drops those at rest,
    /// ending itself once none moves. A spring at rest costs a frame nothing, and a moving one no tween of its
    /// own: a driver per spring was a tween's update (and two more objects to read) per spring per frame
    /// (benchmark row "Frame loop, stress scene, headless SDL").
    private func drive(_ offset: Int) {
        if !isMoving[offset] {
            isMoving[offset] = true
            moving.append(offset)
        }
        // Already driven, unless something ended the driver (a tweener's `killAll()` or `completeAll()`).
        if let driver, driver.state != .killed, driver.state != .completed { return }
        // The scene unretained (`deinit` kills the driver, so the closure never outlives it), read through
        // `_withUnsafeGuaranteedRef`: even an unowned(unsafe) capture is a retain and release at each use.
        let scene = Unmanaged.passUnretained(self)
        driver = tweener.drive { deltaTime in
            scene._withUnsafeGuaranteedRef { $0.advanceSprings(by: deltaTime) }
        }
    }

    /// The driver's frame: advances the moving springs by `deltaTime`, copies their places and keeps those
    /// still moving, in order. Returns whether any still moves.
    private func advanceSprings(by deltaTime: Double) -> Bool {
        let tweenCount = self.tweenCount
        var kept = 0
        springs.withUnsafeBufferPointer { springs in
            moving.withUnsafeMutableBufferPointer { moving in
                for position in moving.indices {
                    let offset = moving[position]
                    // Unretained: ``springs`` holds every spring for the scene's life.
                    let stillMoving = Unmanaged.passUnretained(springs[offset])._withUnsafeGuaranteedRef { spring in
                        spring.update(by: deltaTime)
                        places[tweenCount + offset] = spring.presentation
                        return spring.isAnimating
                    }
                    if stillMoving {
                        moving[kept] = offset
                        kept += 1
                    } else {
                        isMoving[offset] = false
                    }
                }
            }
        }
        moving.removeLast(moving.count - kept)
        springsAnimating = kept
        if kept == 0 { driver = nil }
        return kept > 0
    }

    /// Sends the next quarter of the objects to new random targets.
    public func sendWave() {
        let count = places.count
        let quarter = max(1, count / 4)
        let start = (waves * quarter) % count
        for offset in 0..<quarter {
            let index = (start + offset) % count
            let target = Self.place(from: &random)
            if index < tweenCount {
                tweens[index]?.kill()
                // Unretained, as in ``drive(_:)``: the scene kills its tweens when it goes (`deinit`), so no
                // closure outlives it, and any strong use of it is a retain and release per tween per frame
                // (row "Frame loop, stress scene, headless SDL").
                let scene = Unmanaged.passUnretained(self)
                tweens[index] = tweener.tween(from: places[index], to: target, duration: Self.tweenDuration) { place in
                    scene._withUnsafeGuaranteedRef { $0.places[index] = place }
                }.ease(Self.tweenEase)
            } else {
                springs[index - tweenCount].set(target, animation: Self.springAnimation)
                drive(index - tweenCount)
            }
        }
        waves += 1
    }

    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        if case .mouseDown(.left, _) = event {
            sendWave()
            return true
        }
        return false
    }

    public func update(by dt: Double) {
        sinceWave += dt
        if sinceWave >= Self.waveInterval {
            sinceWave -= Self.waveInterval
            sendWave()
        }
        animatingSprings = springsAnimating
        springsAnimating = 0
    }

    /// The springs still animating at the last update (the frame loop asks right after it).
    public var activeAnimations: Int { animatingSprings }

    /// Where a place is in a window of `size`: the field spans the width less 20 points a side.
    static func position(of place: Point, in size: Size) -> Point {
        Point(20 + place.x * Double(size.width - 40), place.y)
    }

    /// ``position(of:in:)`` of every place, into `dots` (its storage reused): one pass through both buffers.
    /// Copying the places and mapping them in place went through memory twice, and an append per dot checks
    /// the capacity and writes the count every time (benchmark row "Frame loop, stress scene, no-op backend").
    static func positions(of places: UnsafeBufferPointer<Point>, in size: Size, into dots: inout [Point]) {
        if dots.count != places.count {
            dots.removeAll(keepingCapacity: true)
            dots.append(contentsOf: repeatElement(Point(0, 0), count: places.count))
        }
        dots.withUnsafeMutableBufferPointer { dots in
            for index in places.indices { dots[index] = position(of: places[index], in: size) }
        }
    }

    public func draw(into list: inout DrawList, size: Size) {
        bounds = size
        Self.positions(of: UnsafeBufferPointer(rebasing: places[..<tweenCount]), in: size, into: &dotsTweens)
        Self.positions(of: UnsafeBufferPointer(rebasing: places[tweenCount...]), in: size, into: &dotsSprings)
        list.dots(dotsTweens, radius: Self.dotRadius, Self.tweenColor)
        list.dots(dotsSprings, radius: Self.dotRadius, Self.springColor)
    }
}
