import Testing
import Cadence

/// Each closed form against a fine numerical integration of m·x″ = k(Δ − x) − c·x′ (RK4, 1e-5 s steps).
///
/// Tolerance 1e-9: RK4's truncation error at this step is ~1e-18 per unit time, so what remains is
/// rounding accumulated over 10⁵ steps, well under 1e-10 here.
struct SpringIntegrationTests {
    static let springs: [(name: String, spring: Spring)] = [
        ("underdamped bouncy", .bouncy),
        ("underdamped ζ = 0.1", Spring(response: 0.6, dampingRatio: 0.1)),
        ("critical smooth", .smooth),
        ("critical, mass 2", Spring(mass: 2, stiffness: 200, damping: 40)),
        ("overdamped bounce −0.5", Spring(duration: 0.5, bounce: -0.5)),
        ("overdamped physical", Spring(mass: 1.5, stiffness: 100, damping: 60, allowOverDamping: true)),
    ]

    @Test(arguments: springs.map(\.name))
    func closedFormMatchesIntegration(name: String) {
        let spring = Self.springs.first { $0.name == name }!.spring
        let target = 1.7, initialVelocity = -3.0
        var x = 0.0, v = initialVelocity, time = 0.0
        let step = 1e-5
        func acceleration(_ x: Double, _ v: Double) -> Double {
            (spring.stiffness * (target - x) - spring.damping * v) / spring.mass
        }
        for checkpoint in [0.05, 0.2, 0.5, 1.0] {
            while time < checkpoint - step / 2 {
                let k1x = v, k1v = acceleration(x, v)
                let k2x = v + step / 2 * k1v, k2v = acceleration(x + step / 2 * k1x, v + step / 2 * k1v)
                let k3x = v + step / 2 * k2v, k3v = acceleration(x + step / 2 * k2x, v + step / 2 * k2v)
                let k4x = v + step * k3v, k4v = acceleration(x + step * k3x, v + step * k3v)
                x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                time += step
            }
            let position = spring.value(target: target, initialVelocity: initialVelocity, time: time)
            let velocity = spring.velocity(target: target, initialVelocity: initialVelocity, time: time)
            #expect(abs(position - x) < 1e-9, "\(name) position at \(time)")
            #expect(abs(velocity - v) < 1e-9, "\(name) velocity at \(time)")
        }
    }

    @Test(arguments: springs.map(\.name))
    func closedFormStartsAtRestOffsetWithTheInitialVelocity(name: String) {
        let spring = Self.springs.first { $0.name == name }!.spring
        #expect(spring.value(target: 2.0, initialVelocity: 5.0, time: 0) == 0)
        #expect(abs(spring.velocity(target: 2.0, initialVelocity: 5.0, time: 0) - 5) < 1e-12)
    }

    @Test(arguments: springs.map(\.name))
    func updateAdvancesAlongTheClosedForm(name: String) {
        let spring = Self.springs.first { $0.name == name }!.spring
        var value = 0.0, velocity = 0.5
        for _ in 0..<30 {
            spring.update(value: &value, velocity: &velocity, target: 3.0, deltaTime: 1.0 / 60)
        }
        // The closed form is exact for any step, so 30 steps of 1/60 s equal one of 0.5 s.
        #expect(abs(value - spring.value(target: 3.0, initialVelocity: 0.5, time: 0.5)) < 1e-12)
        #expect(abs(velocity - spring.velocity(target: 3.0, initialVelocity: 0.5, time: 0.5)) < 1e-11)
    }

    @Test func vectorFormsMatchTheDoubleFormPerComponent() {
        let spring = Spring.bouncy
        let vector = spring.value(target: SIMD3<Double>(1, -2, 4), initialVelocity: SIMD3(0, 1, -1), time: 0.3)
        #expect(abs(vector.y - spring.value(target: -2.0, initialVelocity: 1.0, time: 0.3)) < 1e-15)
        let pair = spring.velocity(
            target: AnimatablePair(1.0, 4.0), initialVelocity: AnimatablePair(0.0, -1.0), time: 0.3)
        #expect(abs(pair.second - spring.velocity(target: 4.0, initialVelocity: -1.0, time: 0.3)) < 1e-15)
    }
}
