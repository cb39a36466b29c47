import Cadence
import Foundation
import Tweening

/// The smallest scene that uses both libraries: a ball bouncing across the window on two tweens
/// (Tweening), and a second one that glides to wherever the mouse is clicked on a spring (Cadence's
/// `AnimatedValue`), which keeps its velocity when a click retargets it mid-flight.
///
/// Both run on the tweener the loop advances every frame, so pausing the clock freezes them, `[` `]`
/// slow them down or speed them up, and a fixed `dt` makes them deterministic.
public final class HelloScene: Scene {
    public let name = "hello"
    public let title = "Hello, Cadence"
    public let hint = "Click anywhere: the blue ball glides there.  Space pause  . step  [ ] speed  Esc quit"

    /// Seconds of animation time seen so far.
    public private(set) var time: Double = 0
    /// Where the clicked ball is heading.
    public private(set) var target: Point = Point(640, 480)
    /// Every click received, in order (tests check that input reaches the scene).
    public private(set) var clicks: [Point] = []

    /// The gliding ball: a spring retargeted by every click.
    private let glider = AnimatedValue(Point(640, 480))
    /// The bouncing ball: how far across (0 … 1) and how high (0 … 1) it is, each moved by a tween.
    private var across = 0.0
    private var height = 0.0

    /// Creates the scene, its value driven by and its tweens created on `context.tweener`.
    public init(context: SceneContext) {
        context.tweener.drive(glider)
        // Across and back every 4 s; up and down every 1 s, fast off the floor and slow at the top.
        context.tweener.tween(from: 0.0, to: 1.0, duration: 2) { [unowned self] in self.across = $0 }
            .ease(.sineInOut).repeatCount(-1, yoyo: true)
        context.tweener.tween(from: 0.0, to: 1.0, duration: 0.5) { [unowned self] in self.height = $0 }
            .ease(.quadOut).repeatCount(-1, yoyo: true)
    }

    /// Where the clicked ball is.
    public var follower: Point { glider.presentation }

    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        switch event {
        case let .mouseDown(.left, at: point), let .mouseMoved(to: point, dragging: true):
            if case .mouseDown = event { clicks.append(point) }
            target = point
            glider.set(point, animation: .smooth)
            return true
        default:
            return false
        }
    }

    public func update(by dt: Double) {
        time += dt
    }

    public var activeAnimations: Int { glider.isAnimating ? 1 : 0 }

    /// Where the bouncing ball is for a window of `size`.
    public func bouncerPosition(in size: Size) -> Point {
        let margin = 80.0
        return Point(margin + across * (Double(size.width) - 2 * margin), Double(size.height) * 0.45 - height * 120)
    }

    public func draw(into list: inout DrawList, size: Size) {
        let floor = Double(size.height) * 0.45 + 30
        list.line(Point(40, floor), Point(Double(size.width) - 40, floor), .grid)
        list.circle(bouncerPosition(in: size), radius: 28, Color.palette[1])
        list.circle(target, radius: 6, .dimText)
        list.circle(follower, radius: 22, Color.palette[4])
        list.text(String(format: "t = %.2f s", time), at: Point(20, Double(size.height) - 30), size: .small, .dimText)
    }
}
