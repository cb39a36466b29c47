import Cadence
import CadenceExamples
import CadenceTesting
import Testing

/// A keyframe timeline on `Double`: linear, cubic and spring keyframes, and a move that comes back.
private let keyframes = KeyframeTimeline(initialValue: 0.0) {
    KeyframeTrack {
        LinearKeyframe(60, duration: 0.3, timingCurve: .easeIn)
        CubicKeyframe(120, duration: 0.5)
        SpringKeyframe(100, duration: 0.6, spring: .bouncy)
    }
}

/// Every built-in animation that finishes, by the name a failure prints: each timing curve, each spring
/// parametrisation, each modifier alone and in combination, keyframes and decay.
let finishingAnimations: [(name: String, animation: Animation)] = [
    ("linear", .linear),
    ("easeIn", .easeIn),
    ("easeOut", .easeOut),
    ("easeInOut", .easeInOut),
    ("linear(duration: 1)", .linear(duration: 1)),
    ("easeInOut(duration: 0.8)", .easeInOut(duration: 0.8)),
    ("timingCurve(0.2, 0.8, 0.3, 1.2)", .timingCurve(0.2, 0.8, 0.3, 1.2, duration: 0.5)),
    ("timingCurve(0.68, -0.6, 0.32, 1.6)", .timingCurve(0.68, -0.6, 0.32, 1.6, duration: 0.5)),
    ("timingCurve(.circularEaseIn)", .timingCurve(.circularEaseIn, duration: 0.4)),
    ("timingCurve(.circularEaseOut)", .timingCurve(.circularEaseOut, duration: 0.4)),
    ("timingCurve(.circularEaseInOut)", .timingCurve(.circularEaseInOut, duration: 0.4)),
    ("default", .default),
    ("spring", .spring),
    ("spring(duration: 0.3, bounce: 0.4)", .spring(duration: 0.3, bounce: 0.4)),
    ("spring(duration: 0.5, bounce: -0.5)", .spring(duration: 0.5, bounce: -0.5)),
    ("spring(response: 0.4, dampingFraction: 0.6)", .spring(response: 0.4, dampingFraction: 0.6)),
    ("spring(Spring(mass:stiffness:damping:))", .spring(Spring(mass: 2, stiffness: 300, damping: 12))),
    ("spring(.bouncy, blendDuration: 0.1)", .spring(Spring.bouncy, blendDuration: 0.1)),
    ("smooth", .smooth),
    ("snappy", .snappy),
    ("bouncy", .bouncy),
    ("bouncy(duration: 0.4, extraBounce: 0.2)", .bouncy(duration: 0.4, extraBounce: 0.2)),
    ("interactiveSpring", .interactiveSpring),
    ("interactiveSpring(response: 0.2)", .interactiveSpring(response: 0.2, dampingFraction: 0.7, blendDuration: 0)),
    ("interpolatingSpring", .interpolatingSpring),
    (
        "interpolatingSpring(mass:stiffness:damping:initialVelocity:)",
        .interpolatingSpring(mass: 2, stiffness: 300, damping: 20, initialVelocity: 1)
    ),
    ("interpolatingSpring(duration: 0.5, bounce: 0.3)", .interpolatingSpring(duration: 0.5, bounce: 0.3)),
    ("interpolatingSpring(duration: 0.5, bounce: -0.3)", .interpolatingSpring(duration: 0.5, bounce: -0.3)),
    ("easeInOut.delay(0.2)", .easeInOut.delay(0.2)),
    ("spring.delay(0.1)", Animation.spring.delay(0.1)),
    ("easeIn.speed(2)", .easeIn.speed(2)),
    ("bouncy.speed(0.5)", Animation.bouncy.speed(0.5)),
    ("linear.repeatCount(3)", .linear.repeatCount(3)),
    ("easeOut.repeatCount(2, autoreverses: false)", .easeOut.repeatCount(2, autoreverses: false)),
    ("easeInOut.logicallyComplete(after: 0.1)", .easeInOut.logicallyComplete(after: 0.1)),
    ("spring.logicallyComplete(after: 0.2)", Animation.spring.logicallyComplete(after: 0.2)),
    ("easeIn.delay(0.1).speed(2).repeatCount(3)", .easeIn.delay(0.1).speed(2).repeatCount(3)),
    ("smooth.speed(1.5).delay(0.2)", Animation.smooth.speed(1.5).delay(0.2)),
    ("linear.repeatCount(3).delay(0.3).speed(0.5)", .linear.repeatCount(3).delay(0.3).speed(0.5)),
    (
        "interpolatingSpring.repeatCount(3).logicallyComplete(after: 0.1)",
        Animation.interpolatingSpring.repeatCount(3).logicallyComplete(after: 0.1)
    ),
    ("decay", .decay),
    ("decay(decelerationRate: .fast)", .decay(decelerationRate: DecayAnimation.fast)),
    ("elasticEaseInEaseOut", .elasticEaseInEaseOut),
    ("PausableAnimation(base: .easeInOut)", Animation(PausableAnimation(base: .easeInOut))),
    ("PausableAnimation(base: .bouncy)", Animation(PausableAnimation(base: .bouncy))),
]

/// Animations that never finish, checked for a while.
let endlessAnimations: [(name: String, animation: Animation)] = [
    ("linear.repeatForever()", .linear.repeatForever()),
    ("easeInOut.repeatForever(autoreverses: false)", .easeInOut.repeatForever(autoreverses: false)),
    ("easeIn.speed(3).delay(0.1).repeatForever()", .easeIn.speed(3).delay(0.1).repeatForever()),
]

/// A value type of a user's own: a two-component vector with its own arithmetic.
struct Offset: VectorArithmetic, CustomStringConvertible {
    var dx: Double
    var dy: Double

    static let zero = Offset(dx: 0, dy: 0)
    static func + (lhs: Offset, rhs: Offset) -> Offset { Offset(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy) }
    static func - (lhs: Offset, rhs: Offset) -> Offset { Offset(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy) }
    mutating func scale(by rhs: Double) {
        dx *= rhs
        dy *= rhs
    }
    var magnitudeSquared: Double { dx * dx + dy * dy }
    var description: String { "(\(dx), \(dy))" }
}

/// Every built-in and documentation sample keeps every law, on `Double`, `SIMD2<Double>` and a user's type.
struct BuiltInLawTests {
    @Test(arguments: finishingAnimations)
    func aFinishingAnimationKeepsTheLaws(name: String, animation: Animation) {
        #expect(checkAnimation(animation, from: 0.0, to: 100.0).isEmpty, "\(name) on Double")
        #expect(checkAnimation(animation, from: SIMD2(10, 20), to: SIMD2(-300, 140)).isEmpty, "\(name) on SIMD2")
        // Springs settle by absolute thresholds in the value's units, as SwiftUI's do, so every type is
        // checked over a distance in points, not over a unit interval.
        #expect(
            checkAnimation(animation, from: Offset(dx: 10, dy: 10), to: Offset(dx: 120, dy: -40)).isEmpty,
            "\(name) on a user type")
    }

    @Test(arguments: endlessAnimations)
    func anEndlessAnimationKeepsTheLaws(name: String, animation: Animation) {
        let violations = checkAnimation(animation, from: 0.0, to: 100.0, timeLimit: 4, runsForever: true)
        #expect(violations.isEmpty, "\(name)")
    }

    /// A repeat of a merging spring starts each pass at the frame that sees the last one settle, as
    /// SwiftUI's does (a spring's length is not known ahead): the one law it does not keep.
    @Test func aRepeatedSpringKeepsEveryLawButFrameRateIndependence() {
        let laws = Set(AnimationLaw.allCases).subtracting([.frameRateIndependence])
        checkAnimation(Animation.snappy.repeatCount(3), from: 0.0, to: 100.0, laws: laws)
        checkAnimation(
            Animation.spring.repeatForever(), from: 0.0, to: 100.0, timeLimit: 4, runsForever: true, laws: laws)
        let violations = animationLawViolations(Animation.snappy.repeatCount(3), from: 0.0, to: 100.0)
        #expect(violations.map(\.law) == [.frameRateIndependence])
    }

    /// The documentation's `TargetAnimation` gives its spring a new target on every call (where its
    /// secondary animation has moved it), so the spring chases a target held for a frame at a time, and
    /// at 30 Hz it lags the 1,440 Hz run by up to 3 % of the distance, as it would under SwiftUI. It keeps
    /// every other law.
    @Test func theTargetAnimationSampleKeepsEveryLawButFrameRateIndependence() {
        let animation = Animation(TargetAnimation(base: .spring, secondary: .easeInOut(duration: 0.5)))
        let laws = Set(AnimationLaw.allCases).subtracting([.frameRateIndependence])
        checkAnimation(animation, from: 0.0, to: 100.0, laws: laws)
        checkAnimation(animation, from: SIMD2(10, 20), to: SIMD2(-300, 140), laws: laws)
        #expect(animationLawViolations(animation, from: 0.0, to: 100.0).map(\.law) == [.frameRateIndependence])
    }

    @Test func keyframesKeepTheLaws() {
        checkAnimation(.keyframes(keyframes), from: 0.0, to: keyframes.value(progress: 1))
        checkAnimation(.keyframes(keyframes, startTime: 0.4), from: 0.0, to: keyframes.value(progress: 1))
    }
}
