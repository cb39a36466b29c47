/// A timing-curve animation: progress follows a ``UnitCurve`` over a fixed duration.
///
/// `animate` returns `value · curve.value(at: time / duration)`: exactly `.zero` at t ≤ 0 and exactly
/// `value` at t = duration, then `nil`. A duration that is not positive (including NaN) finishes at
/// once, as does a NaN time. It never merges: a new animation is combined with it.
///
/// Deviation from the original: it reports its velocity (`value/duration · curve.velocity`), so a
/// spring that interrupts it continues at the same speed instead of starting from rest.
///
/// Other modules bridge a timing-curve ``Animation`` to their own easing with
/// `animation.base as? BezierAnimation`.
@frozen
public struct BezierAnimation: CustomAnimation {
    /// The shape of the progress.
    public var curve: UnitCurve
    /// The length of the animation, in seconds.
    public var duration: TimeInterval {
        didSet { _rate = 1 / duration }
    }
    /// 1/duration, kept beside it, saves a division at the head of every frame's solve. Benchmark row:
    /// "animate .easeInOut, Double, 60 fps".
    @usableFromInline var _rate: Double

    /// Creates a timing-curve animation.
    @inlinable
    public init(curve: UnitCurve, duration: TimeInterval) {
        self.curve = curve
        self.duration = duration
        _rate = 1 / duration
    }

    /// `value · curve.value(at: time / duration)` while `time ≤ duration`, otherwise `nil`: the runtime's
    /// own evaluation (`sample(at:)`).
    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        closedForm(value: value, time: time, context: &context).offset
    }

    /// `value / duration · curve.velocity(at: time / duration)` while running; `nil` once finished or
    /// where the curve's slope is infinite (a vertical tangent).
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        var context = context
        return closedForm(value: value, time: time, context: &context).velocity
    }

    // MARK: - Motion

    /// `.closedForm`.
    @inlinable
    var motionKind: MotionKind { .closedForm }

    /// The curve's value and slope at `time / duration`, from one solve of the curve.
    @inlinable
    func sample(at time: TimeInterval) -> MotionSample {
        guard duration > 0, time <= duration else { return .finished }
        let rate = _rate
        let (value, slope) = curve.sample(at: time * rate)
        return MotionSample(fraction: value, rate: slope * rate)
    }

    /// The duration (0 if it is not positive).
    @inlinable
    var finishTime: TimeInterval { duration > 0 ? duration : 0 }
}

extension BezierAnimation: BuiltInAnimation {}
