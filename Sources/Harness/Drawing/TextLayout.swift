import Foundation

/// How wide the harness's text is, and how a line too long for its place is wrapped or shortened: every
/// panel, picture and help text that must fit lays its lines out with these.
///
/// The harness draws text in DejaVu Sans Mono (see `$CADENCE_FONT` to change it), a monospaced font: a
/// line is as wide as its character count times the size's ``TextSize/advance``. At a layout scale other
/// than 1 the font is opened at a pixel size whose characters are no wider than that, scaled, so a line that
/// fits its points fits its pixels too.
public enum TextLayout {
    /// `text` in lines of at most `columns` characters, broken at a space where one falls in the last half of a
    /// line (else within the word), the lines after the first starting with `indent` spaces (counted in
    /// `columns`). With a `separator` (the three spaces between a summary's groups of figures), a line breaks
    /// at the last one in it, when one falls past its first third, before any other space. Spaces at a break
    /// are dropped; nothing else is.
    public static func wrap(_ text: String, columns: Int, indent: Int = 0, separator: String? = nil) -> [String] {
        let columns = max(columns, 1)
        let indent = min(max(indent, 0), columns / 2)
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var rest = Substring(text)
        var width = columns
        while rest.count > width {
            // A space just past the line's end breaks there too: the line is then exactly full.
            let head = rest.prefix(width + 1)
            var length = width
            if let separator, let cut = lastOffset(of: separator, in: head), cut > width / 3, cut <= width {
                length = cut
            } else if let cut = lastOffset(of: " ", in: head), cut > width / 2, cut <= width {
                length = cut
            }
            lines.append((lines.isEmpty ? "" : pad) + rest.prefix(length))
            rest = rest.dropFirst(length).drop(while: { $0 == " " })
            width = columns - indent
        }
        if !rest.isEmpty || lines.isEmpty { lines.append((lines.isEmpty ? "" : pad) + rest) }
        return lines
    }

    /// The offset in characters of the last `piece` in `text`, or nil.
    private static func lastOffset(of piece: String, in text: Substring) -> Int? {
        guard let range = text.range(of: piece, options: .backwards) else { return nil }
        return text.distance(from: text.startIndex, to: range.lowerBound)
    }

    /// `text` wrapped (see ``wrap(_:columns:indent:separator:)``) to lines no wider than `width` points at `size`.
    public static func wrap(
        _ text: String, width: Double, size: TextSize = .small, indent: Int = 0, separator: String? = nil
    ) -> [String] {
        wrap(text, columns: size.columns(in: width), indent: indent, separator: separator)
    }

    /// `text` as it fits `width` points at `size`: whole, or cut and ended with "…".
    public static func fitting(_ text: String, width: Double, size: TextSize = .small) -> String {
        let columns = size.columns(in: width)
        guard text.count > columns else { return text }
        return columns > 1 ? text.prefix(columns - 1) + "…" : ""
    }
}

extension TextSize {
    /// The width of a character at this size, in points (DejaVu Sans Mono's advance: 8 at 14 px, 13 at 22).
    public var advance: Double {
        switch self {
        case .small: 8
        case .large: 13
        }
    }

    /// How wide `text` is drawn at this size, in points.
    public func width(of text: String) -> Double { Double(text.count) * advance }

    /// How many characters fit in `width` points at this size (0 for none or a non-finite width).
    public func columns(in width: Double) -> Int {
        guard width.isFinite, width > 0 else { return 0 }
        return Int((width / advance).rounded(.down))
    }
}
