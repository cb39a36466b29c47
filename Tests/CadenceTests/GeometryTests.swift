import Testing
import Cadence

struct AngleTests {
    @Test func unitsAndFactories() {
        #expect(Angle.degrees(180).radians == .pi)
        #expect(Angle.radians(.pi / 2).degrees == 90)
        #expect(Angle(degrees: 90) == .radians(.pi / 2))
        #expect(Angle() == .zero)
        #expect(Angle.zero.radians == 0)
        var angle = Angle.zero
        angle.degrees = 45
        #expect(angle.radians == .pi / 4)
    }

    @Test func comparesAndComputesWithoutNormalising() {
        #expect(Angle.degrees(10) < .degrees(20))
        #expect(Angle.degrees(370) > .degrees(10))
        #expect([Angle.degrees(30), .zero, .radians(-1)].sorted() == [.radians(-1), .zero, .degrees(30)])
        #expect(Angle.radians(1) + .radians(2) == .radians(3))
        #expect(Angle.radians(1) - .radians(3) == .radians(-2))
        #expect(-Angle.radians(1) == .radians(-1))
        #expect(Angle.radians(1) * 4 == .radians(4))
        #expect(Angle.radians(4) / 2 == .radians(2))
        var angle = Angle.radians(1)
        angle += .radians(1)
        angle *= 3
        angle -= .radians(2)
        angle /= 4
        #expect(angle == .radians(1))
    }

    @Test func animatesRadiansScaledBy128() {
        var angle = Angle.radians(2)
        #expect(angle.animatableData == 256)
        angle.animatableData = 64
        #expect(angle.radians == 0.5)
        // The scale is a power of two: the round trip is exact.
        for degrees in stride(from: -720.0, through: 720, by: 7.3) {
            var copy = Angle.degrees(degrees)
            copy.animatableData = Angle.degrees(degrees).animatableData
            #expect(copy == .degrees(degrees))
        }
    }

    @Test func animatesUnderASpringAsItsScaledRadians() {
        let angle = AnimatedValue(Angle.zero)
        let data = AnimatedValue(0.0)
        angle.set(.degrees(270), animation: .spring)
        data.set(Angle.degrees(270).radians * 128, animation: .spring)
        var frames = 0
        while angle.isAnimating && frames < 600 {
            angle.update(by: 1.0 / 60)
            data.update(by: 1.0 / 60)
            frames += 1
            #expect(angle.presentation.radians * 128 == data.presentation)
            #expect(angle.velocity == data.velocity)
        }
        #expect(!data.isAnimating)
        #expect(angle.presentation == .degrees(270))
    }

    @Test func trackingAndDecayWorkOnTheData() {
        let angle = AnimatedValue(Angle.zero)
        #expect(angle.track(to: .degrees(10), velocity: 128 * 2))  // 2 rad/s, in data units
        #expect(angle.presentation == .degrees(10))
        #expect(angle.velocity(along: .degrees(20)) > 0)
        let landing = angle.decay()
        #expect(landing > .degrees(10))
        for _ in 0..<600 { angle.update(by: 1.0 / 60) }
        #expect(!angle.isAnimating)
        #expect(angle.presentation == landing)
    }

    @Test func theScaleKeepsASpringTurningUntilItHasVisiblySettled() {
        // On raw radians the spring's absolute rest thresholds end the motion sooner.
        func framesToRest<V: Animatable>(_ value: AnimatedValue<V>, to target: V) -> Int {
            value.set(target, animation: .spring(response: 0.5, dampingFraction: 0.5))
            var frames = 0
            while value.isAnimating && frames < 600 {
                value.update(by: 1.0 / 60)
                frames += 1
            }
            return frames
        }
        let scaled = framesToRest(AnimatedValue(Angle.zero), to: .radians(.pi))
        let raw = framesToRest(AnimatedValue(0.0), to: .pi)
        #expect(scaled > raw)
    }
}

struct UnitPointTests {
    @Test func presets() {
        #expect(UnitPoint() == .zero)
        #expect(UnitPoint.zero == UnitPoint(x: 0, y: 0))
        #expect(UnitPoint.center == UnitPoint(x: 0.5, y: 0.5))
        #expect(UnitPoint.leading == UnitPoint(x: 0, y: 0.5))
        #expect(UnitPoint.trailing == UnitPoint(x: 1, y: 0.5))
        #expect(UnitPoint.top == UnitPoint(x: 0.5, y: 0))
        #expect(UnitPoint.bottom == UnitPoint(x: 0.5, y: 1))
        #expect(UnitPoint.topLeading == UnitPoint(x: 0, y: 0))
        #expect(UnitPoint.topTrailing == UnitPoint(x: 1, y: 0))
        #expect(UnitPoint.bottomLeading == UnitPoint(x: 0, y: 1))
        #expect(UnitPoint.bottomTrailing == UnitPoint(x: 1, y: 1))
    }

    @Test func animatesCoordinatesScaledBy128() {
        var point = UnitPoint(x: 0.25, y: -1)
        #expect(point.animatableData == AnimatablePair(32, -128))
        point.animatableData = AnimatablePair(64, 128)
        #expect(point == UnitPoint(x: 0.5, y: 1))
        let moving = AnimatedValue(UnitPoint.topLeading)
        let data = AnimatedValue(AnimatablePair(0.0, 0.0))
        moving.set(.bottomTrailing, animation: .smooth)
        data.set(AnimatablePair(128, 128), animation: .smooth)
        for _ in 0..<600 where moving.isAnimating {
            moving.update(by: 1.0 / 60)
            data.update(by: 1.0 / 60)
            #expect(moving.presentation.animatableData == data.presentation)
        }
        #expect(!data.isAnimating)
        #expect(moving.presentation == .bottomTrailing)
    }
}
