import Cadence
import CadenceFoundation
import Tweening

/// Scene **animatable**: SwiftUI-style values animating through `Animatable`. A panel is one
/// `AnimatedValue` of a struct written as SwiftUI code would write it: a `CGRect` frame, an `Angle`
/// rotation and a `UnitPoint` anchor (the point it turns about) as its `animatableData`, nested
/// `AnimatablePair`s, and a label that is not animated.
///
/// What to look for: a click sends the panel there under a spring; its frame, rotation and anchor move
/// together (one spring on the nested data) while the label changes at once. The readouts show each
/// part's value beside its animatable data (the angle's and the unit point's scaled by 128, as in
/// SwiftUI); the strip plots the rotation over the last two seconds, overshoot included.
public final class AnimatableScene: Scene {
    public let name = "animatable"
    public let title = "Animatable: CGRect, Angle and UnitPoint in one user struct"
    public var hint: String {
        "Click: the panel goes there.  A: anchor (\(Self.anchorNames[anchorIndex]))  S: \(Self.springNames[springIndex])  R: reset"
    }

    /// The animated struct: SwiftUI code, as a porter pastes it.
    public struct Panel: Animatable, Equatable {
        /// Where it is and how big.
        public var frame: CGRect
        /// How far it is turned, clockwise on screen, about ``anchor``.
        public var rotation: Angle
        /// The point of the frame it turns about.
        public var anchor: UnitPoint
        /// Its caption: not part of the data, so a new one shows at once.
        public var label: String

        /// `(frame, (rotation, anchor))`, each part's own data.
        public var animatableData:
            AnimatablePair<CGRect.AnimatableData, AnimatablePair<Double, UnitPoint.AnimatableData>>
        {
            get { AnimatablePair(frame.animatableData, AnimatablePair(rotation.animatableData, anchor.animatableData)) }
            set {
                frame.animatableData = newValue.first
                rotation.animatableData = newValue.second.first
                anchor.animatableData = newValue.second.second
            }
        }

        /// The frame's corners turned by ``rotation`` about ``anchor``, in drawing order.
        public var corners: [Point] {
            let (x, y) = (Double(frame.minX), Double(frame.minY))
            let (w, h) = (Double(frame.width), Double(frame.height))
            let pivot = self.pivot
            let (c, s) = (cos(rotation.radians), sin(rotation.radians))
            return [Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h)].map { corner in
                let d = corner - pivot
                return pivot + Point(d.x * c - d.y * s, d.x * s + d.y * c)
            }
        }

        /// The anchor's position on screen.
        public var pivot: Point {
            Point(
                Double(frame.minX) + anchor.x * Double(frame.width),
                Double(frame.minY) + anchor.y * Double(frame.height))
        }
    }

    /// The stage the panel moves on.
    public static let stage = Rect(x: 40, y: 90, width: 820, height: 560)
    /// The anchors A cycles through.
    public static let anchors: [UnitPoint] = [
        .center, .topLeading, .top, .topTrailing, .trailing,
        .bottomTrailing, .bottom, .bottomLeading, .leading,
    ]
    /// Their names, for the hint.
    public static let anchorNames = [
        "center", "topLeading", "top", "topTrailing", "trailing",
        "bottomTrailing", "bottom", "bottomLeading", "leading",
    ]
    /// The springs S cycles through.
    public static let springs: [Animation] = [.bouncy, .spring, .snappy, .smooth]
    /// Their names, for the hint.
    public static let springNames = [".bouncy", ".spring", ".snappy", ".smooth"]
    /// The panel sizes clicks cycle through.
    public static let sizes = [
        CGSize(width: 220, height: 120), CGSize(width: 120, height: 180), CGSize(width: 160, height: 160),
    ]
    /// Frames of rotation history plotted (two seconds at 60 fps).
    public static let historyLength = 120

    /// The panel.
    public let panel: AnimatedValue<Panel>
    /// The anchor preset in use (A).
    public private(set) var anchorIndex = 0
    /// The spring in use (S).
    public private(set) var springIndex = 0
    /// Clicks so far (the label counts them).
    public private(set) var clicks = 0
    /// The rotation shown at each recent frame, in degrees, oldest first.
    public private(set) var rotationHistory: [Double] = []

    /// Creates the scene with the panel at rest in the middle of the stage.
    ///
    /// - Parameter context: The harness's engines; the panel is driven by its tweener.
    public init(context: SceneContext) {
        panel = AnimatedValue(Self.home)
        context.tweener.drive(panel)
    }

    static var home: Panel {
        let size = sizes[0]
        return Panel(
            frame: CGRect(
                x: CGFloat(stage.x + stage.width / 2) - size.width / 2,
                y: CGFloat(stage.y + stage.height / 2) - size.height / 2, width: size.width, height: size.height),
            rotation: .zero, anchor: .center, label: "home")
    }

    /// The largest tilt a click gives, at the stage's left or right edge.
    public static let maximumTilt = Angle.degrees(40)

    /// Sends the panel to `point` (kept `inset` points inside the stage, so that it stays on it): centred
    /// there, the next size, tilted by how far right or left of the stage's centre it is (up to
    /// ``maximumTilt``), with a new label.
    public func send(to point: Point) {
        clicks += 1
        let inset = 130.0
        let x = min(max(point.x, Self.stage.x + inset), Self.stage.x + Self.stage.width - inset)
        let y = min(max(point.y, Self.stage.y + inset), Self.stage.y + Self.stage.height - inset)
        var next = panel.target
        let size = Self.sizes[clicks % Self.sizes.count]
        next.frame = CGRect(
            x: CGFloat(x) - size.width / 2, y: CGFloat(y) - size.height / 2,
            width: size.width, height: size.height)
        let across = (x - (Self.stage.x + Self.stage.width / 2)) / (Self.stage.width / 2 - inset)
        next.rotation = Self.maximumTilt * across
        next.label = "click \(clicks)"
        panel.set(next, animation: Self.springs[springIndex])
    }

    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        switch event {
        case let .mouseDown(.left, at: point) where Self.stage.contains(point):
            send(to: point)
            return true
        case .keyDown(.letter("a")):
            anchorIndex = (anchorIndex + 1) % Self.anchors.count
            var next = panel.target
            next.anchor = Self.anchors[anchorIndex]
            panel.set(next, animation: Self.springs[springIndex])
            return true
        case .keyDown(.letter("s")):
            springIndex = (springIndex + 1) % Self.springs.count
            return true
        case .keyDown(.letter("r")):
            clicks = 0
            anchorIndex = 0
            panel.set(Self.home, animation: Self.springs[springIndex])
            return true
        default:
            return false
        }
    }

    public func update(by dt: Double) {
        rotationHistory.append(panel.presentation.rotation.degrees)
        if rotationHistory.count > Self.historyLength {
            rotationHistory.removeFirst(rotationHistory.count - Self.historyLength)
        }
    }

    public var activeAnimations: Int { panel.isAnimating ? 1 : 0 }

    public func draw(into list: inout DrawList, size: Size) {
        list.stroke(Self.stage, .grid)
        let target = panel.target, shown = panel.presentation
        // Where it is going, dim; where it is, in colour, with its anchor and a needle along its rotation.
        list.polyline(target.corners + [target.corners[0]], .grid)
        list.polyline(shown.corners + [shown.corners[0]], Color.palette[4])
        let pivot = shown.pivot
        list.circle(pivot, radius: 5, Color.palette[1])
        list.line(pivot, pivot + Point(cos(shown.rotation.radians), sin(shown.rotation.radians)) * 60, Color.palette[1])
        let middle = shown.corners.reduce(Point(0, 0), +) / 4
        list.text(shown.label, at: middle + Point(-24, -8), size: .small, .text)
        drawReadouts(into: &list, shown: shown)
        drawRotationStrip(into: &list)
    }

    private func drawReadouts(into list: inout DrawList, shown: Panel) {
        let x = 890.0
        var y = 100.0
        func line(_ text: String, _ color: Color = .text) {
            list.text(text, at: Point(x, y), size: .small, color)
            y += 22
        }
        let data = shown.animatableData
        line("value                 animatableData", .dimText)
        line(String(format: "rotation %7.1f°   %9.1f  (rad × 128)", shown.rotation.degrees, data.second.first))
        line(
            String(
                format: "anchor (%.2f, %.2f)  (%.1f, %.1f)  (× 128)", shown.anchor.x, shown.anchor.y,
                data.second.second.first, data.second.second.second))
        line(
            String(
                format: "origin (%.0f, %.0f)     (%.0f, %.0f)", Double(shown.frame.minX), Double(shown.frame.minY),
                Double(data.first.first.first), Double(data.first.first.second)))
        line(
            String(
                format: "size   %.0f × %.0f      (%.0f, %.0f)", Double(shown.frame.width), Double(shown.frame.height),
                Double(data.first.second.first), Double(data.first.second.second)))
        line("label  \"\(shown.label)\"   not animated", .dimText)
        let speed = panel.velocity.magnitudeSquared.squareRoot()
        line(String(format: "|velocity| %.0f data units/s", speed) + (panel.isAnimating ? "" : "  (at rest)"), .dimText)
    }

    /// The rotation over the last two seconds, against the target's.
    private func drawRotationStrip(into list: inout DrawList) {
        let strip = Rect(x: 890, y: 300, width: 350, height: 180)
        list.stroke(strip, .grid)
        list.text("rotation, last 2 s", at: Point(strip.x, strip.y - 20), size: .small, .dimText)
        guard !rotationHistory.isEmpty else { return }
        let goal = panel.target.rotation.degrees
        let low = min(rotationHistory.min()!, goal) - 10, high = max(rotationHistory.max()!, goal) + 10
        func place(_ index: Int, _ degrees: Double) -> Point {
            Point(
                strip.x + strip.width * Double(index) / Double(Self.historyLength - 1),
                strip.y + strip.height * (1 - (degrees - low) / (high - low)))
        }
        list.line(place(0, goal), place(Self.historyLength - 1, goal), .dimText)
        let offset = Self.historyLength - rotationHistory.count
        list.polyline(rotationHistory.enumerated().map { place(offset + $0.offset, $0.element) }, Color.palette[4])
        list.text(
            String(format: "target %.1f°", goal), at: Point(strip.x, strip.y + strip.height + 6), size: .small, .dimText
        )
    }
}
