/// A point in window coordinates (pixels, origin at the top left, y down).
public typealias Point = SIMD2<Double>

/// The straight-line distance between two points.
func distance(_ a: Point, _ b: Point) -> Double { ((a - b) * (a - b)).sum().squareRoot() }

/// The size of the drawable area in pixels.
public struct Size: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A rectangle in window coordinates.
public struct Rect: Hashable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether `point` lies inside (edges included on the top/left, excluded on the bottom/right).
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }
}

/// How large a piece of text is drawn.
public enum TextSize: Int, Hashable, Sendable, CaseIterable {
    /// Labels, values, hints (14 px).
    case small = 14
    /// Titles (22 px).
    case large = 22
}

/// One drawing command. Commands are executed in order; later ones paint over earlier ones.
public enum DrawCommand: Hashable, Sendable {
    /// Fill the whole target with a colour.
    case clear(Color)
    /// A filled axis-aligned rectangle.
    case fillRect(Rect, Color)
    /// Many filled rectangles of one colour, drawn in one batch (a bar chart's bars).
    case fillRects([Rect], Color)
    /// A one-pixel rectangle outline.
    case strokeRect(Rect, Color)
    /// A one-pixel line segment.
    case line(from: Point, to: Point, Color)
    /// A one-pixel polyline through the points, in order.
    case polyline([Point], Color)
    /// A filled circle.
    case circle(center: Point, radius: Double, Color)
    /// Many filled circles of one radius and colour, drawn in one batch (thousands of objects cost one
    /// renderer call, not thousands).
    case dots([Point], radius: Double, Color)
    /// Text whose top-left corner is at `at`.
    case text(String, at: Point, size: TextSize, Color)
}

/// What a scene wants drawn this frame: a plain value, so scenes can be tested without a window.
///
/// The harness's SDL layer turns it into SDL calls; tests inspect it directly.
public struct DrawList: Sendable {
    /// The commands, in drawing order.
    public private(set) var commands: [DrawCommand] = []

    /// Creates an empty list.
    public init() {}

    /// Empties the list, keeping its storage so steady-state frames do not allocate a new buffer.
    public mutating func removeAll() { commands.removeAll(keepingCapacity: true) }

    /// Appends a command.
    public mutating func append(_ command: DrawCommand) { commands.append(command) }

    /// Fills the whole target.
    public mutating func clear(_ color: Color) { commands.append(.clear(color)) }

    /// Fills a rectangle.
    public mutating func fill(_ rect: Rect, _ color: Color) { commands.append(.fillRect(rect, color)) }

    /// Fills many rectangles of one colour in one batch. Pass an array you keep and refill each frame
    /// (`removeAll(keepingCapacity: true)`): the list only holds it until its own `removeAll()`, so
    /// refilling it then copies and allocates nothing.
    public mutating func fill(_ rects: [Rect], _ color: Color) {
        guard !rects.isEmpty else { return }
        commands.append(.fillRects(rects, color))
    }

    /// Outlines a rectangle.
    public mutating func stroke(_ rect: Rect, _ color: Color) { commands.append(.strokeRect(rect, color)) }

    /// Draws a line segment.
    public mutating func line(_ from: Point, _ to: Point, _ color: Color) {
        commands.append(.line(from: from, to: to, color))
    }

    /// Draws a polyline (nothing for fewer than two points).
    public mutating func polyline(_ points: [Point], _ color: Color) {
        guard points.count >= 2 else { return }
        commands.append(.polyline(points, color))
    }

    /// Fills a circle.
    public mutating func circle(_ center: Point, radius: Double, _ color: Color) {
        commands.append(.circle(center: center, radius: radius, color))
    }

    /// Fills many circles of one radius and colour in one batch.
    public mutating func dots(_ centers: [Point], radius: Double, _ color: Color) {
        guard !centers.isEmpty else { return }
        commands.append(.dots(centers, radius: radius, color))
    }

    /// Draws text with its top-left corner at `point`.
    public mutating func text(_ string: String, at point: Point, size: TextSize = .small, _ color: Color = .text) {
        commands.append(.text(string, at: point, size: size, color))
    }

    /// Every circle in the list, in order: what tests inspect to find where markers were drawn.
    public var circles: [(center: Point, radius: Double, color: Color)] {
        commands.compactMap {
            if case let .circle(center, radius, color) = $0 { return (center, radius, color) }
            return nil
        }
    }

    /// Every string drawn, in order.
    public var texts: [String] {
        commands.compactMap {
            if case let .text(string, _, _, _) = $0 { return string }
            return nil
        }
    }
}
