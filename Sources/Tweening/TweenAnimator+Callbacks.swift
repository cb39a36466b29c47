// The callbacks, kept in a box allocated the first time one is set (see `TweenCallbacks`).
extension TweenAnimator {
    final func callbackBox() -> TweenCallbacks {
        if let callbacks { return callbacks }
        let box = TweenCallbacks()
        callbacks = box
        return box
    }

    /// Sets one callback, allocating the box only for a non-nil one.
    final func setCallback(_ slot: ReferenceWritableKeyPath<TweenCallbacks, Callback?>, _ callback: Callback?) {
        if callback != nil || callbacks != nil { callbackBox()[keyPath: slot] = callback }
    }

    /// The callback invoked every time the tween is updated.
    public final var onUpdate: Callback? {
        get { callbacks?.onUpdate }
        set { setCallback(\.onUpdate, newValue) }
    }
    /// The callback invoked when the tween is started (when it becomes active, after any delay).
    public final var onStart: Callback? {
        get { callbacks?.onStart }
        set { setCallback(\.onStart, newValue) }
    }
    /// The callback invoked when the tween is stopped.
    public final var onStop: Callback? {
        get { callbacks?.onStop }
        set { setCallback(\.onStop, newValue) }
    }
    /// The callback invoked when the tween is restarted.
    public final var onRestart: Callback? {
        get { callbacks?.onRestart }
        set { setCallback(\.onRestart, newValue) }
    }
    /// The callback invoked when the tween is paused.
    public final var onPause: Callback? {
        get { callbacks?.onPause }
        set { setCallback(\.onPause, newValue) }
    }
    /// The callback invoked when the tween is resumed.
    public final var onResume: Callback? {
        get { callbacks?.onResume }
        set { setCallback(\.onResume, newValue) }
    }
    /// The callback invoked when the tween is completed.
    public final var onComplete: Callback? {
        get { callbacks?.onComplete }
        set { setCallback(\.onComplete, newValue) }
    }
    /// The callback invoked when the tween is killed.
    public final var onKill: Callback? {
        get { callbacks?.onKill }
        set { setCallback(\.onKill, newValue) }
    }
    /// The callback invoked when the tween is revived.
    public final var onRevive: Callback? {
        get { callbacks?.onRevive }
        set { setCallback(\.onRevive, newValue) }
    }
    /// The callback invoked when a pass ends and another begins (see ``repeatCount``); once per
    /// update, however many passes that update crossed.
    public final var onRepeat: Callback? {
        get { callbacks?.onRepeat }
        set { setCallback(\.onRepeat, newValue) }
    }
}
