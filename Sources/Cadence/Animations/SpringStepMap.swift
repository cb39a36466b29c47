/// One velocity-Verlet step of ``SpringAnimation``, as an affine map of the offset x and
/// the half-step velocity vh.
///
/// Between steps the velocity and force only feed the next half-step velocity, vh′ = vh + h·F with
/// F = k(Δ − x) − c·vh, so a step is
///
///     vh′ = (1 − hc)·vh + hk·(Δ − x)
///     x′  = x + h·vh′ = (1 − h²k)·x + h(1 − hc)·vh + h²k·Δ
///
/// — mathematically the literal step; only the rounding differs. Written this way the two halves run in
/// parallel, which halves the serial chain of multiply-adds that bounds the integration loop.
@usableFromInline
struct SpringStepMap {
    @usableFromInline let offsetFromOffset: Double
    @usableFromInline let offsetFromVelocity: Double
    @usableFromInline let offsetFromInterval: Double
    @usableFromInline let velocityFromOffset: Double
    @usableFromInline let velocityFromVelocity: Double
    @usableFromInline let velocityFromInterval: Double

    @inlinable
    init(
        offsetFromOffset: Double, offsetFromVelocity: Double, offsetFromInterval: Double,
        velocityFromOffset: Double, velocityFromVelocity: Double, velocityFromInterval: Double
    ) {
        self.offsetFromOffset = offsetFromOffset
        self.offsetFromVelocity = offsetFromVelocity
        self.offsetFromInterval = offsetFromInterval
        self.velocityFromOffset = velocityFromOffset
        self.velocityFromVelocity = velocityFromVelocity
        self.velocityFromInterval = velocityFromInterval
    }

    /// One step of `step` seconds with stiffness `k` and damping `c` on unit mass.
    @inlinable
    init(stiffness k: Double, damping c: Double, step h: Double) {
        let keep = 1 - h * c, pull = h * k
        self.init(
            offsetFromOffset: 1 - h * pull, offsetFromVelocity: h * keep, offsetFromInterval: h * pull,
            velocityFromOffset: -pull, velocityFromVelocity: keep, velocityFromInterval: pull)
    }

    /// Advances `offset` and `halfVelocity` across `interval`.
    @inlinable
    func apply<V: VectorArithmetic>(offset: inout V, halfVelocity: inout V, interval: V) {
        let x = offset, vh = halfVelocity
        offset = x.scaled(by: offsetFromOffset) + vh.scaled(by: offsetFromVelocity) + interval.scaled(by: offsetFromInterval)
        halfVelocity = x.scaled(by: velocityFromOffset) + vh.scaled(by: velocityFromVelocity) + interval.scaled(by: velocityFromInterval)
    }
}
