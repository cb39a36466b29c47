import Foundation

// Membership: the tweener that tracks the tween (through its `TweenList`) and the sequence that owns it.
extension TweenAnimator {
    /// The tweener that created this tween, while it exists; `kill()` and `revive()` untrack and
    /// track the tween there.
    public final var tweener: Tweener? { list?.owner }

    /// The sequence that owns this tween, if any. A sequenced tween is driven by its sequence, for the
    /// rest of its life: its own control calls and `update(by:)` return `false`.
    public final internal(set) var sequence: TweenSequence? {
        get { extras?.sequence }
        set { extrasBox().sequence = newValue }
    }

    /// Whether a sequence took this tween. A plain flag beside the weak `sequence`, because every
    /// control call checks it and a weak load is an atomic operation.
    final var isSequenced: Bool {
        get { extras?.isSequenced ?? false }
        set { if newValue || extras != nil { extrasBox().isSequenced = newValue } }
    }

    // MARK: - Inside a sequence

    /// The time this tween takes inside a sequence: delay plus every pass (forever counted once).
    final var lengthInSequence: TimeInterval {
        storedDelay + storedDuration * Double(passes)
    }

    /// Positions the tween `local` seconds after its place in a sequence (its delay included).
    final func render(inSequenceAt local: TimeInterval, mode: RenderMode) {
        let time = local - storedDelay
        if storedDuration > 0 {
            let clamped = min(max(time, 0), storedDuration * Double(passes))
            let loop = min(Int((clamped / storedDuration).rounded(.down)), passes - 1)
            completedLoops = loop
            elapsed = min(clamped - Double(loop) * storedDuration, storedDuration)
        } else {
            completedLoops = passes - 1
            elapsed = 0
        }
        hasBegun = time >= 0
        present(mode: mode)
        if mode == .playing { callbacks?.onUpdate?(self) }
    }
}
