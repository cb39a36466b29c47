import Cadence
import Foundation
import Tweening

/// Scene 6, **stress**: N objects (`--count`, default 10,000), half under tweens and half under merging
/// springs (one `AnimatedValues`, driven through the tweener by one driver while any of them moves), retargeted
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
    public var positions: [Point] {
        (Array(places) + Array(springs)).map { Self.position(of: $0, in: bounds) }
    }
    /// Every tween object's place as its tween moves it: `x` as a share of the field's width (so that the
    /// field follows the window's width when it is resized), `y` in window points. The springs' places, in
    /// the same units, are their presentations in ``springs``.
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
    /// The spring objects' places, each element retargeted with `set` as one `AnimatedValue` would be.
    private let springs: AnimatedValues<Point>
    /// The driver of the springs while any of them moves (see ``drive()``).
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
        let first = (0..<count).map { _ in Self.place(from: &random) }
        places = .allocate(capacity: tweenCount)
        _ = places.initialize(from: first[..<tweenCount])
        tweens = Array(repeating: nil, count: tweenCount)
        springs = AnimatedValues(first[tweenCount...])
    }

    deinit {
        for tween in tweens { tween?.kill() }
        driver?.kill()
        places.deallocate()
    }

    /// Drives the springs through the tweener until they all rest: one driver advances every spring by the
    /// tweener's delta and ends itself once none moves, so springs at rest cost a frame nothing.
    private func drive() {
        // Already driven, unless something ended the driver (a tweener's `killAll()` or `completeAll()`).
        if let driver, driver.state != .killed, driver.state != .completed { return }
        // The scene unretained (`deinit` kills the driver, so the closure never outlives it), read through
        // `_withUnsafeGuaranteedRef`: even an unowned(unsafe) capture is a retain and release at each use.
        let scene = Unmanaged.passUnretained(self)
        driver = tweener.drive { deltaTime in
            scene._withUnsafeGuaranteedRef { $0.advanceSprings(by: deltaTime) }
        }
    }

    /// The driver's frame: advances the springs by `deltaTime`. Returns whether any still moves.
    private func advanceSprings(by deltaTime: Double) -> Bool {
        springs.update(by: deltaTime)
        springsAnimating = springs.animatingCount
        if springsAnimating == 0 { driver = nil }
        return springsAnimating > 0
    }

    /// Sends the next quarter of the objects to new random targets.
    public func sendWave() {
        let count = tweenCount + springs.count
        let quarter = max(1, count / 4)
        let start = (waves * quarter) % count
        var offset = 0
        var random = self.random
        while offset < quarter {
            let index = (start + offset) % count
            if index < tweenCount {
                let target = Self.place(from: &random)
                tweens[index]?.kill()
                // Unretained, as in ``drive()``: the scene kills its tweens when it goes (`deinit`), so no
                // closure outlives it, and any strong use of it is a retain and release per tween per frame
                // (row "Frame loop, stress scene, headless SDL").
                let scene = Unmanaged.passUnretained(self)
                tweens[index] = tweener.tween(from: places[index], to: target, duration: Self.tweenDuration) { place in
                    scene._withUnsafeGuaranteedRef { $0.places[index] = place }
                }.ease(Self.tweenEase)
                offset += 1
            } else {
                // The wave's run of springs in one `set`: its targets drawn in the same order, one by one.
                let end = min(count, index + quarter - offset)
                springs.set((index - tweenCount)..<(end - tweenCount), animation: Self.springAnimation) { _ in
                    Self.place(from: &random)
                }
                drive()
                offset += end - index
            }
        }
        self.random = random
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
        Self.positions(of: UnsafeBufferPointer(places), in: size, into: &dotsTweens)
        springs.withPresentations { Self.positions(of: $0, in: size, into: &dotsSprings) }
        list.dots(dotsTweens, radius: Self.dotRadius, Self.tweenColor)
        list.dots(dotsSprings, radius: Self.dotRadius, Self.springColor)
    }
}
