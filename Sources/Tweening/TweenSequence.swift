import Foundation

/// A timeline of tweens, itself a ``Tween``: children placed one after another (`append`), together
/// (`join`), or at any time (`insert(_:at:)`), with gaps (`appendInterval`) and callbacks at given
/// times (`appendCallback`, `insertCallback(at:_:)`). Sequences nest: a sequence can be a child.
///
/// ```swift
/// tweener.sequence()
///     .append(tweener.tween(box, \.x, to: 100, duration: 0.5))
///     .join(tweener.tween(box, \.alpha, to: 1, duration: 0.5))
///     .appendInterval(0.25)
///     .appendCallback { print("halfway") }
///     .append(tweener.tween(box, \.x, to: 0, duration: 0.5))
///     .repeatCount(1)
/// ```
///
/// **Ownership.** A tween added to a sequence is untracked from its tweener (it will not auto-start
/// there) and belongs to the sequence from then on: its own control calls and `update(by:)` return
/// `false`; the sequence sets its position and state (`new` until reached, `active`, then
/// `completed`). Its length (delay plus every pass, a forever-repeating tween counted once) is
/// measured when it is added. Children's time scales are not applied inside a sequence: the
/// sequence's own `timeScale` is.
///
/// **Time.** The sequence's `duration` is its length: appending past the end extends it, and setting
/// it directly pads or cuts the timeline. Its ease defaults to `.linear` and maps the sequence's
/// progress onto its timeline. Children capture their start values when the playhead first reaches
/// them after the sequence starts, so a child that animates a property from wherever an earlier child
/// left it behaves as expected.
///
/// **Callbacks** of children (`onStart`, `onUpdate`, `onComplete`) and of the timeline fire while the
/// playhead moves forward; a timeline callback fires before any child that starts at or after its
/// time, children in the order of their start times. Moving backwards (a reversed sequence, the odd passes of a yoyo, a rewind
/// at a repeat, a seek) only repositions the children; seeking forward marks what it jumped over as
/// passed without firing it.
public final class TweenSequence: TweenAnimator {
    struct Entry {
        let tween: TweenAnimator
        let start: TimeInterval
        let length: TimeInterval
        var captured = false
        var begun = false
        var finished = false
        /// The local time last shown; -1 while never reached.
        var lastLocal: TimeInterval = -1
    }

    struct Cue {
        let time: TimeInterval
        let action: () -> Void
    }

    private var entries: [Entry] = []
    private var cues: [Cue] = []
    private var nextCue = 0
    private var lastTime: TimeInterval = 0
    private var lastAppendedStart: TimeInterval = 0

    /// Creates an empty, stand-alone sequence (not tracked by any tweener).
    /// ``Tweener/sequence()`` creates a tracked one.
    /// - Parameter defaults: Delay, overshoot and auto-kill to copy in (the ease is `.linear` and the
    ///   duration 0 whatever the defaults say).
    public convenience init(defaults: Defaults = .standard) {
        self.init(template: TweenTemplate(defaults))
    }

    init(template: TweenTemplate) {
        // A sequence's ease is linear whatever the template's: set below.
        super.init(template: template) { tween, fraction in
            // Only ever installed on a TweenSequence, here.
            let sequence = unsafeDowncast(tween, to: TweenSequence.self)
            sequence.show(at: fraction * sequence.duration)
        }
        ease = .linear
        duration = 0
    }

    /// The children, in the order of their start times (ties in the order they were added).
    public var children: [TweenAnimator] { entries.map(\.tween) }

    /// Adds `tween` at the end of the timeline.
    @discardableResult
    public func append(_ tween: TweenAnimator) -> Self {
        let start = duration
        insert(tween, at: start)
        lastAppendedStart = start
        return self
    }

    /// Adds `tween` at the start time of the last appended tween, so they play together.
    @discardableResult
    public func join(_ tween: TweenAnimator) -> Self {
        insert(tween, at: lastAppendedStart)
    }

    /// Adds `tween` at `time` seconds into the timeline (negative and NaN mean 0), extending the
    /// sequence if it ends later.
    ///
    /// - Precondition: `tween` is not a ``DriverTween``, not already in a sequence, and not this
    ///   sequence or one that contains it.
    @discardableResult
    public func insert(_ tween: TweenAnimator, at time: TimeInterval) -> Self {
        precondition(!(tween is DriverTween), "A DriverTween has no position: it cannot be sequenced")
        precondition(!tween.isSequenced, "This tween already belongs to a sequence")
        var ancestor: TweenAnimator? = self
        while let node = ancestor {
            precondition(node !== tween, "A sequence cannot contain itself")
            ancestor = node.sequence
        }
        let start = TimeClamp.nonNegative(time)
        tween.list?.remove(tween)
        tween.pendingAutoStart = false
        tween.sequence = self
        tween.isSequenced = true
        tween.state = .new
        let entry = Entry(tween: tween, start: start, length: tween.lengthInSequence)
        let index = entries.firstIndex { $0.start > start } ?? entries.endIndex
        entries.insert(entry, at: index)
        duration = max(duration, start + entry.length)
        return self
    }

    /// Adds `seconds` of nothing at the end of the timeline (negative and NaN mean 0).
    @discardableResult
    public func appendInterval(_ seconds: TimeInterval) -> Self {
        duration += TimeClamp.nonNegative(seconds)
        return self
    }

    /// Calls `action` when the playhead reaches the current end of the timeline.
    @discardableResult
    public func appendCallback(_ action: @escaping () -> Void) -> Self {
        insertCallback(at: duration, action)
    }

    /// Calls `action` when the playhead, moving forward, reaches `time` (negative and NaN mean 0).
    /// Does not extend the sequence.
    @discardableResult
    public func insertCallback(at time: TimeInterval, _ action: @escaping () -> Void) -> Self {
        let cue = Cue(time: TimeClamp.nonNegative(time), action: action)
        let index = cues.firstIndex { $0.time > cue.time } ?? cues.endIndex
        cues.insert(cue, at: index)
        if index < nextCue { nextCue += 1 }
        return self
    }

    // MARK: - Playing

    /// A start (or restart) forgets everything the children did in the last run.
    override func captureStartValues() {
        for index in entries.indices {
            entries[index].captured = false
            entries[index].begun = false
            entries[index].finished = false
            entries[index].lastLocal = -1
            entries[index].tween.state = .new
        }
        nextCue = 0
        lastTime = 0
    }

    /// A new pass: the children may fire again; rewind silently to where the pass begins, so the
    /// children are shown from their starts rather than left at their ends.
    override func didRepeat() {
        for index in entries.indices {
            entries[index].begun = false
            entries[index].finished = false
        }
        nextCue = 0
        let fromEnd = (yoyo && completedLoops & 1 == 1) != isReversed
        show(at: fromEnd ? duration : 0, mode: .snapping)
    }

    private func show(at time: TimeInterval) {
        show(at: time, mode: renderMode)
    }

    private func show(at time: TimeInterval, mode: RenderMode) {
        if time >= lastTime {
            // Cues due by a child's start fire before it, so "callback, then the next tween" keeps
            // the order it was written in.
            for index in entries.indices {
                fireCues(through: min(time, entries[index].start), mode: mode)
                show(entry: index, at: time, forward: true, mode: mode)
            }
            fireCues(through: time, mode: mode)
        } else {
            // Backwards, later children are shown first, so where two children animate the same
            // property the earlier one has the last word, as it had when the playhead passed it.
            for index in entries.indices.reversed() { show(entry: index, at: time, forward: false, mode: mode) }
            // Cues at or after the new position are due again when the playhead next moves forward.
            nextCue = cues.firstIndex { $0.time >= time } ?? cues.count
        }
        lastTime = time
    }

    /// Fires (playing) or passes over (seeking) the cues due by `time`. Snapping to a pass's start
    /// leaves them due, so a cue at 0 fires on the first update of every pass.
    private func fireCues(through time: TimeInterval, mode: RenderMode) {
        guard mode != .snapping else { return }
        while nextCue < cues.count && cues[nextCue].time <= time {
            let cue = cues[nextCue]
            nextCue += 1
            if mode == .playing { cue.action() }
        }
    }

    private func show(entry index: Int, at time: TimeInterval, forward: Bool, mode: RenderMode) {
        let entry = entries[index]
        if time < entry.start && entry.lastLocal < 0 { return }
        let local = min(max(time - entry.start, 0), entry.length)
        let marks = forward && mode != .snapping
        let begins = marks && !entry.begun && local >= entry.tween.delay
        let finishes = marks && !entry.finished && local >= entry.length
        guard local != entry.lastLocal || begins || finishes else { return }
        let tween = entry.tween
        if !entry.captured {
            entries[index].captured = true
            tween.captureStartValues()
        }
        if begins {
            entries[index].begun = true
            tween.state = .active
            if mode == .playing { tween.callbacks?.onStart?(tween) }
        }
        tween.render(inSequenceAt: local, mode: mode)
        entries[index].lastLocal = local
        if finishes {
            entries[index].finished = true
            tween.state = .completed
            if mode == .playing { tween.callbacks?.onComplete?(tween) }
        }
    }
}
