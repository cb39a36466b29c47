import CadenceFoundation
import Testing

// SwiftUI code for animatable values, pasted as a porter would write it: a user's `Animatable` struct,
// and Core Graphics values and an `Angle` animating under a spring.

/// A shape's animatable parameters, as a SwiftUI `Shape` would declare them.
private struct Ring: Animatable {
    var radius: CGFloat
    var thickness: CGFloat

    var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(radius, thickness) }
        set {
            radius = newValue.first
            thickness = newValue.second
        }
    }
}

struct PortedValuesTests {
    /// Runs `value` for `seconds` at 60 Hz and returns what it shows then.
    private func run<V: Animatable>(_ value: AnimatedValue<V>, seconds: Double = 3) -> V {
        for _ in 0..<Int(seconds * 60) { value.update(by: 1.0 / 60) }
        return value.presentation
    }

    @Test func aUserAnimatableStructAnimatesUnderASpring() {
        let ring = AnimatedValue(Ring(radius: 10, thickness: 2))
        ring.set(Ring(radius: 50, thickness: 8), animation: .spring(duration: 0.4, bounce: 0.2))
        ring.update(by: 0.1)
        let midway = ring.presentation
        #expect(midway.radius > 10 && midway.radius < 60)
        let end = run(ring)
        #expect(end.radius == 50 && end.thickness == 8)
    }

    @Test func coreGraphicsValuesAndAnAngleAnimateUnderASpring() {
        let point = AnimatedValue(CGPoint(x: 0, y: 0))
        let frame = AnimatedValue(CGRect(x: 0, y: 0, width: 10, height: 10))
        let angle = AnimatedValue(Angle.degrees(0))
        point.set(CGPoint(x: 120, y: -40), animation: .smooth)
        frame.set(CGRect(x: 20, y: 30, width: 200, height: 100), animation: .snappy)
        angle.set(.degrees(90), animation: .bouncy)
        point.update(by: 0.1)
        frame.update(by: 0.1)
        angle.update(by: 0.1)
        #expect(point.presentation.x > 0 && point.presentation.x < 120)
        #expect(frame.presentation.size.width > 10 && frame.presentation.size.width < 260)
        #expect(angle.presentation.degrees > 0)
        #expect(run(point) == CGPoint(x: 120, y: -40))
        #expect(run(frame) == CGRect(x: 20, y: 30, width: 200, height: 100))
        #expect(abs(run(angle).degrees - 90) < 1e-9)
    }
}
