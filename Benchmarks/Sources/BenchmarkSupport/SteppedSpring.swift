/// One point's merging spring stepped plainly: `steps` velocity-Verlet steps of 1/300 s (SwiftUI's grid) on its
/// error (interval − offset), velocity and force, then the runtime's settling rule (|v|² and |F|² ≤ 0.0036, the
/// error within 1 % of the interval, or any error for a zero interval). Returns whether it settled, in which
/// case the state is zero. What the spring floors do for each value, written once.
@inlinable @inline(__always)
public func stepSpring(
    error e: inout SIMD2<Double>, velocity v: inout SIMD2<Double>, force f: inout SIMD2<Double>,
    interval: SIMD2<Double>, steps: Int, stiffness k: Double, damping c: Double
) -> Bool {
    let h = 1.0 / 300
    for _ in 0..<steps {
        let half = v + (h / 2) * f
        e -= h * half
        f = k * e - c * half
        v = half + (h / 2) * f
    }
    guard
        max((v * v).sum(), (f * f).sum()) <= 0.0036
            && (interval == .zero || (e * e).sum() <= (interval * 0.01 * (interval * 0.01)).sum())
    else { return false }
    (e, v, f) = (.zero, .zero, .zero)
    return true
}
