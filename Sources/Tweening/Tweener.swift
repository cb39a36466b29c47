import Foundation

/// Tracks tweens and advances them all, in the order they were added, when told to:
/// `update(by:)` is called by whoever owns the clock (the harness's frame clock, a test). A tweener
/// never reads a clock itself, so everything it drives is deterministic.
///
/// ```swift
/// let tweener = Tweener()
/// tweener.tween(from: 0.0, to: 1.0, duration: 0.5) { opacity = $0 }
/// tweener.update(by: 1.0 / 60)   // the new tween starts here and advances by 1/60 s
/// ```
///
/// **Re-entrancy.** Callbacks run during `update(by:)` may start, stop, kill, revive or create any
/// tween, including the one calling back. A tween killed during an update is not updated after its
/// kill; a tween added (or revived) during an update is first updated by the next one; nothing is
/// visited twice. A nested `update(by:)` from inside a callback is refused (returns `false`).
///
/// **Cost.** Tracking and untracking are O(1); an update walks the tracked tweens without retaining
/// them or allocating (see the internal `TweenList`). An untracked tween is released by the tweener
/// during the following updates rather than at once (4,096 an update, or an eighth of those waiting
/// if that is more), so that a frame in which 100,000 tweens complete does not also pay for freeing
/// them: a completed tween that nothing else holds is freed a few frames later, or when the tweener
/// itself is released.
///
/// Not `Sendable`: use a tweener from one thread or actor, as you would the frame loop that owns it.
public final class Tweener {
    /// The defaults copied into every tween this tweener creates. Each tweener has its own copy,
    /// starting from ``Defaults/standard``: changing it affects this tweener's future tweens only.
    public var defaults: Defaults {
        didSet { template = TweenTemplate(defaults, list: list) }
    }

    /// `defaults` as every new tween copies it (see `TweenTemplate`). Unchecked exclusivity: read by
    /// every factory, written only by `defaults`'s observer, never passed `inout`.
    @exclusivity(unchecked) @usableFromInline var template: TweenTemplate

    /// Multiplies every delta given to `update(by:)`: 0.5 plays everything at half speed.
    /// Negative and NaN values are stored as 0.
    public var timeScale: Double {
        get { storedTimeScale }
        set { storedTimeScale = TimeClamp.nonNegative(newValue) }
    }

    /// The number of tracked tweens (including those that wait to auto-start).
    public var count: Int { list.count }

    private var storedTimeScale: Double = 1
    private var isUpdating = false
    /// The tracked tweens; every tween this tweener created holds it, to find its way back.
    private let list = TweenList()

    /// Creates a tweener that moves its tweens only when told to, with its own copy of `defaults`.
    public init(defaults: Defaults = .standard) {
        self.defaults = defaults
        template = TweenTemplate(defaults, list: list)
        list.owner = self
    }

    deinit {
        list.detach()
    }

    // MARK: - Updating

    /// Advances every tracked tween by `deltaTime` seconds (times ``timeScale``), in the order they
    /// were added. Tweens created with auto-start start here, then advance by the same delta.
    ///
    /// - Parameter deltaTime: Seconds since the last update. Negative, NaN or infinite values are
    ///   refused, and so is a call made from inside a callback of this update.
    /// - Returns: `true` if the tweens were updated.
    @discardableResult
    public func update(by deltaTime: TimeInterval) -> Bool {
        guard deltaTime.isFinite, deltaTime >= 0, !isUpdating else { return false }
        let dt = deltaTime * storedTimeScale
        isUpdating = true
        list.releaseRetired()
        list.forEach { $0.tick(dt) }
        isUpdating = false
        return true
    }

    // MARK: - Tracking

    /// Whether `tween` is tracked by this tweener.
    public func isTracking(_ tween: any Tween) -> Bool {
        guard let animator = tween as? TweenAnimator else { return false }
        return list.contains(animator)
    }

    /// The tracked tweens, in the order they are updated.
    public var tweens: [TweenAnimator] { list.all }

    /// Tracks `tween`, made from this tweener's template (which gave it this tweener's list); it starts
    /// on the next update if the defaults say so. Every factory method ends here.
    @usableFromInline
    func adopt<T: TweenAnimator>(_ tween: T) -> T {
        assert(tween.list === list, "a tweener adopts only tweens made from its own template")
        tween.pendingAutoStart = template.autoStart
        list.append(tween)
        return tween
    }

    // MARK: - Everything at once

    /// Pauses every tracked tween that can be paused.
    public func pauseAll() { forEachTracked { $0.pause() } }
    /// Resumes every tracked tween that is paused.
    public func resumeAll() { forEachTracked { $0.resume() } }
    /// Stops every tracked tween that can be stopped.
    public func stopAll() { forEachTracked { $0.stop() } }
    /// Completes every tracked tween that can be completed (with auto-kill, they are then untracked).
    public func completeAll() { forEachTracked { $0.complete() } }
    /// Kills every tracked tween: afterwards `count` is 0 unless a callback revived or created one.
    public func killAll() { forEachTracked { $0.kill() } }

    /// Calls `body` on a snapshot of the tracked tweens, so callbacks may track and untrack freely.
    private func forEachTracked(_ body: (TweenAnimator) -> Void) {
        for tween in tweens { body(tween) }
    }
}
