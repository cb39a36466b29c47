import Foundation

/// The engine shared by every kind of tween: the state machine of ``TweenState``, the clock
/// (delay, duration, repeats, yoyo, time scale, playing backwards, seeking) and the callbacks.
///
/// You do not subclass it; the kinds are ``PropertyTween`` (interpolates a value), ``DriverTween``
/// (hands raw time to your closure) and ``TweenSequence`` (a timeline of other tweens). Create them
/// through a ``Tweener``. Every member of ``Tween`` behaves as the transition matrix in `STWEEN.md`
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
    // the base's. The fields the per-frame path reads are declared first and together (about 90
    // bytes after the header), then a few cold ones (about 20 bytes; the rest live in `extras`), so
    // a Double tween's values and closure follow within the next cache line. An update of 100,000
    // tweens is bound by memory traffic: every cache line a tween does not touch is time saved.
    //
    // Every mutable field the per-frame path touches is `@exclusivity(unchecked)`. Dynamic
    // exclusivity checks on class properties cost a runtime call (and a TLS lookup on Linux) per
    // access: measured at over 60 % of an update. The engine never passes these fields `inout` to
    // code that could reach them again (callbacks see the tween, never a field), so there is no
    // overlapping access for the check to catch.

    /// Where this tween sits in its tweener's storage: -1 untracked, ≥ 0 a slot, ≤ -2 waiting to be
    /// added after the update in progress. Storing it makes untracking O(1).
    @exclusivity(unchecked) @usableFromInline final var trackIndex = -1

    /// The seconds played in the current pass, in [0, duration]. Reset when the tween is started;
    /// equal to `duration` once it is completed.
    @exclusivity(unchecked) public final internal(set) var elapsed: TimeInterval = 0

    @exclusivity(unchecked) @usableFromInline final var storedDuration: TimeInterval
    @exclusivity(unchecked) @usableFromInline final var storedTimeScale: Double = 1

    /// Shows the current position: receives this tween and the eased fraction. Given by the concrete
    /// kind at creation. A `let`, so calling it on a tween the loop already holds needs no retain;
    /// a closure rather than an override, so its body is specialised where it was created (a
    /// `PropertyTween<Double>` interpolates without witness tables).
    @usableFromInline final let renderer: (TweenAnimator, Double) -> Void

    /// The overshoot (c1) used by the back eases; copied from `Defaults.overshoot` at creation.
    @exclusivity(unchecked) public final var overshoot: Double

    /// The number of passes finished since the tween was started (see ``repeatCount``).
    @exclusivity(unchecked) public final internal(set) var completedLoops: Int = 0

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

    /// Set only by ``DoublePropertyTween``: the tweener's per-frame fast lane may then interpolate and
    /// call its `apply` directly, instead of going through `renderer` and the overridable `advance`.
    /// A `let` in a padding byte beside the other flags: the check costs a load from a cache line the
    /// loop reads anyway, and no space.
    @usableFromInline final let rendersDoublesDirectly: Bool

    /// Bumped by every call that resets the clock (start, restart, stop, complete, kill, revive), so
    /// code that fired a callback can tell that the callback restarted the tween under it, even if
    /// the state reads `active` again.
    @exclusivity(unchecked) final var generation: UInt32 = 0

    // MARK: - Cold state

    /// Set on tweens created with `Defaults.autoStartTweens`: start on the tweener's next update.
    @exclusivity(unchecked) @usableFromInline final var pendingAutoStart = false

    /// Whether the tween was created with `Defaults.autoKillCompletedTweens`: it is killed right after
    /// it completes.
    @exclusivity(unchecked) public final var autoKillsOnCompletion: Bool

    /// The list of the tweener that created this tween, if any: the way back to it.
    @exclusivity(unchecked) final var list: TweenList?

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

    /// The tweener that created this tween, while it exists; `kill()` and `revive()` untrack and
    /// track the tween there.
    public final var tweener: Tweener? { list?.owner }

    /// The sequence that owns this tween, if any. A sequenced tween is driven by its sequence, for the
    /// rest of its life: its own control calls and `update(by:)` return `false`.
    public final internal(set) var sequence: TweenSequence? {
        get { extras?.sequence }
        set { extrasBox().sequence = newValue }
    }

    /// Whether a sequence took this tween. A plain flag beside the weak `sequence`, because every
    /// control call checks it and a weak load is an atomic operation.
    final var isSequenced: Bool {
        get { extras?.isSequenced ?? false }
        set { if newValue || extras != nil { extrasBox().isSequenced = newValue } }
    }

    /// Extra passes after the first: 0 plays once, 2 plays three times, any negative value repeats
    /// forever (a forever-repeating tween never completes by itself).
    public final var repeatCount: Int {
        get { extras?.repeatCount ?? 0 }
        set { if newValue != 0 || extras != nil { extrasBox().repeatCount = newValue } }
    }

    final var storedDelay: TimeInterval {
        get { extras?.delay ?? 0 }
        set { if newValue != 0 || extras != nil { extrasBox().delay = newValue } }
    }

    final var delayElapsed: TimeInterval {
        get { extras?.delayElapsed ?? 0 }
        set { if newValue != 0 || extras != nil { extrasBox().delayElapsed = newValue } }
    }

    /// The delay in force since the last start: `delay` is read at start, so changing it while the
    /// tween waits takes effect at the next start, as the seed documents.
    final var currentDelay: TimeInterval {
        get { extras?.currentDelay ?? 0 }
        set { if newValue != 0 || extras != nil { extrasBox().currentDelay = newValue } }
    }

    final var pausedInDelay: Bool {
        get { extras?.pausedInDelay ?? false }
        set { if newValue || extras != nil { extrasBox().pausedInDelay = newValue } }
    }

    /// Whether `start()` and `restart()` show the start values at once even when the tween has a delay
    /// (GSAP's `immediateRender`): `false` by default, so a delayed tween leaves its target untouched
    /// until the delay runs out, and then shows its start (plus whatever time the update had left over).
    /// Set it for a "from" tween that should jump to its start the moment it is started, say to hide
    /// an element that fades in after a delay. A tween without a delay shows its start at `start()`
    /// either way.
    public final var immediateRender: Bool {
        get { extras?.immediateRender ?? false }
        set { if newValue || extras != nil { extrasBox().immediateRender = newValue } }
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
    init(
        defaults: Defaults, rendersDoublesDirectly: Bool = false,
        renderer: @escaping (TweenAnimator, Double) -> Void
    ) {
        self.renderer = renderer
        self.rendersDoublesDirectly = rendersDoublesDirectly
        easeCode = defaults.ease.code
        storedDuration = defaults.duration
        overshoot = defaults.overshoot
        autoKillsOnCompletion = defaults.autoKillCompletedTweens
        if case .custom(let function) = defaults.ease { customEase = function }
        storedDelay = defaults.delay
    }

    // MARK: - Time

    /// The amount of seconds before the tween starts updating after being started. Takes effect at
    /// the next start. Negative and NaN values are stored as 0.
    public final var delay: TimeInterval {
        get { storedDelay }
        set { storedDelay = TimeClamp.nonNegative(newValue) }
    }

    /// The amount of seconds one pass takes. Negative and NaN values are stored as 0; a zero duration
    /// completes on the first update.
    public final var duration: TimeInterval {
        get { storedDuration }
        set { storedDuration = TimeClamp.nonNegative(newValue) }
    }

    /// The number of passes, with a forever-repeating tween counted once.
    final var passes: Int { repeatCount < 0 ? 1 : repeatCount == .max ? .max : repeatCount + 1 }

    /// The position in the whole tween (every pass, without the delay), in [0, 1]; a forever-repeating
    /// tween reports the current pass.
    ///
    /// Setting it seeks: the values jump to that position at once, without callbacks and without a
    /// change of state (a seek to 1 completes the tween on its next update). It is applied in the
    /// `active`, `paused` and `completed` states and ignored in the others (there are no captured start
    /// values to seek between before a start); NaN is ignored, other values are clamped to [0, 1].
    public final var progress: Double {
        get {
            guard storedDuration > 0 else { return hasBegun ? 1 : 0 }
            guard storedDuration.isFinite else { return 0 }
            if repeatCount < 0 { return min(elapsed / storedDuration, 1) }
            let played = Double(completedLoops) * storedDuration + elapsed
            return min(max(played / (Double(passes) * storedDuration), 0), 1)
        }
        set {
            guard !newValue.isNaN, !isSequenced,
                state == .active || state == .paused || state == .completed,
                storedDuration.isFinite
            else { return }
            let target = min(max(newValue, 0), 1)
            if storedDuration > 0 {
                if repeatCount < 0 {
                    elapsed = target * storedDuration
                } else {
                    let time = target * Double(passes) * storedDuration
                    let loop = min(Int((time / storedDuration).rounded(.down)), passes - 1)
                    completedLoops = loop
                    elapsed = min(time - Double(loop) * storedDuration, storedDuration)
                }
            }
            hasBegun = true
            present(mode: .seeking)
        }
    }

    // MARK: - Callbacks

    final func callbackBox() -> TweenCallbacks {
        if let callbacks { return callbacks }
        let box = TweenCallbacks()
        callbacks = box
        return box
    }

    /// The callback invoked every time the tween is updated.
    public final var onUpdate: Callback? {
        get { callbacks?.onUpdate }
        set { if newValue != nil || callbacks != nil { callbackBox().onUpdate = newValue } }
    }
    /// The callback invoked when the tween is started (when it becomes active, after any delay).
    public final var onStart: Callback? {
        get { callbacks?.onStart }
        set { if newValue != nil || callbacks != nil { callbackBox().onStart = newValue } }
    }
    /// The callback invoked when the tween is stopped.
    public final var onStop: Callback? {
        get { callbacks?.onStop }
        set { if newValue != nil || callbacks != nil { callbackBox().onStop = newValue } }
    }
    /// The callback invoked when the tween is restarted.
    public final var onRestart: Callback? {
        get { callbacks?.onRestart }
        set { if newValue != nil || callbacks != nil { callbackBox().onRestart = newValue } }
    }
    /// The callback invoked when the tween is paused.
    public final var onPause: Callback? {
        get { callbacks?.onPause }
        set { if newValue != nil || callbacks != nil { callbackBox().onPause = newValue } }
    }
    /// The callback invoked when the tween is resumed.
    public final var onResume: Callback? {
        get { callbacks?.onResume }
        set { if newValue != nil || callbacks != nil { callbackBox().onResume = newValue } }
    }
    /// The callback invoked when the tween is completed.
    public final var onComplete: Callback? {
        get { callbacks?.onComplete }
        set { if newValue != nil || callbacks != nil { callbackBox().onComplete = newValue } }
    }
    /// The callback invoked when the tween is killed.
    public final var onKill: Callback? {
        get { callbacks?.onKill }
        set { if newValue != nil || callbacks != nil { callbackBox().onKill = newValue } }
    }
    /// The callback invoked when the tween is revived.
    public final var onRevive: Callback? {
        get { callbacks?.onRevive }
        set { if newValue != nil || callbacks != nil { callbackBox().onRevive = newValue } }
    }
    /// The callback invoked when a pass ends and another begins (see ``repeatCount``); once per
    /// update, however many passes that update crossed.
    public final var onRepeat: Callback? {
        get { callbacks?.onRepeat }
        set { if newValue != nil || callbacks != nil { callbackBox().onRepeat = newValue } }
    }

    // MARK: - State control

    /// Advances the tween by `deltaTime` seconds (scaled by ``timeScale``); see ``Tween/update(by:)``.
    /// Refused for negative, NaN or infinite deltas, outside the `active` and `delayed` states, and
    /// for a tween owned by a sequence.
    @discardableResult
    public final func update(by deltaTime: TimeInterval) -> Bool {
        guard deltaTime.isFinite, deltaTime >= 0, state.canUpdate, !isSequenced else { return false }
        step(deltaTime)
        return true
    }

    /// The tweener's per-frame entry: `deltaTime` is already validated and scaled by the tweener.
    @inline(__always)
    final func tick(_ deltaTime: TimeInterval) {
        // Fast lane for the bulk of a large animation: an active `Double` tween in the middle of a
        // pass. It does exactly what `step` → `advance` → `present(mode: .playing)` → `renderer` do on
        // that path (same arithmetic, same order, so the same bits), without the virtual `advance`
        // call, the out-of-line ease switch and the renderer closure's extra indirect call: measured
        // at about a third of the instructions of a steady-state update.
        if state == .active && rendersDoublesDirectly {
            let time = elapsed + deltaTime * storedTimeScale
            // 0 ≤ time < duration, so the duration is > 0 and this is not the end of a pass.
            if time < storedDuration {
                elapsed = time
                var fraction = storedDuration.isFinite ? time / storedDuration : 0
                if yoyo && completedLoops & 1 == 1 { fraction = 1 - fraction }
                if isReversed { fraction = 1 - fraction }
                renderMode = .playing
                let eased: Double
                if let easeCode {
                    eased = Ease.evaluateInlined(easeCode, at: fraction, overshoot: overshoot)
                } else {
                    eased = customEase?(fraction) ?? fraction
                }
                unsafeDowncast(self, to: DoublePropertyTween.self).applyIfFinite(eased)
                callbacks?.onUpdate?(self)
                return
            }
        }
        if state.canUpdate {
            step(deltaTime)
        } else if state == .new && pendingAutoStart {
            start()
            if state.canUpdate { step(deltaTime) }
        }
    }

    final func step(_ deltaTime: TimeInterval) {
        var dt = deltaTime * storedTimeScale
        if state == .delayed {
            delayElapsed += dt
            if delayElapsed < currentDelay { return }
            // Leftover delay carries over: the time past the delay advances the tween in this same
            // update, so tweens started together stay together at any frame rate.
            dt = delayElapsed - currentDelay
            delayElapsed = currentDelay
            state = .active
            hasBegun = true
            let current = generation
            callbacks?.onStart?(self)
            guard isStillActive(current) else { return }
        }
        advance(by: dt)
    }

    /// Moves an active tween forward by `dt` (already time-scaled): passes, repeats, completion.
    /// ``DriverTween`` replaces this with a call to its closure.
    func advance(by dt: TimeInterval) {
        let time = elapsed + dt
        if time < storedDuration {
            elapsed = time
            present(mode: .playing)
            callbacks?.onUpdate?(self)
            return
        }
        let current = generation
        let passesLeft = repeatCount < 0 ? Int.max : repeatCount - completedLoops
        if passesLeft > 0 && storedDuration > 0 && time.isFinite {
            let crossed = (time / storedDuration).rounded(.down)
            if crossed <= Double(passesLeft) {
                // Show the end of the pass being left first, so a sequence finishes its children
                // (and fires their callbacks) before it turns around or rewinds.
                elapsed = storedDuration
                present(mode: .playing)
                completedLoops &+= Int(crossed)
                elapsed = min(max(time - crossed * storedDuration, 0), storedDuration)
                didRepeat()
                callbacks?.onRepeat?(self)
                guard isStillActive(current) else { return }
                present(mode: .playing)
                callbacks?.onUpdate?(self)
                return
            }
        } else if passesLeft > 0 && storedDuration == 0 && repeatCount < 0 {
            // A zero-length pass repeated forever: one pass per update, at its end, never completing.
            completedLoops &+= 1
            present(mode: .playing)
            callbacks?.onRepeat?(self)
            guard isStillActive(current) else { return }
            callbacks?.onUpdate?(self)
            return
        }
        if repeatCount >= 0 && completedLoops < repeatCount && storedDuration > 0 {
            // The delta runs past the last pass: end this pass and begin the last one, as a repeat
            // does (passes in between are skipped), so a sequence's last pass fires its callbacks.
            elapsed = storedDuration
            present(mode: .playing)
            completedLoops = repeatCount
            elapsed = 0
            didRepeat()
            callbacks?.onRepeat?(self)
            guard isStillActive(current) else { return }
        }
        if repeatCount >= 0 { completedLoops = repeatCount }
        elapsed = storedDuration
        present(mode: .playing)
        callbacks?.onUpdate?(self)
        guard isStillActive(current) else { return }
        finish()
    }

    /// Whether no callback since `current` was read paused, stopped, restarted or killed the tween.
    @inline(__always)
    final func isStillActive(_ current: UInt32) -> Bool {
        state == .active && generation == current
    }

    /// Called when a new pass begins, after `completedLoops` and `elapsed` moved into it.
    func didRepeat() {}

    /// Reads whatever start values the kind captures at start (a key path's current value).
    func captureStartValues() {}

    /// Shows the current position: fraction of the pass, mirrored on odd yoyo passes and when
    /// reversed, eased, then handed to the renderer.
    @inline(__always)
    final func present(mode: RenderMode) {
        var fraction: Double
        if storedDuration > 0 {
            fraction = storedDuration.isFinite ? elapsed / storedDuration : 0
        } else {
            fraction = hasBegun ? 1 : 0
        }
        if yoyo && completedLoops & 1 == 1 { fraction = 1 - fraction }
        if isReversed { fraction = 1 - fraction }
        renderMode = mode
        let eased: Double
        if let easeCode {
            eased = Ease.evaluate(easeCode, at: fraction, overshoot: overshoot)
        } else {
            eased = customEase?(fraction) ?? fraction
        }
        renderer(self, eased)
    }

    /// Completed by reaching the end or by `complete()`: state, callback, then the auto-kill.
    final func finish() {
        state = .completed
        let current = generation
        callbacks?.onComplete?(self)
        if autoKillsOnCompletion && state == .completed && generation == current { kill() }
    }

    /// Starts the tween from its beginning values; see ``Tween/start()``. Refused for a tween owned by
    /// a sequence.
    @discardableResult
    public final func start() -> Bool {
        guard state.canStart, !isSequenced else { return false }
        begin()
        return true
    }

    /// Shared by `start()` and `restart()`: zero the clocks, capture and show the start, then become
    /// active (firing `onStart`) or delayed.
    final func begin() {
        generation &+= 1
        pendingAutoStart = false
        elapsed = 0
        delayElapsed = 0
        completedLoops = 0
        pausedInDelay = false
        hasBegun = false
        captureStartValues()
        currentDelay = storedDelay
        // A delayed tween leaves its target alone until the delay runs out (STween does too), unless
        // it was asked to show its start at once.
        if currentDelay == 0 || immediateRender { present(mode: .snapping) }
        if currentDelay > 0 {
            state = .delayed
        } else {
            state = .active
            hasBegun = true
            callbacks?.onStart?(self)
        }
    }

    /// Stops the tween, leaving its values where they are; see ``Tween/stop()``.
    @discardableResult
    public final func stop() -> Bool {
        guard state.canStop, !isSequenced else { return false }
        generation &+= 1
        state = .inactive
        elapsed = 0
        delayElapsed = 0
        completedLoops = 0
        pausedInDelay = false
        hasBegun = false
        callbacks?.onStop?(self)
        return true
    }

    /// Stops the tween if it is running, then starts it again from the beginning; see
    /// ``Tween/restart()``. A completed tween restarts too (STween silently refused). If a callback
    /// fired on the way changes the state (kills the tween, say), the restart ends there.
    @discardableResult
    public final func restart() -> Bool {
        guard state.canRestart, !isSequenced else { return false }
        if state.canStop {
            stop()
            guard state == .inactive else { return true }
        }
        let before = state
        let current = generation
        callbacks?.onRestart?(self)
        guard state == before && generation == current else { return true }
        begin()
        return true
    }

    /// Pauses the tween; see ``Tween/pause()``.
    @discardableResult
    public final func pause() -> Bool {
        guard state.canPause, !isSequenced else { return false }
        pausedInDelay = state == .delayed
        state = .paused
        callbacks?.onPause?(self)
        return true
    }

    /// Resumes the tween in the state it was paused from (delayed if the delay had not run out); see
    /// ``Tween/resume()``.
    @discardableResult
    public final func resume() -> Bool {
        guard state.canResume, !isSequenced else { return false }
        state = pausedInDelay ? .delayed : .active
        callbacks?.onResume?(self)
        return true
    }

    /// Jumps to the end values (of the last pass) and completes; see ``Tween/complete()``.
    @discardableResult
    public final func complete() -> Bool {
        guard state.canComplete, !isSequenced else { return false }
        generation &+= 1
        if state == .new { captureStartValues() }
        pendingAutoStart = false
        if repeatCount >= 0 { completedLoops = repeatCount }
        if storedDuration.isFinite { elapsed = storedDuration }
        delayElapsed = currentDelay
        hasBegun = true
        present(mode: .playing)
        finish()
        return true
    }

    /// Halts the tween in place and untracks it; see ``Tween/kill()``.
    @discardableResult
    public final func kill() -> Bool {
        guard state.canKill, !isSequenced else { return false }
        generation &+= 1
        state = .killed
        pendingAutoStart = false
        list?.remove(self)
        callbacks?.onKill?(self)
        return true
    }

    /// Puts a killed tween back in the `new` state (clocks zeroed) and tracks it again; it does not
    /// start by itself. See ``Tween/revive()``.
    @discardableResult
    public final func revive() -> Bool {
        guard state.canRevive, !isSequenced else { return false }
        generation &+= 1
        state = .new
        elapsed = 0
        delayElapsed = 0
        completedLoops = 0
        hasBegun = false
        list?.append(self)
        callbacks?.onRevive?(self)
        return true
    }

    // MARK: - Inside a sequence

    /// The time this tween takes inside a sequence: delay plus every pass (forever counted once).
    final var lengthInSequence: TimeInterval {
        storedDelay + storedDuration * Double(passes)
    }

    /// Positions the tween `local` seconds after its place in a sequence (its delay included).
    final func render(inSequenceAt local: TimeInterval, mode: RenderMode) {
        let time = local - storedDelay
        if storedDuration > 0 {
            let clamped = min(max(time, 0), storedDuration * Double(passes))
            let loop = min(Int((clamped / storedDuration).rounded(.down)), passes - 1)
            completedLoops = loop
            elapsed = min(clamped - Double(loop) * storedDuration, storedDuration)
        } else {
            completedLoops = passes - 1
            elapsed = 0
        }
        hasBegun = time >= 0
        present(mode: mode)
        if mode == .playing { callbacks?.onUpdate?(self) }
    }
}
