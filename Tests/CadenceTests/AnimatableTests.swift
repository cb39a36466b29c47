import Testing
import Cadence

/// A user type with animatable data and a part that is not animated, as SwiftUI code declares one.
private struct Wedge: Animatable, Equatable {
    var start: Double
    var end: Double
    var label = ""

    var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(start, end) }
        set {
            start = newValue.first
            end = newValue.second
        }
    }
}

/// Nested pairs: ((x, y), scale), animated like a `SIMD3`.
private struct Sprite: Animatable, Equatable {
    var x: Double
    var y: Double
    var scale: Double

    var animatableData: AnimatablePair<AnimatablePair<Double, Double>, Double> {
        get { AnimatablePair(AnimatablePair(x, y), scale) }
        set {
            x = newValue.first.first
            y = newValue.first.second
            scale = newValue.second
        }
    }
}

/// An `Animatable` type that declares no data: SwiftUI's `EmptyAnimatableData` default.
private struct Flag: Animatable, Equatable {
    var on: Bool
}

/// Runs `a` and `b` frame by frame at 60 Hz until both rest (or 10 s pass), checking `same` on every frame.
private func runInStep<A, B>(
    _ a: AnimatedValue<A>, _ b: AnimatedValue<B>, same: (A, B) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
    var frames = 0
    while (a.isAnimating || b.isAnimating) && frames < 600 {
        a.update(by: 1.0 / 60)
        b.update(by: 1.0 / 60)
        frames += 1
        #expect(same(a.presentation, b.presentation), "frame \(frames)", sourceLocation: sourceLocation)
        #expect(a.isAnimating == b.isAnimating, "frame \(frames)", sourceLocation: sourceLocation)
    }
    return frames
}

struct AnimatableTests {
    // MARK: - The protocol and its defaults

    @Test func vectorsAreTheirOwnData() {
        #expect(Double.AnimatableData.self == Double.self)
        #expect(Float.AnimatableData.self == Float.self)
        #expect(SIMD2<Double>.AnimatableData.self == SIMD2<Double>.self)
        #expect(SIMD4<Float>.AnimatableData.self == SIMD4<Float>.self)
        #expect(AnimatablePair<Double, Float>.AnimatableData.self == AnimatablePair<Double, Float>.self)
        #expect(EmptyAnimatableData.AnimatableData.self == EmptyAnimatableData.self)
        var value = 3.0
        #expect(value.animatableData == 3)
        value.animatableData = 5
        #expect(value == 5)
        var pair = AnimatablePair(1.0, SIMD2<Double>(2, 3))
        pair.animatableData = AnimatablePair(4, SIMD2(5, 6))
        #expect(pair == AnimatablePair(4, SIMD2(5, 6)))
    }

    @Test func aTypeWithoutDataHasEmptyData() {
        #expect(Flag.AnimatableData.self == EmptyAnimatableData.self)
        var flag = Flag(on: true)
        flag.animatableData = EmptyAnimatableData()
        #expect(flag == Flag(on: true))
    }

    @Test func aValueWithoutDataJumpsAndCompletes() {
        let flag = AnimatedValue(Flag(on: false))
        var completed = 0
        #expect(flag.set(Flag(on: true), animation: .spring) { completed += 1 })
        #expect(flag.presentation == Flag(on: true))
        #expect(flag.target == Flag(on: true))
        for _ in 0..<120 { flag.update(by: 1.0 / 60) }
        #expect(!flag.isAnimating)
        #expect(completed == 1)
    }

    // MARK: - A user's struct through AnimatedValue

    @Test func aUserStructAnimatesItsDataUnderASpring() {
        let wedge = AnimatedValue(Wedge(start: 0, end: 90, label: "A"))
        let pair = AnimatedValue(AnimatablePair(0.0, 90.0))
        #expect(wedge.set(Wedge(start: 45, end: 180, label: "B"), animation: .spring))
        pair.set(AnimatablePair(45, 180), animation: .spring)
        // The label is not animated: it shows at once; the data moves as the pair does.
        wedge.update(by: 1.0 / 60)
        pair.update(by: 1.0 / 60)
        #expect(wedge.presentation.label == "B")
        #expect(wedge.presentation.start > 0 && wedge.presentation.start < 45)
        #expect(wedge.velocity == pair.velocity)
        #expect(wedge.interval == AnimatablePair(45, 90))
        let frames = runInStep(wedge, pair) { $0.animatableData == $1 && $0.label == "B" }
        #expect(frames > 30 && frames < 600)
        #expect(wedge.presentation == Wedge(start: 45, end: 180, label: "B"))
        #expect(wedge.velocity == .zero)
    }

    @Test func aUserStructRetargetsAndMergesLikeItsData() {
        let wedge = AnimatedValue(Wedge(start: 0, end: 0))
        let pair = AnimatedValue(AnimatablePair(0.0, 0.0))
        wedge.set(Wedge(start: 100, end: 50), animation: .easeInOut(duration: 0.5))
        pair.set(AnimatablePair(100, 50), animation: .easeInOut(duration: 0.5))
        for _ in 0..<10 {
            wedge.update(by: 1.0 / 60)
            pair.update(by: 1.0 / 60)
        }
        // A combination: a timing curve chained after a running one, the same in both.
        wedge.set(Wedge(start: -20, end: 10), animation: .easeOut(duration: 0.3))
        pair.set(AnimatablePair(-20, 10), animation: .easeOut(duration: 0.3))
        #expect(wedge.activeAnimationCount == 2)
        _ = runInStep(wedge, pair) { $0.animatableData == $1 }
        #expect(wedge.presentation == Wedge(start: -20, end: 10))
    }

    @Test func nestedPairsAnimateComponentWise() {
        let sprite = AnimatedValue(Sprite(x: 0, y: 0, scale: 1))
        let vector = AnimatedValue(SIMD3<Double>(0, 0, 1))
        sprite.set(Sprite(x: 300, y: -40, scale: 2), animation: .bouncy)
        vector.set(SIMD3(300, -40, 2), animation: .bouncy)
        let frames = runInStep(sprite, vector) { sprite, vector in
            let data = sprite.animatableData
            // The same spring on the same numbers: equal to rounding (the pair sums its squares in another order).
            return abs(data.first.first - vector.x) < 1e-9 && abs(data.first.second - vector.y) < 1e-9
                && abs(data.second - vector.z) < 1e-9
        }
        #expect(frames > 30)
        #expect(sprite.presentation == Sprite(x: 300, y: -40, scale: 2))
    }

    @Test func badDataIsRefusedAndReplaced() {
        let wedge = AnimatedValue(Wedge(start: .nan, end: 3, label: "bad"))
        #expect(wedge.target == Wedge(start: 0, end: 0, label: "bad"))
        #expect(!wedge.set(Wedge(start: 1, end: .infinity, label: "no"), animation: .spring))
        #expect(wedge.target.label == "bad")
        #expect(!wedge.track(to: Wedge(start: .nan, end: 0), velocity: .zero))
    }

    // MARK: - Spring's fromValue: overloads

    @Test func springFromValueTakesAnyAnimatable() {
        let spring = Spring(duration: 0.5, bounce: 0.2)
        let from = Wedge(start: 0, end: 10, label: "from")
        let to = Wedge(start: 4, end: -6, label: "to")
        let velocity = Wedge(start: 1, end: 2, label: "v")
        let value = spring.value(fromValue: from, toValue: to, initialVelocity: velocity, time: 0.2)
        let expected = spring.value(
            fromValue: from.animatableData, toValue: to.animatableData, initialVelocity: velocity.animatableData,
            time: 0.2)
        #expect(value.animatableData == expected)
        #expect(value.label == "to")
        let rate = spring.velocity(fromValue: from, toValue: to, initialVelocity: velocity, time: 0.2)
        #expect(
            rate.animatableData
                == spring.velocity(
                    fromValue: from.animatableData, toValue: to.animatableData,
                    initialVelocity: velocity.animatableData, time: 0.2))
        // A vector still gets its plain result.
        #expect(spring.value(fromValue: 10.0, toValue: 14.0, initialVelocity: 0.0, time: 0) == 10)
    }
}

/// The example of the *Animatable values* article (Cadence.docc/AnimatableValues.md), as written there.
private struct ReadmeWedge: Animatable {
    var start: Angle
    var end: Angle
    var label = ""

    var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(start.animatableData, end.animatableData) }
        set { (start.animatableData, end.animatableData) = (newValue.first, newValue.second) }
    }
}

struct AnimatableReadmeTests {
    @Test func theReadmeExampleAnimatesAngles() {
        let wedge = AnimatedValue(ReadmeWedge(start: .zero, end: .degrees(90)))
        #expect(wedge.set(ReadmeWedge(start: .degrees(45), end: .degrees(300), label: "B"), animation: .bouncy))
        wedge.update(by: 1.0 / 60)
        #expect(wedge.presentation.label == "B")
        #expect(wedge.presentation.end > .degrees(90) && wedge.presentation.end < .degrees(300))
        #expect(wedge.velocity.second > 0)
        for _ in 0..<600 where wedge.isAnimating { wedge.update(by: 1.0 / 60) }
        #expect(wedge.presentation.start == .degrees(45))
        #expect(wedge.presentation.end == .degrees(300))
    }
}
