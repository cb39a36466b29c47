extension DrawList {
    /// The characters the harness's texts are made of: every printable ASCII character and the few others its
    /// labels use.
    static let warmUpCharacters =
        String((32...126).map { Character(Unicode.Scalar(UInt8($0))) }) + " …×°≥→—±µ−•"

    /// One of every kind of drawing the harness does, opaque and translucent, and a line of text at each size:
    /// what the frame loop draws under the first frame of a run, so that a renderer's first-use costs fall in
    /// the warm-up and not in whichever later frame first draws something new. An OpenGL driver compiles a
    /// shader for each new combination of primitive, blending and texture the first time it is drawn (Mesa
    /// keeps them in a cache on disk, so only a machine's first runs pay), and the font rasterises each glyph
    /// the first time it is used.
    ///
    /// Everything is drawn inside `size` and then covered by the frame's own list, which starts with a clear:
    /// the frame's pixels are the same.
    public static func warmUp(size: Size) -> DrawList {
        var list = DrawList()
        list.clear(.background)
        let (width, height) = (Double(max(size.width, 1)), Double(max(size.height, 1)))
        func at(_ x: Double, _ y: Double) -> Point { Point(x * width, y * height) }
        for (row, color) in [Color(200, 210, 230), Color(200, 210, 230, 120)].enumerated() {
            let y = 0.25 + 0.4 * Double(row)
            list.fill(Rect(x: 0.05 * width, y: y * height, width: 0.1 * width, height: 0.1 * height), color)
            list.fill(
                [
                    Rect(x: 0.2 * width, y: y * height, width: 0.04 * width, height: 0.1 * height),
                    Rect(x: 0.26 * width, y: y * height, width: 0.04 * width, height: 0.1 * height),
                ], color)
            list.stroke(Rect(x: 0.32 * width, y: y * height, width: 0.1 * width, height: 0.1 * height), color)
            list.line(at(0.45, y), at(0.55, y + 0.1), color)
            list.polyline([at(0.57, y), at(0.6, y + 0.1), at(0.63, y), at(0.66, y + 0.1)], color)
            list.circle(at(0.72, y + 0.05), radius: 0.04 * height, color)
            // Below 3 px dots are drawn as squares, above as circles: both.
            list.dots([at(0.8, y), at(0.82, y + 0.05), at(0.84, y + 0.1)], radius: 2, color)
            list.dots([at(0.88, y), at(0.9, y + 0.05), at(0.92, y + 0.1)], radius: 6, color)
        }
        for (row, size) in TextSize.allCases.enumerated() {
            for (column, color) in [Color.text, Color.dimText].enumerated() {
                list.text(
                    warmUpCharacters, at: at(0.02 + 0.5 * Double(column), 0.05 + 0.08 * Double(row)), size: size,
                    color)
            }
        }
        return list
    }
}
