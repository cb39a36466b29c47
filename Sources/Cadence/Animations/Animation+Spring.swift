extension Animation {
    /// The default animation: a ``DefaultAnimation``, which moves as ``spring`` does (and merges with
    /// it) but is a value of its own: `.default != .spring`, as in SwiftUI.
    public static var `default`: Animation { Animation(DefaultAnimation()) }

    /// A critically damped spring with response 0.5 s (damping fraction 1), which merges.
    public static var spring: Animation { spring(response: 0.5, dampingFraction: 1, blendDuration: 0) }

    /// A merging spring with a perceptual duration and bounce.
    ///
    /// - Parameters:
    ///   - duration: The response, in seconds (not positive or NaN: finishes at once).
    ///   - bounce: 0 for none, up to 1 (oscillates for ever); negative is overdamped. The damping
    ///     fraction is 1/(1 + bounce) for negative bounce, else 1 − bounce; bounce ≤ −1 or NaN
    ///     finishes at once, bounce above 1 oscillates for ever.
    ///   - blendDuration: How long the response blends from that of a spring it replaces.
    @inlinable
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0.0, blendDuration: Double = 0)
        -> Animation
    {
        let fraction = bounce < 0 ? 1 / (1 + bounce) : 1 - bounce
        return spring(response: duration, dampingFraction: bounce > 1 ? 0 : fraction, blendDuration: blendDuration)
    }

    /// A merging spring with a response and damping fraction; see ``SpringAnimation``.
    ///
    /// Disfavoured, as in SwiftUI, so that `.spring()` with no arguments means
    /// ``spring(duration:bounce:blendDuration:)``.
    @_disfavoredOverload
    @inlinable
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0)
        -> Animation
    {
        Animation(SpringAnimation(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// A merging spring with the response and damping ratio of `spring`.
    @inlinable
    public static func spring(_ spring: Spring, blendDuration: TimeInterval = 0.0) -> Animation {
        Animation(SpringAnimation(spring, blendDuration: blendDuration))
    }

    /// A smooth merging spring: duration 0.5 s, no bounce.
    public static var smooth: Animation { smooth(duration: 0.5, extraBounce: 0) }

    /// A smooth merging spring with a duration and bounce 0 + `extraBounce`.
    @inlinable
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation {
        spring(duration: duration, bounce: extraBounce)
    }

    /// A snappy merging spring: duration 0.5 s, bounce 0.15.
    public static var snappy: Animation { snappy(duration: 0.5, extraBounce: 0) }

    /// A snappy merging spring with a duration and bounce 0.15 + `extraBounce`.
    @inlinable
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A bouncy merging spring: duration 0.5 s, bounce 0.3.
    public static var bouncy: Animation { bouncy(duration: 0.5, extraBounce: 0) }

    /// A bouncy merging spring with a duration and bounce 0.3 + `extraBounce`.
    @inlinable
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation {
        spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// A fast merging spring for following a finger: response 0.15 s, damping fraction 0.85, blend 0.25 s.
    public static var interactiveSpring: Animation {
        interactiveSpring(response: 0.15, dampingFraction: 0.85, blendDuration: 0.25)
    }

    /// A fast merging spring with a response, damping fraction and blend duration.
    ///
    /// Disfavoured, as in SwiftUI, so that `.interactiveSpring()` with no arguments means
    /// ``interactiveSpring(duration:extraBounce:blendDuration:)``.
    @_disfavoredOverload
    @inlinable
    public static func interactiveSpring(
        response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: TimeInterval = 0.25
    ) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// A fast merging spring with a duration, bounce 0.15 + `extraBounce` and blend duration.
    @inlinable
    public static func interactiveSpring(
        duration: TimeInterval = 0.15, extraBounce: Double = 0.0, blendDuration: TimeInterval = 0.25
    ) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }
}
