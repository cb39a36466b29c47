import Cadence
import CadenceExamples
import Foundation
import Tweening

/// Scene 3, **pause**: three ways to hold an animation still, side by side on three lanes.
///
/// 1. The `AnimationContext` documentation's `PausableAnimation`, paused through `environment[PausableAnimation.PausedKey.self]` (Space). The value's
///    clock keeps running; the animation freezes its own effective time and, on resuming, continues
///    from where it held.
/// 2. A tween, paused through its `Tween` handle (T): `pause()` / `resume()`.
/// 3. The whole frame clock (C): every lane, and every tween in the harness, holds.
///
/// Each lane shows its elapsed and paused time. Resuming never jumps: the marker continues from the
/// position it held.
public final class PauseScene: Scene {
    public let name = "pause"
    public let title = "Pausing: environment, tween handle, clock"
    public let hint = "Space pause the PausableAnimation   T pause the tween   C pause the whole clock"

    /// One lane's bookkeeping.
    public struct Lane {
        /// What pauses it.
        public let label: String
        /// The marker's progress across the lane, 0…1.
        public fileprivate(set) var progress = 0.0
        /// Seconds it has been running.
        public fileprivate(set) var elapsed = 0.0
        /// Seconds it has been held.
        public fileprivate(set) var paused = 0.0
        /// Whether it is held now.
        public fileprivate(set) var isPaused = false
    }

    /// The three lanes: pausable animation, tween, and a plain animation that only the clock pauses.
    public private(set) var lanes: [Lane] = [
        Lane(label: "PausableAnimation via environment.animationPaused (Space)"),
        Lane(label: "tween via its Tween handle: pause() / resume() (T)"),
        Lane(label: "plain .easeInOut: only the frame clock pauses it (C)"),
    ]

    private let pausable = AnimatedValue(0.0)
    private let plain = AnimatedValue(0.0)
    private var tweenValue = 0.0
    private var tween: PropertyTween<Double>!
    private let clock: FrameClock?

    /// Creates the scene; every lane swings back and forth every two seconds.
    public init(context: SceneContext) {
        clock = context.clock
        let swing = Animation.easeInOut(duration: 2).repeatForever(autoreverses: true)
        context.tweener.drive(pausable)
        context.tweener.drive(plain)
        pausable.set(1, animation: Animation(PausableAnimation(base: swing)))
        plain.set(1, animation: swing)
        tween = context.tweener.tween(from: 0.0, to: 1.0, duration: 2) { [unowned self] in self.tweenValue = $0 }
            .ease(.sineInOut)
        tween.repeatCount = -1
        tween.yoyo = true
    }

    /// Toggles `environment[PausableAnimation.PausedKey.self]` on the pausable lane's value.
    public func togglePausable() {
        pausable.environment[PausableAnimation.PausedKey.self].toggle()
    }

    /// Pauses or resumes the tween through its handle.
    public func toggleTween() {
        if tween.state == .paused { tween.resume() } else { tween.pause() }
    }

    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        switch event {
        case .keyDown(.space):
            togglePausable()
            return true
        case .keyDown(.letter("t")):
            toggleTween()
            return true
        case .keyDown(.letter("c")):
            clock?.isPaused.toggle()
            return true
        default:
            return false
        }
    }

    public func update(by dt: Double) {
        let clockPaused = clock?.isPaused ?? false
        // While the clock is paused `dt` is 0, yet held time goes on: count the frame's real interval.
        let frame = clock?.frameInterval ?? dt
        let heldByItself = [pausable.environment[PausableAnimation.PausedKey.self], tween.state == .paused, false]
        for index in lanes.indices {
            lanes[index].isPaused = heldByItself[index] || clockPaused
            if heldByItself[index] || (clockPaused && dt == 0) {
                lanes[index].paused += dt > 0 ? dt : frame
            } else {
                lanes[index].elapsed += dt
            }
        }
        lanes[0].progress = pausable.presentation
        lanes[1].progress = tweenValue
        lanes[2].progress = plain.presentation
    }

    public var activeAnimations: Int { (pausable.isAnimating ? 1 : 0) + (plain.isAnimating ? 1 : 0) }

    /// Where lane `index`'s marker is drawn.
    public func markerPosition(_ index: Int, in size: Size) -> Point {
        let left = 80.0, right = Double(size.width) - 80
        return Point(left + (right - left) * lanes[index].progress, 170 + Double(index) * 170)
    }

    public func draw(into list: inout DrawList, size: Size) {
        let left = 80.0, right = Double(size.width) - 80
        for (index, lane) in lanes.enumerated() {
            let y = 170 + Double(index) * 170
            list.text(lane.label, at: Point(left, y - 70), size: .small, .text)
            list.text(
                String(format: "elapsed %.2f s   paused %.2f s", lane.elapsed, lane.paused)
                    + (lane.isPaused ? "   HELD" : ""),
                at: Point(left, y - 48), size: .small, lane.isPaused ? Color.palette[1] : .dimText)
            list.line(Point(left, y), Point(right, y), .grid)
            list.circle(
                markerPosition(index, in: size), radius: 18,
                lane.isPaused ? Color.palette[1] : Color.palette[4 + index % 3])
        }
    }
}
