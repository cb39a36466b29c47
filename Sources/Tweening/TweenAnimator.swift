import Foundation

// The class body holds the stored state, the creation and the overridable hooks; the behaviour lives in
// extensions by concern: TweenAnimator+Timing (clock, passes, repeats, positioning),
// TweenAnimator+StateMachine (the control calls and their transitions), TweenAnimator+Callbacks and
// TweenAnimator+Membership (its tweener and its sequence).

/// The engine shared by every kind of tween: the state machine of ``TweenState``, the clock
/// (delay, duration, repeats, yoyo, time scale, playing backwards, seeking) and the callbacks.
///
/// You do not subclass it; the kinds are ``PropertyTween`` (interpolates a value), ``DriverTween``
/// (hands raw time to your closure) and ``TweenSequence`` (a timeline of other tweens). Create them
/// through a ``Tweener``. Every member of ``Tween`` behaves as the transition matrix on ``TweenState``
/// says; what is added beyond STween is documented on each member.
///
/// **Bad input.** Durations, delays and time scales are clamped where they are set: negative and
/// NaN values become 0 (a +∞ duration is allowed and never ends; a +∞ delay never runs out).
/// `update(by:)` refuses negative, NaN and infinite deltas.
public class TweenAnimator: Tween {
    /// How the values are shown when the tween is positioned. Only sequences look at it: it decides
    /// whether their children fire callbacks (playing), only mark what was passed (seeking), or
    /// neither (snapping to the start).
    @usableFromInline
    enum RenderMode {
        case playing, seeking, snapping
    }

    // MARK: - Hot state
    //
    // Layout: Swift lays out a class's stored properties in declaration order, subclasses' after
    // the base's, each at its alignment. The fields the per-frame path reads come first, the eight
    // one-byte ones and the two 32-bit ones packed into 16 bytes, then the two cold references (what
    // else is cold lives in `extras`), so a Double tween's values and closure end 136 bytes in: one
    // 144-byte heap block. An update of 100,000 tweens is bound by memory traffic, and the tweens lie
    // one after another in memory, so every byte a tween does not have is time saved.
    //
    // Every mutable field the per-frame path touches is `@exclusivity(unchecked)`. Dynamic
    // exclusivity checks on class properties cost a runtime call (and a TLS lookup on Linux) per
    // access: measured at over 60 % of an update. The engine never passes these fields `inout` to
    // code that could reach them again (callbacks see the tween, never a field), so there is no
    // overlapping access for the check to catch.

    /// The seconds played in the current pass, in [0, duration]. Reset when the tween is started;
    /// equal to `duration` once it is completed.
    @exclusivity(unchecked) public final internal(set) var elapsed: TimeInterval = 0

    @exclusivity(unchecked) @usableFromInline final var storedDuration: TimeInterval
    @exclusivity(unchecked) @usableFromInline final var storedTimeScale: Double = 1

    /// Shows the current position: receives this tween and the eased fraction. Given by the concrete
    /// kind at creation, typed for it (see ``PropertyTween``). A `let`, so calling it on a tween the
    /// loop already holds needs no retain; a closure rather than an override, so its body is
    /// specialised where it was created (a `PropertyTween<Double>` interpolates without witness tables).
    @usableFromInline final let renderer: (TweenAnimator, Double) -> Void

    /// The overshoot (c1) used by the back eases; copied from `Defaults.overshoot` at creation.
    @exclusivity(unchecked) public final var overshoot: Double

    @exclusivity(unchecked) @usableFromInline final var callbacks: TweenCallbacks?

    /// The tween's current state, i.e., active, paused, etc.
    @exclusivity(unchecked) public final internal(set) var state: TweenState = .new

    // The ease is stored as a payload-free code (nil for custom, whose closure is kept with the cold
    // fields), so reading it every frame is a byte load, not the retain and release of copying an
    // `Ease`.
    @exclusivity(unchecked) @usableFromInline final var easeCode: Ease.Code?

    /// Whether the tween has passed its delay since it was last started (what a zero-length tween
    /// needs to know to show its end and report `percentComplete` 1).
    @exclusivity(unchecked) final var hasBegun = false

    @exclusivity(unchecked) @usableFromInline final var renderMode: RenderMode = .playing

    /// With repeats, plays every other pass backwards (there and back again).
    @exclusivity(unchecked) public final var yoyo = false

    /// Plays the tween backwards: from its end values to its start values.
    ///
    /// Flipping it while the tween is active or paused mirrors the elapsed time of the current pass,
    /// so the values do not jump: the tween turns around and heads back the way it came.
    @exclusivity(unchecked) public final var isReversed = false {
        didSet {
            guard isReversed != oldValue, hasBegun, state == .active || state == .paused,
                storedDuration.isFinite
            else { return }
            elapsed = storedDuration - elapsed
        }
    }

    // Two cold flags among the hot ones: after the six one-byte fields above they fill their 8 bytes.

    /// Set on tweens created with `Defaults.autoStartTweens`: start on the tweener's next update.
    @exclusivity(unchecked) @usableFromInline final var pendingAutoStart = false

    /// Whether the tween was created with `Defaults.autoKillCompletedTweens`: it is killed right after
    /// it completes.
    @exclusivity(unchecked) public final var autoKillsOnCompletion: Bool

    /// Bumped by every call that resets the clock (start, restart, stop, complete, kill, revive), so
    /// code that fired a callback can tell that the callback restarted the tween under it, even if
    /// the state reads `active` again.
    @exclusivity(unchecked) final var generation: UInt32 = 0

    /// Where this tween sits in its tweener's storage: -1 untracked, ≥ 0 a slot. Storing it makes
    /// untracking O(1). 32 bits, beside `generation`, so the two share one 8-byte slot of the layout.
    @exclusivity(unchecked) @usableFromInline final var trackIndex: Int32 = -1

    // MARK: - Cold state

    /// The list of the tweener that created this tween, if any: the way back to it. A `let`, so that
    /// `kill()` and `revive()` reach it without retaining it (benchmark row "Tween complete all, 100,000
    /// in one frame").
    final let list: TweenList?

    /// What most tweens never use (a delay, repeats, a custom ease, a sequence), allocated the first
    /// time one of them is set to something other than its default. Keeping it out of line keeps a
    /// `Double` tween's values and closure within the cache lines the frame loop already reads.
    @exclusivity(unchecked) final var extras: TweenExtras?

    final func extrasBox() -> TweenExtras {
        if let extras { return extras }
        let box = TweenExtras()
        extras = box
        return box
    }

    /// The value of a rarely used field: its default until something set it.
    @inline(__always)
    final func extra<T>(_ field: KeyPath<TweenExtras, T>, or fallback: T) -> T {
        extras?[keyPath: field] ?? fallback
    }

    /// Sets a rarely used field, allocating the box only for a value other than the default.
    @inline(__always)
    final func setExtra<T: Equatable>(_ field: ReferenceWritableKeyPath<TweenExtras, T>, _ value: T, unless fallback: T)
    {
        if value != fallback || extras != nil { extrasBox()[keyPath: field] = value }
    }

    /// Extra passes after the first: 0 plays once, 2 plays three times, any negative value repeats
    /// forever (a forever-repeating tween never completes by itself).
    public final var repeatCount: Int {
        get { extra(\.repeatCount, or: 0) }
        set { setExtra(\.repeatCount, newValue, unless: 0) }
    }

    /// The number of passes finished since the tween was started (see ``repeatCount``). Out of line:
    /// it is 0 unless the tween repeats, and a repeating tween already has its `extras`.
    public final internal(set) var completedLoops: Int {
        // Inlined: the end of every pass sets it, and at 0 without extras that is only a test.
        @inline(__always) get { extra(\.completedLoops, or: 0) }
        @inline(__always) set { setExtra(\.completedLoops, newValue, unless: 0) }
    }

    final var storedDelay: TimeInterval {
        get { extra(\.delay, or: 0) }
        set { setExtra(\.delay, newValue, unless: 0) }
    }

    final var delayElapsed: TimeInterval {
        get { extra(\.delayElapsed, or: 0) }
        set { setExtra(\.delayElapsed, newValue, unless: 0) }
    }

    /// The delay in force since the last start: `delay` is read at start, so changing it while the
    /// tween waits takes effect at the next start.
    final var currentDelay: TimeInterval {
        get { extra(\.currentDelay, or: 0) }
        set { setExtra(\.currentDelay, newValue, unless: 0) }
    }

    final var pausedInDelay: Bool {
        get { extra(\.pausedInDelay, or: false) }
        set { setExtra(\.pausedInDelay, newValue, unless: false) }
    }

    /// Whether `start()` and `restart()` show the start values at once even when the tween has a delay
    /// (GSAP's `immediateRender`): `false` by default, so a delayed tween leaves its target untouched
    /// until the delay runs out, and then shows its start (plus whatever time the update had left over).
    /// Set it for a "from" tween that should jump to its start the moment it is started, say to hide
    /// an element that fades in after a delay. A tween without a delay shows its start at `start()`
    /// either way.
    public final var immediateRender: Bool {
        get { extra(\.immediateRender, or: false) }
        set { setExtra(\.immediateRender, newValue, unless: false) }
    }

    final var customEase: (@Sendable (Double) -> Double)? {
        get { extras?.customEase }
        set { if newValue != nil || extras != nil { extrasBox().customEase = newValue } }
    }

    // MARK: - Public views of the stored state

    /// The `Ease` used to interpolate values.
    public final var ease: Ease {
        get { easeCode.map(Ease.init) ?? customEase.map(Ease.custom) ?? .linear }
        set {
            easeCode = newValue.code
            if case .custom(let function) = newValue { customEase = function } else { customEase = nil }
        }
    }

    /// Multiplies every delta this tween receives (delay included): 2 plays twice as fast, 0 freezes
    /// it. Negative and NaN values are stored as 0.
    public final var timeScale: Double {
        get { storedTimeScale }
        set { storedTimeScale = TimeClamp.nonNegative(newValue) }
    }

    // MARK: - Creating

    @usableFromInline
    init(template: TweenTemplate, renderer: @escaping (TweenAnimator, Double) -> Void) {
        self.renderer = renderer
        list = template.list
        easeCode = template.easeCode
        storedDuration = template.duration
        overshoot = template.overshoot
        autoKillsOnCompletion = template.autoKill
        if template.delay != 0 { storedDelay = template.delay }
        if let customEase = template.customEase { self.customEase = customEase }
    }

    // MARK: - What the kinds override

    /// Moves an active tween forward by `dt` (already time-scaled): passes, repeats, completion (see
    /// `play(by:)`). ``DriverTween`` replaces this with a call to its closure.
    func advance(by dt: TimeInterval) {
        play(by: dt)
    }

    /// Called when a new pass begins, after `completedLoops` and `elapsed` moved into it.
    func didRepeat() {}

    /// Reads whatever start values the kind captures at start (a key path's current value).
    func captureStartValues() {}
}
