import Foundation

// The state machine: every control call, allowed only in the states ``TweenState`` lists for it, and
// the transitions it makes. `generation` is bumped by every call that resets the clock, so code that
// fired a callback can tell whether the callback restarted, stopped or killed the tween under it.
extension TweenAnimator {
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
}
