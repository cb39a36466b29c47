// The transaction layer's door into `AnimatedValue`: a change without an explicit animation takes the
// ambient transaction's (see `Transaction`).

extension AnimatedValue {
    /// Sets a new target the SwiftUI way: with the animation of the ambient transaction, as made by
    /// ``withAnimation(_:_:)`` or ``withTransaction(_:_:)``, and counting for its completions.
    ///
    /// - Inside `withAnimation(.spring) { value.set(x) }`: animates with `.spring`; the transaction's
    ///   completions wait for this value (per their criteria) before they are called, once per call.
    /// - Inside a transaction whose animation is `nil`: jumps (and counts as completed at once).
    /// - Outside any transaction: jumps, as a state change in SwiftUI does without `withAnimation`.
    /// - ``implicitAnimation``, when set, replaces the transaction's animation (and animates outside
    ///   any transaction), unless the transaction ``Transaction/disablesAnimations``.
    ///
    /// Otherwise as ``set(_:animation:completionCriteria:completion:)``: the innermost transaction
    /// of nested calls wins, and a target with a NaN or infinite component is refused (returns
    /// `false`, and is not counted by the transaction's completions).
    ///
    /// - Parameter target: The new model value.
    /// - Returns: Whether the target was accepted.
    @discardableResult
    public func set(_ target: Value) -> Bool {
        let data = target.animatableData
        guard data.isUsable else { return false }
        guard let ambient = AmbientTransaction.current else {
            return set(target, animation: implicitAnimation)
        }
        let transaction = ambient.transaction
        var animation = transaction.animation
        if let implicitAnimation, !transaction.disablesAnimations { animation = implicitAnimation }
        var completions = CompletionList()
        for group in ambient.groups where group.retain() {
            var one = CompletionList({ group.release() }, criteria: group.criteria)
            completions.absorb(&one)
        }
        change(to: target, data: data, animation: animation, completions: completions)
        return true
    }
}
