import Cadence
import Foundation

/// A tween that interpolates a ``Cadence/VectorArithmetic`` value from ``startValue`` to
/// ``endValue`` and hands each value to a closure (which applies it: to a property, a key path, a
/// buffer…).
///
/// The value shown at eased fraction p is `start + (end − start)·p`; p = 0 gives exactly
/// `startValue` and p = 1 exactly `endValue`, so a tween always lands on its target bit for bit.
/// Tweens created for a key path read their start value when they start (not when they are
/// created), so a delayed or restarted tween never jumps from a stale value.
///
/// ```swift
/// tweener.tween(from: 0.0, to: 100.0, duration: 1) { x = $0 }
///     .ease(.backOut)
///     .delay(0.2)
/// ```
public final class PropertyTween<Value: VectorArithmetic>: TweenAnimator {
    /// The value at the start (progress 0). Re-read at every start for key-path tweens.
    public var startValue: Value
    /// The value at the end (progress 1).
    public var endValue: Value

    @usableFromInline
    let readStart: (() -> Value)?

    @usableFromInline
    init(start: Value, end: Value, readStart: (() -> Value)?, defaults: Defaults) {
        startValue = start
        endValue = end
        self.readStart = readStart
        super.init(defaults: defaults)
    }

    /// Creates a stand-alone tween (not tracked by any tweener: drive it with `update(by:)` after
    /// `start()`, or put it in a ``TweenSequence``).
    ///
    /// - Parameters:
    ///   - start: The value at progress 0.
    ///   - end: The value at progress 1.
    ///   - duration: Seconds per pass; `nil` takes `defaults.duration`. Negative and NaN become 0.
    ///   - defaults: Ease, delay, overshoot and auto-kill to copy in.
    ///   - apply: Receives every interpolated value.
    @inlinable
    public convenience init(
        from start: Value, to end: Value, duration: TimeInterval? = nil,
        defaults: Defaults = .standard, apply: @escaping (Value) -> Void
    ) {
        self.init(start: start, end: end, readStart: nil, defaults: defaults)
        if let duration { self.duration = duration }
        applying(apply)
    }

    /// The value at eased fraction `fraction`: exactly the start at 0, exactly the end at 1.
    @inlinable
    public func value(at fraction: Double) -> Value {
        if fraction == 0 { return startValue }
        if fraction == 1 { return endValue }
        return startValue + (endValue - startValue).scaled(by: fraction)
    }

    /// Installs the renderer. `@inlinable` so the closure is specialised for `Value` in the module
    /// that creates the tween: the per-frame interpolation then runs without witness-table calls.
    /// `unowned(unsafe)` because the closure lives inside the tween it points to (no cycle, no
    /// reference counting per frame).
    @inlinable
    func applying(_ apply: @escaping (Value) -> Void) {
        renderer = { [unowned(unsafe) self] fraction in apply(self.value(at: fraction)) }
    }

    override func captureStartValues() {
        if let readStart { startValue = readStart() }
    }
}
