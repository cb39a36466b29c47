/// The tweens one ``Tweener`` tracks, in the order they were added: the engine's one raw buffer.
///
/// The engine's other unchecked code is small and local: the `unsafeDowncast` in each tween type's
/// renderer, a closure only ever handed the tween it was made for, and in a key-path tween's reading of
/// its start value, a reader only ever stored by a tween of that value type; and `unowned(unsafe)`
/// references to this list (from a tweener's template, which the tweener that holds the list owns) and
/// from it to its tweener (`owner`, which `detach()` clears when the tweener goes).
///
/// **What it promises.** `append` and `remove` are O(1) (amortised) and may be called at any time,
/// including from inside `forEach`: a tween removed during an iteration is not visited after its
/// removal, a tween appended during one is not visited by it (it is first visited by the next), and
/// nothing is visited twice, even when the buffer grows under the iteration. Iterations may nest.
///
/// **How.** One contiguous buffer of unretained references; each live slot owns one retain, taken on
/// `append`. A tween knows its own slot (`trackIndex`), so a removal is O(1): it sets that to -1, moves
/// the slot's retain to the retired list (see below) and leaves a tombstone, a shared placeholder
/// that iterations skip without reading the removed tween (so a tween removed by its own callback
/// stays alive, held by the retired list). Tombstones are compacted in order once no iteration is
/// running (at the end of the outermost one, or on a removal once they are the majority); compaction
/// touches only the live tweens that move, never the removed ones. A tween removed and appended again
/// during an iteration has a new slot at the end. `forEach` visits the slots that existed when it
/// began and re-reads the buffer after every call, so growth during the iteration is safe.
///
/// **Releasing.** A removed tween's retain is not released at once but retired: `releaseRetired`
/// releases ``releaseBudget`` of them per call, or an eighth of those waiting if that is more (the
/// tweener calls it at the start of every update), and `detach()` releases them all. The eighth
/// bounds what waits: a steady churn of C tweens an update settles at 8·C waiting, never more. Freeing a tween (its closure's context, its memory) costs
/// about as much as completing it, so 100,000 tweens completing in one frame would otherwise pay twice
/// in that frame; spread over the following frames, the release costs each of them a bounded slice
/// ("Tween complete all" and "Tween release after complete all" in the benchmarks). A tween nobody
/// else holds is therefore freed during the updates after its removal, not during the removal.
///
/// Why unretained references in a raw buffer rather than an `[TweenAnimator]`: the per-frame loop then
/// walks plain pointers with no retain/release, no uniqueness check and no exclusivity check, which is
/// most of what an update of 100,000 tweens would otherwise cost beyond the tweens' own work.
@usableFromInline
final class TweenList {
    /// The retired tweens one `releaseRetired()` releases at least (if there are that many): enough to
    /// keep up with a frame's completions, few enough that freeing them never costs a frame its budget
    /// (benchmark row "Tween release after complete all: the next update frees 12,500").
    static let releaseBudget = 4_096

    // Unchecked exclusivity: the fields are read by every iteration and changed by the callbacks it
    // runs (append, remove), never through an `inout` access that could overlap.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Unmanaged<TweenAnimator>>
    @exclusivity(unchecked) private var slotCount = 0
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private var tombstones = 0
    @exclusivity(unchecked) private var iterations = 0
    /// What a removed tween's slot holds until compaction: never appended, so its `trackIndex` stays -1.
    private let tombstone: Unmanaged<TweenAnimator>
    /// The retains of removed tweens, waiting for `releaseRetired()`.
    @exclusivity(unchecked) private var retired: UnsafeMutablePointer<Unmanaged<TweenAnimator>>
    @exclusivity(unchecked) private var retiredCount = 0
    @exclusivity(unchecked) private var retiredCapacity = 0
    /// Set by `detach()`: the tweener is gone and appends are ignored. A flag rather than a check of
    /// `owner`, whose load would retain and release the tweener on every append.
    @exclusivity(unchecked) private var isDetached = false

    /// The tweener this list belongs to, set by its `init` and cleared by its `deinit` (see
    /// ``detach()``). Unowned and unsafe because every tween holds its list: a `weak` reference would
    /// cost an atomic side-table operation on every kill and revive.
    @exclusivity(unchecked) unowned(unsafe) var owner: Tweener?

    /// The number of tweens in the list (tombstones not counted).
    @exclusivity(unchecked) private(set) var count = 0

    init() {
        slots = UnsafeMutablePointer.allocate(capacity: 0)
        retired = UnsafeMutablePointer.allocate(capacity: 0)
        tombstone = .passRetained(TweenAnimator(template: TweenTemplate(.standard)) { _, _ in })
    }

    deinit {
        detach()
        slots.deallocate()
        retired.deallocate()
        tombstone.release()
    }

    /// The number of removed tweens whose release is still pending.
    var pendingReleases: Int { retiredCount }

    /// Whether `tween` is in this list.
    func contains(_ tween: TweenAnimator) -> Bool {
        tween.list === self && tween.trackIndex >= 0
    }

    /// Adds `tween` at the end, unless it is already in the list or the list's tweener is gone.
    func append(_ tween: TweenAnimator) {
        guard tween.trackIndex < 0, !isDetached else { return }
        if slotCount == capacity {
            Self.grow(&slots, count: slotCount, capacity: &capacity)
            // Room to retire every slot, so that a frame that removes them all does not allocate.
            if retiredCapacity < capacity {
                Self.grow(&retired, count: retiredCount, capacity: &retiredCapacity, to: capacity)
            }
        }
        tween.trackIndex = Int32(slotCount)
        (slots + slotCount).initialize(to: .passRetained(tween))
        slotCount += 1
        count += 1
    }

    /// Takes `tween` out of the list (a no-op if it is not in it), keeping the others' order.
    func remove(_ tween: TweenAnimator) {
        let index = Int(tween.trackIndex)
        guard index >= 0 else { return }
        tween.trackIndex = -1
        if retiredCount == retiredCapacity { Self.grow(&retired, count: retiredCount, capacity: &retiredCapacity) }
        (retired + retiredCount).initialize(to: slots[index])
        retiredCount += 1
        slots[index] = tombstone
        count -= 1
        tombstones += 1
        // Outside an iteration, compact once tombstones are the majority: amortised O(1) per removal.
        if iterations == 0 && tombstones * 2 > slotCount { compact() }
    }

    /// Calls `body` on every tween in the list, in order, tolerating any `append` and `remove` made by
    /// `body` (see the type's documentation).
    @inline(__always)
    func forEach(_ body: (TweenAnimator) -> Void) {
        iterations += 1
        let end = slotCount
        var index = 0
        while index < end {
            // `slots` is read again every time: `body` may have grown (moved) the buffer.
            let slot = slots[index]
            if slot.toOpaque() != tombstone.toOpaque() { slot._withUnsafeGuaranteedRef(body) }
            index += 1
        }
        iterations -= 1
        if iterations == 0 && tombstones > 0 { compact() }
    }

    /// The tweens in the list, in order.
    var all: [TweenAnimator] {
        var result: [TweenAnimator] = []
        result.reserveCapacity(count)
        forEach { result.append($0) }
        return result
    }

    /// Releases up to `limit` retired tweens, by default the larger of ``releaseBudget`` and an eighth
    /// of those waiting (see the type's documentation); returns how many.
    @discardableResult
    func releaseRetired(limit: Int? = nil) -> Int {
        let released = min(limit ?? max(Self.releaseBudget, retiredCount / 8), retiredCount)
        for _ in 0..<released {
            retiredCount -= 1
            retired[retiredCount].release()
        }
        return released
    }

    /// Empties the list and forgets the tweener: later appends are ignored. Called by the tweener's
    /// `deinit`; the tweens themselves live on as long as someone else holds them.
    func detach() {
        owner = nil
        isDetached = true
        releaseRetired(limit: .max)
        for index in 0..<slotCount where slots[index].toOpaque() != tombstone.toOpaque() {
            let slot = slots[index]
            slot.takeUnretainedValue().trackIndex = -1
            slot.release()
        }
        slotCount = 0
        count = 0
        tombstones = 0
    }

    /// Drops tombstones, keeping order; only the live tweens that move are touched (their new index).
    private func compact() {
        var write = 0
        for read in 0..<slotCount {
            let slot = slots[read]
            guard slot.toOpaque() != tombstone.toOpaque() else { continue }
            if read != write {
                slots[write] = slot
                slot._withUnsafeGuaranteedRef { $0.trackIndex = Int32(write) }
            }
            write += 1
        }
        slotCount = write
        tombstones = 0
    }

    /// Grows a buffer to at least `minimum` slots and at least double its capacity (16 at first),
    /// moving its `count` slots.
    private static func grow(
        _ buffer: inout UnsafeMutablePointer<Unmanaged<TweenAnimator>>, count: Int, capacity: inout Int,
        to minimum: Int = 0
    ) {
        let newCapacity = max(16, capacity * 2, minimum)
        let grown = UnsafeMutablePointer<Unmanaged<TweenAnimator>>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        buffer = grown
        capacity = newCapacity
    }
}
