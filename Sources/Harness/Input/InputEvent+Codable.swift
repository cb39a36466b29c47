/// Input events as one flat JSON object each, so a replay file is readable and editable by hand:
/// `{"type":"mouseDown","button":1,"x":640,"y":360}`, `{"type":"keyDown","key":"space"}`.
extension InputEvent: Codable {
    private enum CodingKeys: String, CodingKey { case type, key, button, x, y, dragging }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        func point() throws -> Point {
            let x = try c.decode(Double.self, forKey: .x)
            let y = try c.decode(Double.self, forKey: .y)
            guard x.isFinite, y.isFinite else {
                throw DecodingError.dataCorruptedError(
                    forKey: .x, in: c, debugDescription: "coordinates must be finite")
            }
            return Point(x, y)
        }
        func button() throws -> MouseButton {
            let raw = try c.decodeIfPresent(Int.self, forKey: .button) ?? 1
            guard let button = MouseButton(rawValue: raw) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .button, in: c, debugDescription: "button must be 1, 2 or 3")
            }
            return button
        }
        func key() throws -> Key {
            let name = try c.decode(String.self, forKey: .key)
            guard let key = Key(name: name) else {
                throw DecodingError.dataCorruptedError(forKey: .key, in: c, debugDescription: "unknown key '\(name)'")
            }
            return key
        }
        switch type {
        case "quit": self = .quit
        case "keyDown": self = .keyDown(try key())
        case "keyUp": self = .keyUp(try key())
        case "mouseDown": self = .mouseDown(try button(), at: try point())
        case "mouseUp": self = .mouseUp(try button(), at: try point())
        case "mouseMoved":
            self = .mouseMoved(to: try point(), dragging: try c.decodeIfPresent(Bool.self, forKey: .dragging) ?? false)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown event type '\(type)'")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .quit:
            try c.encode("quit", forKey: .type)
        case let .keyDown(key):
            try c.encode("keyDown", forKey: .type)
            try c.encode(key.name, forKey: .key)
        case let .keyUp(key):
            try c.encode("keyUp", forKey: .type)
            try c.encode(key.name, forKey: .key)
        case let .mouseDown(button, point), let .mouseUp(button, point):
            if case .mouseDown = self {
                try c.encode("mouseDown", forKey: .type)
            } else {
                try c.encode("mouseUp", forKey: .type)
            }
            try c.encode(button.rawValue, forKey: .button)
            try c.encode(point.x, forKey: .x)
            try c.encode(point.y, forKey: .y)
        case let .mouseMoved(point, dragging):
            try c.encode("mouseMoved", forKey: .type)
            try c.encode(point.x, forKey: .x)
            try c.encode(point.y, forKey: .y)
            try c.encode(dragging, forKey: .dragging)
        }
    }
}

extension Key {
    private static let named: [(String, Key)] = [
        ("escape", .escape), ("space", .space), (".", .period), ("[", .leftBracket), ("]", .rightBracket),
        ("tab", .tab), ("enter", .enter), ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("f11", .f11),
    ]

    /// The key's name in replay files: `space`, `escape`, `.`, `[`, `]`, `tab`, `enter`, arrows
    /// (`up`…), `f11`, a digit (`"7"`), a lower-case letter (`"p"`), or `code:N` for anything else.
    public var name: String {
        if let entry = Self.named.first(where: { $0.1 == self }) { return entry.0 }
        switch self {
        case let .digit(d): return String(d)
        case let .letter(c): return String(c)
        case let .other(code): return "code:\(code)"
        default: return "unknown"
        }
    }

    /// The key with this ``name``, or nil.
    public init?(name: String) {
        if let entry = Self.named.first(where: { $0.0 == name }) {
            self = entry.1
        } else if name.count == 1, let c = name.first, let d = c.wholeNumberValue, c.isASCII {
            self = .digit(d)
        } else if name.count == 1, let c = name.first, c.isASCII, c.isLowercase, c.isLetter {
            self = .letter(c)
        } else if name.hasPrefix("code:"), let code = Int32(name.dropFirst(5)) {
            self = .other(code)
        } else {
            return nil
        }
    }
}
