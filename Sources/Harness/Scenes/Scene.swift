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
    /// Your own animations, which the inspector offers as lane kinds beside the built-in ones (see
    /// ``SceneCatalog/animations``).
    public let animations: [InspectorAnimation]
    /// The seed of the scene's randomness: seed every generator a scene uses with it
    /// (`SplitMix64(seed: context.seed)`), never with the time or the system's generator, so that the same
    /// input draws the same frames (a replay, a live reload's fast-forward: see ``SceneHistory``).
    public let seed: UInt64

    /// The seed every scene gets unless a context is made with another.
    public static let defaultSeed: UInt64 = 0x0CAD_E7CE_5EED_0001

    /// Creates a context.
    public init(
        tweener: Tweener, objectCount: Int = 10_000, clock: FrameClock? = nil, animations: [InspectorAnimation] = [],
        seed: UInt64 = SceneContext.defaultSeed
    ) {
        self.tweener = tweener
        self.objectCount = objectCount
        self.clock = clock
        self.animations = animations
        self.seed = seed
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
    /// Handles one input event in a window of `size` (the size the next ``draw(into:size:)`` gets, so
    /// a click can be hit-tested against the layout drawn). Returns `true` when the scene consumed it,
    /// so the loop's own key bindings (Space to pause the clock, …) do not also act on it.
    func handle(_ event: InputEvent, in size: Size) -> Bool
    /// Advances the scene by `dt` seconds (already lag-smoothed, paused and time-scaled by the clock).
    func update(by dt: Double)
    /// Describes the current frame. The loop clears the list and the background first.
    func draw(into list: inout DrawList, size: Size)
    /// Animated values still animating (for the profiler); tweens are counted by the tweener.
    var activeAnimations: Int { get }
    /// Whether the profiler overlay should be on when the scene opens (the stress scene's is).
    var prefersProfiler: Bool { get }
    /// Whether the scene follows the pointer and wants it predicted to each frame's expected display time
    /// (see ``PointerPredictor``): its `handle` then also gets, after a frame's real events, a
    /// ``InputEvent/mouseMoved(to:dragging:)`` to where the pointer is predicted to be when the frame is shown.
    var predictsPointer: Bool { get }
    /// Text the scene wants copied (the inspector's Copy as Swift), taken once: the frame loop asks after
    /// each input event, prints it on stdout and puts it on the backend's clipboard.
    func takeCopiedText() -> String?
}

extension Scene {
    /// Scenes without animated values report none.
    public var activeAnimations: Int { 0 }
    /// Most scenes open without the profiler.
    public var prefersProfiler: Bool { false }
    /// Scenes get the pointer as it was, unless the run asks for prediction.
    public var predictsPointer: Bool { false }
    /// Most scenes copy nothing.
    public func takeCopiedText() -> String? { nil }
}

/// The scenes a run can switch between, by name: the built-in ones, then any of yours, and the animations
/// of yours the inspector offers.
///
/// `cadence` runs ``builtIn``. Your own executable runs the harness with your scenes and animations added:
///
/// ```swift
/// import CadenceCLI
///
/// CadenceCommand.main(
///     adding: [SceneCatalog.Entry(name: "wobble", summary: "my wobble beside a spring") { WobbleScene(context: $0) }],
///     animations: [InspectorAnimation.wobble])
/// ```
public struct SceneCatalog: Sendable, Equatable {
    /// One runnable scene.
    public struct Entry: Sendable {
        /// Command-line name.
        public let name: String
        /// One line on what it shows.
        public let summary: String
        /// Creates a fresh instance. An error thrown here ends the run with a message and exit status 2.
        public let make: @Sendable (SceneContext) throws -> Scene

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - name: The command-line name: not empty, without spaces, not starting with `-`, and not the
        ///     name of another scene in the catalog (checked by ``SceneCatalog/adding(_:animations:)``).
        ///   - summary: One line on what it shows, for `--help`.
        ///   - make: Creates a fresh instance from the run's context (its tweener, clock and animations).
        public init(name: String, summary: String, make: @escaping @Sendable (SceneContext) throws -> Scene) {
            self.name = name
            self.summary = summary
            self.make = make
        }
    }

    /// Every scene, the default first.
    public let entries: [Entry]
    /// Your animations, offered by the inspector as lane kinds after the built-in ones.
    public let animations: [InspectorAnimation]

    private init(entries: [Entry], animations: [InspectorAnimation]) {
        self.entries = entries
        self.animations = animations
    }

    /// The scenes that ship with Cadence: what `cadence` runs.
    public static let builtIn = SceneCatalog(
        entries: [
            Entry(name: "retarget", summary: "markers chase the mouse; merging springs keep their velocity") {
                RetargetScene(context: $0)
            },
            Entry(name: "target", summary: "the docs' TargetAnimation: a base chasing a secondary animation") {
                TargetScene(context: $0)
            },
            Entry(name: "pause", summary: "the docs' PausableAnimation beside a paused tween and clock") {
                PauseScene(context: $0)
            },
            Entry(name: "curves", summary: "every Ease, UnitCurve and spring plotted with its velocity") {
                CurvesScene(context: $0)
            },
            Entry(name: "fling", summary: "cards thrown with the mouse into snap points, decay, rubber-band") {
                FlingScene(context: $0)
            },
            Entry(name: "tweens", summary: "start/stop/restart/pause/resume/complete/kill/revive on tweens") {
                TweensScene(context: $0)
            },
            Entry(name: "keyframes", summary: "a KeyframeTimeline's tracks: scrub, play, loop, hand off") {
                KeyframesScene(context: $0)
            },
            Entry(name: "animatable", summary: "your Animatable struct under a spring, value beside data") {
                AnimatableScene(context: $0)
            },
            Entry(name: "stress", summary: "N objects under tweens and springs, retargeted in waves") {
                StressScene(context: $0)
            },
            Entry(name: "hello", summary: "a ball that bounces and chases clicks: the smallest scene") {
                HelloScene(context: $0)
            },
            Entry(name: "inspector", summary: "two lanes of any animation, tuned with sliders; copy as Swift") {
                InspectorScene(context: $0)
            },
        ],
        animations: [])

    /// The smallest window every built-in scene is laid out for: a window is not resized below it (nor
    /// below the size it opened at, when that is smaller), and every scene draws inside any window from
    /// it up. A window that gets fewer points anyway (fullscreen on a small display, a tiling compositor)
    /// keeps this layout, drawn at fewer pixels a point.
    public static let smallestLayout = Size(width: 1280, height: 720)

    /// Words the command line reads as commands, not scenes (`cadence compare BASE NEW`).
    public static let reservedNames: Set<String> = ["compare"]

    /// This catalog with `entries` after its own scenes and `animations` after its own animations.
    ///
    /// - Throws: ``HarnessError/invalidScene(_:)`` for a scene whose name is empty, contains white
    ///   space, starts with `-`, is already taken or is one of ``reservedNames``, and for an animation that ``InspectorAnimation``
    ///   refuses or whose name is taken (by a built-in kind too).
    public func adding(_ entries: [Entry], animations: [InspectorAnimation] = []) throws(HarnessError) -> SceneCatalog {
        var names = Set(self.entries.map(\.name))
        for entry in entries {
            let name = entry.name
            if name.isEmpty { throw .invalidScene("a scene needs a name (\"\(entry.summary)\" has none)") }
            if name.contains(where: \.isWhitespace) || name.hasPrefix("-") {
                throw .invalidScene("the scene name '\(name)' must be one word that does not start with '-'")
            }
            if Self.reservedNames.contains(name) {
                throw .invalidScene(
                    "the scene name '\(name)' is a command of cadence's (cadence \(name) …): choose another")
            }
            guard names.insert(name).inserted else {
                let owner = SceneCatalog.builtIn.names.contains(name) ? "a built-in scene" : "another scene"
                throw .invalidScene("the scene name '\(name)' is taken by \(owner): choose another")
            }
        }
        var kinds = Set(AnimationSpec.Kind.allCases.map(\.label) + self.animations.map(\.name))
        for animation in animations {
            try animation.validate()
            guard kinds.insert(animation.name).inserted else {
                throw .invalidScene("the inspector already has an animation called '\(animation.name)': choose another")
            }
        }
        return SceneCatalog(entries: self.entries + entries, animations: self.animations + animations)
    }

    /// The scene run when none is named.
    public var defaultName: String { entries[0].name }

    /// Every scene's name, in order.
    public var names: [String] { entries.map(\.name) }

    /// A new instance of the scene called `name`.
    /// - Throws: ``HarnessError/unknownScene(_:known:)`` listing the names that exist, or
    ///   ``HarnessError/sceneFailed(_:reason:)`` with what the scene's `make` threw.
    public func make(_ name: String, context: SceneContext) throws(HarnessError) -> Scene {
        guard let entry = entries.first(where: { $0.name == name }) else { throw .unknownScene(name, known: names) }
        do {
            return try entry.make(context)
        } catch {
            throw .sceneFailed(name, reason: "\(error)")
        }
    }

    /// The scene list of `--help`: each name, then its summary in a column wide enough for the longest
    /// name (up to 22 characters), wrapped to `width` characters with continuation lines in the same
    /// column; a longer name gets its summary on the lines below it.
    public func helpList(width: Int = 80) -> String {
        let indent = 2
        let longest = names.map(\.count).max() ?? 0
        let column = indent + min(longest, 22) + 2
        var lines: [String] = []
        for entry in entries {
            let wrapped = entry.summary.isEmpty ? [] : TextLayout.wrap(entry.summary, columns: width - column)
            let pad = String(repeating: " ", count: column)
            let name = String(repeating: " ", count: indent) + entry.name
            if name.count + 2 <= column, let first = wrapped.first {
                lines.append(name + String(repeating: " ", count: column - name.count) + first)
                lines += wrapped.dropFirst().map { pad + $0 }
            } else {
                lines.append(name)
                lines += wrapped.map { pad + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Equal when they list the same scenes and animations, by name (the closures that make them cannot
    /// be compared).
    public static func == (lhs: SceneCatalog, rhs: SceneCatalog) -> Bool {
        lhs.names == rhs.names && lhs.animations.map(\.name) == rhs.animations.map(\.name)
    }
}
