import Cadence
import CadenceExamples
import Foundation
import Tweening

/// Scene 2, **target**: the `AnimationState` documentation's `TargetAnimation`, a base animation that chases a target which a
/// secondary animation (kept in the base's secondary state) moves towards the click.
///
/// Three markers get every click: the combined `TargetAnimation` (solid), and as ghosts the base alone
/// and the secondary alone, so the two contributions can be seen beside what they make together.
/// Choose the base and the secondary from the lists on the left (click an entry, or B / N to cycle).
/// A click while the combined marker moves merges when the base merges (springs), which resets the
/// secondary target, as its documentation describes.
public final class TargetScene: Scene {
    public let name = "target"
    public let title = "TargetAnimation: base + secondary"
    public let hint = "Click to retarget.  Choose base and secondary on the left (or B / N).  Ghosts: each alone"

    /// The bases on offer.
    public static let bases: [(String, Animation)] = [
        (".spring", .spring), (".smooth", .smooth), (".bouncy", .bouncy),
        (".easeInOut(0.6)", .easeInOut(duration: 0.6)),
    ]
    /// The secondaries on offer.
    public static let secondaries: [(String, Animation)] = [
        (".linear(0.8)", .linear(duration: 0.8)), (".easeInOut(0.8)", .easeInOut(duration: 0.8)),
        (".bouncy", .bouncy), (".snappy", .snappy),
    ]

    /// The chosen base, an index into ``bases``.
    public private(set) var baseIndex = 0
    /// The chosen secondary, an index into ``secondaries``.
    public private(set) var secondaryIndex = 0
    /// The combined value (the TargetAnimation).
    public let combined: AnimatedValue<Point>
    /// The base alone, given the same targets.
    public let baseAlone: AnimatedValue<Point>
    /// The secondary alone, given the same targets.
    public let secondaryAlone: AnimatedValue<Point>
    /// Where the last click was.
    public private(set) var target: Point

    /// Creates the scene with all three markers at rest in the middle.
    public init(context: SceneContext) {
        target = Point(760, 380)
        combined = AnimatedValue(target)
        baseAlone = AnimatedValue(target)
        secondaryAlone = AnimatedValue(target)
        for value in [combined, baseAlone, secondaryAlone] { context.tweener.drive(value) }
    }

    /// The animation the combined marker runs with the current choices.
    public var targetAnimation: Animation {
        Animation(TargetAnimation(base: Self.bases[baseIndex].1, secondary: Self.secondaries[secondaryIndex].1))
    }

    /// Sends all three markers to `point`.
    public func retarget(to point: Point) {
        target = point
        combined.set(point, animation: targetAnimation)
        baseAlone.set(point, animation: Self.bases[baseIndex].1)
        secondaryAlone.set(point, animation: Self.secondaries[secondaryIndex].1)
    }

    static func entry(_ index: Int, list: Int) -> Rect {
        Rect(x: 20, y: 100 + Double(list) * 150 + Double(index) * 26, width: 200, height: 24)
    }

    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        switch event {
        case let .mouseDown(.left, at: point):
            if let index = Self.bases.indices.first(where: { Self.entry($0, list: 0).contains(point) }) {
                baseIndex = index
            } else if let index = Self.secondaries.indices.first(where: { Self.entry($0, list: 1).contains(point) }) {
                secondaryIndex = index
            } else {
                retarget(to: point)
            }
            return true
        case .keyDown(.letter("b")):
            baseIndex = (baseIndex + 1) % Self.bases.count
            return true
        case .keyDown(.letter("n")):
            secondaryIndex = (secondaryIndex + 1) % Self.secondaries.count
            return true
        default:
            return false
        }
    }

    public func update(by dt: Double) {}

    public var activeAnimations: Int { [combined, baseAlone, secondaryAlone].filter(\.isAnimating).count }

    public func draw(into list: inout DrawList, size: Size) {
        for (listIndex, (heading, entries, chosen)) in [
            ("base", Self.bases.map(\.0), baseIndex),
            ("secondary", Self.secondaries.map(\.0), secondaryIndex),
        ].enumerated() {
            list.text(heading, at: Point(20, 78 + Double(listIndex) * 150), size: .small, .dimText)
            for (index, name) in entries.enumerated() {
                let rect = Self.entry(index, list: listIndex)
                if index == chosen { list.fill(rect, Color(40, 46, 60)) }
                list.stroke(rect, index == chosen ? Color.palette[4] : .grid)
                list.text(name, at: Point(rect.x + 8, rect.y + 3), size: .small, index == chosen ? .text : .dimText)
            }
        }
        list.text(
            "solid: TargetAnimation   ghosts: base alone, secondary alone", at: Point(20, 420), size: .small, .dimText)
        list.fill(Rect(x: 20, y: 446, width: 12, height: 12), Color.palette[1].opacity(110))
        list.text("base alone", at: Point(38, 442), size: .small, .dimText)
        list.fill(Rect(x: 20, y: 470, width: 12, height: 12), Color.palette[5].opacity(110))
        list.text("secondary alone", at: Point(38, 466), size: .small, .dimText)
        list.fill(Rect(x: 20, y: 494, width: 12, height: 12), Color.palette[4])
        list.text("combined", at: Point(38, 490), size: .small, .dimText)

        list.line(target - Point(8, 0), target + Point(8, 0), .dimText)
        list.line(target - Point(0, 8), target + Point(0, 8), .dimText)
        list.circle(baseAlone.presentation, radius: 16, Color.palette[1].opacity(110))
        list.circle(secondaryAlone.presentation, radius: 16, Color.palette[5].opacity(110))
        list.circle(combined.presentation, radius: 18, Color.palette[4])
    }
}
