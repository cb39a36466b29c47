extension Animation {
    /// An interpolating spring with stiffness 157.9137 and damping 25.1327 (just under critical).
    public static var interpolatingSpring: Animation {
        interpolatingSpring(mass: 1, stiffness: 157.9137, damping: 25.1327, initialVelocity: 0)
    }

    /// An interpolating spring from its physical parameters; see ``InterpolatingSpringAnimation``.
    @inlinable
    public static func interpolatingSpring(
        mass: Double = 1.0, stiffness: Double, damping: Double, initialVelocity: Double = 0.0
    ) -> Animation {
        Animation(
            InterpolatingSpringAnimation(
                mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
    }

    /// An interpolating spring with a perceptual duration and bounce (see ``Spring/init(duration:bounce:)``).
    @inlinable
    public static func interpolatingSpring(
        duration: TimeInterval = 0.5, bounce: Double = 0.0, initialVelocity: Double = 0.0
    ) -> Animation {
        interpolatingSpring(Spring(duration: duration, bounce: bounce), initialVelocity: initialVelocity)
    }

    /// An interpolating spring that moves as `spring` does.
    @inlinable
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0.0) -> Animation {
        Animation(InterpolatingSpringAnimation(spring, initialVelocity: initialVelocity))
    }
}
