import Foundation

/// The smallest scene that proves the loop end to end: a ball bouncing across the window in time with
/// the frame clock, and a second one that glides to wherever the mouse is clicked.
///
/// Everything moves by the `dt` it is given, so pausing the clock freezes it and a fixed `dt` makes it
/// deterministic.
public final class HelloScene: Scene {
    public let name = "hello"
    public let title = "Hello, Cadence"
    public let hint = "Click anywhere: the blue ball glides there.  Space pause  . step  [ ] speed  Esc quit"

    /// Seconds of animation time seen so far.
    public private(set) var time: Double = 0
    /// Where the clicked ball is heading.
    public private(set) var target: Point = Point(640, 480)
    /// Where the clicked ball is.
    public private(set) var follower: Point = Point(640, 480)
    /// Every click received, in order (tests check that input reaches the scene).
    public private(set) var clicks: [Point] = []

    /// Creates the scene.
    public init() {}

    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case let .mouseDown(.left, at: point), let .mouseMoved(to: point, dragging: true):
            if case .mouseDown = event { clicks.append(point) }
            target = point
            return true
        default:
            return false
        }
    }

    public func update(by dt: Double) {
        time += dt
        // Exponential approach, frame-rate independent: the gap shrinks by e^(−8·dt) each frame.
        follower += (target - follower) * (1 - exp(-8 * dt))
    }

    /// Where the bouncing ball is for a window of `size`: a 2-second back-and-forth with a bounce.
    public func bouncerPosition(in size: Size) -> Point {
        let phase = (time / 2).truncatingRemainder(dividingBy: 1)
        let across = phase < 0.5 ? phase * 2 : 2 - phase * 2
        let margin = 80.0
        let x = margin + across * (Double(size.width) - 2 * margin)
        let y = Double(size.height) * 0.45 - abs(sin(time * Double.pi * 2)) * 120
        return Point(x, y)
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
