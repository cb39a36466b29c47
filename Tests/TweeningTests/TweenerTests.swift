import Cadence
import Testing
import Tweening

struct TweenerTests {
    @Test func autoStartedTweensStartOnTheNextUpdateAndAdvanceByIt() {
        let tweener = Tweener()
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        #expect(tween.state == .new)
        #expect(tweener.count == 1)
        tweener.update(by: 0.25)
        #expect(tween.state == .active)
        #expect(tween.elapsed == 0.25)
    }

    @Test func manualTweenerMovesOnlyWhatWasStarted() {
        let tweener = manualTweener()
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        tweener.update(by: 0.25)
        #expect(tween.state == .new)
        tween.start()
        tweener.update(by: 0.25)
        #expect(tween.elapsed == 0.25)
    }

    @Test func tweensAreUpdatedInTheOrderTheyWereAdded() {
        let tweener = Tweener()
        var order: [Int] = []
        var tweens: [PropertyTween<Double>] = []
        for index in 0..<100 {
            tweens.append(
                tweener.tween(from: 0.0, to: 1.0, duration: 10) { _ in }.onUpdate { _ in order.append(index) })
        }
        for index in stride(from: 0, to: 100, by: 3) { tweens[index].kill() }
        tweens[0].revive()
        tweens[0].start()
        tweener.update(by: 0.1)
        let survivors = (0..<100).filter { $0 % 3 != 0 }
        #expect(order == survivors + [0])
        #expect(tweener.count == survivors.count + 1)
    }

    @Test func countAndTrackingFollowKillReviveAndCompletion() {
        let tweener = Tweener()
        let a = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        let b = tweener.tween(from: 0.0, to: 1.0, duration: 2) { _ in }
        let stranger = PropertyTween(from: 0.0, to: 1.0) { _ in }
        #expect(tweener.count == 2)
        #expect(tweener.isTracking(a) && tweener.isTracking(b))
        #expect(!tweener.isTracking(stranger))
        a.kill()
        #expect(!tweener.isTracking(a))
        #expect(tweener.count == 1)
        a.revive()
        #expect(tweener.isTracking(a))
        tweener.update(by: 1.5)
        #expect(tweener.isTracking(b))
        tweener.update(by: 1)
        #expect(!tweener.isTracking(b))
        #expect(tweener.count == 1)  // `a` was revived, never restarted: still tracked and new
        #expect(tweener.tweens.map(ObjectIdentifier.init) == [ObjectIdentifier(a)])
    }

    @Test func bulkControlsReachEveryTrackedTween() {
        let tweener = Tweener()
        tweener.defaults.autoKillCompletedTweens = false
        let tweens = (0..<5).map { _ in tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in } }
        tweener.update(by: 0.1)
        tweener.pauseAll()
        #expect(tweens.allSatisfy { $0.state == .paused })
        tweener.resumeAll()
        #expect(tweens.allSatisfy { $0.state == .active })
        tweener.stopAll()
        #expect(tweens.allSatisfy { $0.state == .inactive })
        tweener.completeAll()
        #expect(tweens.allSatisfy { $0.state == .completed })
        tweener.killAll()
        #expect(tweens.allSatisfy { $0.state == .killed })
        #expect(tweener.count == 0)
    }

    @Test func defaultsBelongToEachTweenerAndAreCopiedAtCreation() {
        let first = Tweener()
        let second = Tweener()
        first.defaults.duration = 2
        first.defaults.ease = .linear
        let tween = first.tween(from: 0.0, to: 1.0) { _ in }
        first.defaults.duration = 5
        #expect(tween.duration == 2)
        #expect(second.defaults.duration == Defaults.standard.duration)
        #expect(second.tween(from: 0.0, to: 1.0) { _ in }.duration == 0.3)
        first.defaults.reset()
        #expect(first.defaults.duration == 0.3)
        #expect(Defaults.standard.autoStartTweens && Defaults.standard.autoKillCompletedTweens)
        #expect(Defaults.standard.overshoot == 1.70158 && Defaults.standard.delay == 0)
        if case .quadOut = Defaults.standard.ease {} else { Issue.record("default ease is not quadOut") }
    }

    /// Every default reaches every kind of tween a tweener creates, a custom ease included (it is
    /// taken from the defaults, not from the flattened copy the tweener keeps), and a change to the
    /// defaults reaches the next tween, not the ones before it.
    @Test func everyDefaultReachesEveryFactory() {
        final class Box { var value = 0.0 }
        let tweener = Tweener()
        let steps = Ease.custom { ($0 * 4).rounded(.down) / 4 }
        tweener.defaults.ease = steps
        tweener.defaults.delay = 0.25
        tweener.defaults.overshoot = 3
        tweener.defaults.autoKillCompletedTweens = false
        tweener.defaults.autoStartTweens = false
        let box = Box()
        let tweens: [TweenAnimator] = [
            tweener.tween(from: 0.0, to: 1.0) { _ in }, tweener.tween(from: SIMD2<Double>(), to: SIMD2(1, 1)) { _ in },
            tweener.tween(box, \.value, to: 1), tweener.drive { _ in true },
        ]
        for tween in tweens {
            if case .custom = tween.ease {} else { Issue.record("\(type(of: tween)) lost the custom ease") }
            #expect(tween.delay == 0.25 && tween.overshoot == 3 && !tween.autoKillsOnCompletion)
        }
        tweener.update(by: 0.1)
        #expect(tweens.allSatisfy { $0.state == .new })  // no auto-start
        #expect(tweens[0].ease.value(at: 0.3) == 0.25)
        // A sequence keeps its own linear ease whatever the defaults say.
        let sequence = tweener.sequence()
        if case .linear = sequence.ease {} else { Issue.record("the sequence took the custom ease") }
        tweener.defaults.ease = .cubicIn
        let later = tweener.tween(from: 0.0, to: 1.0) { _ in }
        if case .cubicIn = later.ease {} else { Issue.record("stale ease") }
        if case .custom = tweens[0].ease {} else { Issue.record("an existing tween changed its ease") }
    }

    @Test func keyPathTweenReadsItsStartWhenItStarts() {
        let tweener = Tweener()
        tweener.defaults.ease = .linear
        let sprite = Sprite()
        tweener.tween(sprite, \.x, to: 10, duration: 1).delay(1)
        sprite.x = 4
        tweener.update(by: 0.5)
        sprite.x = 6  // moved by someone else during the delay: the start was read at start, 4
        tweener.update(by: 1)
        #expect(sprite.x == 7)
    }

    @Test func keyPathTweensAnimateFloatsAndVectors() {
        let tweener = Tweener()
        tweener.defaults.ease = .linear
        let sprite = Sprite()
        tweener.tween(sprite, \.y, to: 2, duration: 1)
        tweener.tween(sprite, \.position, to: SIMD2(4, 8), duration: 1)
        tweener.update(by: 0.5)
        #expect(sprite.y == 1)
        #expect(sprite.position == SIMD2(2, 4))
        tweener.update(by: 0.5)
        #expect(sprite.position == SIMD2(4, 8))
    }

    @Test func integerPropertiesRoundToNearest() {
        let tweener = Tweener()
        tweener.defaults.ease = .linear
        let sprite = Sprite()
        tweener.tween(sprite, \.score, to: 10, duration: 1)
        tweener.update(by: 0.24)
        #expect(sprite.score == 2)  // 2.4
        tweener.update(by: 0.01)
        #expect(sprite.score == 3)  // 2.5: halves away from zero
        tweener.update(by: 1)
        #expect(sprite.score == 10)
    }

    @Test func integerPropertiesClampToTheirTypeInsteadOfTrapping() {
        let tweener = Tweener()
        let sprite = Sprite()
        sprite.alpha = 10
        tweener.tween(sprite, \.alpha, to: 0, duration: 1).ease(.backIn)  // rises past 10 first
        sprite.offset = -120
        tweener.tween(sprite, \.offset, to: 127, duration: 1).ease(.elasticOut)  // overshoots 127
        let up = Sprite()
        up.alpha = 250
        tweener.tween(up, \.alpha, to: 255, duration: 1).ease(.backOut)  // overshoots 255
        tweener.tween(up, \.offset, to: -128, duration: 1).ease(.backOut)  // undershoots -128
        var highestOffset: Int8 = .min
        for _ in 0..<100 {
            tweener.update(by: 0.01)
            highestOffset = max(highestOffset, sprite.offset)
        }
        #expect(sprite.alpha == 0)
        #expect(highestOffset == 127)
        #expect(up.alpha == 255)
        #expect(up.offset == -128)
        let dips = Sprite()
        dips.alpha = 5
        tweener.tween(dips, \.alpha, to: 200, duration: 1).ease(.backIn)  // dips below 0 first
        tweener.update(by: 0.2)
        #expect(dips.alpha == 0)
    }

    @Test func chainingKeepsTheConcreteType() {
        let tweener = Tweener()
        let tween: PropertyTween<Double> = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
            .ease(.backOut).delay(0.2).duration(2).onComplete { _ in }.repeatCount(1).timeScale(2)
        #expect(tween.delay == 0.2)
        #expect(tween.duration == 2)
        let sequence: TweenSequence = tweener.sequence().delay(1).onStart { _ in }
        #expect(sequence.delay == 1)
    }

    @Test func releasingATweenerUntracksItsTweens() {
        var tweener: Tweener? = Tweener()
        let tween = tweener!.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        weak let weakTweener = tweener
        tweener = nil
        #expect(weakTweener == nil)
        #expect(tween.tweener == nil)
        #expect(tween.kill())
    }

    @Test func genericValuesInterpolateComponentWise() {
        let tweener = Tweener()
        tweener.defaults.ease = .linear
        var pair = AnimatablePair(0.0, SIMD3<Float>(0, 0, 0))
        var scalar: Float = 0
        tweener.tween(from: pair, to: AnimatablePair(4.0, SIMD3<Float>(2, 4, 8)), duration: 1) { pair = $0 }
        tweener.tween(from: Float(1), to: Float(3), duration: 1) { scalar = $0 }
        tweener.update(by: 0.25)
        #expect(pair.first == 1)
        #expect(pair.second == SIMD3<Float>(0.5, 1, 2))
        #expect(scalar == 1.5)
        tweener.update(by: 1)
        #expect(pair.second == SIMD3<Float>(2, 4, 8))
        #expect(scalar == 3)
    }
}
