/// Contextual values that a custom animation uses to keep state between calls and to read the
/// environment of the value it animates.
///
/// The owner of the animated value creates one context per running animation, passes it to
/// ``CustomAnimation/animate(value:time:context:)`` and ``CustomAnimation/shouldMerge(previous:value:time:context:)``
/// (which may change it) and to ``CustomAnimation/velocity(value:time:context:)`` (which may not), and
/// stores it back after every call. A context is a value: copying it and giving the copy another
/// ``state`` is how an animation runs a secondary animation with its own state.
///
/// To keep state writes allocation-free, an owner passes its stored context itself (`&record.context`)
/// rather than a copy: a copy shares the state's storage, so the next write has to copy it.
public struct AnimationContext<Value: VectorArithmetic> {
    /// The animation's state, kept between calls.
    public var state: AnimationState<Value>

    /// The environment of the animated value, set by its owner before every call.
    public var environment: EnvironmentValues

    @usableFromInline var logicallyComplete: Bool

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - state: The animation's state; empty by default.
    ///   - environment: The environment the animation reads; default values by default.
    @inlinable
    public init(state: AnimationState<Value> = .init(), environment: EnvironmentValues = .init()) {
        self.state = state
        self.environment = environment
        self.logicallyComplete = false
    }

    /// Whether the animation has reached the point where it is complete for the user, even if it is
    /// still settling (a spring after its response time).
    ///
    /// Once set to `true` it stays `true` for the life of this context: later writes of `false` are
    /// ignored, so a composed animation cannot undo its base's completion. Start a new run with a new
    /// context to reset it.
    @inlinable
    public var isLogicallyComplete: Bool {
        get { logicallyComplete }
        set { if newValue { logicallyComplete = true } }
    }

    /// Starts a new run in this context: every state key reads its default value again and
    /// ``isLogicallyComplete`` is `false`, but the state's storage is kept, so the new run's writes of
    /// the same keys allocate nothing. (A context you made a copy of first keeps its values: the copy's
    /// storage is not touched.) Not in SwiftUI, where the owner of the value makes the contexts; use it
    /// when you run an animation again and again yourself, as a curve plotter does.
    @inlinable
    public mutating func reset() {
        state.reset()
        logicallyComplete = false
    }

    /// Returns a context of another value type with `state`, carrying over this context's environment
    /// and ``isLogicallyComplete``.
    @inlinable
    public func withState<T: VectorArithmetic>(_ state: AnimationState<T>) -> AnimationContext<T> {
        var context = AnimationContext<T>(state: state, environment: environment)
        context.logicallyComplete = logicallyComplete
        return context
    }
}
