#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Cadence

/// The reference values of SwiftUI's springs (ω, λ, stiffness, damping of `Spring()`, `.snappy`, `.bouncy`), checked to 1e-12 relative (they are IEEE double
/// results of the same formulas, so only the order of operations may differ).
struct SpringReferenceTests {
    let tolerance = 1e-12

    @Test func defaultSpringIsTheCriticallyDampedSmoothSpring() {
        let spring = Spring()
        #expect(spring.angularFrequency == 0)
        #expect(isClose(spring.decayConstant, 12.566370614359172, relative: tolerance))
        #expect(isClose(spring.stiffness, 157.91367041742973, relative: tolerance))
        #expect(isClose(spring.damping, 25.132741228718345, relative: tolerance))
        #expect(spring == Spring.smooth)
    }

    @Test func snappySpringMatchesReference() {
        let spring = Spring.snappy
        #expect(isClose(spring.angularFrequency, 6.619746486145581, relative: tolerance))
        #expect(isClose(spring.decayConstant, 10.681415022205297, relative: tolerance))
        #expect(abs(spring.stiffness - 157.9137) < 0.5e-4)
        #expect(abs(spring.damping - 21.36283) < 0.5e-5)
    }

    @Test func bouncySpringMatchesReference() {
        let spring = Spring.bouncy
        #expect(isClose(spring.angularFrequency, 8.974183634899006, relative: tolerance))
        #expect(isClose(spring.decayConstant, 8.79645943005142, relative: tolerance))
        #expect(abs(spring.stiffness - 157.9137) < 0.5e-4)
        #expect(abs(spring.damping - 17.59292) < 0.5e-5)
    }

    @Test func defaultSpringValueMatchesReference() {
        #expect(isClose(Spring().value(target: 1.2, time: 0.2), 0.8584988269031488, relative: tolerance))
        #expect(
            isClose(Spring().value(target: SIMD2<Double>(1.2, 0), time: 0.2).x, 0.8584988269031488, relative: tolerance)
        )
    }

    @Test func defaultSpringSettlesInEightTenthsOfASecond() {
        #expect(Spring().settlingDuration == 0.8)
    }

    @Test func gettersRoundTripTheirInitializers() {
        let spring = Spring(duration: 0.7, bounce: 0.25)
        #expect(isClose(spring.duration, 0.7, relative: tolerance))
        #expect(isClose(spring.response, 0.7, relative: tolerance))
        #expect(isClose(spring.bounce, 0.25, relative: tolerance))
        #expect(isClose(spring.dampingRatio, 0.75, relative: tolerance))
        #expect(spring.mass == 1)

        let overdamped = Spring(duration: 0.7, bounce: -0.4)
        #expect(isClose(overdamped.dampingRatio, 1 / 0.6, relative: tolerance))
        #expect(isClose(overdamped.bounce, -0.4, relative: tolerance))

        let physical = Spring(mass: 2, stiffness: 300, damping: 20)
        #expect(isClose(physical.mass, 2, relative: tolerance))
        #expect(isClose(physical.stiffness, 300, relative: tolerance))
        #expect(isClose(physical.damping, 20, relative: tolerance))

        let ratio = Spring(response: 0.4, dampingRatio: 0.3)
        #expect(isClose(ratio.response, 0.4, relative: tolerance))
        #expect(isClose(ratio.dampingRatio, 0.3, relative: tolerance))
    }

    /// Deviation 1: an overdamped spring's stiffness is m(λ² − ω²), so it round-trips.
    @Test func overdampedStiffnessRoundTrips() {
        let spring = Spring(mass: 1.5, stiffness: 100, damping: 60, allowOverDamping: true)
        #expect(spring.angularFrequency < 0)
        #expect(isClose(spring.stiffness, 100, relative: tolerance))
        #expect(isClose(spring.damping, 60, relative: tolerance))
    }

    @Test func overdampingIsClampedToCriticalUnlessAllowed() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 60)
        #expect(spring.angularFrequency == 0)
        #expect(spring.decayConstant == 10)
        #expect(spring.dampingRatio == 1)
    }

    @Test func bounceMapsToDampingRatio() {
        #expect(Spring(duration: 1, bounce: 0.4).dampingRatio == 0.6)
        #expect(isClose(Spring(duration: 1, bounce: -0.5).dampingRatio, 2, relative: tolerance))
        #expect(Spring(duration: 1, bounce: 1).dampingRatio == 0)
        #expect(Spring(duration: 1, bounce: 3).dampingRatio == 0)
        // ζ = ∞ never moves.
        #expect(Spring(duration: 1, bounce: -1).value(target: 5.0, time: 0.5) == 0)
    }

    @Test func presetFunctionsAddExtraBounce() {
        #expect(Spring.smooth(duration: 0.5, extraBounce: 0) == Spring.smooth)
        #expect(Spring.snappy(duration: 0.5, extraBounce: 0) == Spring.snappy)
        #expect(Spring.bouncy(duration: 0.5, extraBounce: 0) == Spring.bouncy)
        #expect(isClose(Spring.bouncy(duration: 0.3, extraBounce: 0.1).bounce, 0.4, relative: tolerance))
        #expect(isClose(Spring.snappy(duration: 0.3).duration, 0.3, relative: tolerance))
    }

    @Test(arguments: [0.2, 0.6, 0.95, 1.0])
    func settlingDurationInitializerSettlesWhenAsked(dampingRatio: Double) {
        let spring = Spring(settlingDuration: 1.5, dampingRatio: dampingRatio)
        #expect(isClose(spring.dampingRatio, dampingRatio, relative: 1e-9))
        if dampingRatio < 1 {
            // The envelope ζ/√(1−ζ²)·e^(−ζω₀t) reaches ε at exactly the settling duration.
            let naturalFrequency = spring.decayConstant / dampingRatio
            let envelope =
                dampingRatio / (1 - dampingRatio * dampingRatio).squareRoot()
                * exp(-dampingRatio * naturalFrequency * 1.5)
            #expect(isClose(envelope, 0.001, relative: 1e-9))
        } else {
            let x = spring.decayConstant * 1.5
            #expect(isClose((1 + x) * exp(-x), 0.001, relative: 1e-9))
        }
    }

    @Test func underdampedSettlingDurationFollowsTheEnvelope() {
        let spring = Spring.bouncy
        let lambda = spring.decayConstant
        let expected = -log(0.001 / (lambda + 1)) / lambda
        #expect(isClose(spring.settlingDuration, expected, relative: tolerance))
        #expect(Spring(duration: 1, bounce: 1).settlingDuration == .infinity)
    }

    @Test func forceIsStiffnessTimesDistanceMinusDampingTimesVelocity() {
        let spring = Spring.bouncy
        let expected = spring.stiffness * (3 - 1) - spring.damping * 0.5
        #expect(isClose(spring.force(target: 3, position: 1, velocity: 0.5), expected, relative: tolerance))
        #expect(
            isClose(
                spring.force(target: SIMD2<Double>(3, 3), position: SIMD2(1, 1), velocity: SIMD2(0.5, 0.5)).y, expected,
                relative: tolerance))
    }

    @Test func fromValueToValueOffsetsByTheStart() {
        let spring = Spring.snappy
        let value = spring.value(fromValue: 10.0, toValue: 14.0, initialVelocity: 1.0, time: 0.3)
        #expect(isClose(value, 10 + spring.value(target: 4.0, initialVelocity: 1.0, time: 0.3), relative: tolerance))
        let velocity = spring.velocity(fromValue: 10.0, toValue: 14.0, initialVelocity: 1.0, time: 0.3)
        #expect(isClose(velocity, spring.velocity(target: 4.0, initialVelocity: 1.0, time: 0.3), relative: tolerance))
    }
}
