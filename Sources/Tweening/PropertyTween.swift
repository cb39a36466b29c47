import Cadence
import Foundation

/// A tween that interpolates a `VectorArithmetic` value from ``startValue`` to
/// ``endValue`` and hands each value to a closure (which applies it: to a property, a key path, a
/// buffer…).
///
/// The value shown at eased fraction p is `start + (end − start)·p`; p = 0 gives exactly
/// `startValue` and p = 1 exactly `endValue`, so a tween always lands on its target bit for bit.
/// Tweens created for a key path read their start value when they start (not when they are
/// created), so a delayed or restarted tween never jumps from a stale value. A value that is not finite
/// (a NaN or infinite end, a NaN overshoot) is never handed to the target, which keeps its last
/// finite value; a span too wide for `start + (end − start)·p` is blended as `start·(1 − p) + end·p`.
///
/// ```swift
/// tweener.tween(from: 0.0, to: 100.0, duration: 1) { x = $0 }
///     .ease(.backOut)
///     .delay(0.2)
/// ```
///
/// Not `final` only so that `Double` tweens can use a leaner internal subclass; it cannot be
/// subclassed outside this module.
public class PropertyTween<Value: VectorArithmetic>: TweenAnimator {
    // Unchecked exclusivity: read by the renderer every frame; see TweenAnimator's hot state.
    /// The value at the start (progress 0). Re-read at every start for key-path tweens.
    @exclusivity(unchecked) public final var startValue: Value
    /// The value at the end (progress 1).
    @exclusivity(unchecked) public final var endValue: Value

    @usableFromInline
    init(
        start: Value, end: Value, readStart: (() -> Value)?, template: TweenTemplate,
        renderer: @escaping (TweenAnimator, Double) -> Void
    ) {
        startValue = start
        endValue = end
        super.init(template: template, renderer: renderer)
        // Kept out of line: only key-path tweens have one, and every tween's size is what a frame reads.
        if let readStart { extrasBox().startReader = StartReader(readStart) }
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
        self.init(
            start: start, end: end, readStart: nil, template: TweenTemplate(defaults), renderer: Self.renderer(apply))
        if let duration { self.duration = duration }
    }

    /// The value at eased fraction `fraction`: exactly the start at 0, exactly the end at 1.
    @inlinable
    public final func value(at fraction: Double) -> Value {
        if fraction == 0 { return startValue }
        if fraction == 1 { return endValue }
        return startValue + (endValue - startValue).scaled(by: fraction)
    }

    /// The value at eased fraction `fraction` if it is finite, else nil. When `start + (end − start)·p`
    /// overflows (a span wider than the largest `Double`), `start·(1 − p) + end·p` is tried instead; a NaN
    /// or infinite end, start or eased fraction (a NaN overshoot) gives nil.
    @inlinable
    public final func finiteValue(at fraction: Double) -> Value? {
        let value = value(at: fraction)
        if Self.isFinite(value) { return value }
        let blended = startValue.scaled(by: 1 - fraction) + endValue.scaled(by: fraction)
        return Self.isFinite(blended) ? blended : nil
    }

    /// Whether every component is finite: `v − v` is exactly zero for finite components and NaN otherwise.
    @inlinable
    static func isFinite(_ value: Value) -> Bool {
        if let double = value as? Double { return double.isFinite }
        return (value - value).magnitudeSquared == 0
    }

    /// The renderer that interpolates and hands the value to `apply`. Values that are not finite are
    /// never handed over (see ``finiteValue(at:)``): the target keeps its last finite value. `@inlinable` so the closure is
    /// specialised for `Value` in the module that creates the tween: the per-frame interpolation then
    /// runs without witness-table calls, and `apply` is called directly from the closure's context.
    @inlinable
    static func renderer(_ apply: @escaping (Value) -> Void) -> (TweenAnimator, Double) -> Void {
        { tween, fraction in
            // Only ever installed on a PropertyTween<Value>, by the initialisers above.
            if let value = unsafeDowncast(tween, to: PropertyTween<Value>.self).finiteValue(at: fraction) {
                apply(value)
            }
        }
    }

    override func captureStartValues() {
        if let reader = extras?.startReader { startValue = unsafeDowncast(reader, to: StartReader<Value>.self).read() }
    }
}

/// How a key-path tween reads its start value, boxed so that `TweenExtras` can hold it for any value type.
final class StartReader<Value> {
    let read: () -> Value
    init(_ read: @escaping () -> Value) { self.read = read }
}

/// A `PropertyTween<Double>` that keeps its `apply` closure in a stored property, so its renderer
/// captures nothing (no context to allocate, and one cache line fewer to touch every frame).
@usableFromInline
final class DoublePropertyTween: PropertyTween<Double> {
    @usableFromInline
    let apply: (Double) -> Void

    @usableFromInline
    init(
        start: Double, end: Double, readStart: (() -> Double)?, template: TweenTemplate,
        apply: @escaping (Double) -> Void
    ) {
        self.apply = apply
        super.init(
            start: start, end: end, readStart: readStart, template: template
        ) { tween, fraction in
            // Only ever installed on a DoublePropertyTween, here.
            unsafeDowncast(tween, to: DoublePropertyTween.self).applyIfFinite(fraction)
        }
    }

    /// Hands the value at `fraction` to `apply` when it is finite (the fast path: one comparison).
    @inline(__always)
    final func applyIfFinite(_ fraction: Double) {
        let value = value(at: fraction)
        if value.isFinite {
            apply(value)
        } else {
            let blended = startValue * (1 - fraction) + endValue * fraction
            if blended.isFinite { apply(blended) }
        }
    }
}
