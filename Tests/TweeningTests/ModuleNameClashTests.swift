import Cadence
import Foundation
import Testing
import Tweening

// This file imports both modules (and Foundation, as an app does) and spells every public name of each
// unqualified, at file scope and inside extensions of the tween types, where a member type of `Tween`
// (STween's old `Tween.Animation`) would shadow `Cadence.Animation`. A name that clashes makes this file
// fail to compile, so the test target cannot build.

/// Cadence's names, inside an extension of a tween type: each must resolve to Cadence's type.
extension PropertyTween {
    fileprivate func cadenceNames() -> (Animation, Spring, UnitCurve, UnitPoint, TimeInterval) {
        (Animation.easeIn(duration: duration), Spring.bouncy, UnitCurve.easeOut, UnitPoint(x: 0.5, y: 0.5), duration)
    }
}

extension Tweener {
    fileprivate func cadenceAnimation() -> Animation { .spring(duration: 0.5) }
}

extension TweenSequence {
    fileprivate func transactionLike() -> (Animation?, AnimatedValue<Double>) { (nil, AnimatedValue(0)) }
}

@Suite struct ModuleNameClashTests {
    @Test func everyPublicNameOfBothModulesResolvesUnqualified() throws {
        let tweener = Tweener(defaults: Defaults.standard)
        let tween: PropertyTween<Double> = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        let asTween: any Tween = tween
        let animator: TweenAnimator = tween
        let driver: DriverTween = tweener.drive { _ in false }
        let sequence: TweenSequence = tweener.sequence()
        let state: TweenState = asTween.state
        let ease: Ease = try #require(Ease(Animation.easeInOut))
        let names = tween.cadenceNames()
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        value.set(SIMD2(1, 1), animation: tweener.cadenceAnimation())
        let valueDriver = tweener.drive(value)
        let curve: UnitCurve = names.2
        let spring: Spring = names.1
        let interval: TimeInterval = names.4

        #expect(state == .new)
        #expect(animator === tween && driver.state == .new && sequence.children.isEmpty)
        #expect(ease(1) == 1 && curve.value(at: 1) == 1)
        #expect(spring.duration > 0 && interval == 1)
        #expect(names.0 != Animation.linear)
        #expect(sequence.transactionLike().1.presentation == 0)
        tweener.update(by: 0.1)
        #expect(valueDriver.state == .active && value.presentation != SIMD2(0, 0))
    }
}
