import Cadence

/// Samples `animation` on the value 1 as the runtime runs it: ``Animation/animate(value:time:context:)``,
/// then ``Animation/velocity(value:time:context:)``, at 0, `interval`, 2·`interval`, … in one context,
/// until it finishes (no value, or one that is not finite) or `capacity` samples were taken. Calls `body`
/// with each sample's time, value, velocity (nil when the animation reports none) and whether the context
/// says the animation is logically complete. Returns whether the animation finished.
///
/// The one way the curves scene and the inspector draw an animation's curve.
@discardableResult
func sampleUnitMotion(
    of animation: Animation, every interval: Double, capacity: Int, in context: inout AnimationContext<Double>,
    _ body: (_ time: Double, _ value: Double, _ velocity: Double?, _ isLogicallyComplete: Bool) -> Void
) -> Bool {
    var count = 0
    while count < capacity {
        let time = Double(count) * interval
        guard let value = animation.animate(value: 1.0, time: time, context: &context), value.isFinite else {
            return true
        }
        body(time, value, animation.velocity(value: 1.0, time: time, context: context), context.isLogicallyComplete)
        count += 1
    }
    return false
}
