import Testing
import Tweening

struct TweenSequenceTests {
    /// x goes 0 → 10 in the first second and 10 → 20 in the next, through two key-path tweens.
    private func twoStepSequence(_ tweener: Tweener, _ sprite: Sprite) -> TweenSequence {
        tweener.sequence()
            .append(tweener.tween(sprite, \.x, to: 10, duration: 1))
            .append(tweener.tween(sprite, \.x, to: 20, duration: 1))
    }

    @Test func appendedTweensPlayOneAfterAnother() {
        let tweener = Tweener()
        tweener.defaults.ease = .linear
        let sprite = Sprite()
        let sequence = twoStepSequence(tweener, sprite)
        #expect(sequence.duration == 2)
        #expect(tweener.count == 1)  // the children belong to the sequence now
        tweener.update(by: 0.5)
        #expect(sprite.x == 5)
        tweener.update(by: 1)
        #expect(sprite.x == 15)  // the second child started from where the first left x
        tweener.update(by: 1)
        #expect(sprite.x == 20)
        #expect(sequence.state == .killed)
    }

    @Test func childCallbacksFireInTimelineOrder() {
        let tweener = Tweener()
        var events: [String] = []
        let a = PropertyTween(from: 0.0, to: 1.0, duration: 1) { _ in }
            .onStart { _ in events.append("a.start") }.onComplete { _ in events.append("a.complete") }
        let b = PropertyTween(from: 0.0, to: 1.0, duration: 1) { _ in }
            .onStart { _ in events.append("b.start") }.onComplete { _ in events.append("b.complete") }
        tweener.sequence().append(a).appendInterval(0.5).appendCallback { events.append("cue") }.append(b)
            .onStart { _ in events.append("seq.start") }.onComplete { _ in events.append("seq.complete") }
        tweener.update(by: 0.25)
        #expect(events == ["seq.start", "a.start"])
        tweener.update(by: 1)  // 1.25: a done, in the interval
        #expect(events == ["seq.start", "a.start", "a.complete"])
        tweener.update(by: 0.5)  // 1.75: past the cue at 1.5 and b's start
        #expect(events == ["seq.start", "a.start", "a.complete", "cue", "b.start"])
        tweener.update(by: 1)
        #expect(events.suffix(2) == ["b.complete", "seq.complete"])
        #expect(a.state == .completed && b.state == .completed)
    }

    @Test func joinedAndInsertedTweensOverlap() {
        let tweener = Tweener()
        tweener.defaults.ease = .linear
        let sprite = Sprite()
        let sequence = tweener.sequence()
            .append(tweener.tween(sprite, \.x, to: 10, duration: 1))
            .join(tweener.tween(sprite, \.y, to: 4, duration: 2))
            .insert(tweener.tween(sprite, \.score, to: 100, duration: 1), at: 3)
        #expect(sequence.duration == 4)
        tweener.update(by: 0.5)
        #expect(sprite.x == 5 && sprite.y == 1 && sprite.score == 0)
        tweener.update(by: 3)
        #expect(sprite.x == 10 && sprite.y == 4 && sprite.score == 50)
    }

    @Test func childrenRefuseTheirOwnControls() {
        let tweener = Tweener()
        let child = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        let sequence = tweener.sequence().append(child)
        #expect(child.sequence === sequence)
        #expect(!tweener.isTracking(child))
        #expect(child.start() == false)
        #expect(child.kill() == false)
        #expect(child.update(by: 0.1) == false)
    }

    @Test func yoyoSequenceComesBackThroughItsChildren() {
        let tweener = Tweener()
        tweener.defaults.ease = .linear
        let sprite = Sprite()
        let sequence = twoStepSequence(tweener, sprite).repeatCount(1, yoyo: true)
        tweener.update(by: 1.5)
        #expect(sprite.x == 15)
        tweener.update(by: 1)  // 2.5: backwards, half a second from the end
        #expect(sprite.x == 15)
        tweener.update(by: 1)  // 3.5: backwards through the first child
        #expect(sprite.x == 5)
        tweener.update(by: 1)
        #expect(sprite.x == 0)
        #expect(sequence.state == .killed)
    }

    @Test func repeatingSequenceRewindsItsChildren() {
        let tweener = Tweener()
        tweener.defaults.ease = .linear
        let sprite = Sprite()
        var starts = 0
        let sequence = tweener.sequence()
            .append(tweener.tween(sprite, \.x, to: 10, duration: 1).onStart { _ in starts += 1 })
            .append(tweener.tween(sprite, \.y, to: 10, duration: 1))
            .repeatCount(1)
        tweener.update(by: 2.25)  // second pass, a quarter in
        #expect(sprite.x == 2.5)
        #expect(sprite.y == 0)
        #expect(starts == 2)
        #expect(sequence.completedLoops == 1)
    }

    @Test func sequencesNest() {
        let tweener = Tweener()
        tweener.defaults.ease = .linear
        let sprite = Sprite()
        let inner = TweenSequence()
            .append(PropertyTween(from: 0.0, to: 10.0, duration: 1, defaults: tweener.defaults) { sprite.x = $0 })
            .append(PropertyTween(from: 10.0, to: 20.0, duration: 1, defaults: tweener.defaults) { sprite.x = $0 })
        let outer = tweener.sequence().appendInterval(1).append(inner)
        #expect(outer.duration == 3)
        tweener.update(by: 2.5)
        #expect(sprite.x == 15)
        #expect(inner.state == .active)
        tweener.update(by: 1)
        #expect(sprite.x == 20)
        #expect(inner.state == .completed)
    }

    @Test func seekingASequenceRepositionsChildrenSilently() {
        let tweener = manualTweener(autoKill: false)
        let sprite = Sprite()
        var completions = 0
        let sequence = tweener.sequence()
            .append(tweener.tween(sprite, \.x, to: 10, duration: 1).onComplete { _ in completions += 1 })
            .append(tweener.tween(sprite, \.x, to: 20, duration: 1))
        sequence.start()
        sequence.progress = 0.75
        #expect(sprite.x == 15)
        sequence.progress = 0.25
        #expect(sprite.x == 5)
        #expect(completions == 0)
    }

    @Test func callbackAtTimeZeroFiresOnceInEveryPass() {
        let tweener = Tweener()
        var fired = 0
        tweener.sequence()
            .insertCallback(at: 0) { fired += 1 }
            .append(PropertyTween(from: 0.0, to: 1.0, duration: 1) { _ in })
            .repeatCount(2)
        tweener.update(by: 0.5)
        #expect(fired == 1)
        tweener.update(by: 1)  // second pass
        #expect(fired == 2)
        tweener.update(by: 10)  // third pass and completion
        #expect(fired == 3)
    }
}
