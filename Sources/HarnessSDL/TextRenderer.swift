import CSDL2
import Foundation
import Harness

/// Text through SDL2_ttf, with rendered strings kept as textures between frames.
///
/// Rasterising a string costs tens of microseconds; most labels repeat every frame, so each
/// (string, size, colour) is rendered once and reused. Textures not used in a frame are dropped at the
/// end of that frame once the cache holds more than ``cacheLimit``, which bounds memory when a label
/// changes every frame (a clock, an fps counter).
///
/// On SDL's software renderer a string drawn over a known solid background is copied opaque: the same
/// blend, done once by SDL into pixels over the background's colour, and kept beside the string's
/// translucent texture. Blending a string's every pixel each frame is most of what text costs there
/// (benchmark row "Frame loop, stress scene, headless SDL"). The caller of ``draw(_:at:size:color:background:copy:)``
/// may write those pixels into the frame itself; when it does not, they are copied from a texture made of them.
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
        /// The string already blended over each background it was drawn on, opaque.
        var opaque: [OpaqueCopy] = []

        func destroy() {
            SDL_DestroyTexture(texture)
            for made in opaque {
                SDL_FreeSurface(made.pixels)
                if let texture = made.texture { SDL_DestroyTexture(texture) }
            }
        }
    }

    /// A string blended over one background: its pixels, in the format of what the renderer draws into, and
    /// a texture of them once one was needed.
    private struct OpaqueCopy {
        let background: Color
        let pixels: UnsafeMutablePointer<SDL_Surface>
        var texture: OpaquePointer?
    }

    /// Backgrounds a string keeps opaque copies for; another is blended as usual.
    private static let opaqueLimit = 4

    private let renderer: OpaquePointer
    /// The pixel format of what the renderer draws into, when that is SDL's software renderer: blending
    /// into a surface of this format is the blend the renderer would do. nil for other renderers.
    private let opaqueFormat: UInt32?
    /// Whether strings drawn over a known solid background are copied opaque.
    var copiesOpaque: Bool { opaqueFormat != nil }
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

    /// - Parameter opaqueFormat: The pixel format the renderer draws into if it is SDL's software renderer
    ///   (see the type's documentation), else nil.
    init(renderer: OpaquePointer, scale: Double = 1, opaqueFormat: UInt32? = nil) throws(HarnessError) {
        self.renderer = renderer
        self.scale = scale
        self.opaqueFormat = opaqueFormat
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
        for entry in cache.values { entry.destroy() }
        cache = [:]
    }

    /// Draws `string` with its top left at `point`; returns the rectangle it covers, in points, or nil when
    /// nothing was drawn.
    /// - Parameters:
    ///   - background: Given that rectangle, the solid colour every pixel under it has at this point of the
    ///     frame, if known (only asked on the software renderer).
    ///   - copy: Writes an opaque copy's pixels into the frame where `SDL_RenderCopyF` would copy them for the
    ///     given rectangle (in points), returning whether it did; when it does not, SDL copies them.
    @discardableResult
    func draw(
        _ string: String, at point: Point, size: TextSize, color: Color, background: (Rect) -> Color? = { _ in nil },
        copy: (UnsafeMutablePointer<SDL_Surface>, SDL_FRect) -> Bool = { _, _ in false }
    ) -> Rect? {
        guard !string.isEmpty else { return nil }
        let key = Key(string: string, size: size, color: color)
        var rendered: UnsafeMutablePointer<SDL_Surface>?
        defer { if let rendered { SDL_FreeSurface(rendered) } }
        let index: [Key: Entry].Index
        if let found = cache.index(forKey: key) {
            index = found
            cache.values[index].lastUsed = frame
        } else {
            guard let surface = render(key) else { return nil }
            rendered = surface
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
            cache[key] = Entry(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUsed: frame)
            guard let inserted = cache.index(forKey: key) else { return nil }
            index = inserted
        }
        let entry = cache.values[index]
        // On a whole pixel, at the texture's own pixel size once the renderer's scale is applied.
        let s = Float(scale)
        var destination = SDL_FRect(
            x: Float((point.x * scale).rounded()) / s, y: Float((point.y * scale).rounded()) / s,
            w: Float(entry.width) / s, h: Float(entry.height) / s)
        let covered = Rect(
            x: Double(destination.x), y: Double(destination.y), width: Double(destination.w),
            height: Double(destination.h))
        var texture = entry.texture
        if opaqueFormat != nil, let under = background(covered) {
            var slot = entry.opaque.firstIndex { $0.background == under }
            if slot == nil, entry.opaque.count < Self.opaqueLimit, let made = blend(key, rendered, over: under) {
                cache.values[index].opaque.append(OpaqueCopy(background: under, pixels: made))
                slot = cache.values[index].opaque.count - 1
            }
            if let slot {
                let made = cache.values[index].opaque[slot]
                if copy(made.pixels, destination) { return covered }
                if let opaque = made.texture ?? self.texture(of: made.pixels) {
                    cache.values[index].opaque[slot].texture = opaque
                    texture = opaque
                }
            }
        }
        if scale == 1 {
            var whole = SDL_Rect(
                x: Int32(destination.x), y: Int32(destination.y), w: entry.width, h: entry.height)
            SDL_RenderCopy(renderer, texture, nil, &whole)
        } else {
            SDL_RenderCopyF(renderer, texture, nil, &destination)
        }
        return covered
    }

    /// The backgrounds `string` (at `size`, in `color`) has opaque copies for, in the order they were made.
    func opaqueBackgrounds(of string: String, size: TextSize, color: Color) -> [Color] {
        cache[Key(string: string, size: size, color: color)]?.opaque.map(\.background) ?? []
    }

    /// The string rasterised with alpha (SDL2_ttf's blended mode); the caller frees it.
    /// The size in pixels `string` is drawn at `size` (at the current ``scale``), as SDL_ttf lays it out; nil
    /// when the font cannot measure it.
    func measure(_ string: String, size: TextSize) -> (width: Int, height: Int)? {
        guard let font = fonts[size] else { return nil }
        var (width, height): (Int32, Int32) = (0, 0)
        guard TTF_SizeUTF8(font, string, &width, &height) == 0 else { return nil }
        return (Int(width), Int(height))
    }

    private func render(_ key: Key) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let font = fonts[key.size] else { return nil }
        let c = key.color
        return TTF_RenderUTF8_Blended(font, key.string, SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a))
    }

    /// The string blended over `background`, opaque: drawn by a software renderer of its own into a surface
    /// of the window's format, the very code and arithmetic of the window's renderer, so that the pixels are
    /// the ones the translucent texture would give. Rasterises the string again unless `rendered` is at hand.
    /// The caller frees the surface.
    private func blend(_ key: Key, _ rendered: UnsafeMutablePointer<SDL_Surface>?, over background: Color)
        -> UnsafeMutablePointer<SDL_Surface>?
    {
        guard let format = opaqueFormat, let source = rendered ?? render(key) else { return nil }
        defer { if rendered == nil { SDL_FreeSurface(source) } }
        let (width, height) = (source.pointee.w, source.pointee.h)
        guard let (surface, scratch) = scratch(width: width, height: height, format: format),
            let translucent = SDL_CreateTextureFromSurface(scratch, source)
        else { return nil }
        defer { SDL_DestroyTexture(translucent) }
        let b = background
        SDL_SetRenderDrawColor(scratch, b.r, b.g, b.b, b.a)
        SDL_RenderClear(scratch)
        var whole = SDL_Rect(x: 0, y: 0, w: width, h: height)
        SDL_RenderCopy(scratch, translucent, nil, &whole)
        SDL_RenderFlush(scratch)
        // The string's corner of the scratch surface (which may be larger), copied as it is: no blending.
        guard let blended = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, format) else { return nil }
        guard SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE) == 0,
            SDL_UpperBlit(surface, &whole, blended, nil) == 0
        else {
            SDL_FreeSurface(blended)
            return nil
        }
        return blended
    }

    /// A texture of an opaque copy's pixels, for a renderer that copies it itself.
    private func texture(of pixels: UnsafeMutablePointer<SDL_Surface>) -> OpaquePointer? {
        guard let format = opaqueFormat,
            let texture = SDL_CreateTexture(
                renderer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), pixels.pointee.w, pixels.pointee.h)
        else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        guard SDL_UpdateTexture(texture, nil, pixels.pointee.pixels, pixels.pointee.pitch) == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        return texture
    }

    /// The surface and software renderer opaque copies are blended in, at least `width` × `height`; made
    /// again, larger, when a string needs more.
    private var scratchCanvas: (surface: UnsafeMutablePointer<SDL_Surface>, renderer: OpaquePointer)?

    private func scratch(width: Int32, height: Int32, format: UInt32)
        -> (UnsafeMutablePointer<SDL_Surface>, OpaquePointer)?
    {
        if let made = scratchCanvas, made.surface.pointee.w >= width, made.surface.pointee.h >= height {
            return made
        }
        // Never narrower or shorter than before, so that alternating strings do not remake it.
        let (w, h) = (
            max(width, scratchCanvas?.surface.pointee.w ?? 0), max(height, scratchCanvas?.surface.pointee.h ?? 0)
        )
        closeScratch()
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format) else { return nil }
        guard let scratch = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            return nil
        }
        scratchCanvas = (surface, scratch)
        return (surface, scratch)
    }

    private func closeScratch() {
        guard let made = scratchCanvas else { return }
        SDL_DestroyRenderer(made.renderer)
        SDL_FreeSurface(made.surface)
        scratchCanvas = nil
    }

    /// Drops the textures not used this frame once the cache has grown past its limit.
    func endFrame() {
        if cache.count > Self.cacheLimit {
            let stale = cache.filter { $0.value.lastUsed != frame }
            for (key, entry) in stale {
                entry.destroy()
                cache[key] = nil
            }
        }
        frame += 1
    }

    func close() {
        guard isOpen else { return }
        isOpen = false
        for entry in cache.values { entry.destroy() }
        cache = [:]
        closeScratch()
        closeFonts()
        TTF_Quit()
    }

    private func closeFonts() {
        for font in fonts.values { TTF_CloseFont(font) }
        fonts = [:]
    }
}
