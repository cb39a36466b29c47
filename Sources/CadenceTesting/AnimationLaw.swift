import Cadence
import Foundation

/// A rule that every built-in animation keeps, and that ``checkAnimation(_:from:to:tolerance:velocityTolerance:timeLimit:runsForever:environment:laws:sourceLocation:)``
/// checks your own animation against.
public enum AnimationLaw: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The check's own input is usable: `from` and `to` are finite and different, and the tolerances
    /// and time limit are positive and finite. Not a law of the animation: when it fails, nothing else
    /// is checked.
    case input
    /// Every value and velocity the animation returns for a finite interval is finite.
    case finite
    /// Where the animation reports a velocity, it is the rate of change of its values, except across
    /// a jump that the animation makes by design (a repeat's restart).
    case velocity
    /// Frames at 30, 60, 120 and 144 Hz, and at a jittered 60 Hz, give the values that a 1,440 Hz run
    /// gives at the same times; once either run has finished, the other shows `to`.
    case frameRateIndependence
    /// The animation finishes within the time limit (unless it is said to run forever, in which case it
    /// does not finish), and an `AnimatedValue` running it calls its logical completion no later than
    /// it removes it.
    case completion
    /// Where the animation merges with a retarget of itself mid-flight, the value and the velocity shown
    /// do not jump across the retarget.
    case merging
    /// The animation's last value before it finishes is `to`, or one frame's motion short of it.
    case end
    /// An `AnimatedValue` shows what the animation's `animate` and `velocity` return when called as
    /// SwiftUI calls them (time 0, then once a frame, with one context kept between calls).
    case agreement

    /// The law's name, as printed in a violation: `velocity`, `frame-rate independence`, ….
    public var description: String {
        switch self {
        case .frameRateIndependence: "frame-rate independence"
        default: rawValue
        }
    }
}

/// One law that an animation broke: where, and with which values.
public struct AnimationLawViolation: Sendable, CustomStringConvertible {
    /// The law broken.
    public let law: AnimationLaw
    /// The animation's time at the first frame that broke it, in seconds (`nil` when the law is not
    /// about one time, like an unusable input).
    public let time: TimeInterval?
    /// What was seen, with the values, in words.
    public let details: String

    /// Creates a violation.
    public init(law: AnimationLaw, time: TimeInterval?, details: String) {
        self.law = law
        self.time = time
        self.details = details
    }

    /// `"<law> law broken at t = <time> s: <details>"`, the text of the issue ``checkAnimation(_:from:to:tolerance:velocityTolerance:timeLimit:runsForever:environment:laws:sourceLocation:)`` records.
    public var description: String {
        let when = time.map { " at t = \(format($0)) s" } ?? ""
        return "\(law) law broken\(when): \(details)"
    }
}

/// A number printed with six significant digits, so that messages stay legible.
func format(_ value: Double) -> String {
    String(format: "%.6g", value)
}

/// A value printed legibly: a `Double` as ``format(_:)`` prints it, anything else as it describes itself.
func format<V>(_ value: V) -> String {
    if let number = value as? Double { return format(number) }
    return String(describing: value)
}
