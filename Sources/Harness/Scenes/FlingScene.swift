import Cadence
import Foundation
import Tweening

/// Scene **fling**: cards you drag and throw with the mouse. While dragged, a card follows the pointer
/// with its velocity tracked (`AnimatedValue.track(to:velocity:)`, fed by a `VelocityTracker`); past the
/// board's edges it rubber-bands (UIScrollView's 0.55). On release it flies off at the hand's velocity:
/// in *snap* mode into the snap point nearest the projected end, under a merging spring that takes the
/// velocity over; in *free* mode it coasts under a decay (`AnimatedValue.decay`), or, when the
/// projection leaves the board, springs to the nearest point of the edge.
///
/// What to look for: the strips plot the pointer's estimated speed and the card's speed on one time
/// axis and one scale; at a release (vertical line) the card's curve continues the pointer's without a
/// jump. The readouts give the release velocity and the projected end.
public final class FlingScene: Scene {
    public let name = "fling"
    public let title = "Fling: the hand's velocity handed to the animation"
    public var hint: String {
        "Drag a card and let go.  M: \(snapping ? "snap points (spring)" : "free inertia (decay)")   R: reset"
    }

    /// One card.
    public final class Card {
        /// Its label.
        public let label: String
        /// Its colour.
        public let color: Color
        /// Its centre, animated.
        public let value: AnimatedValue<Point>

        init(label: String, color: Color, at point: Point) {
            self.label = label
            self.color = color
            value = AnimatedValue(point)
        }

        /// Where it is shown now.
        public var position: Point { value.presentation }
    }

    /// The board: card centres stay inside it, and rubber-band past it.
    public static let board = Rect(x: 150, y: 110, width: 980, height: 250)
    /// A card's size.
    public static let cardSize = Point(96, 64)
    /// The snap points: a 5 × 2 grid across the board.
    public static let snapPoints: [Point] = (0..<2).flatMap { row in
        (0..<5).map { column in Point(board.x + 10 + Double(column) * 240, board.y + 10 + Double(row) * 230) }
    }
    /// Frames of speed history kept (four seconds at 60 fps).
    public static let historyLength = 240
    /// The spring a card snaps with.
    public static let snapAnimation = Animation.spring(response: 0.55, dampingFraction: 0.78)
    /// The deceleration of a free throw: UIScrollView's normal rate.
    public static let decelerationRate = DecayAnimation.normal

    /// The cards, in drawing order (the last is on top).
    public private(set) var cards: [Card] = []
    /// Snap points (true) or free inertia (false): M.
    public private(set) var snapping = true
    /// The card being dragged, if any.
    public private(set) var dragged: Card?
    /// The card last thrown (or being dragged): the one whose speed is plotted.
    public private(set) var watched: Card?
    /// The last release: where, at what velocity, the projected end and where the card was sent.
    public private(set) var lastRelease: (position: Point, velocity: Point, projected: Point, destination: Point)?
    /// The pointer's estimated speed at each recent frame, px/s, oldest first.
    public private(set) var pointerSpeeds: [Double] = []
    /// The watched card's speed at each recent frame, px/s, oldest first.
    public private(set) var cardSpeeds: [Double] = []
    /// Frames (history positions) of releases.
    public private(set) var releaseMarks: [Int] = []

    private let tweener: Tweener
    private var pointerTracker = VelocityTracker<Point>()
    private var cardTracker = VelocityTracker<Point>()
    private var grabOffset = Point(0, 0)
    private var pointer = Point(0, 0)
    private var now = 0.0
    private var frames = 0

    /// Creates the scene with three cards resting on snap points.
    public init(context: SceneContext) {
        tweener = context.tweener
        reset()
    }

    /// Puts the cards back on their first snap points, at rest.
    public func reset() {
        let labels = ["A", "B", "C"]
        cards = labels.enumerated().map { index, label in
            let card = Card(label: label, color: Color.palette[index * 2], at: Self.snapPoints[index + 1])
            tweener.drive(card.value)
            return card
        }
        dragged = nil
        watched = cards.last
        lastRelease = nil
    }

    /// Where a card centred at `raw` is shown: inside the board as it is, past it rubber-banded.
    static func rubberBanded(_ raw: Point) -> Point {
        Point(
            Snapping.rubberBanded(raw.x, in: board.x...(board.x + board.width), dimension: board.width),
            Snapping.rubberBanded(raw.y, in: board.y...(board.y + board.height), dimension: board.height))
    }

    static func clampedToBoard(_ point: Point) -> Point {
        Point(min(max(point.x, board.x), board.x + board.width), min(max(point.y, board.y), board.y + board.height))
    }

    /// The card under `point`, topmost first.
    func card(at point: Point) -> Card? {
        cards.last { card in
            let p = card.position
            return abs(point.x - p.x) <= Self.cardSize.x / 2 + 4 && abs(point.y - p.y) <= Self.cardSize.y / 2 + 4
        }
    }

    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        switch event {
        case let .mouseDown(.left, at: point):
            pointer = point
            pointerTracker.reset()
            pointerTracker.addSample(point, at: now)
            guard let card = card(at: point) else { return true }
            // Grabbed mid-flight: it stops in the hand.
            cards.removeAll { $0 === card }
            cards.append(card)
            dragged = card
            watched = card
            grabOffset = card.position - point
            cardTracker.reset()
            cardTracker.addSample(card.position, at: now)
            card.value.track(to: card.position, velocity: .zero)
            return true
        case let .mouseMoved(to: point, dragging: _):
            pointer = point
            pointerTracker.addSample(point, at: now)
            guard let card = dragged else { return true }
            let shown = Self.rubberBanded(point + grabOffset)
            cardTracker.addSample(shown, at: now)
            card.value.track(to: shown, velocity: cardTracker.velocity(at: now))
            return true
        case let .mouseUp(.left, at: point):
            pointer = point
            pointerTracker.addSample(point, at: now)
            if let card = dragged { release(card) }
            return true
        case .keyDown(.letter("m")):
            snapping.toggle()
            return true
        case .keyDown(.letter("r")):
            reset()
            return true
        default:
            return false
        }
    }

    /// Lets go of `card`: it keeps the tracker's velocity and flies to where the throw is sent.
    func release(_ card: Card) {
        dragged = nil
        let position = card.value.presentation
        let velocity = cardTracker.velocity(at: now)
        card.value.track(to: position, velocity: velocity)
        let projected = position + DecayAnimation.project(velocity: velocity, decelerationRate: Self.decelerationRate)
        let destination: Point
        if snapping {
            destination = Snapping.nearest(to: projected, among: Self.snapPoints) ?? position
            card.value.set(destination, animation: Self.snapAnimation)
        } else if Self.board.contains(projected) && Self.board.contains(position) {
            destination = card.value.decay(decelerationRate: Self.decelerationRate)
        } else {
            // Thrown off the board (or let go past its edge): spring back to the nearest point of the edge.
            destination = Self.clampedToBoard(projected)
            card.value.set(destination, animation: Self.snapAnimation)
        }
        lastRelease = (position, velocity, projected, destination)
        releaseMarks.append(frames)
    }

    public func update(by dt: Double) {
        guard dt > 0 else { return }
        now += dt
        frames += 1
        if let card = dragged {
            // Keep the tracked velocity current between pointer events (it falls to zero when the
            // pointer stops).
            card.value.track(to: card.value.presentation, velocity: cardTracker.velocity(at: now))
        }
        pointerSpeeds.append(Self.length(pointerTracker.velocity(at: now)))
        cardSpeeds.append(watched.map { Self.length($0.value.velocity) } ?? 0)
        if pointerSpeeds.count > Self.historyLength { pointerSpeeds.removeFirst() }
        if cardSpeeds.count > Self.historyLength { cardSpeeds.removeFirst() }
        releaseMarks.removeAll { $0 <= frames - Self.historyLength }
    }

    static func length(_ v: Point) -> Double { (v * v).sum().squareRoot() }

    public var activeAnimations: Int { cards.reduce(0) { $0 + ($1.value.isAnimating ? 1 : 0) } }

    public func draw(into list: inout DrawList, size: Size) {
        let board = Self.board
        let half = Point(Self.cardSize.x / 2, Self.cardSize.y / 2)
        list.stroke(
            Rect(
                x: board.x - half.x, y: board.y - half.y, width: board.width + 2 * half.x,
                height: board.height + 2 * half.y), .grid)
        for point in Self.snapPoints {
            list.line(point - Point(8, 0), point + Point(8, 0), .dimText)
            list.line(point - Point(0, 8), point + Point(0, 8), .dimText)
        }
        if let release = lastRelease {
            list.line(release.position, release.projected, Color.palette[5].opacity(160))
            list.circle(release.projected, radius: 6, Color.palette[5])
            list.circle(release.destination, radius: 4, .text)
        }
        for card in cards {
            let p = card.position
            list.fill(
                Rect(x: p.x - half.x, y: p.y - half.y, width: Self.cardSize.x, height: Self.cardSize.y),
                card.color.opacity(card === dragged ? 255 : 220))
            list.stroke(
                Rect(x: p.x - half.x, y: p.y - half.y, width: Self.cardSize.x, height: Self.cardSize.y),
                card === watched ? .white : .grid)
            list.text(card.label, at: Point(p.x - 6, p.y - 12), size: .large, .background)
        }
        list.circle(pointer, radius: 4, .dimText)

        // Readouts.
        let readoutTop = 430.0
        if let release = lastRelease {
            list.text(
                String(
                    format: "release velocity (%.0f, %.0f) px/s, |v| %.0f px/s", release.velocity.x,
                    release.velocity.y, Self.length(release.velocity)), at: Point(20, readoutTop), size: .small, .text)
            list.text(
                String(
                    format: "projected end (%.0f, %.0f) at rate %.3f/ms; sent to (%.0f, %.0f)", release.projected.x,
                    release.projected.y, Self.decelerationRate, release.destination.x, release.destination.y),
                at: Point(20, readoutTop + 18), size: .small, .text)
        } else {
            list.text("no throw yet", at: Point(20, readoutTop), size: .small, .dimText)
        }

        // Speed strips: pointer and card on one time axis and one scale.
        let plotTop = Double(size.height) - 200
        let height = 150.0
        let left = 250.0
        let width = Double(size.width) - left - 20
        let step = width / Double(Self.historyLength - 1)
        let peak = max(pointerSpeeds.max() ?? 0, cardSpeeds.max() ?? 0, 100)
        let base = plotTop + height
        list.text(
            "speed over the last 4 s, one scale; vertical lines: releases", at: Point(left, plotTop - 22), size: .small,
            .dimText)
        list.line(Point(left, base), Point(left + width, base), .grid)
        let series: [(String, [Double], Color)] = [
            ("pointer (tracker)", pointerSpeeds, Color.palette[7]),
            ("card (last grabbed)", cardSpeeds, watched?.color ?? .text),
        ]
        for (index, (label, speeds, color)) in series.enumerated() {
            let top = plotTop + Double(index) * 40
            list.fill(Rect(x: 20, y: top + 6, width: 12, height: 12), color)
            list.text(label, at: Point(38, top + 2), size: .small, .text)
            list.text(
                String(format: "now %.0f px/s", speeds.last ?? 0), at: Point(38, top + 18), size: .small, .dimText)
            let offset = Self.historyLength - speeds.count
            list.polyline(
                speeds.enumerated().map { i, speed in
                    Point(left + Double(offset + i) * step, base - speed / peak * height)
                }, color)
        }
        list.text(String(format: "peak %.0f px/s", peak), at: Point(left + 4, plotTop - 4), size: .small, .dimText)
        for mark in releaseMarks {
            let x = left + Double(Self.historyLength - 1 - (frames - mark)) * step
            list.line(Point(x, plotTop), Point(x, base), Color.white.opacity(60))
        }
    }
}
