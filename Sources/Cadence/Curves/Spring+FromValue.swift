extension Spring {
    /// The force on a unit of the spring at `position`, moving with `velocity`, towards `toValue`:
    /// `stiffness·(toValue − position) − damping·velocity`. `position` is in the same space as the two
    /// values; `fromValue` only fixes that space (the force does not depend on it), as in SwiftUI.
    @inlinable
    public func force<V: VectorArithmetic>(fromValue: V, toValue: V, position: V, velocity: V) -> V {
        force(target: toValue - fromValue, position: position - fromValue, velocity: velocity)
    }

    /// The time the spring takes to come, and stay, within `epsilon` of `toValue` starting at rest
    /// on `fromValue` with `initialVelocity`: ``settlingDuration(target:initialVelocity:epsilon:)``
    /// over the interval `toValue − fromValue`. Infinite when `epsilon` is not positive or NaN, or
    /// when the spring never decays.
    @inlinable
    public func settlingDuration<V: VectorArithmetic>(
        fromValue: V, toValue: V, initialVelocity: V, epsilon: Double
    ) -> TimeInterval {
        settlingDuration(target: toValue - fromValue, initialVelocity: initialVelocity, epsilon: epsilon)
    }
}
