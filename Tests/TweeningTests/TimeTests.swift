import Testing
import Tweening

struct TimeTests {
    @Test func leftoverDelayCarriesOverIntoTheSameUpdate() {
        let tweener = manualTweener()
        var shown: [Double] = []
        let tween = tweener.tween(from: 0.0, to: 10.0, duration: 1) { shown.append($0) }.delay(1)
        let log = CallbackLog()
        log.attach(to: tween)
        tween.start()
        #expect(tween.update(by: 1.5))
        #expect(tween.state == .active)
        #expect(tween.elapsed == 0.5)
        #expect(shown.last == 5)
        #expect(log.events == [.start, .update])
    }

    @Test func delayThatHasNotRunOutFiresNothing() {
        let tweener = manualTweener()
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }.delay(1)
        let log = CallbackLog()
        log.attach(to: tween)
        tween.start()
        tween.update(by: 0.75)
        #expect(tween.state == .delayed)
        #expect(tween.elapsed == 0)
        #expect(log.events.isEmpty)
        tween.update(by: 0.25)
        #expect(log.events == [.start, .update])
        #expect(tween.elapsed == 0)
    }

    @Test func changingTheDelayWhileWaitingTakesEffectAtTheNextStart() {
        let tweener = manualTweener()
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }.delay(1)
        tween.start()
        tween.delay = 0.25
        tween.update(by: 0.5)
        #expect(tween.state == .delayed)
        tween.restart()
        tween.update(by: 0.5)
        #expect(tween.state == .active)
        #expect(tween.elapsed == 0.25)
    }

    @Test(arguments: [-1.0, -.ulpOfOne, .nan, .infinity, -.infinity])
    func tweenRefusesBadDeltasAndChangesNothing(dt: Double) {
        let tweener = manualTweener()
        var shown: [Double] = []
        let tween = tweener.tween(from: 0.0, to: 10.0, duration: 1) { shown.append($0) }
        tween.start()
        tween.update(by: 0.25)
        let log = CallbackLog()
        log.attach(to: tween)
        let before = shown
        #expect(tween.update(by: dt) == false)
        #expect(tween.elapsed == 0.25)
        #expect(tween.state == .active)
        #expect(shown == before)
        #expect(log.events.isEmpty)
    }

    @Test(arguments: [-1.0, .nan, .infinity, -.infinity])
    func tweenerRefusesBadDeltasAndChangesNothing(dt: Double) {
        let tweener = Tweener()
        let tween = tweener.tween(from: 0.0, to: 10.0, duration: 1) { _ in }
        #expect(tweener.update(by: dt) == false)
        #expect(tween.state == .new)
        tweener.update(by: 0.25)
        #expect(tweener.update(by: dt) == false)
        #expect(tween.elapsed == 0.25)
    }

    @Test(arguments: [-1.0, .nan, -.infinity])
    func negativeAndNaNDurationsAndDelaysAreClampedToZero(bad: Double) {
        let tweener = manualTweener()
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: bad) { _ in }.delay(bad)
        #expect(tween.duration == 0)
        #expect(tween.delay == 0)
        tween.timeScale = bad
        #expect(tween.timeScale == 0)
        tweener.timeScale = bad
        #expect(tweener.timeScale == 0)
        var defaults = Defaults.standard
        defaults.duration = bad
        defaults.delay = bad
        #expect(defaults.duration == 0 && defaults.delay == 0)
    }

    @Test func zeroDurationCompletesOnTheFirstUpdate() {
        let tweener = manualTweener()
        var shown: [Double] = []
        let tween = tweener.tween(from: 3.0, to: 7.0, duration: 0) { shown.append($0) }
        #expect(tween.percentComplete == 0)
        tween.start()
        #expect(shown == [3])
        #expect(tween.update(by: 0))
        #expect(shown == [3, 7])
        #expect(tween.state == .killed)
        #expect(tween.percentComplete == 1)
    }

    @Test func percentCompleteIsClampedAndNeverNaN() {
        let tweener = manualTweener(autoKill: false)
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 2) { _ in }
        #expect(tween.percentComplete == 0)
        tween.start()
        tween.update(by: 0.5)
        #expect(tween.percentComplete == 0.25)
        tween.update(by: 5)
        #expect(tween.percentComplete == 1)
        let instant = tweener.tween(from: 0.0, to: 1.0, duration: 0) { _ in }.delay(1)
        instant.start()
        #expect(instant.percentComplete == 0)
        instant.update(by: 1)
        #expect(instant.percentComplete == 1)
    }

    @Test func hugeDeltaIsAppliedAsGiven() {
        let tweener = manualTweener()
        var shown = 0.0
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 1) { shown = $0 }
        tween.start()
        tween.update(by: 1e300)
        #expect(shown == 1)
        #expect(tween.state == .killed)
    }

    @Test func repeatsPlayThePassAgainAndYoyoComesBack() {
        let tweener = manualTweener(autoKill: false)
        var shown = -1.0
        let tween = tweener.tween(from: 0.0, to: 10.0, duration: 1) { shown = $0 }.repeatCount(2, yoyo: true)
        let log = CallbackLog()
        log.attach(to: tween)
        tween.start()
        tween.update(by: 0.5)
        #expect(shown == 5)
        tween.update(by: 0.75)  // 1.25: second pass, backwards
        #expect(tween.completedLoops == 1)
        #expect(shown == 7.5)
        #expect(log.events == [.start, .update, .repeat, .update])
        #expect(tween.progress == 1.25 / 3)
        tween.update(by: 1)  // 2.25: third pass, forwards again
        #expect(shown == 2.5)
        tween.update(by: 10)
        #expect(shown == 10)
        #expect(tween.state == .completed)
        #expect(tween.completedLoops == 2)
    }

    @Test func aDeltaSpanningSeveralPassesLandsInTheRightOne() {
        let tweener = manualTweener()
        var shown = -1.0
        let tween = tweener.tween(from: 0.0, to: 8.0, duration: 1) { shown = $0 }.repeatCount(-1)
        tween.start()
        tween.update(by: 5.25)
        #expect(tween.completedLoops == 5)
        #expect(shown == 2)
        #expect(tween.state == .active)
    }

    @Test func timeScalesOfTweenAndTweenerMultiply() {
        let tweener = Tweener()
        tweener.timeScale = 0.5
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 10) { _ in }.timeScale(4)
        tweener.update(by: 1)
        #expect(tween.elapsed == 2)
    }

    @Test func reversedTweenPlaysFromEndToStart() {
        let tweener = manualTweener()
        var shown = -1.0
        let tween = tweener.tween(from: 0.0, to: 10.0, duration: 1) { shown = $0 }.reversed()
        tween.start()
        #expect(shown == 10)
        tween.update(by: 0.25)
        #expect(shown == 7.5)
        tween.complete()
        #expect(shown == 0)
    }

    @Test func flippingDirectionMidFlightTurnsAroundWithoutAJump() {
        let tweener = manualTweener()
        var shown = -1.0
        let tween = tweener.tween(from: 0.0, to: 10.0, duration: 1) { shown = $0 }
        tween.start()
        tween.update(by: 0.75)
        #expect(shown == 7.5)
        tween.isReversed = true
        tween.update(by: 0)
        #expect(shown == 7.5)
        tween.update(by: 0.25)
        #expect(shown == 5)
    }

    @Test func settingProgressSeeksWithoutCallbacksOrStateChange() {
        let tweener = manualTweener()
        var shown = -1.0
        let tween = tweener.tween(from: 0.0, to: 10.0, duration: 1) { shown = $0 }.repeatCount(1)
        tween.start()
        let log = CallbackLog()
        log.attach(to: tween)
        tween.progress = 0.75
        #expect(tween.completedLoops == 1)
        #expect(tween.elapsed == 0.5)
        #expect(shown == 5)
        #expect(log.events.isEmpty)
        #expect(tween.state == .active)
        tween.progress = .nan
        #expect(tween.elapsed == 0.5)
    }

    @Test func progressIsIgnoredBeforeAStart() {
        let tweener = manualTweener()
        var calls = 0
        let tween = tweener.tween(from: 0.0, to: 10.0, duration: 1) { _ in calls += 1 }
        tween.progress = 0.5
        #expect(calls == 0)
        #expect(tween.progress == 0)
    }
}

/// STween's `testTweenFromDelayed`: a delayed tween leaves its target untouched until the delay runs out;
/// `immediateRender` (GSAP's name) asks for the start values at `start()` instead.
struct DelayedRenderTests {
    final class Box { var x = 0.0 }

    @Test func delayedFromTweenLeavesItsTargetUntouchedUntilTheDelayRunsOut() {
        let tweener = manualTweener()
        let box = Box()
        var writes = 0
        let tween = tweener.tween(from: 100.0, to: 0.0, duration: 1) {
            box.x = $0; writes += 1
        }.delay(1)
        tween.start()
        #expect(tween.elapsed == 0 && box.x == 0 && writes == 0)
        tweener.update(by: 0.5)
        #expect(tween.state == .delayed && box.x == 0 && writes == 0)
        tweener.update(by: 0.5)  // the delay runs out exactly: the start, and nothing played yet
        #expect(tween.state == .active && tween.elapsed == 0 && box.x == 100)
        tweener.update(by: 0.5)
        #expect(tween.elapsed == 0.5 && box.x == 50)
        tweener.update(by: 0.5)
        #expect(tween.state == .killed && box.x == 0)
    }

    @Test func restartingADelayedTweenLeavesTheTargetWhereItIs() {
        let tweener = manualTweener()
        let box = Box()
        let tween = tweener.tween(from: 100.0, to: 0.0, duration: 1) { box.x = $0 }.delay(0.5)
        tween.start()
        tweener.update(by: 1)  // 0.5 into the tween
        #expect(box.x == 50)
        tween.restart()
        #expect(tween.state == .delayed && box.x == 50)
        tweener.update(by: 0.75)
        #expect(box.x == 75)
    }

    @Test func keyPathTweenWithADelayDoesNotWriteItsOwnStartBack() {
        let tweener = Tweener()
        let sprite = Sprite()
        sprite.x = 4
        var written: [Double] = []
        tweener.tween(sprite, \.x, to: 10, duration: 1).delay(1).ease(.linear).onUpdate { _ in written.append(sprite.x)
        }
        tweener.update(by: 0.5)  // auto-starts, reads 4, waits
        sprite.x = 6  // someone else moves it during the delay: nothing overwrites that until the delay ends
        tweener.update(by: 0.25)
        #expect(sprite.x == 6 && written.isEmpty)
    }

    @Test func immediateRenderShowsTheStartAtOnceAndHoldsItThroughTheDelay() {
        let tweener = manualTweener()
        let box = Box()
        var writes = 0
        let tween = tweener.tween(from: 100.0, to: 0.0, duration: 1) {
            box.x = $0; writes += 1
        }
        .delay(1).immediateRender()
        #expect(tween.immediateRender)
        tween.start()
        #expect(tween.state == .delayed && box.x == 100 && writes == 1)
        tweener.update(by: 0.5)
        #expect(box.x == 100 && writes == 1)
        tweener.update(by: 1)
        #expect(tween.elapsed == 0.5 && box.x == 50)
    }

    @Test func immediateRenderIsOffByDefaultAndChangesNothingWithoutADelay() {
        let tweener = manualTweener()
        var shown: [Double] = []
        let plain = tweener.tween(from: 3.0, to: 4.0, duration: 1) { shown.append($0) }
        #expect(plain.immediateRender == false)
        plain.start()
        let eager = tweener.tween(from: 3.0, to: 4.0, duration: 1) { shown.append($0) }.immediateRender()
        eager.start()
        #expect(shown == [3, 3])
    }
}
