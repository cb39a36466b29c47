#if canImport(Glibc)
import CLinux
import Testing
@testable import Cadence
@testable import Tweening

/// The bytes an instance of `someClass` asks the allocator for (header and stored properties): the standard
/// library's own query, which it does not make public.
@_silgen_name("$ss36_class_getInstancePositiveExtentSizeySiyXlXpF")
private func instanceSize(_ someClass: AnyClass) -> Int

/// The size of a `Double` tween, which an update of many tweens reads end to end: a field added to the
/// tween's hot layout, or a cold one kept inline instead of in `extras`, shows here before it shows as a
/// slower "Tween update, 100,000 tweens" row.
@Suite struct TweenLayoutTests {
    @Test func aDoubleTweenFitsA144ByteBlock() {
        let tweener = Tweener()
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 1) { _ in }
        // A 144-byte block (8 bytes of glibc's header) leaves 136 usable bytes, the tween's whole layout. The
        // layout's own size, not the block's: glibc may hand out a free block up to 31 bytes larger than asked.
        #expect(instanceSize(type(of: tween)) <= 136)
        #expect(malloc_usable_size(Unmanaged.passUnretained(tween).toOpaque()) >= instanceSize(type(of: tween)))
    }

    /// What a driven value holds at rest beside its driver: a field added inline (an `Animation`, say) shows
    /// here before it shows in `bench-memory`'s bytes per value. Its running state is made by its first
    /// animation, not before.
    @Test func aValueAtRestFitsA64ByteBlock() {
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        value.implicitAnimation = .spring
        #expect(instanceSize(type(of: value)) <= 56)
        #expect(value.implicitAnimation == .spring)
        value.implicitAnimation = nil
        #expect(value.implicitAnimation == nil)
        value.update(by: 0.5)
        value.set(SIMD2(1, 1), animation: nil)
        #expect(value.motion == nil, "a jump of a value that never animated makes no running state")
        value.set(SIMD2(2, 2), animation: .linear(duration: 1))
        #expect(value.motion?.running.clock == 0.5, "the running state takes over the value's clock")
    }

    /// A merging spring's state on a value holds its motion and clock; the step matrices are shared by
    /// every motion with the same spring, so the state fits a 128-byte block with its box's header.
    @Test func aSpringsStateLeavesItsMatricesShared() {
        #expect(MemoryLayout<IntegratedMotionState<SIMD2<Double>>>.size <= 112)
    }

    /// The driver `drive(value)` makes holds the value itself: one 144-byte block per driven value.
    @Test func aValueDriverIsOneBlock() {
        let tweener = Tweener()
        let value = AnimatedValue(SIMD2<Double>(0, 0))
        let driver = tweener.drive(value)
        #expect(instanceSize(type(of: driver)) <= 136)
        #expect(driver.subject === value)
    }

    @Test func aPlainTweenPlaysWithoutItsOutOfLineState() {
        let tweener = Tweener()
        let tween = tweener.tween(from: 0.0, to: 1.0, duration: 0.05) { _ in }
        for _ in 0..<4 { tweener.update(by: 1.0 / 60) }  // starts, plays, completes
        #expect(tween.state == .completed || tween.state == .killed)
        #expect(tween.extras == nil)
    }

    @Test func aKeyPathTweenKeepsItsStartReaderOutOfLine() {
        final class Box { var value = 0.0 }
        let box = Box()
        let tweener = Tweener()
        let tween = tweener.tween(box, \.value, to: 1, duration: 1)
        #expect(tween.extras?.startReader is StartReader<Double>)
        box.value = 0.5
        tween.start()
        #expect(tween.startValue == 0.5)
    }
}
#endif
