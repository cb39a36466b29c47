import Cadence

/// Every built-in animation that finishes, by the name a test failure should print.
///
/// Modifier chains are included on a timing curve and on a spring; `repeatCount` uses an odd count
/// so the last pass ends at the target. `repeatForever` never finishes and is tested on its own.
let finishingBuiltInAnimations: [(name: String, animation: Animation)] = [
    ("linear", .linear),
    ("easeIn", .easeIn),
    ("easeOut", .easeOut),
    ("easeInOut", .easeInOut),
    ("linear(duration: 1)", .linear(duration: 1)),
    ("easeIn(duration: 0.2)", .easeIn(duration: 0.2)),
    ("easeOut(duration: 0.6)", .easeOut(duration: 0.6)),
    ("easeInOut(duration: 0.8)", .easeInOut(duration: 0.8)),
    ("timingCurve(0.2, 0.8, 0.3, 1.2)", .timingCurve(0.2, 0.8, 0.3, 1.2, duration: 0.5)),
    ("timingCurve(.circularEaseInOut)", .timingCurve(.circularEaseInOut, duration: 0.4)),
    ("timingCurve(.circularEaseIn)", .timingCurve(.circularEaseIn, duration: 0.4)),
    ("default", .default),
    ("spring", .spring),
    ("spring(duration: 0.3, bounce: 0.4)", .spring(duration: 0.3, bounce: 0.4)),
    ("spring(duration: 0.5, bounce: -0.5)", .spring(duration: 0.5, bounce: -0.5)),
    ("spring(response: 0.4, dampingFraction: 0.6)", .spring(response: 0.4, dampingFraction: 0.6)),
    ("spring(.bouncy)", .spring(Spring.bouncy, blendDuration: 0.1)),
    ("smooth", .smooth),
    ("snappy", .snappy),
    ("bouncy", .bouncy),
    ("smooth(duration: 0.3, extraBounce: 0.1)", .smooth(duration: 0.3, extraBounce: 0.1)),
    ("snappy(duration: 0.7, extraBounce: 0.1)", .snappy(duration: 0.7, extraBounce: 0.1)),
    ("bouncy(duration: 0.4, extraBounce: -0.1)", .bouncy(duration: 0.4, extraBounce: -0.1)),
    ("interactiveSpring", .interactiveSpring),
    ("interactiveSpring(response: 0.2)", .interactiveSpring(response: 0.2, dampingFraction: 0.7, blendDuration: 0)),
    ("interactiveSpring(duration: 0.2)", .interactiveSpring(duration: 0.2, extraBounce: 0.1, blendDuration: 0)),
    ("interpolatingSpring", .interpolatingSpring),
    (
        "interpolatingSpring(mass:stiffness:damping:)",
        .interpolatingSpring(mass: 2, stiffness: 300, damping: 20, initialVelocity: 1)
    ),
    ("interpolatingSpring(duration: 0.5, bounce: 0.3)", .interpolatingSpring(duration: 0.5, bounce: 0.3)),
    ("interpolatingSpring(duration: 0.5, bounce: -0.3)", .interpolatingSpring(duration: 0.5, bounce: -0.3)),
    ("interpolatingSpring(.snappy)", .interpolatingSpring(Spring.snappy, initialVelocity: -2)),
    ("easeInOut.delay(0.2)", .easeInOut.delay(0.2)),
    ("spring.delay(0.1)", Animation.spring.delay(0.1)),
    ("easeIn.speed(2)", .easeIn.speed(2)),
    ("bouncy.speed(0.5)", Animation.bouncy.speed(0.5)),
    ("linear.repeatCount(3)", .linear.repeatCount(3)),
    ("easeOut.repeatCount(2, autoreverses: false)", .easeOut.repeatCount(2, autoreverses: false)),
    ("snappy.repeatCount(3)", Animation.snappy.repeatCount(3)),
    ("easeInOut.logicallyComplete(after: 0.1)", .easeInOut.logicallyComplete(after: 0.1)),
    ("spring.logicallyComplete(after: 0.2)", Animation.spring.logicallyComplete(after: 0.2)),
]

/// What running an animation to its end at a fixed frame rate produced.
struct AnimationRun<V: VectorArithmetic> {
    /// Every non-nil value, in order, the first at t = 0.
    var values: [V] = []
    /// The first frame time at which `animate` returned `nil`, if it did before the time limit.
    var endTime: TimeInterval?
    /// The first frame time at which the context said the animation was logically complete.
    var logicallyCompleteTime: TimeInterval?
}

/// Runs `animation` across `interval` at t = n / `framesPerSecond`, with one context kept across calls
/// as the runtime keeps it, until it returns `nil` or `limit` seconds have passed.
///
/// Times are computed by division so that a duration that is a whole number of frames is hit exactly.
func run<V: VectorArithmetic>(
    _ animation: Animation, interval: V, framesPerSecond: Double = 60, limit: TimeInterval = 30,
    environment: EnvironmentValues = .init()
) -> AnimationRun<V> {
    var context = AnimationContext<V>(environment: environment)
    var result = AnimationRun<V>()
    var index = 0
    while true {
        let time = Double(index) / framesPerSecond
        if time > limit { return result }
        guard let value = animation.animate(value: interval, time: time, context: &context) else {
            result.endTime = time
            return result
        }
        if context.isLogicallyComplete, result.logicallyCompleteTime == nil { result.logicallyCompleteTime = time }
        result.values.append(value)
        index += 1
    }
}

/// Whether `a` and `b` differ by at most `tolerance` relative to the larger magnitude (absolute below 1).
func isClose(_ a: Double, _ b: Double, relative tolerance: Double) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}
