import Cadence
import Testing
import Tweening

struct KeyframeTweenTests {
    private let timeline = KeyframeTimeline(initialValue: SIMD2<Double>(0, 0)) {
        KeyframeTrack(\.x) {
            CubicKeyframe(100, duration: 0.5)
            CubicKeyframe(40, duration: 0.5)
        }
        KeyframeTrack(\.y) { SpringKeyframe(-30, duration: 0.8, spring: .bouncy) }
    }

    final class Box { var value = SIMD2<Double>(0, 0) }

    @Test func aTweenPlaysTheTimelineAtItsOwnPace() {
        let tweener = Tweener()
        var shown = SIMD2<Double>(.nan, .nan)
        let tween = tweener.tween(timeline) { shown = $0 }
        #expect(tween.duration == 1)
        for step in 1...10 {
            tweener.update(by: 0.1)
            let expected = timeline.value(time: Double(step) * 0.1)
            #expect(((shown - expected) * (shown - expected)).sum() < 1e-18, "at step \(step)")
        }
        tweener.update(by: 0.01)  // ten deltas of 0.1 sum to a hair under 1
        #expect(tween.state == .killed)  // completed, then auto-killed by the tweener
        #expect(shown == timeline.value(progress: 1))
    }

    @Test func aYoyoPlaysItBackAndAKeyPathReceivesIt() {
        let tweener = Tweener()
        let box = Box()
        tweener.tween(box, \.value, along: timeline).repeatCount(2, yoyo: true)
        tweener.update(by: 1.25)  // a quarter into the backward pass: the timeline at 0.75
        let expected = timeline.value(time: 0.75)
        #expect(((box.value - expected) * (box.value - expected)).sum() < 1e-18)
    }

    @Test func inASequenceItStartsWhenThePreviousTweenEnds() {
        let tweener = Tweener()
        var shown = SIMD2<Double>(-1, -1)
        tweener.sequence()
            .appendInterval(0.5)
            .append(tweener.tween(timeline) { shown = $0 })
        tweener.update(by: 0.75)
        let expected = timeline.value(time: 0.25)
        #expect(((shown - expected) * (shown - expected)).sum() < 1e-18)
    }
}
