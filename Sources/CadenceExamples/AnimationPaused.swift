import Cadence

extension PausableAnimation {
    /// The environment value a ``PausableAnimation`` reads to hold still: `false` by default.
    ///
    /// Set it on the value that runs the animation:
    ///
    /// ```swift
    /// value.environment[PausableAnimation.PausedKey.self] = true
    /// ```
    ///
    /// A key nested in the type, rather than a public `EnvironmentValues.animationPaused`, so that a
    /// client that declares the documentation's own `@Entry var animationPaused` (as a SwiftUI port does) does
    /// not clash with this module.
    public enum PausedKey: EnvironmentKey {
        /// Not paused.
        public static var defaultValue: Bool { false }
    }
}

// SwiftUI's documentation declares this with SwiftUI's `@Entry` macro; an `EnvironmentKey` says the same without it.
// Internal: the documentation's code above reads `context.environment.animationPaused` as written, and a
// client's module stays free to declare its own `animationPaused`.
extension EnvironmentValues {
    /// Whether a ``PausableAnimation`` reading this environment holds still.
    var animationPaused: Bool {
        get { self[PausableAnimation.PausedKey.self] }
        set { self[PausableAnimation.PausedKey.self] = newValue }
    }
}
