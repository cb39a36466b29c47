import Foundation

/// Tracks tweens and advances them all, in the order they were added, when told to:
/// `update(by:)` is called by whoever owns the clock (the harness's frame clock, a test). A tweener
/// never reads a clock itself, so everything it drives is deterministic.
///
/// ```swift
/// let tweener = Tweener()
/// tweener.tween(from: 0.0, to: 1.0, duration: 0.5) { opacity = $0 }
/// tweener.update(by: 1.0 / 60)   // the new tween starts here and advances by 1/60 s
/// ```
///
/// **Re-entrancy.** Callbacks run during `update(by:)` may start, stop, kill, revive or create any
/// tween, including the one calling back. A tween killed during an update is not updated after its
/// kill; a tween added (or revived) during an update is first updated by the next one; nothing is
/// visited twice. A nested `update(by:)` from inside a callback is refused (returns `false`).
///
/// **Cost.** Tracking and untracking are O(1). Tweens live in one contiguous buffer of unretained
/// references (the buffer owns one retain per slot, taken on tracking), and the per-frame loop walks
/// it by index: no retain/release, no exclusivity check on an array, no allocation per frame.
/// Untracking leaves a tombstone (the slot keeps its retain, so a tween killed by its own callback
/// stays alive until the loop is done with it); tombstones are compacted once after the update,
/// in order, so "in the order they were added" holds without ever searching.
///
/// Not `Sendable`: use a tweener from one thread or actor, as you would the frame loop that owns it.
public final class Tweener {
    /// The defaults copied into every tween this tweener creates. Each tweener has its own copy,
    /// starting from ``Defaults/standard``: changing it affects this tweener's future tweens only.
    public var defaults: Defaults

    /// Multiplies every delta given to `update(by:)`: 0.5 plays everything at half speed.
    /// Negative and NaN values are stored as 0.
    public var timeScale: Double {
        get { storedTimeScale }
        set { storedTimeScale = TimeClamp.nonNegative(newValue) }
    }

    // The bookkeeping below is `@exclusivity(unchecked)` for the same reason as a tween's hot state:
    // the per-frame loop reads it, and callbacks re-enter it (track, untrack) without ever holding
    // an `inout` access to it.

    /// The number of tracked tweens (including those that wait to auto-start).
    @exclusivity(unchecked) public private(set) var count = 0

    @exclusivity(unchecked) private var storedTimeScale: Double = 1
    @usableFromInline let link = TweenerLink()
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Unmanaged<TweenAnimator>>
    @exclusivity(unchecked) private var slotCount = 0
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private var tombstones = 0
    @exclusivity(unchecked) private var pending: [TweenAnimator] = []
    @exclusivity(unchecked) private var isUpdating = false

    /// Creates a tweener that moves its tweens only when told to, with its own copy of `defaults`.
    public init(defaults: Defaults = .standard) {
        self.defaults = defaults
        slots = UnsafeMutablePointer.allocate(capacity: 0)
        link.owner = Unmanaged.passUnretained(self)
    }

    deinit {
        link.owner = nil
        for index in 0..<slotCount {
            let slot = slots[index]
            let tween = slot.takeUnretainedValue()
            if tween.trackIndex == index { tween.trackIndex = -1 }
            slot.release()
        }
        for tween in pending { tween.trackIndex = -1 }
        slots.deallocate()
    }

    // MARK: - Updating

    /// Advances every tracked tween by `deltaTime` seconds (times ``timeScale``), in the order they
    /// were added. Tweens created with auto-start start here, then advance by the same delta.
    ///
    /// - Parameter deltaTime: Seconds since the last update. Negative, NaN or infinite values are
    ///   refused, and so is a call made from inside a callback of this update.
    /// - Returns: `true` if the tweens were updated.
    @discardableResult
    public func update(by deltaTime: TimeInterval) -> Bool {
        guard deltaTime.isFinite, deltaTime >= 0, !isUpdating else { return false }
        let dt = deltaTime * storedTimeScale
        isUpdating = true
        // Tracking during the loop goes to `pending`, so neither `slots` nor `slotCount` change
        // under it; untracking only writes the tween's own index.
        let buffer = slots
        for index in 0..<slotCount {
            buffer[index]._withUnsafeGuaranteedRef { tween in
                if tween.trackIndex == index { tween.tick(dt) }
            }
        }
        isUpdating = false
        if tombstones > 0 { compact() }
        if !pending.isEmpty { flushPending() }
        return true
    }

    // MARK: - Tracking

    /// Whether `tween` is tracked by this tweener.
    public func isTracking(_ tween: any Tween) -> Bool {
        guard let animator = tween as? TweenAnimator else { return false }
        return animator.link === link && animator.trackIndex != -1
    }

    /// The tracked tweens, in the order they are updated.
    public var tweens: [TweenAnimator] {
        var result: [TweenAnimator] = []
        result.reserveCapacity(count)
        for index in 0..<slotCount {
            let tween = slots[index].takeUnretainedValue()
            if tween.trackIndex == index { result.append(tween) }
        }
        for (position, tween) in pending.enumerated() where tween.trackIndex == Self.pendingIndex(position) {
            result.append(tween)
        }
        return result
    }

    /// Makes `tween` this tweener's and tracks it; it starts on the next update if the defaults say
    /// so. Every factory method ends here.
    @usableFromInline
    func adopt<T: TweenAnimator>(_ tween: T) -> T {
        tween.link = link
        tween.pendingAutoStart = defaults.autoStartTweens
        track(tween)
        return tween
    }

    @usableFromInline
    func track(_ tween: TweenAnimator) {
        guard tween.trackIndex == -1, !tween.isSequenced else { return }
        count += 1
        if isUpdating {
            tween.trackIndex = Self.pendingIndex(pending.count)
            pending.append(tween)
        } else {
            append(tween)
        }
    }

    func untrack(_ tween: TweenAnimator) {
        let index = tween.trackIndex
        guard index != -1 else { return }
        tween.trackIndex = -1
        count -= 1
        guard index >= 0 else { return }  // a pending tween: dropped when pending is flushed
        tombstones += 1
        // Outside an update, compact once tombstones are the majority: amortised O(1) per untrack.
        if !isUpdating && tombstones * 2 > slotCount { compact() }
    }

    private static func pendingIndex(_ position: Int) -> Int { -2 - position }

    private func append(_ tween: TweenAnimator) {
        if slotCount == capacity {
            let newCapacity = max(16, capacity * 2)
            let grown = UnsafeMutablePointer<Unmanaged<TweenAnimator>>.allocate(capacity: newCapacity)
            grown.moveInitialize(from: slots, count: slotCount)
            slots.deallocate()
            slots = grown
            capacity = newCapacity
        }
        tween.trackIndex = slotCount
        (slots + slotCount).initialize(to: .passRetained(tween))
        slotCount += 1
    }

    /// Drops tombstones, keeping order. A slot is live only if its tween still points back at it: a
    /// tween killed then revived has a newer slot, and its old one is released here.
    private func compact() {
        var write = 0
        for read in 0..<slotCount {
            let slot = slots[read]
            let isLive = slot._withUnsafeGuaranteedRef { tween in
                guard tween.trackIndex == read else { return false }
                tween.trackIndex = write
                return true
            }
            if isLive {
                slots[write] = slot
                write += 1
            } else {
                slot.release()
            }
        }
        slotCount = write
        tombstones = 0
    }

    private func flushPending() {
        let arrived = pending
        pending.removeAll(keepingCapacity: true)
        for (position, tween) in arrived.enumerated() where tween.trackIndex == Self.pendingIndex(position) {
            append(tween)
        }
    }

    // MARK: - Everything at once

    /// Pauses every tracked tween that can be paused.
    public func pauseAll() { forEachTracked { $0.pause() } }
    /// Resumes every tracked tween that is paused.
    public func resumeAll() { forEachTracked { $0.resume() } }
    /// Stops every tracked tween that can be stopped.
    public func stopAll() { forEachTracked { $0.stop() } }
    /// Completes every tracked tween that can be completed (with auto-kill, they are then untracked).
    public func completeAll() { forEachTracked { $0.complete() } }
    /// Kills every tracked tween: afterwards `count` is 0 unless a callback revived or created one.
    public func killAll() { forEachTracked { $0.kill() } }

    /// Calls `body` on a snapshot of the tracked tweens, so callbacks may track and untrack freely.
    private func forEachTracked(_ body: (TweenAnimator) -> Void) {
        for tween in tweens { body(tween) }
    }
}
