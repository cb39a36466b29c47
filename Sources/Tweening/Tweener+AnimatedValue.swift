import Cadence
import Foundation

extension Tweener {
    /// Creates a tracked ``DriverTween`` that advances `value` by every (time-scaled) delta while the
    /// driver is active: call it once per value, then `value.set(…)` as often as you like.
    ///
    /// **Lifetime.** The driver lives as long as the value: it keeps running while the value is at
    /// rest (an update at rest costs a check), so a value retargeted after it finished animates again
    /// without re-arming anything. It holds the value only while someone else does: once the driver is
    /// the value's last holder, its next update releases the value and completes (and, with auto-kill,
    /// the driver is untracked). So the tweener keeps a value you dropped alive until the next update
    /// at most (or, for a paused or stopped driver, until it runs again or is killed). A weak reference
    /// would free the value at once, but loading one costs an atomic side-table retain and release every
    /// frame. For thousands of values that rest most of the time, drive each only while it moves
    /// (<doc:TheTweener> shows how).
    ///
    /// **Control.** The tween controls the value's clock: `pause()` freezes the value exactly where it
    /// is (its clock stops, so it resumes without a jump), `resume()` continues it, `stop()` and
    /// `kill()` stop driving it (the value stays as shown and keeps its animations; `start()` or
    /// `revive()` then `start()` continues them). `timeScale` on the driver or the tweener speeds the
    /// value up or slows it down. Calling `drive(_:)` twice for one value makes two
    /// drivers that both advance it.
    ///
    /// ```swift
    /// let position = AnimatedValue(SIMD2<Double>(0, 0))
    /// let driver = tweener.drive(position)
    /// position.set(SIMD2(100, 40), animation: .smooth)
    /// driver.pause()    // the value holds still until driver.resume()
    /// ```
    ///
    /// The driver holds the value itself and calls its `update(by:)` specialised for `V` where the driver is
    /// created, so a driven value costs its driver and nothing more, and the per-frame update runs without
    /// generic metadata lookups.
    @inlinable
    @discardableResult
    public func drive<V: Animatable>(_ value: AnimatedValue<V>) -> DriverTween {
        drive(subject: value) { driver, deltaTime in driver.advanceSubject(as: AnimatedValue<V>.self, by: deltaTime) }
    }

    /// A tracked driver of `subject`; `body` is specialised where it is made and captures nothing.
    @usableFromInline
    func drive(subject: AnyObject, body: @escaping (DriverTween, TimeInterval) -> Bool) -> DriverTween {
        adopt(DriverTween(template: template, subject: subject, body: body))
    }
}

/// What `Tweener.drive(_:)` advances: an ``AnimatedValue`` or an ``AnimatedValues``.
@usableFromInline
protocol FrameDriven: AnyObject {
    /// Advances by `deltaTime` seconds.
    func update(by deltaTime: TimeInterval)
}

extension AnimatedValue: FrameDriven {}
extension AnimatedValues: FrameDriven {}

extension Tweener {
    /// Creates a tracked ``DriverTween`` that advances every element of `values` by every (time-scaled)
    /// delta while the driver is active, as ``drive(_:)-(AnimatedValue<V>)`` does for one value, with the
    /// same lifetime and control: `pause()` freezes them all where they are.
    ///
    /// ```swift
    /// let points = AnimatedValues(repeating: SIMD2<Double>(0, 0), count: 10_000)
    /// tweener.drive(points)
    /// points.setAll(animation: .snappy) { index in SIMD2(Double(index), 40) }
    /// ```
    @inlinable
    @discardableResult
    public func drive<V: VectorArithmetic>(_ values: AnimatedValues<V>) -> DriverTween {
        drive(subject: values) { driver, deltaTime in
            driver.advanceSubject(as: AnimatedValues<V>.self, by: deltaTime)
        }
    }
}
