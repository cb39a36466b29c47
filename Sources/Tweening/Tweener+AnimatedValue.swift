import Cadence
import Foundation

extension Tweener {
    /// Creates a tracked ``DriverTween`` that advances `value` by every (time-scaled) delta while the
    /// driver is active: call it once per value, then `value.set(…)` as often as you like.
    ///
    /// **Lifetime.** The driver lives as long as the value: it keeps running while the value is at
    /// rest (an update at rest costs a check), so a value retargeted after it finished animates again
    /// without re-arming anything. It holds the value weakly; once the value is deallocated the driver
    /// completes on its next update (and, with auto-kill, is untracked). The tweener therefore never
    /// keeps a value alive.
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
    /// `@inlinable`, so the driver's closure is specialised for `V` where it is created: the per-frame
    /// `update(by:)` then runs without generic metadata lookups (the stress scene's 5,000 driven
    /// `SIMD2` springs spent most of their update in them).
    @inlinable
    @discardableResult
    public func drive<V: Animatable>(_ value: AnimatedValue<V>) -> DriverTween {
        drive { [weak value] deltaTime in
            guard let value else { return false }
            value.update(by: deltaTime)
            return true
        }
    }
}
