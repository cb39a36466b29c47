extension Spring {
    /// The force on a unit of the spring at `position`, moving with `velocity`, towards `toValue`:
    /// `stiffness·(toValue − position) − damping·velocity`. `position` is in the same space as the two
    /// values; `fromValue` only fixes that space (the force does not depend on it), as in SwiftUI.
    /// Any ``Animatable`` value: the force is computed on the values' `animatableData` and returned in
    /// `toValue` with its data replaced.
    @inlinable
    public func force<V: Animatable>(fromValue: V, toValue: V, position: V, velocity: V) -> V {
        let from = fromValue.animatableData
        let force = force(
            target: toValue.animatableData - from, position: position.animatableData - from,
            velocity: velocity.animatableData)
        return toValue.replacingAnimatableData(with: force)
    }

    /// The time the spring takes to come, and stay, within `epsilon` of `toValue` starting at rest
    /// on `fromValue` with `initialVelocity`: ``settlingDuration(target:initialVelocity:epsilon:)``
    /// over the interval `toValue − fromValue` (of their `animatableData`, for any ``Animatable``).
    /// Infinite when `epsilon` is not positive or NaN, or when the spring never decays.
    @inlinable
    public func settlingDuration<V: Animatable>(
        fromValue: V, toValue: V, initialVelocity: V, epsilon: Double
    ) -> TimeInterval {
        settlingDuration(
            target: toValue.animatableData - fromValue.animatableData,
            initialVelocity: initialVelocity.animatableData, epsilon: epsilon)
    }
}
