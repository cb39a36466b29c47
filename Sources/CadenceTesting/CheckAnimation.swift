import Cadence
import Testing

/// Checks `animation` against the laws every built-in animation keeps (see ``AnimationLaw``), driving it
/// from `from` to `to` the way the runtime does, and records one Swift Testing issue for each law it
/// breaks, naming the law, the time and the values.
///
/// Call it from a test:
///
/// ```swift
/// import CadenceTesting
/// import Testing
///
/// @Test func myCurveKeepsTheLaws() {
///     checkAnimation(Animation(MyCurve(duration: 0.4)), from: 0.0, to: 100.0)
///     checkAnimation(Animation(MyCurve(duration: 0.4)), from: SIMD2(0, 0), to: SIMD2(300, -120))
/// }
/// ```
///
/// The animation is driven across `to − from` as SwiftUI drives a custom animation (one context kept
/// between calls, `animate` at time 0 and then once a frame, `velocity` after each `animate`): at 1,440
/// Hz for reference, at 30, 60, 120 and 144 Hz and at a jittered 60 Hz, and through an
/// `AnimatedValue`, which is also retargeted mid-flight to check merging.
///
/// - Parameters:
///   - animation: The animation to check.
///   - from: Where the value starts. Any `VectorArithmetic` type: `Double`, `SIMD2<Double>`, your own.
///   - to: Where it is sent. Must differ from `from`.
///   - tolerance: How far values may differ (between frame rates, at the end, across a merge, between
///     the runtime and the animation), as a fraction of the distance from `from` to `to`.
///   - velocityTolerance: How far a reported velocity may differ from the rate of change of the values,
///     as a fraction of the animation's peak speed (or of `|to − from|` per second, if that is larger).
///   - timeLimit: The time the animation must finish within, in seconds; for an animation that runs
///     forever, how long it is checked.
///   - runsForever: Whether the animation never finishes by design (`repeatForever`): it is then
///     checked for `timeLimit` seconds, and must not finish.
///   - environment: The environment the animation reads from its context.
///   - laws: The laws to check; all of them by default. Leave one out only for an animation that
///     breaks it by design, and say why where you call this (a repeat of a spring, for example, starts
///     each pass at the frame that sees the last one settle, as in SwiftUI, so it is not frame-rate
///     independent). An unusable input is reported whatever this says.
///   - sourceLocation: Where the issues are reported.
/// - Returns: The laws broken, at most one violation per law, in ``AnimationLaw``'s order; empty when
///   the animation keeps them all.
@discardableResult
public func checkAnimation<V: VectorArithmetic>(
    _ animation: Animation, from: V, to: V,
    tolerance: Double = 1e-3, velocityTolerance: Double = 0.02,
    timeLimit: TimeInterval = 10, runsForever: Bool = false,
    environment: EnvironmentValues = EnvironmentValues(),
    laws: Set<AnimationLaw> = Set(AnimationLaw.allCases),
    sourceLocation: SourceLocation = #_sourceLocation
) -> [AnimationLawViolation] {
    let violations = animationLawViolations(
        animation, from: from, to: to, tolerance: tolerance, velocityTolerance: velocityTolerance,
        timeLimit: timeLimit, runsForever: runsForever, environment: environment, laws: laws)
    for violation in violations {
        Issue.record(
            Comment(rawValue: "\(animation) from \(format(from)) to \(format(to)): \(violation)"),
            sourceLocation: sourceLocation)
    }
    return violations
}

/// The laws `animation` breaks, without recording issues: what
/// ``checkAnimation(_:from:to:tolerance:velocityTolerance:timeLimit:runsForever:environment:laws:sourceLocation:)``
/// checks, for code that decides itself what to do with the answer (a tool, or a test that expects a
/// law to fail). The parameters are ``checkAnimation(_:from:to:tolerance:velocityTolerance:timeLimit:runsForever:environment:laws:sourceLocation:)``'s.
public func animationLawViolations<V: VectorArithmetic>(
    _ animation: Animation, from: V, to: V,
    tolerance: Double = 1e-3, velocityTolerance: Double = 0.02,
    timeLimit: TimeInterval = 10, runsForever: Bool = false,
    environment: EnvironmentValues = EnvironmentValues(),
    laws: Set<AnimationLaw> = Set(AnimationLaw.allCases)
) -> [AnimationLawViolation] {
    var checker = LawChecker(
        animation: animation, from: from, to: to, tolerance: tolerance, velocityTolerance: velocityTolerance,
        timeLimit: timeLimit, runsForever: runsForever, environment: environment, laws: laws)
    checker.check()
    return AnimationLaw.allCases.compactMap { checker.violations[$0] }
}
