/// The callbacks of one tween, kept out of line.
///
/// Most tweens set no callback at all: boxing them keeps every tween's hot fields (state, times,
/// ease, renderer) within its first cache lines, and a tween without callbacks pays one nil check
/// per event instead of carrying ten optional closures (160 bytes) through the per-frame loop.
@usableFromInline
final class TweenCallbacks {
    var onUpdate: Tween.Callback?
    var onStart: Tween.Callback?
    var onStop: Tween.Callback?
    var onRestart: Tween.Callback?
    var onPause: Tween.Callback?
    var onResume: Tween.Callback?
    var onComplete: Tween.Callback?
    var onKill: Tween.Callback?
    var onRevive: Tween.Callback?
    var onRepeat: Tween.Callback?

    init() {}
}
