import Foundation

/// A handle that provides state control and customization of a tween animation.
///
/// The members, names and `@discardableResult Bool` returns are STween's. Every control call is
/// allowed only in the states listed on ``TweenState`` (`canStart`, `canStop`, …); otherwise it
/// returns `false`, changes nothing and invokes no callback. Where we deliberately differ from it is
/// listed in README's "Where Cadence differs, on purpose".
///
/// The concrete tweens are ``PropertyTween``, ``DriverTween`` and ``TweenSequence``, all built on
/// ``TweenAnimator``; create them through a ``Tweener``.
public protocol Tween: AnyObject {
    /// Callbacks are invoked upon completion of many different events, such as when a tween has
    /// finished animating. The argument is the tween that fired.
    typealias Callback = (any Tween) -> Void

    /// The `Ease` used to interpolate values.
    var ease: Ease { get set }

    /// The tween's current state, i.e., active, paused, etc.
    var state: TweenState { get }

    /// The amount of seconds before the tween starts updating after being started.
    ///
    /// Assigning this will not take effect until the tween is started. If the tween has already been
    /// started, it must be restarted before taking effect. Negative or NaN values are stored as 0.
    var delay: TimeInterval { get set }

    /// The amount of seconds the tween takes to complete (one pass, without repeats).
    /// Negative or NaN values are stored as 0; a zero duration completes on the first update.
    var duration: TimeInterval { get set }

    /// The amount of seconds the tween has been active, in the current pass.
    ///
    /// The elapsed time is reset when the tween is started. If the tween is completed, the elapsed
    /// time is the same as the duration.
    var elapsed: TimeInterval { get }

    /// The callback invoked every time the tween is updated.
    var onUpdate: Callback? { get set }
    /// The callback invoked when the tween is started (when it becomes active, after any delay).
    var onStart: Callback? { get set }
    /// The callback invoked when the tween is stopped.
    var onStop: Callback? { get set }
    /// The callback invoked when the tween is restarted.
    var onRestart: Callback? { get set }
    /// The callback invoked when the tween is paused.
    var onPause: Callback? { get set }
    /// The callback invoked when the tween is resumed.
    var onResume: Callback? { get set }
    /// The callback invoked when the tween is completed.
    var onComplete: Callback? { get set }
    /// The callback invoked when the tween is killed.
    var onKill: Callback? { get set }
    /// The callback invoked when the tween is revived.
    var onRevive: Callback? { get set }

    /// Increases the tween's elapsed time and invokes all animation closures. The tween will be
    /// completed if its elapsed time has reached or exceeded its duration.
    ///
    /// If the tween is in a delayed state, the elapsed delay is updated instead, and the time left
    /// over when the delay runs out advances the tween in the same call; otherwise, the tween can
    /// only be updated if in an active state.
    ///
    /// - Parameter deltaTime: The amount of seconds passed since the last update. Negative, NaN or
    ///   infinite values are refused.
    /// - Returns: `true` if the tween is successfully updated.
    @discardableResult
    func update(by deltaTime: TimeInterval) -> Bool

    /// Starts the tween for updates, putting it in an active (or, with a delay, delayed) state from
    /// its beginning values. The tween can only be started if it's in a new or inactive state.
    /// - Returns: `true` if the tween is successfully started.
    @discardableResult
    func start() -> Bool

    /// Stops the tween from updating, putting it in an inactive state. The tween can only be stopped
    /// if it's in an active, delayed, or paused state.
    /// - Returns: `true` if the tween is successfully stopped.
    @discardableResult
    func stop() -> Bool

    /// Stops the tween, then immediately starts it over again from the beginning. The tween can only
    /// be restarted if it's not in a killed state.
    /// - Returns: `true` if the tween is successfully restarted.
    @discardableResult
    func restart() -> Bool

    /// Pauses the tween, maintaining its current progress. The tween can only be paused if it's in
    /// an active or delayed state.
    /// - Returns: `true` if the tween is successfully paused.
    @discardableResult
    func pause() -> Bool

    /// Resumes the tween, continuing where it left off before being paused. The tween can only be
    /// resumed if it's in a paused state.
    /// - Returns: `true` if the tween is successfully resumed.
    @discardableResult
    func resume() -> Bool

    /// Completes updates on the tween, jumping to its ending values if not already there. The tween
    /// can only be completed if it's not already in a complete state and not in a killed state. The
    /// tween is then killed if it was created with `Defaults.autoKillCompletedTweens`.
    /// - Returns: `true` if the tween is successfully completed.
    @discardableResult
    func complete() -> Bool

    /// Kills the tween in place, halting at its current values, and removes it from its
    /// ``Tweener``'s list of tracked tweens. The tween can only be killed if it's not already in a
    /// killed state.
    /// - Returns: `true` if the tween is successfully killed.
    @discardableResult
    func kill() -> Bool

    /// Revives the tween, putting it in a new state, and re-adds it to its ``Tweener``'s list of
    /// tracked tweens. It does not start again by itself. The tween can only be revived if it's in a
    /// killed state.
    /// - Returns: `true` if the tween is successfully revived.
    @discardableResult
    func revive() -> Bool
}

extension Tween {
    /// The percentage of the tween's elapsed time in relation to its duration, in [0, 1].
    ///
    /// clamp(elapsed / duration, 0, 1). With a zero duration it is 1 once the tween has begun
    /// playing (after any delay) or completed, and 0 before; it is never NaN.
    public var percentComplete: Double {
        let duration = self.duration
        guard duration > 0 else {
            if let animator = self as? TweenAnimator { return animator.hasBegun ? 1 : 0 }
            return state == .completed ? 1 : 0
        }
        return min(max(elapsed / duration, 0), 1)
    }
}
