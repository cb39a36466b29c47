// SwiftUI's own spellings of points, sizes, angles and animation parameters, pasted with every opt-in
// module imported. An opt-in module that added an overload competing with the core's (an initialiser
// taking `CGFloat` beside one taking `Double`, say) would make a literal ambiguous and this file would
// not compile: that is most of the test.
import Cadence
import CadenceExamples
import CadenceFoundation
import CadenceMacros
import Testing

struct LiteralSpellingTests {
    @Test func unitPointsAsSwiftUISpellsThem() {
        let origin = UnitPoint(x: 0, y: 0)
        let half = UnitPoint(x: 0.5, y: 1)
        let inContext: UnitPoint = .init(x: 1, y: 0)
        let width: CGFloat = 0.25
        let height: CGFloat = 0.75
        let fromCGFloats = UnitPoint(x: width, y: height)
        let curve = UnitCurve.bezier(startControlPoint: .init(x: 0, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
        #expect(origin == .zero && origin == .topLeading)
        #expect(half.x == 0.5 && half.y == 1)
        #expect(inContext == .topTrailing)
        #expect(fromCGFloats.x == 0.25 && fromCGFloats.y == 0.75)
        #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-9)
    }

    @Test func coreGraphicsValuesAsSwiftUISpellsThem() {
        let point = CGPoint(x: 1, y: 2)
        let pointInContext: CGPoint = .init(x: 1.5, y: 2)
        let size = CGSize(width: 10, height: 20)
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        let scale: CGFloat = 2
        let value = AnimatedValue(CGPoint(x: 0, y: 0))
        value.set(.init(x: 100, y: 50), animation: .easeInOut(duration: 1))
        value.update(by: 1)
        #expect(point.x == 1 && point.y == 2 && pointInContext.x == 1.5)
        #expect(size.width * scale == 20 && rect.width == 10)
        #expect(value.presentation == CGPoint(x: 100, y: 50))
        let length = AnimatedValue<CGFloat>(0)
        length.set(1, animation: .linear(duration: 1))
        length.update(by: 0.5)
        #expect(length.presentation == 0.5)
    }

    @Test func anglesAsSwiftUISpellsThem() {
        let right = Angle(degrees: 90)
        let half = Angle(radians: .pi)
        let inContext: Angle = .degrees(45)
        let turns: CGFloat = 180
        let fromCGFloat = Angle(degrees: turns)
        #expect(abs(right.radians - .pi / 2) < 1e-12)
        #expect(abs(half.degrees - 180) < 1e-12 && abs(fromCGFloat.radians - half.radians) < 1e-12)
        #expect(inContext == .radians(.pi / 4))
    }

    @Test func animationParametersWithIntegerAndFloatLiterals() {
        let duration: CGFloat = 1
        let animations: [Animation] = [
            .easeIn(duration: 1), .linear(duration: duration), .timingCurve(0, 0, 1, 1, duration: 2),
            .spring(response: 1, dampingFraction: 1), .spring(duration: 1, bounce: 0),
            .interpolatingSpring(stiffness: 100, damping: 10), .easeOut.delay(1).speed(2),
            .spring(Spring(duration: 1, bounce: 0.5)), .elasticEaseInEaseOut(duration: 1),
        ]
        for animation in animations {
            let value = AnimatedValue(0.0)
            withAnimation(animation) { value.set(1) }
            value.update(by: 0.5)
            #expect(value.isAnimating, "\(animation)")
        }
        #expect(Spring(mass: 1, stiffness: 100, damping: 10).mass == 1)
    }
}
