import Testing
@testable import Tweening

/// The slot buffer behind `Tweener`: order, O(1) removal, and iteration that tolerates whatever the
/// visited tweens' callbacks do to the list.
@Suite struct TweenListTests {
    /// A list owned by a live tweener (a list whose tweener is gone ignores appends).
    final class Fixture {
        let tweener = Tweener()
        let list = TweenList()
        init() { list.owner = tweener }
        deinit { list.detach() }

        func make(_ count: Int) -> [TweenAnimator] {
            (0..<count).map { _ in
                PropertyTween(
                    start: 0.0, end: 1.0, readStart: nil, template: TweenTemplate(.standard, list: list),
                    renderer: PropertyTween<Double>.renderer { _ in })
            }
        }

        func visited() -> [ObjectIdentifier] {
            var ids: [ObjectIdentifier] = []
            list.forEach { ids.append(ObjectIdentifier($0)) }
            return ids
        }
    }

    @Test func appendKeepsOrderAndRemovalKeepsTheOthersOrder() {
        let fixture = Fixture()
        let tweens = fixture.make(40)
        tweens.forEach(fixture.list.append)
        fixture.list.append(tweens[3])  // already in: ignored
        #expect(fixture.list.count == 40)
        for index in stride(from: 0, to: 40, by: 3) { fixture.list.remove(tweens[index]) }
        fixture.list.remove(tweens[0])  // already out: ignored
        let kept = tweens.indices.filter { $0 % 3 != 0 }.map { ObjectIdentifier(tweens[$0]) }
        #expect(fixture.visited() == kept)
        #expect(fixture.list.count == kept.count)
        #expect(tweens.allSatisfy { fixture.list.contains($0) == ($0.trackIndex >= 0) })
        #expect(fixture.list.all.map(ObjectIdentifier.init) == kept)
    }

    @Test func removalDuringIterationSkipsTheRemovedAndVisitsTheRest() {
        let fixture = Fixture()
        let tweens = fixture.make(10)
        tweens.forEach(fixture.list.append)
        var seen: [Int] = []
        fixture.list.forEach { tween in
            let index = tweens.firstIndex { $0 === tween }!
            seen.append(index)
            if index == 2 {
                fixture.list.remove(tweens[5])  // later: not visited
                fixture.list.remove(tweens[1])  // earlier: already visited
                fixture.list.remove(tween)  // itself: stays alive to the end of this call
            }
        }
        #expect(seen == [0, 1, 2, 3, 4, 6, 7, 8, 9])
        #expect(fixture.visited() == [0, 3, 4, 6, 7, 8, 9].map { ObjectIdentifier(tweens[$0]) })
    }

    @Test func appendsDuringIterationAreVisitedFirstByTheNextOneEvenWhenTheBufferGrows() {
        let fixture = Fixture()
        let first = fixture.make(3)
        first.forEach(fixture.list.append)
        let arriving = fixture.make(1_000)  // far past the capacity: the buffer moves several times
        var seen = 0
        fixture.list.forEach { tween in
            seen += 1
            if tween === first[0] { arriving.forEach(fixture.list.append) }
        }
        #expect(seen == 3)
        #expect(fixture.list.count == 1_003)
        #expect(fixture.visited() == (first + arriving).map(ObjectIdentifier.init))
    }

    @Test func removedAndAppendedAgainDuringIterationIsVisitedOnceThenMovesToTheEnd() {
        let fixture = Fixture()
        let tweens = fixture.make(4)
        tweens.forEach(fixture.list.append)
        var visits: [ObjectIdentifier: Int] = [:]
        fixture.list.forEach { tween in
            visits[ObjectIdentifier(tween), default: 0] += 1
            if tween === tweens[0] {
                fixture.list.remove(tweens[2])
                fixture.list.append(tweens[2])  // revived: a new slot past this iteration's end
                fixture.list.remove(tween)
                fixture.list.append(tween)
            }
        }
        #expect(visits.count == 3 && visits.values.allSatisfy { $0 == 1 })  // 0, 1 and 3: 2's old slot is skipped
        #expect(fixture.visited() == [1, 3, 2, 0].map { ObjectIdentifier(tweens[$0]) })
        #expect(fixture.list.count == 4)
    }

    @Test func nestedIterationsSeeTheSameListAndCompactOnlyAtTheEnd() {
        let fixture = Fixture()
        let tweens = fixture.make(6)
        tweens.forEach(fixture.list.append)
        var inner = 0
        var outer = 0
        fixture.list.forEach { tween in
            outer += 1
            if tween === tweens[1] {
                fixture.list.forEach { other in
                    inner += 1
                    fixture.list.remove(other)  // removes everything, including the outer's current
                }
            }
        }
        #expect(outer == 2 && inner == 6)
        #expect(fixture.list.count == 0 && fixture.visited().isEmpty)
    }

    @Test func theListHoldsItsTweensAliveAndReleasesThemAfterRemovalOrWhenDetached() {
        let fixture = Fixture()
        weak var removed: TweenAnimator?
        weak var alsoRemoved: TweenAnimator?
        weak var kept: TweenAnimator?
        do {
            let tweens = fixture.make(3)
            tweens.forEach(fixture.list.append)
            (removed, alsoRemoved, kept) = (tweens[0], tweens[1], tweens[2])
        }
        #expect(removed != nil && alsoRemoved != nil && kept != nil)
        fixture.list.remove(removed!)  // a tombstone, still holding its retain
        #expect(removed != nil)
        fixture.list.remove(alsoRemoved!)  // the majority are tombstones now: compacted and retired
        #expect(removed != nil && alsoRemoved != nil && fixture.list.pendingReleases == 2)
        #expect(fixture.list.releaseRetired() == 2)  // what the tweener does at each update
        #expect(removed == nil && alsoRemoved == nil && kept != nil)
        fixture.list.detach()
        #expect(kept == nil)
        let late = fixture.make(1)[0]
        fixture.list.append(late)  // a list whose tweener is gone takes nothing
        #expect(fixture.list.count == 0 && late.trackIndex == -1)
    }

    /// Retired tweens are released a bounded number at a time, oldest or newest alike, and all of
    /// them when the list is detached.
    @Test func releasesAreSpreadOverCallsAndFinishedByDetaching() {
        let fixture = Fixture()
        let budget = TweenList.releaseBudget
        var tweens = fixture.make(budget * 2 + 10)
        tweens.forEach(fixture.list.append)
        let probes = [tweens[0], tweens[budget], tweens[tweens.count - 1]].map { Weak($0) }
        tweens.forEach(fixture.list.remove)
        tweens.removeAll()
        #expect(fixture.list.count == 0 && fixture.list.pendingReleases == budget * 2 + 10)
        #expect(fixture.list.releaseRetired() == budget)
        #expect(fixture.list.pendingReleases == budget + 10)
        #expect(probes.filter { $0.object != nil }.count >= 1)
        fixture.list.detach()
        #expect(fixture.list.pendingReleases == 0 && probes.allSatisfy { $0.object == nil })
    }

    /// A tweener releases the tweens it untracked during its following updates, never more than the
    /// budget per update, and everything when it is released itself.
    @Test func aTweenerReleasesCompletedTweensOverItsNextUpdates() {
        let budget = TweenList.releaseBudget
        var tweener: Tweener? = Tweener()
        var probes: [Weak] = []
        for _ in 0..<(budget + 5) {
            probes.append(Weak(tweener!.tween(from: 0.0, to: 1.0, duration: 0.1) { _ in }))
        }
        tweener!.update(by: 1)  // every tween starts, completes and is auto-killed here
        #expect(tweener!.count == 0)
        #expect(probes.allSatisfy { $0.object != nil })  // none freed in the frame they completed
        tweener!.update(by: 1 / 60)
        #expect(probes.filter { $0.object == nil }.count == budget)
        tweener!.update(by: 1 / 60)
        #expect(probes.allSatisfy { $0.object == nil })
        tweener = Tweener()
        let survivor = Weak(tweener!.tween(from: 0.0, to: 1.0, duration: 0.1) { _ in })
        tweener!.update(by: 1)
        tweener = nil  // releasing the tweener releases what it still held
        #expect(survivor.object == nil)
    }

    /// What waits for release stays bounded under a churn above the budget: an eighth of it goes per
    /// update, so C removals an update settle at 8·C waiting (a fixed budget would grow without end).
    @Test func aSteadyChurnLeavesABoundedNumberWaiting() {
        let fixture = Fixture()
        let churn = TweenList.releaseBudget * 2
        let tweens = fixture.make(churn)
        var waiting: [Int] = []
        for _ in 0..<40 {
            fixture.list.releaseRetired()
            tweens.forEach(fixture.list.append)
            tweens.forEach(fixture.list.remove)
            waiting.append(fixture.list.pendingReleases)
        }
        #expect(waiting.allSatisfy { $0 <= 8 * churn + churn })
        #expect(waiting[39] - waiting[38] < churn / 8)  // settling, not growing by a constant step
    }

    final class Weak {
        weak var object: TweenAnimator?
        init(_ object: TweenAnimator) { self.object = object }
    }

    @Test func randomChurnMatchesAnArrayModel() {
        var rng = SplitMix64(seed: 19)
        let fixture = Fixture()
        let pool = fixture.make(64)
        var model: [ObjectIdentifier] = []
        for _ in 0..<2_000 {
            let tween = pool[Int(rng.next() % 64)]
            let id = ObjectIdentifier(tween)
            if rng.next() % 2 == 0 {
                fixture.list.append(tween)
                if !model.contains(id) { model.append(id) }
            } else {
                fixture.list.remove(tween)
                model.removeAll { $0 == id }
            }
            #expect(fixture.list.count == model.count)
        }
        #expect(fixture.visited() == model)
    }
}
