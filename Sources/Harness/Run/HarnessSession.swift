import Tweening

/// Everything one run is made of, built in one place: the frame clock and the pacer on one time
/// source, the tweener, the first scene (made with that tweener and clock), the frame statistics
/// and the ``FrameLoop`` over a backend.
///
/// `cadence` builds its runs with it (over SDL and the monotonic clock), and so do the tests (over a
/// fake backend and a manual clock) and the benchmarks (over headless SDL or a no-op backend), so
/// what is measured and tested is what runs.
///
/// ```swift
/// let session = try HarnessSession(
///     backend: backend, time: MonotonicClock(), plan: .init(scene: "stress", rate: 60, paced: true))
/// try session.loop.run(frames: 600)
/// print(session.stats.summary().text)
/// ```
public final class HarnessSession {
    /// How a session is set up.
    public struct Plan {
        /// The scenes Tab and 1–9 switch among, and the animations the inspector offers.
        public var catalog: SceneCatalog
        /// Makes the first scene from the session's context (its tweener, clock and object count).
        public var makeScene: (SceneContext) throws(HarnessError) -> Scene
        /// How many objects scenes animate (the stress scene's `--count`), also for scenes opened later.
        public var objectCount: Int
        /// Advance every frame by exactly this many seconds (`--fixed-dt`); nil for real time.
        public var fixedDelta: Double?
        /// The frames per second: what the pacer holds to when ``paced``, and the clock's nominal rate
        /// (the delta of a first or stepped frame) either way.
        public var rate: Double
        /// Whether the pacer holds the loop to ``rate``; otherwise frames run back to back (`--unpaced`).
        public var paced: Bool
        /// Whether the pacer first measures whether presents wait for vsync (a real display does).
        public var detectsVSync: Bool
        /// Whether ``rate`` is the display's own, which the pacer then follows at the rate presents are
        /// measured at (see ``Pacer/followsDisplay``).
        public var followsDisplay = false
        /// When frames start where the display says when it showed them (see ``FrameSchedule``).
        public var schedule: FrameSchedule = .default
        /// The frame clock's time scale at the start.
        public var timeScale: Double
        /// Replay, recording, screenshots, sinks and the overlays.
        public var options: LoopOptions

        /// A plan whose first scene is `catalog`'s scene called `name`; Tab and 1–9 switch among
        /// `catalog`'s scenes.
        public init(
            scene name: String, catalog: SceneCatalog = .builtIn, objectCount: Int = 10_000, fixedDelta: Double? = nil,
            rate: Double = 60, paced: Bool = true, detectsVSync: Bool = false, timeScale: Double = 1,
            options: LoopOptions = LoopOptions()
        ) {
            self.init(
                catalog: catalog, objectCount: objectCount, fixedDelta: fixedDelta, rate: rate, paced: paced,
                detectsVSync: detectsVSync, timeScale: timeScale, options: options
            ) { (context: SceneContext) throws(HarnessError) in try catalog.make(name, context: context) }
        }

        /// A plan whose first scene is made by `makeScene` (a scene outside the catalog, say); Tab and
        /// 1–9 switch among `catalog`'s scenes.
        public init(
            catalog: SceneCatalog = .builtIn, objectCount: Int = 10_000, fixedDelta: Double? = nil, rate: Double = 60,
            paced: Bool = true, detectsVSync: Bool = false,
            timeScale: Double = 1, options: LoopOptions = LoopOptions(),
            scene makeScene: @escaping (SceneContext) throws(HarnessError) -> Scene
        ) {
            self.catalog = catalog
            self.makeScene = makeScene
            self.objectCount = objectCount
            self.fixedDelta = fixedDelta
            self.rate = rate
            self.paced = paced
            self.detectsVSync = detectsVSync
            self.timeScale = timeScale
            self.options = options
        }
    }

    /// Where the clock, the pacer and the phase timings read the time.
    public let time: TimeSource
    /// Gives every frame its delta.
    public let clock: FrameClock
    /// Holds the loop to ``Plan/rate`` (or runs it unpaced).
    public let pacer: Pacer
    /// Advanced by every frame, before the scene.
    public let tweener: Tweener
    /// Every frame's timing.
    public let stats: FrameStats
    /// The loop that runs the frames.
    public let loop: FrameLoop

    /// Builds a session over `backend`, reading the time from `time`.
    /// - Throws: What ``Plan/makeScene`` throws (``HarnessError/unknownScene(_:known:)`` for a name the catalog lacks).
    public init(backend: RenderBackend, time: TimeSource, plan: Plan) throws(HarnessError) {
        self.time = time
        clock = FrameClock(
            source: time, configuration: .init(fixedDelta: plan.fixedDelta, nominalDelta: 1 / plan.rate))
        clock.timeScale = plan.timeScale
        pacer = Pacer(
            targetRate: plan.paced ? plan.rate : nil, source: time, detectVsync: plan.detectsVSync,
            followsDisplay: plan.followsDisplay, schedule: plan.schedule)
        tweener = Tweener()
        stats = FrameStats(targetPeriod: pacer.period)
        let scene = try plan.makeScene(
            SceneContext(
                tweener: tweener, objectCount: plan.objectCount, clock: clock, animations: plan.catalog.animations))
        loop = FrameLoop(
            backend: backend, scene: scene, tweener: tweener, clock: clock, pacer: pacer, stats: stats,
            options: plan.options)
        loop.objectCount = plan.objectCount
        loop.catalog = plan.catalog
    }

    /// The scene being shown.
    public var scene: Scene { loop.scene }
}
