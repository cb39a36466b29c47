import CSDL2
import Foundation
import Harness

/// Pixels out of SDL and PNG files in and out, through SDL2_image: screenshots, golden frames and plots.
/// Every file is written by the rules of ``OutputFile``.
enum SDLCapture {
    /// Reads the back buffer (call after ``render(_:)``, before ``present()``: SDL requires it).
    static func readPixels(_ renderer: OpaquePointer, size: Size) throws(HarnessError) -> Image {
        let (width, height) = (size.width, size.height)
        var raw = [UInt32](repeating: 0, count: width * height)
        let status = raw.withUnsafeMutableBytes {
            SDL_RenderReadPixels(renderer, nil, cadence_SDL_PIXELFORMAT_ARGB8888(), $0.baseAddress, Int32(width * 4))
        }
        guard status == 0 else { throw .platform(SDLWindow.sdlError()) }
        return Image(width: width, height: height, pixels: raw.map(color(argb:)))
    }

    /// Writes the back buffer to a PNG through SDL2_image: a regular file atomically (temporary file, then
    /// rename), through a symlink to its target, into a device or FIFO directly (see ``OutputFile``).
    static func saveScreenshot(_ renderer: OpaquePointer, size: Size, to path: String) throws(HarnessError) {
        let surface = try makeSurface(width: size.width, height: size.height)
        defer { SDL_FreeSurface(surface) }
        guard
            SDL_RenderReadPixels(
                renderer, nil, cadence_SDL_PIXELFORMAT_ARGB8888(), surface.pointee.pixels,
                surface.pointee.pitch) == 0
        else {
            throw .platform(SDLWindow.sdlError())
        }
        try writePNG(surface, to: path)
    }

    /// Writes `image` as a PNG through SDL2_image (tests use it for golden-frame diffs), following the same
    /// rules as every output (see ``OutputFile``).
    static func savePNG(_ image: Image, to path: String) throws(HarnessError) {
        let surface = try makeSurface(width: image.width, height: image.height)
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<image.height {
            let row = UnsafeMutableRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<image.width {
                let c = image[x, y]
                row[x] = UInt32(c.a) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
            }
        }
        try writePNG(surface, to: path)
    }

    /// Draws `list` into an offscreen picture of `size` with SDL's software renderer (the same drawing
    /// code as the window's, text included) and writes it as a PNG.
    static func writePNG(of list: DrawList, size: Size, to path: String) throws(HarnessError) {
        let canvas = try OffscreenCanvas(size: size)
        canvas.render(list)
        try writePNG(canvas.surface, to: path)
    }

    /// A 32-bit ARGB surface of the given size, to be freed by the caller.
    static func makeSurface(width: Int, height: Int) throws(HarnessError) -> UnsafeMutablePointer<SDL_Surface> {
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(width), Int32(height), 32, cadence_SDL_PIXELFORMAT_ARGB8888())
        else {
            throw .platform(SDLWindow.sdlError())
        }
        return surface
    }

    /// Writes `surface` as a PNG to `path` by the rules of ``OutputFile``.
    ///
    /// The PNG is encoded in memory and written by ``OutputFile/write(_:to:)``: SDL_image writing to a file
    /// itself ignores a failing final flush, so a full disk left a truncated picture and no error.
    static func writePNG(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws(HarnessError) {
        // zlib's worst case for incompressible pixels: a little over the raw size, plus PNG's framing.
        let raw = Int(surface.pointee.pitch) * Int(surface.pointee.h)
        var buffer = [UInt8](repeating: 0, count: raw + raw / 100 + Int(surface.pointee.h) + 65_536)
        let size = buffer.withUnsafeMutableBytes { bytes -> Int? in
            guard let stream = SDL_RWFromMem(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { SDL_RWclose(stream) }
            guard IMG_SavePNG_RW(surface, stream, 0) == 0 else { return nil }
            return Int(SDL_RWtell(stream))
        }
        guard let size, size > 0 else { throw .outputFailed(path, reason: SDLWindow.sdlError()) }
        try OutputFile.write(Data(buffer[0..<size]), to: path)
    }

    /// Loads a PNG through SDL2_image (used by tests to check what a screenshot holds).
    static func loadPNG(_ path: String) throws(HarnessError) -> Image {
        guard let loaded = IMG_Load(path) else { throw .platform(SDLWindow.sdlError()) }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, cadence_SDL_PIXELFORMAT_ARGB8888(), 0) else {
            throw .platform(SDLWindow.sdlError())
        }
        defer { SDL_FreeSurface(surface) }
        let width = Int(surface.pointee.w)
        let height = Int(surface.pointee.h)
        let pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        var pixels: [Color] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels.append(color(argb: row[x])) }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    private static func color(argb: UInt32) -> Color {
        Color(
            UInt8(truncatingIfNeeded: argb >> 16), UInt8(truncatingIfNeeded: argb >> 8),
            UInt8(truncatingIfNeeded: argb), UInt8(truncatingIfNeeded: argb >> 24))
    }
}
