import Foundation

// Chaining returns `Self`, not `Tween`, so the concrete type survives the chain:
// `tweener.tween(…).ease(.backOut).delay(0.2).onComplete { _ in }` is still a `PropertyTween`.

extension Tween {
    /// Assigns `ease` and returns this tween for further customization.
    @discardableResult
    public func ease(_ value: Ease) -> Self {
        ease = value
        return self
    }

    /// Assigns `delay` (seconds; negative and NaN mean 0) and returns this tween.
    @discardableResult
    public func delay(_ value: TimeInterval) -> Self {
        delay = value
        return self
    }

    /// Assigns `duration` (seconds; negative and NaN mean 0) and returns this tween.
    @discardableResult
    public func duration(_ value: TimeInterval) -> Self {
        duration = value
        return self
    }

    /// Assigns `onUpdate` and returns this tween.
    @discardableResult
    public func onUpdate(_ callback: @escaping Callback) -> Self {
        onUpdate = callback
        return self
    }

    /// Assigns `onStart` and returns this tween.
    @discardableResult
    public func onStart(_ callback: @escaping Callback) -> Self {
        onStart = callback
        return self
    }

    /// Assigns `onStop` and returns this tween.
    @discardableResult
    public func onStop(_ callback: @escaping Callback) -> Self {
        onStop = callback
        return self
    }

    /// Assigns `onRestart` and returns this tween.
    @discardableResult
    public func onRestart(_ callback: @escaping Callback) -> Self {
        onRestart = callback
        return self
    }

    /// Assigns `onPause` and returns this tween.
    @discardableResult
    public func onPause(_ callback: @escaping Callback) -> Self {
        onPause = callback
        return self
    }

    /// Assigns `onResume` and returns this tween.
    @discardableResult
    public func onResume(_ callback: @escaping Callback) -> Self {
        onResume = callback
        return self
    }

    /// Assigns `onComplete` and returns this tween.
    @discardableResult
    public func onComplete(_ callback: @escaping Callback) -> Self {
        onComplete = callback
        return self
    }

    /// Assigns `onKill` and returns this tween.
    @discardableResult
    public func onKill(_ callback: @escaping Callback) -> Self {
        onKill = callback
        return self
    }

    /// Assigns `onRevive` and returns this tween.
    @discardableResult
    public func onRevive(_ callback: @escaping Callback) -> Self {
        onRevive = callback
        return self
    }
}

extension TweenAnimator {
    /// Assigns ``overshoot`` (c1 of the back eases) and returns this tween.
    @discardableResult
    public func overshoot(_ value: Double) -> Self {
        overshoot = value
        return self
    }

    /// Assigns ``repeatCount`` (extra passes; negative repeats forever) and ``yoyo``, and returns
    /// this tween.
    @discardableResult
    public func repeatCount(_ count: Int, yoyo: Bool = false) -> Self {
        repeatCount = count
        self.yoyo = yoyo
        return self
    }

    /// Assigns ``timeScale`` (negative and NaN mean 0) and returns this tween.
    @discardableResult
    public func timeScale(_ value: Double) -> Self {
        timeScale = value
        return self
    }

    /// Assigns ``isReversed`` and returns this tween.
    @discardableResult
    public func reversed(_ value: Bool = true) -> Self {
        isReversed = value
        return self
    }

    /// Assigns ``immediateRender`` (show the start values at `start()` even when delayed) and returns
    /// this tween.
    @discardableResult
    public func immediateRender(_ value: Bool = true) -> Self {
        immediateRender = value
        return self
    }

    /// Assigns ``autoKillsOnCompletion`` and returns this tween.
    @discardableResult
    public func autoKill(_ value: Bool) -> Self {
        autoKillsOnCompletion = value
        return self
    }

    /// Assigns ``onRepeat`` and returns this tween.
    @discardableResult
    public func onRepeat(_ callback: @escaping Callback) -> Self {
        onRepeat = callback
        return self
    }
}
