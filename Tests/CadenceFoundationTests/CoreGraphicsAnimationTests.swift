import Testing
import CadenceFoundation

/// Runs `value` and `reference` (its data, as a vector) at 60 Hz until both rest, checking on every frame
/// that `value`'s data equals `reference` after `convert`.
private func runInStep<V: Animatable, R: VectorArithmetic & Equatable>(
    _ value: AnimatedValue<V>, _ reference: AnimatedValue<R>, convert: (V.AnimatableData) -> R,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
    var frames = 0
    while (value.isAnimating || reference.isAnimating) && frames < 600 {
        value.update(by: 1.0 / 60)
        reference.update(by: 1.0 / 60)
        frames += 1
        #expect(
            convert(value.presentation.animatableData) == reference.presentation, "frame \(frames)",
            sourceLocation: sourceLocation)
    }
    return frames
}

struct CoreGraphicsAnimationTests {
    @Test func cgFloatIsAVector() {
        var value: CGFloat = 3
        value.scale(by: 2)
        #expect(value == 6)
        #expect(value.magnitudeSquared == 36)
        #expect(CGFloat.AnimatableData.self == CGFloat.self)
        let animated = AnimatedValue(CGFloat(0))
        let reference = AnimatedValue(0.0)
        animated.set(100, animation: .snappy)
        reference.set(100, animation: .snappy)
        let frames = runInStep(animated, reference) { Double($0) }
        #expect(frames > 10)
        #expect(animated.presentation == 100)
    }

    @Test func swiftUILayouts() {
        var point = CGPoint(x: 1, y: 2)
        #expect(point.animatableData == AnimatablePair(1, 2))
        point.animatableData = AnimatablePair(3, 4)
        #expect(point == CGPoint(x: 3, y: 4))
        var size = CGSize(width: 5, height: 6)
        #expect(size.animatableData == AnimatablePair(5, 6))
        size.animatableData = AnimatablePair(7, 8)
        #expect(size == CGSize(width: 7, height: 8))
        var rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(rect.animatableData == AnimatablePair(AnimatablePair(1, 2), AnimatablePair(3, 4)))
        rect.animatableData = AnimatablePair(AnimatablePair(-1, -2), AnimatablePair(-3, 4))
        // Origin and size as given: a negative width is not standardised away.
        #expect(rect.origin == CGPoint(x: -1, y: -2))
        #expect(rect.size == CGSize(width: -3, height: 4))
    }

    @Test func aPointAnimatesUnderASpring() {
        let point = AnimatedValue(CGPoint.zero)
        let reference = AnimatedValue(SIMD2<Double>(0, 0))
        #expect(point.set(CGPoint(x: 120, y: -80), animation: .spring(duration: 0.6, bounce: 0.3)))
        reference.set(SIMD2(120, -80), animation: .spring(duration: 0.6, bounce: 0.3))
        let frames = runInStep(point, reference) { SIMD2(Double($0.first), Double($0.second)) }
        #expect(frames > 20)
        #expect(point.presentation == CGPoint(x: 120, y: -80))
        #expect(point.velocity == .zero)
    }

    @Test func aRectAnimatesUnderASpringAndRetargets() {
        let rect = AnimatedValue(CGRect(x: 0, y: 0, width: 10, height: 10))
        let reference = AnimatedValue(SIMD4<Double>(0, 0, 10, 10))
        rect.set(CGRect(x: 50, y: 60, width: 200, height: 100), animation: .bouncy)
        reference.set(SIMD4(50, 60, 200, 100), animation: .bouncy)
        let convert: (CGRect.AnimatableData) -> SIMD4<Double> = {
            SIMD4(Double($0.first.first), Double($0.first.second), Double($0.second.first), Double($0.second.second))
        }
        for _ in 0..<12 {
            rect.update(by: 1.0 / 60)
            reference.update(by: 1.0 / 60)
        }
        // A second spring merges, keeping the velocity, in both.
        rect.set(CGRect(x: -20, y: 0, width: 40, height: 40), animation: .smooth)
        reference.set(SIMD4(-20, 0, 40, 40), animation: .smooth)
        #expect(rect.activeAnimationCount == 1)
        let frames = runInStep(rect, reference, convert: convert)
        #expect(frames > 20)
        #expect(rect.presentation == CGRect(x: -20, y: 0, width: 40, height: 40))
    }

    @Test func anAngleAndASizeAnimateTogetherAsAPair() {
        // A porter's composite: a pair of two Animatable values' data, nested.
        struct Needle: Animatable {
            var angle: Angle
            var size: CGSize
            var animatableData: AnimatablePair<Angle.AnimatableData, CGSize.AnimatableData> {
                get { AnimatablePair(angle.animatableData, size.animatableData) }
                set { (angle.animatableData, size.animatableData) = (newValue.first, newValue.second) }
            }
        }
        let needle = AnimatedValue(Needle(angle: .zero, size: CGSize(width: 1, height: 1)))
        needle.set(Needle(angle: .degrees(90), size: CGSize(width: 3, height: 2)), animation: .spring)
        needle.update(by: 0.1)
        let halfway = needle.presentation
        #expect(halfway.angle > .zero && halfway.angle < .degrees(90))
        #expect(halfway.size.width > 1 && halfway.size.width < 3)
        for _ in 0..<600 where needle.isAnimating { needle.update(by: 1.0 / 60) }
        #expect(needle.presentation.angle == .degrees(90))
        #expect(needle.presentation.size == CGSize(width: 3, height: 2))
    }

    @Test func unitPointTakesCGFloats() {
        let x: CGFloat = 0.25
        let y: CGFloat = 0.75
        #expect(UnitPoint(x: x, y: y) == UnitPoint(x: 0.25, y: 0.75))
        // Literals still pick the Double initialiser, without ambiguity.
        #expect(UnitPoint(x: 0.5, y: 0.5) == .center)
    }
}
