/// The state of a running ``SpringAnimation`` (and of any animation merged into one): the integrated
/// motion along the interval and the response blend after a merge.
///
/// Keyed per value type, so a spring on `Double` and one on `Float` never share state.
@usableFromInline
struct SpringState<Value: VectorArithmetic>: AnimationStateKey {
    /// Progress along the interval.
    @usableFromInline var offset: Value = .zero
    @usableFromInline var velocity: Value = .zero
    @usableFromInline var force: Value = .zero
    /// The time the integration has reached.
    @usableFromInline var time: TimeInterval = 0
    /// When this spring took over (0, or the time of the last merge); logical completion counts from here.
    @usableFromInline var startTime: TimeInterval = 0
    /// The response the spring blends from after a merge (that of the spring it replaced).
    @usableFromInline var blendStart: Double = 0
    /// How long the response blend lasts; 0 when there is none.
    @usableFromInline var blendInterval: TimeInterval = 0

    @inlinable
    init() {}

    @inlinable
    static var defaultValue: Self { Self() }

    /// `response`, blended from ``blendStart`` with a smoothstep over ``blendInterval`` after ``startTime``.
    @inlinable
    func response(blendingTo response: Double, at time: TimeInterval) -> Double {
        guard blendInterval > 0 else { return response }
        let linear = (time - startTime) / blendInterval
        let u = linear > 0 ? (linear < 1 ? linear : 1) : 0
        let s = u * u * (3 - 2 * u)
        // Weighted so that the end points are exact: the blend ends on `response` itself.
        return response * s + blendStart * (1 - s)
    }
}
