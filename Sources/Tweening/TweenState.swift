/// The lifecycle state of a ``Tween``.
///
/// The `can…` properties say which control calls a tween accepts in each state; a call made in a
/// state that does not allow it returns `false` and changes nothing. The table of these properties is the
/// full transition matrix (`TransitionMatrixTests` checks it cell by cell).
public enum TweenState: Sendable, Hashable, CaseIterable {
    /// Created (or revived) and never started since.
    case new
    /// Stopped: not updating, values left where they were.
    case inactive
    /// Running: every update advances the elapsed time.
    case active
    /// Started, waiting for its delay to run out before it becomes active.
    case delayed
    /// Paused while active or delayed; `resume()` continues where it left off.
    case paused
    /// Reached (or jumped to) its end values.
    case completed
    /// Halted in place and removed from its tweener; only `revive()` brings it back.
    case killed

    /// Whether `start()` is allowed: `new` or `inactive`.
    @inlinable
    public var canStart: Bool { self == .new || self == .inactive }

    /// Whether `stop()` is allowed: `active`, `delayed` or `paused`.
    @inlinable
    public var canStop: Bool { self == .active || self == .delayed || self == .paused }

    /// Whether `restart()` is allowed: every state but `killed`.
    @inlinable
    public var canRestart: Bool { self != .killed }

    /// Whether `pause()` is allowed: `active` or `delayed`.
    @inlinable
    public var canPause: Bool { self == .active || self == .delayed }

    /// Whether `resume()` is allowed: `paused`.
    @inlinable
    public var canResume: Bool { self == .paused }

    /// Whether `complete()` is allowed: every state but `completed` and `killed`.
    @inlinable
    public var canComplete: Bool { self != .completed && self != .killed }

    /// Whether `kill()` is allowed: every state but `killed`.
    @inlinable
    public var canKill: Bool { self != .killed }

    /// Whether `revive()` is allowed: `killed`.
    @inlinable
    public var canRevive: Bool { self == .killed }

    /// Whether `update(by:)` is allowed: `active` or `delayed`.
    @inlinable
    public var canUpdate: Bool { self == .active || self == .delayed }
}
