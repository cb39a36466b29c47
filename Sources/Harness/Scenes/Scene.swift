import Tweening

/// What a scene is given when it is created: the harness's shared engines.
public struct SceneContext {
    /// The tweener the frame loop advances once per frame, before the scene's own update. Scenes create
    /// their tweens here (and drive their `AnimatedValue`s through it) so that pausing, time scale and
    /// the profiler's tween count apply to them.
    public let tweener: Tweener
    /// How many objects a scene that scales (stress) should animate (`--count`).
    public let objectCount: Int
    /// The frame clock, for scenes that demonstrate pausing it (nil when a scene runs without a loop).
    public let clock: FrameClock?

    /// Creates a context.
    public init(tweener: Tweener, objectCount: Int = 10_000, clock: FrameClock? = nil) {
        self.tweener = tweener
        self.objectCount = objectCount
        self.clock = clock
    }
}

/// Something the harness shows: it takes input, advances with the frame's `dt` and describes a frame.
///
/// A scene never touches SDL: it reads ``InputEvent``s and writes a ``DrawList``, so every scene can be
/// run and inspected headless in tests. The frame loop draws the scene's ``title`` and ``hint``.
public protocol Scene: AnyObject {
    /// The name used on the command line (`cadence hello`).
    var name: String { get }
    /// The title drawn at the top of the window.
    var title: String { get }
    /// A one-line hint of the scene's controls.
    var hint: String { get }
    /// Handles one input event. Returns `true` when the scene consumed it, so the loop's own key
    /// bindings (Space to pause the clock, …) do not also act on it.
    func handle(_ event: InputEvent) -> Bool
    /// Advances the scene by `dt` seconds (already lag-smoothed, paused and time-scaled by the clock).
    func update(by dt: Double)
    /// Describes the current frame. The loop clears the list and the background first.
    func draw(into list: inout DrawList, size: Size)
    /// Animated values still animating (for the profiler); tweens are counted by the tweener.
    var activeAnimations: Int { get }
    /// Whether the profiler overlay should be on when the scene opens (the stress scene's is).
    var prefersProfiler: Bool { get }
    /// Text the scene wants copied (the inspector's Copy as Swift), taken once: the frame loop asks after
    /// each input event, prints it on stdout and puts it on the backend's clipboard.
    func takeCopiedText() -> String?
}

extension Scene {
    /// Scenes without animated values report none.
    public var activeAnimations: Int { 0 }
    /// Most scenes open without the profiler.
    public var prefersProfiler: Bool { false }
    /// Most scenes copy nothing.
    public func takeCopiedText() -> String? { nil }
}

/// The scenes `cadence` can run, by name.
public enum SceneCatalog {
    /// One runnable scene.
    public struct Entry: Sendable {
        /// Command-line name.
        public let name: String
        /// One line on what it shows.
        public let summary: String
        /// Creates a fresh instance.
        public let make: @Sendable (SceneContext) -> Scene
    }

    /// Every scene, the default first.
    public static let entries: [Entry] = [
        Entry(
            name: "retarget",
            summary: "markers chase the mouse: merging springs keep their velocity, a restarted tween drops to zero"
        ) { RetargetScene(context: $0) },
        Entry(
            name: "target",
            summary: "the AnimationState docs' TargetAnimation: a base animation chasing a secondary one, with ghosts"
        ) { TargetScene(context: $0) },
        Entry(
            name: "pause",
            summary: "the AnimationContext docs' PausableAnimation beside a paused tween and a paused clock"
        ) {
            PauseScene(context: $0)
        },
        Entry(
            name: "curves", summary: "every Ease, UnitCurve and built-in spring plotted, with velocity; click to replay"
        ) { CurvesScene(context: $0) },
        Entry(
            name: "fling",
            summary: "cards thrown with the mouse: the hand's velocity into snap points, decay and rubber-banding"
        ) { FlingScene(context: $0) },
        Entry(name: "tweens", summary: "drive start/stop/restart/pause/resume/complete/kill/revive on tweens") {
            TweensScene(context: $0)
        },
        Entry(
            name: "keyframes",
            summary: "a figure on a KeyframeTimeline's tracks, plotted; scrub, play, loop, hand off to a spring"
        ) { KeyframesScene(context: $0) },
        Entry(
            name: "animatable",
            summary: "a user Animatable struct (CGRect, Angle, UnitPoint, label) under a spring, value beside data"
        ) { AnimatableScene(context: $0) },
        Entry(name: "stress", summary: "N objects under tweens and springs, retargeted in waves, with the profiler") {
            StressScene(context: $0)
        },
        Entry(name: "hello", summary: "a ball that bounces and chases clicks: the smallest scene") {
            HelloScene(context: $0)
        },
        Entry(
            name: "inspector",
            summary: "two lanes of any built-in animation tuned live with sliders and control points; copy as Swift"
        ) { InspectorScene(context: $0) },
    ]

    /// The scene run when none is named.
    public static var defaultName: String { entries[0].name }

    /// Every scene's name, in order.
    public static var names: [String] { entries.map(\.name) }

    /// A new instance of the scene called `name`.
    /// - Throws: ``HarnessError/unknownScene(_:)`` listing the names that exist.
    public static func make(_ name: String, context: SceneContext) throws(HarnessError) -> Scene {
        guard let entry = entries.first(where: { $0.name == name }) else { throw .unknownScene(name) }
        return entry.make(context)
    }
}
