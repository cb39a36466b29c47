/// When a completion given to ``AnimatedValue/set(_:animation:completionCriteria:completion:)`` is
/// called, as SwiftUI's criteria of the same name.
///
/// - ``logicallyComplete``: on the first evaluation after which the animation's context says it is
///   logically complete (a spring after its response time, a timing curve at its end), or when the
///   animation is removed, whichever comes first. This is when the change feels done to the user.
/// - ``removed``: when the animation is removed: it finished (`animate` returned `nil`), a later
///   change without animation dropped it, or a later animation that finished made it irrelevant.
///
/// Each completion is called exactly once, also when its animation is later merged into another
/// (the completion then follows the merged animation, which continues its motion) or combined with
/// others (it keeps its own place in the combination).
public struct AnimationCompletionCriteria: Hashable, Sendable {
    @usableFromInline
    enum Kind: Hashable, Sendable {
        case logicallyComplete, removed
    }

    @usableFromInline let kind: Kind

    @inlinable
    init(_ kind: Kind) { self.kind = kind }

    /// Call the completion once the animation is logically complete, or removed if that comes first.
    public static let logicallyComplete = AnimationCompletionCriteria(.logicallyComplete)

    /// Call the completion once the animation is removed from the value.
    public static let removed = AnimationCompletionCriteria(.removed)
}
