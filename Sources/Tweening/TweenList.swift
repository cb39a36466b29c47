/// The tweens one ``Tweener`` tracks, in the order they were added: the only unsafe code of the engine.
///
/// **What it promises.** `append` and `remove` are O(1) (amortised) and may be called at any time,
/// including from inside `forEach`: a tween removed during an iteration is not visited after its
/// removal, a tween appended during one is not visited by it (it is first visited by the next), and
/// nothing is visited twice, even when the buffer grows under the iteration. Iterations may nest.
///
/// **How.** One contiguous buffer of unretained references; each slot owns one retain, taken on
/// `append`. A tween knows its own slot (`trackIndex`), so a removal only sets that to -1 and leaves a
/// tombstone: the slot keeps its retain, so a tween removed by its own callback stays alive until the
/// iteration is done with it. Tombstones are compacted in order once no iteration is running (at the
/// end of the outermost one, or on a removal once they are the majority). A slot is live only while
/// its tween points back at it, so a tween removed and appended again during an iteration has a new
/// slot at the end and its old one is skipped, then released. `forEach` visits the slots that existed
/// when it began and re-reads the buffer after every call, so growth during the iteration is safe.
///
/// Why unretained references in a raw buffer rather than an `[TweenAnimator]`: the per-frame loop then
/// walks plain pointers with no retain/release, no uniqueness check and no exclusivity check, which is
/// most of what an update of 100,000 tweens would otherwise cost beyond the tweens' own work.
final class TweenList {
    // Unchecked exclusivity: the fields are read by every iteration and changed by the callbacks it
    // runs (append, remove), never through an `inout` access that could overlap.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Unmanaged<TweenAnimator>>
    @exclusivity(unchecked) private var slotCount = 0
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private var tombstones = 0
    @exclusivity(unchecked) private var iterations = 0

    /// The tweener this list belongs to, set by its `init` and cleared by its `deinit` (see
    /// ``detach()``). Unowned and unsafe because every tween holds its list: a `weak` reference would
    /// cost an atomic side-table operation on every kill and revive.
    @exclusivity(unchecked) unowned(unsafe) var owner: Tweener?

    /// The number of tweens in the list (tombstones not counted).
    @exclusivity(unchecked) private(set) var count = 0

    init() {
        slots = UnsafeMutablePointer.allocate(capacity: 0)
    }

    deinit {
        detach()
        slots.deallocate()
    }

    /// Whether `tween` is in this list.
    func contains(_ tween: TweenAnimator) -> Bool {
        tween.list === self && tween.trackIndex >= 0
    }

    /// Adds `tween` at the end, unless it is already in the list or the list's tweener is gone.
    func append(_ tween: TweenAnimator) {
        guard tween.trackIndex < 0, owner != nil else { return }
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
        count += 1
    }

    /// Takes `tween` out of the list (a no-op if it is not in it), keeping the others' order.
    func remove(_ tween: TweenAnimator) {
        guard tween.trackIndex >= 0 else { return }
        tween.trackIndex = -1
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
            slots[index]._withUnsafeGuaranteedRef { tween in
                if tween.trackIndex == index { body(tween) }
            }
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

    /// Empties the list and forgets the tweener: later appends are ignored. Called by the tweener's
    /// `deinit`; the tweens themselves live on as long as someone else holds them.
    func detach() {
        owner = nil
        for index in 0..<slotCount {
            let slot = slots[index]
            let tween = slot.takeUnretainedValue()
            if tween.trackIndex == index { tween.trackIndex = -1 }
            slot.release()
        }
        slotCount = 0
        count = 0
        tombstones = 0
    }

    /// Drops tombstones, keeping order, and releases their retains.
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
}
