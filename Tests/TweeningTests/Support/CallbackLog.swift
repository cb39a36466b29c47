import Tweening

/// The events a tween reports, in the order it reported them.
enum Event: String, CustomStringConvertible {
    case update, start, stop, restart, pause, resume, complete, kill, revive, `repeat`

    var description: String { rawValue }
}

/// Records every callback of the tweens it is attached to.
final class CallbackLog {
    private(set) var events: [Event] = []

    func record(_ event: Event) { events.append(event) }

    func clear() { events.removeAll() }

    /// Sets all ten callbacks of `tween` to record here (replacing any it had).
    func attach(to tween: TweenAnimator) {
        tween.onUpdate = { [unowned self] _ in record(.update) }
        tween.onStart = { [unowned self] _ in record(.start) }
        tween.onStop = { [unowned self] _ in record(.stop) }
        tween.onRestart = { [unowned self] _ in record(.restart) }
        tween.onPause = { [unowned self] _ in record(.pause) }
        tween.onResume = { [unowned self] _ in record(.resume) }
        tween.onComplete = { [unowned self] _ in record(.complete) }
        tween.onKill = { [unowned self] _ in record(.kill) }
        tween.onRevive = { [unowned self] _ in record(.revive) }
        tween.onRepeat = { [unowned self] _ in record(.repeat) }
    }
}

/// A class with animatable properties, for key-path tweens.
final class Sprite {
    var x: Double = 0
    var y: Float = 0
    var position = SIMD2<Double>(0, 0)
    var alpha: UInt8 = 0
    var score: Int = 0
    var offset: Int8 = 0
}

/// A tweener that starts nothing by itself, so a test decides when tweens start.
func manualTweener(autoKill: Bool = true) -> Tweener {
    var defaults = Defaults.standard
    defaults.autoStartTweens = false
    defaults.autoKillCompletedTweens = autoKill
    defaults.ease = .linear
    return Tweener(defaults: defaults)
}
