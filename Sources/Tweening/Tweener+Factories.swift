import Cadence
import Foundation

extension Tweener {
    /// Creates a tracked tween from `start` to `end` that hands every interpolated value to `update`.
    ///
    /// The tween starts by itself on the next `update(by:)` if `defaults.autoStartTweens` (the
    /// default), and is then advanced by that update's delta.
    ///
    /// - Parameters:
    ///   - start: The value at progress 0.
    ///   - end: The value at progress 1.
    ///   - duration: Seconds per pass; `nil` takes `defaults.duration`. Negative and NaN become 0.
    ///   - update: Applies each value (called once per update while active, and at start to snap to
    ///     `start`).
    /// - Returns: The tween, for chaining: `.ease(.backOut).delay(0.2)`.
    @inlinable
    @discardableResult
    public func tween<Value: VectorArithmetic>(
        from start: Value, to end: Value, duration: TimeInterval? = nil,
        update: @escaping (Value) -> Void
    ) -> PropertyTween<Value> {
        adoptPropertyTween(start: start, end: end, readStart: nil, duration: duration, apply: update)
    }

    /// Creates a tracked tween between two `Double`s; the same as the generic version, chosen by the
    /// compiler whenever the values are `Double`.
    ///
    /// It exists for speed: the tween stores `update` itself, so there is no renderer closure to
    /// allocate and one cache line fewer to touch per tween per frame (`Double` tweens are the bulk
    /// of any large animation).
    @inlinable
    @discardableResult
    public func tween(
        from start: Double, to end: Double, duration: TimeInterval? = nil,
        update: @escaping (Double) -> Void
    ) -> PropertyTween<Double> {
        let tween = DoublePropertyTween(
            start: start, end: end, readStart: nil, template: template, apply: update)
        if let duration { tween.duration = duration }
        return adopt(tween)
    }

    /// Creates a tracked tween of `target[keyPath: keyPath]` to `end`. The start value is read when
    /// the tween starts (and at every restart), not now. The tween keeps `target` alive until the
    /// tween itself is released.
    ///
    /// - Parameters:
    ///   - target: The object whose property is animated.
    ///   - keyPath: The property.
    ///   - end: The value at progress 1.
    ///   - duration: Seconds per pass; `nil` takes `defaults.duration`.
    @inlinable
    @discardableResult
    public func tween<Target: AnyObject, Value: VectorArithmetic>(
        _ target: Target, _ keyPath: ReferenceWritableKeyPath<Target, Value>, to end: Value,
        duration: TimeInterval? = nil
    ) -> PropertyTween<Value> {
        adoptPropertyTween(
            start: target[keyPath: keyPath], end: end, readStart: { target[keyPath: keyPath] },
            duration: duration
        ) { target[keyPath: keyPath] = $0 }
    }

    /// Creates a tracked tween of an integer property (`Int`, `UInt8`, …) to `end`.
    ///
    /// The value is interpolated as a `Double` and written back rounded to the nearest integer
    /// (halves away from zero) and clamped to the type's range, so eases that overshoot (back,
    /// elastic) stop at `UInt8.max` or `0` instead of trapping. A NaN (only a custom ease can make
    /// one) leaves the property unchanged. Integers beyond 2⁵³ lose precision in between.
    ///
    /// - Returns: The tween; its `startValue` and `endValue` are the `Double` images of the integers.
    @inlinable
    @discardableResult
    public func tween<Target: AnyObject, Value: FixedWidthInteger>(
        _ target: Target, _ keyPath: ReferenceWritableKeyPath<Target, Value>, to end: Value,
        duration: TimeInterval? = nil
    ) -> PropertyTween<Double> {
        adoptPropertyTween(
            start: Double(target[keyPath: keyPath]), end: Double(end),
            readStart: { Double(target[keyPath: keyPath]) }, duration: duration
        ) { value in
            if let integer = Value(roundingAndClamping: value) { target[keyPath: keyPath] = integer }
        }
    }

    /// What every property factory does: build the tween with this tweener's defaults, apply the
    /// duration if one was given, track it. `@inlinable` so `apply` is specialised at the call site.
    @inlinable
    func adoptPropertyTween<Value: VectorArithmetic>(
        start: Value, end: Value, readStart: (() -> Value)?, duration: TimeInterval?,
        apply: @escaping (Value) -> Void
    ) -> PropertyTween<Value> {
        let tween = PropertyTween(
            start: start, end: end, readStart: readStart, template: template,
            renderer: PropertyTween.renderer(apply))
        if let duration { tween.duration = duration }
        return adopt(tween)
    }

    /// Creates a tracked ``DriverTween``: `body` receives every (time-scaled) delta while the driver
    /// is active and returns whether to keep running. See ``DriverTween`` for the adapter pattern.
    @discardableResult
    public func drive(_ body: @escaping (TimeInterval) -> Bool) -> DriverTween {
        adopt(DriverTween(template: template, body: body))
    }

    /// Creates a tracked, empty ``TweenSequence``; fill it with `append`, `join`, `insert`, … before
    /// it auto-starts on the next update.
    @discardableResult
    public func sequence() -> TweenSequence {
        adopt(TweenSequence(template: template))
    }
}

extension FixedWidthInteger {
    /// `value` rounded to the nearest integer (halves away from zero) and clamped to this type's
    /// range; `nil` for NaN.
    @inlinable
    init?(roundingAndClamping value: Double) {
        guard !value.isNaN else { return nil }
        let rounded = value.rounded()
        // Double(Self.max) may round up past max (2⁶³ for Int64): `>=` sends it to max, and below it
        // the conversion cannot trap.
        if rounded <= Double(Self.min) {
            self = .min
        } else if rounded >= Double(Self.max) {
            self = .max
        } else {
            self.init(rounded)
        }
    }
}
