import Cadence

// Seed 003 declares this with SwiftUI's `@Entry` macro; an `EnvironmentKey` says the same without it.
private struct AnimationPausedKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

extension EnvironmentValues {
    /// Whether a ``PausableAnimation`` reading this environment holds still. `false` by default.
    public var animationPaused: Bool {
        get { self[AnimationPausedKey.self] }
        set { self[AnimationPausedKey.self] = newValue }
    }
}
