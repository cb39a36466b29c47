/// A captured frame: RGBA pixels, row by row from the top left. What screenshots and tests compare.
public struct Image: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` colours, row-major.
    public let pixels: [Color]

    /// Creates an image; `pixels.count` must be `width × height`.
    public init(width: Int, height: Int, pixels: [Color]) {
        precondition(pixels.count == width * height, "an image needs width × height pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Color { pixels[y * width + x] }

    /// How many distinct colours the image has (1 means blank).
    public var distinctColorCount: Int { Set(pixels).count }
}
