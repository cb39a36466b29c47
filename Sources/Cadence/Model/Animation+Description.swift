extension Animation: CustomStringConvertible, CustomDebugStringConvertible {
    /// The base animation with its parameters, as SwiftUI prints an animation: for example
    /// `SpringAnimation(response: 0.5, dampingFraction: 1.0, blendDuration: 0.0)` for `.spring`,
    /// `DefaultAnimation()` for `.default`, or your own type's description.
    public var description: String { String(describing: base) }

    /// The same, with the base's type qualified by its module (`Cadence.SpringAnimation(...)`), for
    /// logs and test failures that mix animations of several modules.
    public var debugDescription: String { String(reflecting: base) }
}
