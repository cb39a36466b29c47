/// One frame of a clip: 32-bit pixels, `0xAARRGGBB` (in memory on Linux: B, G, R, A, the `bgra` of
/// ffmpeg), row after row with no padding.
struct ClipPicture: Sendable, Equatable {
    /// Width in pixels.
    var width: Int
    /// Height in pixels.
    var height: Int
    /// `width × height` pixels, row by row.
    var pixels: [UInt32]

    /// A picture of the given size, all pixels 0.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: 0, count: width * height)
    }

    /// The size of a clip of a `width × height` run at `scale`: rounded to even numbers of pixels (H.264 and
    /// VP9 in yuv420p need them), 2 at least.
    static func size(width: Int, height: Int, scale: Double) -> (width: Int, height: Int) {
        func even(_ value: Int) -> Int { max(2, Int((Double(value) * scale / 2).rounded()) * 2) }
        return (even(width), even(height))
    }
}

/// Shrinks pictures to a clip's size by averaging the source pixels each clip pixel covers (a box filter):
/// lines and text stay smooth at any scale, and a picture of the clip's size is copied unchanged.
struct ClipScaler: Sendable {
    /// The size it reads.
    let source: (width: Int, height: Int)
    /// The size it writes.
    let target: (width: Int, height: Int)
    private let columns: [Range<Int>]
    private let rows: [Range<Int>]

    /// A scaler from `source` to `target` (each side of `target` at most `source`'s).
    init(from source: (width: Int, height: Int), to target: (width: Int, height: Int)) {
        precondition(target.width <= source.width && target.height <= source.height, "a clip is never enlarged")
        self.source = source
        self.target = target
        // Each target pixel averages the source pixels whose centres fall in its span (at least one).
        func spans(_ from: Int, _ to: Int) -> [Range<Int>] {
            (0..<to).map { index in
                let low = index * from / to
                let high = max(low + 1, (index + 1) * from / to)
                return low..<high
            }
        }
        columns = spans(source.width, target.width)
        rows = spans(source.height, target.height)
    }

    /// Writes the scaled picture of `pixels` (the source size, `stride` pixels a row) into `picture`.
    func scale(_ pixels: UnsafeBufferPointer<UInt32>, stride: Int, into picture: inout ClipPicture) {
        precondition(picture.width == target.width && picture.height == target.height)
        if target == source {
            picture.pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<target.height {
                    for x in 0..<target.width { out[y * target.width + x] = pixels[y * stride + x] }
                }
            }
            return
        }
        picture.pixels.withUnsafeMutableBufferPointer { out in
            for (y, rowSpan) in rows.enumerated() {
                for (x, columnSpan) in columns.enumerated() {
                    var (a, r, g, b) = (0, 0, 0, 0)
                    for sy in rowSpan {
                        for sx in columnSpan {
                            let p = Int(pixels[sy * stride + sx])
                            a += p >> 24 & 0xFF
                            r += p >> 16 & 0xFF
                            g += p >> 8 & 0xFF
                            b += p & 0xFF
                        }
                    }
                    let count = rowSpan.count * columnSpan.count
                    let half = count / 2
                    let value =
                        ((a + half) / count) << 24 | ((r + half) / count) << 16 | ((g + half) / count) << 8
                        | (b + half) / count
                    out[y * target.width + x] = UInt32(value)
                }
            }
        }
    }
}
