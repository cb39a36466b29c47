import Cadence
import Testing
@testable import Tweening

@Suite struct EaseBridgeTests {
    @Test func aUnitCurveEaseFollowsTheCurveAndEndsExactly() {
        let ease = Ease.unitCurve(.easeInOut)
        #expect(ease(0) == 0)
        #expect(ease(1) == 1)
        #expect(ease(-3) == 0 && ease(7) == 1 && ease(.nan) == 0)
        // The published check value (easeIn at 0.5 ≈ 0.31536), to the 5 digits it is given with.
        #expect(abs(ease(0.25) - 0.12916) < 1e-5)
        for x in stride(from: 0.05, to: 1, by: 0.05) {
            #expect(ease(x) == UnitCurve.easeInOut.value(at: x))
        }
    }

    @Test func timingCurveAnimationsBridgeAndOthersDoNot() throws {
        let easeIn = try #require(Ease(Animation.easeIn(duration: 2)))
        #expect(abs(easeIn(0.5) - 0.31536) < 1e-5)
        let custom = try #require(Ease(Animation.timingCurve(0.2, 0.9, 0.3, 1, duration: 1)))
        #expect(
            custom(0.5)
                == UnitCurve.bezier(
                    startControlPoint: UnitPoint(x: 0.2, y: 0.9), endControlPoint: UnitPoint(x: 0.3, y: 1)
                ).value(at: 0.5))
        #expect(Ease(Animation.spring) == nil)
        #expect(Ease(Animation.interpolatingSpring) == nil)
        #expect(Ease(Animation.easeIn.delay(1)) == nil)
    }

    @Test func aTweenWithABridgedEaseMatchesTheAnimationsShape() {
        let tweener = Tweener()
        var seen = 0.0
        tweener.tween(from: 0.0, to: 100.0, duration: 1) { seen = $0 }.ease(Ease(Animation.easeOut)!)
        tweener.update(by: 0)
        tweener.update(by: 0.3)
        #expect(abs(seen - 100 * UnitCurve.easeOut.value(at: 0.3)) < 1e-9)
    }
}
