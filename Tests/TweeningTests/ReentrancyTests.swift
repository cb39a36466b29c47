import Testing
import Tweening

/// Callbacks run inside `Tweener.update(by:)` may do anything to any tween, itself included.
struct ReentrancyTests {
    @Test func tweenThatKillsItselfInOnUpdateIsNotUpdatedAgain() {
        let tweener = Tweener()
        var updates = 0
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        tween.onUpdate { tween in
            updates += 1; tween.kill()
        }
        tweener.update(by: 0.1)
        tweener.update(by: 0.1)
        #expect(updates == 1)
        #expect(tween.state == .killed)
        #expect(tweener.count == 0)
    }

    @Test func tweenKilledByAnEarlierOneIsNotUpdatedAfterItsKill() {
        let tweener = Tweener()
        var updatedLater = 0
        let earlier = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        let later = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }.onUpdate { _ in updatedLater += 1 }
        earlier.onUpdate { _ in later.kill() }
        tweener.update(by: 0.1)
        #expect(updatedLater == 0)
        #expect(later.state == .killed)
        #expect(tweener.count == 1)
    }

    @Test func tweenThatRevivesAndRestartsItselfIsUpdatedOncePerFrame() {
        let tweener = Tweener()
        var updates = 0
        var kills = 0
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 0.25) { _ in }
        tween.onUpdate { _ in updates += 1 }
        tween.onKill { tween in
            kills += 1
            if kills < 3 {
                tween.revive()
                tween.start()
            }
        }
        tweener.update(by: 0.5)  // completes, auto-killed, revived and started: re-added for next frame
        #expect(updates == 1)
        #expect(tween.state == .active)
        #expect(tween.elapsed == 0)
        #expect(tweener.count == 1)
        tweener.update(by: 0.5)
        #expect(updates == 2)
        tweener.update(by: 0.5)
        #expect(updates == 3)
        #expect(kills == 3)
        #expect(tween.state == .killed)
        #expect(tweener.count == 0)
    }

    @Test func tweenRestartedByItsOwnOnUpdateDoesNotAlsoComplete() {
        let tweener = manualTweener()
        var restarts = 0
        let log = CallbackLog()
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        log.attach(to: tween)
        tween.onUpdate { tween in
            log.record(.update)
            if restarts == 0 { restarts += 1; tween.restart() }
        }
        tween.start()
        log.clear()
        tweener.update(by: 2)  // reaches the end; onUpdate restarts it before completion
        #expect(log.events == [.update, .stop, .restart, .start])
        #expect(tween.state == .active)
        #expect(tween.elapsed == 0)
    }

    @Test func tweenCreatedDuringAnUpdateIsFirstUpdatedByTheNextOne() {
        let tweener = Tweener()
        var child: PropertyTween<Double>?
        var childValues: [Double] = []
        tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }.onStart { _ in
            child = tweener.tween(from: 0.0, to: 10.0, duration: 1) { childValues.append($0) }.ease(.linear)
        }
        tweener.update(by: 0.5)
        #expect(child?.state == .new)
        #expect(childValues.isEmpty)
        #expect(tweener.count == 2)
        tweener.update(by: 0.5)
        #expect(child?.elapsed == 0.5)
        #expect(childValues == [0, 5])
    }

    @Test func callbackMayStartAndStopOtherTweens() {
        let tweener = manualTweener()
        let later = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        let earlier = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        earlier.start()
        later.start()
        let driver = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }.onUpdate { _ in
            earlier.stop()
            later.pause()
        }
        driver.start()
        tweener.update(by: 0.25)
        #expect(earlier.state == .inactive)
        #expect(later.state == .paused)
        #expect(later.elapsed == 0.25)  // it came first in order, so it had already been updated
    }

    @Test func killAllAndCompleteAllInsideACallbackAreSafe() {
        let tweener = Tweener()
        var visited = 0
        for index in 0..<50 {
            tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }.onUpdate { _ in
                visited += 1
                if index == 10 { tweener.killAll() }
            }
        }
        tweener.update(by: 0.1)
        #expect(visited == 11)
        #expect(tweener.count == 0)
        tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }.onStart { _ in tweener.completeAll() }
        tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        tweener.update(by: 0.1)
        #expect(tweener.count == 0)
    }

    @Test func nestedTweenerUpdateFromACallbackIsRefused() {
        let tweener = Tweener()
        var nested: Bool?
        tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }.onUpdate { _ in nested = tweener.update(by: 0.1) }
        #expect(tweener.update(by: 0.1))
        #expect(nested == false)
    }

    @Test func nothingIsVisitedTwiceWhenTweensChurnEveryFrame() {
        let tweener = Tweener()
        var visits: [ObjectIdentifier: Int] = [:]
        var pool: [PropertyTween<Double>] = []
        for _ in 0..<64 {
            let tween = tweener.tween(from: 0.0, to: 1.0, duration: 0.3) { _ in }
            tween.onUpdate { tween in
                visits[ObjectIdentifier(tween), default: 0] += 1
                if let other = pool.randomElement() {
                    if other.state == .killed { other.revive(); other.start() } else { other.kill() }
                }
            }
            pool.append(tween)
        }
        for _ in 0..<50 {
            visits.removeAll()
            tweener.update(by: 0.05)
            #expect(visits.values.allSatisfy { $0 == 1 })
            #expect(tweener.count == pool.filter { tweener.isTracking($0) }.count)
        }
    }
}
