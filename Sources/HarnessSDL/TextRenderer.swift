import CSDL2
import Foundation
import Harness

/// Text through SDL2_ttf, with rendered strings kept as textures between frames.
///
/// Rasterising a string costs tens of microseconds; most labels repeat every frame, so each
/// (string, size, colour) is rendered once and reused. Textures not used in a frame are dropped at the
/// end of that frame once the cache holds more than ``cacheLimit``, which bounds memory when a label
/// changes every frame (a clock, an fps counter).
final class TextRenderer {
    /// Fonts tried in order after `$CADENCE_FONT`.
    static let fontCandidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
        "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
    ]
    static let cacheLimit = 256

    private struct Key: Hashable {
        let string: String
        let size: TextSize
        let color: Color
    }

    private struct Entry {
        let texture: OpaquePointer
        let width: Int32
        let height: Int32
        var lastUsed: Int
    }

    private let renderer: OpaquePointer
    private var fonts: [TextSize: OpaquePointer] = [:]
    private var cache: [Key: Entry] = [:]
    private var isOpen = true
    // Entries are stamped with the frame that last drew them, so ending a frame touches nothing unless
    // the cache has to shrink (marking every entry each frame would copy the dictionary).
    private var frame = 0

    /// Pixels per point: fonts are opened at their point size × this, and each string is drawn at its
    /// texture's size ÷ this, so that under the renderer's scale it lands pixel for pixel.
    private(set) var scale: Double
    private let path: String

    init(renderer: OpaquePointer, scale: Double = 1) throws(HarnessError) {
        self.renderer = renderer
        self.scale = scale
        var candidates = Self.fontCandidates
        if let custom = getenv("CADENCE_FONT").map({ String(cString: $0) }), !custom.isEmpty {
            candidates.insert(custom, at: 0)
        }
        guard let path = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            throw .fontNotFound(searched: candidates)
        }
        self.path = path
        guard TTF_Init() == 0 else { throw .platform(String(cString: SDL_GetError())) }
        if let message = openFonts() {
            TTF_Quit()
            throw .platform("\(path): \(message)")
        }
    }

    /// Opens every size at the current scale; SDL's message when one fails (none is then open).
    ///
    /// At a scale other than 1, a size is opened at the largest whole pixel size whose characters are no
    /// wider than the scale times their width at 1: a hinted font's advance is a whole number of pixels,
    /// so its point size times the scale, rounded, can give wider text than the layout made room for.
    private func openFonts() -> String? {
        for size in TextSize.allCases {
            var pixels = Int32((Double(size.rawValue) * scale).rounded())
            let widest = scale == 1 ? nil : advance(pixels: Int32(size.rawValue)).map { Double($0) * scale }
            guard var font = TTF_OpenFont(path, pixels) else { return failed() }
            while let widest, pixels > 1, let current = Self.advance(font), Double(current) > widest + 1e-9 {
                TTF_CloseFont(font)
                pixels -= 1
                guard let smaller = TTF_OpenFont(path, pixels) else { return failed() }
                font = smaller
            }
            fonts[size] = font
        }
        return nil
    }

    private func failed() -> String {
        let message = String(cString: SDL_GetError())
        closeFonts()
        return message
    }

    /// The advance of a character of the font at `pixels` (a monospaced font's every character), or nil.
    private func advance(pixels: Int32) -> Int32? {
        guard let font = TTF_OpenFont(path, pixels) else { return nil }
        defer { TTF_CloseFont(font) }
        return Self.advance(font)
    }

    private static func advance(_ font: OpaquePointer) -> Int32? {
        var (minX, maxX, minY, maxY, advance): (Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0)
        return TTF_GlyphMetrics(font, UInt16(UInt8(ascii: "M")), &minX, &maxX, &minY, &maxY, &advance) == 0
            ? advance : nil
    }

    /// Rasterises from now on at `scale` pixels a point: the fonts are opened again at their new pixel
    /// sizes and the strings rendered at the old one are dropped. Keeps the old scale if a font cannot be
    /// opened at the new one.
    func setScale(_ scale: Double) {
        guard isOpen, scale != self.scale, scale.isFinite, scale > 0 else { return }
        let old = (self.scale, fonts)
        fonts = [:]
        self.scale = scale
        if openFonts() != nil {
            (self.scale, fonts) = old
            return
        }
        for font in old.1.values { TTF_CloseFont(font) }
        for entry in cache.values { SDL_DestroyTexture(entry.texture) }
        cache = [:]
    }

    func draw(_ string: String, at point: Point, size: TextSize, color: Color) {
        guard !string.isEmpty else { return }
        let key = Key(string: string, size: size, color: color)
        let entry: Entry
        if let index = cache.index(forKey: key) {
            cache.values[index].lastUsed = frame
            entry = cache.values[index]
        } else {
            guard let font = fonts[size],
                let surface = TTF_RenderUTF8_Blended(
                    font, string, SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a))
            else { return }
            defer { SDL_FreeSurface(surface) }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return }
            entry = Entry(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUsed: frame)
            cache[key] = entry
        }
        if scale == 1 {
            var destination = SDL_Rect(
                x: Int32(point.x.rounded()), y: Int32(point.y.rounded()), w: entry.width, h: entry.height)
            SDL_RenderCopy(renderer, entry.texture, nil, &destination)
        } else {
            // On a whole pixel, at the texture's own pixel size once the renderer's scale is applied.
            let s = Float(scale)
            var destination = SDL_FRect(
                x: Float((point.x * scale).rounded()) / s, y: Float((point.y * scale).rounded()) / s,
                w: Float(entry.width) / s, h: Float(entry.height) / s)
            SDL_RenderCopyF(renderer, entry.texture, nil, &destination)
        }
    }

    /// Drops the textures not used this frame once the cache has grown past its limit.
    func endFrame() {
        if cache.count > Self.cacheLimit {
            let stale = cache.filter { $0.value.lastUsed != frame }
            for (key, entry) in stale {
                SDL_DestroyTexture(entry.texture)
                cache[key] = nil
            }
        }
        frame += 1
    }

    func close() {
        guard isOpen else { return }
        isOpen = false
        for entry in cache.values { SDL_DestroyTexture(entry.texture) }
        cache = [:]
        closeFonts()
        TTF_Quit()
    }

    private func closeFonts() {
        for font in fonts.values { TTF_CloseFont(font) }
        fonts = [:]
    }
}
