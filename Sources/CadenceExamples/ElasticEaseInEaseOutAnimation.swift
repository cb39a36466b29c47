// The elastic ease-in ease-out animation of the `CustomAnimation` documentation, as written
// there; the snippet breaks off after `if p`, and is completed with the easings.net elastic in-out
// formula it starts.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Cadence

/// An animation that overshoots slightly backwards, swings through the interval and overshoots
/// slightly past the end before settling: the easings.net "easeInOutElastic" curve over `duration`.
///
/// It starts within 0.01 % of zero and ends within 0.01 % of `value` (the formula has no exact end
/// points), and returns `nil` once `time > duration`. It never merges.
///
/// ```swift
/// let animation = Animation(ElasticEaseInEaseOutAnimation(duration: 5.0))
/// ```
public struct ElasticEaseInEaseOutAnimation: CustomAnimation {
    /// The length of the animation, in seconds.
    public let duration: TimeInterval

    /// Creates an elastic animation lasting `duration` seconds.
    public init(duration: TimeInterval) {
        self.duration = duration
    }

    /// The elastic progress along `value` at `time`, or `nil` after `duration`.
    public func animate<V>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?
    where V: VectorArithmetic {
        if time > duration { return nil }  // The animation has finished.

        let p = time / duration
        let s = sin((20 * p - 11.125) * ((2 * Double.pi) / 4.5))
        if p < 0.5 {
            return value.scaled(by: -(pow(2, 20 * p - 10) * s) / 2)
        } else {
            return value.scaled(by: (pow(2, -20 * p + 10) * s) / 2 + 1)
        }
    }
}

extension Animation {
    /// The elastic ease-in ease-out animation with the default duration of 0.35 s.
    public static var elasticEaseInEaseOut: Animation { elasticEaseInEaseOut(duration: 0.35) }

    /// The elastic ease-in ease-out animation lasting `duration` seconds.
    public static func elasticEaseInEaseOut(duration: TimeInterval) -> Animation {
        Animation(ElasticEaseInEaseOutAnimation(duration: duration))
    }
}
