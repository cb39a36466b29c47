import Foundation

/// An open-ended tween that hands raw time to a closure: the adapter for anything that owns its own
/// animation state (an `AnimatedValue`, a physics step, a particle system) but should be driven,
/// paused, resumed and killed together with the tweener's other tweens.
///
/// While active, every update calls `body(dt)` with the delta after both time scales (the
/// tweener's and this tween's). Return `true` to keep running, `false` when you are done: the
/// driver then completes (firing `onComplete`, and with auto-kill it is killed and untracked).
/// Pause, resume, stop, kill and revive work as for every tween; a paused driver's body is not
/// called. The body is not called by `start()` or `complete()`.
///
/// `duration` is +∞ by default, so `percentComplete` stays 0; give it a finite duration to cap the
/// driver's life (it completes on the update that reaches it, after calling the body with that
/// update's full delta). Ease, repeats, yoyo and `isReversed` do not apply. Drivers cannot be placed in
/// a ``TweenSequence``: they have no position to seek to.
///
/// ```swift
/// tweener.drive { dt in
///     value.update(by: dt)
///     return value.isAnimating
/// }
/// ```
public final class DriverTween: TweenAnimator {
    /// Advances what the driver drives by a delta and returns whether to keep running: the closure given
    /// to `drive { … }`, or a driven value's `update(by:)` specialised for its type (reading ``subject``
    /// through the driver it is handed, so that it captures nothing and costs no allocation).
    let body: (DriverTween, TimeInterval) -> Bool
    /// The value a `drive(value)` driver advances, held until the driver is its last holder; `nil` for a
    /// closure driver. Kept here rather than captured, so a driven value costs the driver and nothing more.
    @exclusivity(unchecked) @usableFromInline var subject: AnyObject?

    /// Creates a stand-alone driver (not tracked by any tweener: `start()` it and call
    /// `update(by:)` yourself). ``Tweener/drive(_:)-((TimeInterval)->Bool)`` creates a tracked one.
    ///
    /// - Parameters:
    ///   - defaults: Delay and auto-kill to copy in.
    ///   - body: Called with each delta while active; returns whether to keep running.
    public convenience init(defaults: Defaults = .standard, body: @escaping (TimeInterval) -> Bool) {
        self.init(template: TweenTemplate(defaults), body: body)
    }

    convenience init(template: TweenTemplate, body: @escaping (TimeInterval) -> Bool) {
        self.init(template: template, subject: nil) { _, deltaTime in body(deltaTime) }
    }

    @usableFromInline
    init(template: TweenTemplate, subject: AnyObject?, body: @escaping (DriverTween, TimeInterval) -> Bool) {
        self.body = body
        self.subject = subject
        super.init(template: template) { _, _ in }  // nothing to show: the body does the work
        duration = .infinity
    }

    override func advance(by dt: TimeInterval) {
        let current = generation
        elapsed += dt
        let keepsRunning = body(self, dt)
        guard isStillActive(current) else { return }
        callbacks?.onUpdate?(self)
        guard isStillActive(current) else { return }
        if !keepsRunning || !(elapsed < duration) {
            if duration.isFinite { elapsed = min(elapsed, duration) }
            finish()
        }
    }

    /// Advances ``subject`` as a `Driven`; releases it and returns `false` (the driver completes) once the
    /// driver is its last holder, or if it was released before.
    @inlinable
    func advanceSubject<Driven: FrameDriven>(as _: Driven.Type, by deltaTime: TimeInterval) -> Bool {
        // Uniqueness first: a local copy of the reference would itself make the value shared.
        guard subject != nil, !isKnownUniquelyReferenced(&subject) else {
            subject = nil
            return false
        }
        // Unretained: `subject` holds it through the call, and a retain and release of every driven value
        // every frame cost more than its update at rest (benchmark row "Frame loop, stress scene, no-op
        // backend").
        Unmanaged.passUnretained(unsafeDowncast(subject.unsafelyUnwrapped, to: Driven.self))
            ._withUnsafeGuaranteedRef { $0.update(by: deltaTime) }
        return true
    }
}
