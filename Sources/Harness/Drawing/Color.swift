/// An 8-bit-per-channel RGBA colour, as the renderer takes it.
public struct Color: Hashable, Sendable {
    /// Red, 0–255.
    public var r: UInt8
    /// Green, 0–255.
    public var g: UInt8
    /// Blue, 0–255.
    public var b: UInt8
    /// Alpha, 0 (transparent) – 255 (opaque).
    public var a: UInt8

    /// Creates a colour from its channels.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The same colour with another alpha.
    public func opacity(_ alpha: UInt8) -> Color { Color(r, g, b, alpha) }

    /// The harness's dark background.
    public static let background = Color(18, 20, 26)
    /// Primary text.
    public static let text = Color(230, 232, 238)
    /// Secondary text: hints, labels.
    public static let dimText = Color(140, 146, 160)
    /// Grid and axis lines.
    public static let grid = Color(44, 48, 58)
    /// White.
    public static let white = Color(255, 255, 255)
    /// Pure red (used where tests look for an exact pixel).
    public static let red = Color(255, 0, 0)

    /// A qualitative palette that stays readable on the dark background, one colour per series.
    public static let palette: [Color] = [
        Color(255, 107, 107), Color(255, 184, 76), Color(250, 230, 90), Color(120, 220, 120),
        Color(80, 200, 230), Color(130, 140, 255), Color(220, 120, 240), Color(200, 200, 200),
    ]
}
