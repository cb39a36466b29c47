import Foundation

// The clock: delay, duration, passes, repeats and yoyo, and how a position is shown.
extension TweenAnimator {
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
        if state.canUpdate {
            step(deltaTime)
        } else if state == .new && pendingAutoStart {
            start()
            if state.canUpdate { step(deltaTime) }
        }
    }

    @inline(__always)
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

    /// What `advance(by:)` does for every kind that shows a position: moves forward by `dt`, crossing
    /// into the next pass (repeat, yoyo) or completing at the end of the last.
    final func play(by dt: TimeInterval) {
        let time = elapsed + dt
        if time < storedDuration {
            elapsed = time
            present(mode: .playing)
            callbacks?.onUpdate?(self)
            return
        }
        endPass(at: time)
    }

    /// `play(by:)` at the end of a pass: repeat, yoyo or complete. Out of line, so that the call every
    /// frame makes (the branch above) saves and restores only the registers it needs.
    @inline(never)
    private final func endPass(at time: TimeInterval) {
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
}
