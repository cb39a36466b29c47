/// One piece of a track: from `start` for `1/rate` seconds, evaluated in closed form.
///
/// Kept small (a timing curve other than `.linear` lives in the table's side list, by index) and
/// evaluated through a pointer, so evaluating one copies only the fields it reads.
@usableFromInline
struct KeyframeSegment<Value: VectorArithmetic> {
    @usableFromInline
    enum Shape {
        /// The same value throughout (a move, or a keyframe that takes no time).
        case hold(Value)
        /// `from + delta · u`: a linear keyframe with the `.linear` curve.
        case line(from: Value, delta: Value)
        /// `from + delta · curve(u)`, the curve at `curve` in the table's list.
        case curve(from: Value, delta: Value, curve: Int)
        /// `c0 + c1·u + c2·u² + c3·u³` (a Hermite cubic in the local fraction u).
        case cubic(Value, Value, Value, Value)
        /// A spring from `from` across `delta` with initial velocity `v0`.
        case spring(from: Value, delta: Value, v0: Value, spring: Spring)
    }

    @usableFromInline var start: TimeInterval
    /// 1 / duration (0 for a segment that takes no time).
    @usableFromInline var rate: Double
    @usableFromInline var shape: Shape

    /// The value and velocity (value units per second) at `time`, which lies in the segment.
    @inlinable @inline(__always)
    static func sample(
        _ segment: UnsafeMutablePointer<Self>, at time: TimeInterval, curves: UnsafeMutablePointer<UnitCurve>
    )
        -> (value: Value, velocity: Value)
    {
        let rate = segment.pointee.rate, local = time - segment.pointee.start
        switch segment.pointee.shape {
        case .hold(let value):
            return (value, .zero)
        case .line(let from, let delta):
            let u = Swift.min(Swift.max(local * rate, 0), 1)
            return (from + delta.scaled(by: u), delta.scaled(by: rate))
        case .curve(let from, let delta, let curve):
            let (fraction, slope) = curves[curve].sample(at: local * rate)
            return (from + delta.scaled(by: fraction), delta.scaled(by: slope * rate))
        case .cubic(let c0, let c1, let c2, let c3):
            let u = Swift.min(Swift.max(local * rate, 0), 1)
            let value = c0 + (c1 + (c2 + c3.scaled(by: u)).scaled(by: u)).scaled(by: u)
            let velocity = (c1 + (c2.scaled(by: 2) + c3.scaled(by: 3 * u)).scaled(by: u)).scaled(by: rate)
            return (value, velocity)
        case .spring(let from, let delta, let v0, let spring):
            let motion = spring.motion(time: Swift.max(local, 0))
            return (
                from + delta.scaled(by: motion.position.target) + v0.scaled(by: motion.position.velocity),
                delta.scaled(by: motion.velocity.target) + v0.scaled(by: motion.velocity.velocity)
            )
        }
    }

    /// The value only.
    @inlinable @inline(__always)
    static func value(
        _ segment: UnsafeMutablePointer<Self>, at time: TimeInterval, curves: UnsafeMutablePointer<UnitCurve>
    ) -> Value {
        let rate = segment.pointee.rate, local = time - segment.pointee.start
        switch segment.pointee.shape {
        case .hold(let value):
            return value
        case .line(let from, let delta):
            return from + delta.scaled(by: Swift.min(Swift.max(local * rate, 0), 1))
        case .curve(let from, let delta, let curve):
            return from + delta.scaled(by: curves[curve].value(at: local * rate))
        case .cubic(let c0, let c1, let c2, let c3):
            let u = Swift.min(Swift.max(local * rate, 0), 1)
            return c0 + (c1 + (c2 + c3.scaled(by: u)).scaled(by: u)).scaled(by: u)
        case .spring(let from, let delta, let v0, let spring):
            let p = spring.motion(time: Swift.max(local, 0)).position
            return from + delta.scaled(by: p.target) + v0.scaled(by: p.velocity)
        }
    }
}
