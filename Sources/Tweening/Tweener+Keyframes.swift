import Cadence

extension Tweener {
    /// Creates a tracked tween that plays `timeline`, handing its value at each update to `update`.
    ///
    /// The tween's value is the time in the timeline: it runs from 0 to `timeline.duration` over
    /// `timeline.duration` seconds with a `.linear` ease, so the timeline plays at its own pace, and
    /// `update` receives `timeline.value(time:)`. As any tween it repeats, yoyos (the timeline then
    /// plays backwards), pauses, scales its time and sits in sequences. Chaining another ``Ease`` warps
    /// the timeline's time; `duration(_:)` plays it faster or slower. A timeline of zero
    /// duration completes at once on its final value.
    ///
    /// ```swift
    /// tweener.tween(timeline) { pose in figure.pose = pose }.repeatCount(3, yoyo: true)
    /// ```
    ///
    /// - Returns: The tween (of the timeline's time, a `Double`), for chaining.
    @discardableResult
    public func tween<Value>(_ timeline: KeyframeTimeline<Value>, update: @escaping (Value) -> Void) -> PropertyTween<
        Double
    > {
        let duration = timeline.duration
        return tween(from: 0.0, to: duration, duration: duration) { time in update(timeline.value(time: time)) }
            .ease(.linear)
    }

    /// Creates a tracked tween that plays `timeline` into `target[keyPath: keyPath]` (see
    /// ``tween(_:update:)``). The tween keeps `target` alive until the tween itself is released.
    @discardableResult
    public func tween<Target: AnyObject, Value>(
        _ target: Target, _ keyPath: ReferenceWritableKeyPath<Target, Value>, along timeline: KeyframeTimeline<Value>
    ) -> PropertyTween<Double> {
        tween(timeline) { target[keyPath: keyPath] = $0 }
    }
}
