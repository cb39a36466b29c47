/// The rarely used part of a tween, kept out of line (see `TweenAnimator.extras`).
final class TweenExtras {
    var delay: Double = 0
    var delayElapsed: Double = 0
    var currentDelay: Double = 0
    var customEase: (@Sendable (Double) -> Double)?
    var repeatCount = 0
    var completedLoops = 0
    var pausedInDelay = false
    var immediateRender = false
    var isSequenced = false
    weak var sequence: TweenSequence?
    /// A key-path tween's reader of its start value: a `StartReader` of the tween's own value type.
    var startReader: AnyObject?

    init() {}
}
