import CSDL2
import Harness

/// A picture in memory that SDL's software renderer draws into, with the same drawing code as the window's
/// (text included): what `--plot` and clips are drawn on.
final class OffscreenCanvas {
    /// Its size in pixels.
    let size: Size
    /// The 32-bit ARGB pixels drawn into.
    let surface: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer
    private let drawing: SDLDrawing

    /// A canvas of `size`. SDL's video subsystem need not be initialised.
    init(size: Size) throws(HarnessError) {
        let surface = try SDLCapture.makeSurface(width: size.width, height: size.height)
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw .platform(SDLWindow.sdlError())
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        do {
            drawing = SDLDrawing(
                renderer: renderer,
                text: try TextRenderer(renderer: renderer, opaqueFormat: surface.pointee.format.pointee.format),
                target: { surface })
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
            throw error
        }
        self.size = size
        self.surface = surface
        self.renderer = renderer
    }

    deinit {
        drawing.text.close()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// Draws `list` and finishes the picture.
    func render(_ list: DrawList) {
        drawing.render(list, size: size)
        SDL_RenderFlush(renderer)
    }

    /// Ends a frame for the text cache (as a window's present does).
    func endFrame() { drawing.text.endFrame() }

    /// Calls `body` with the pixels (`0xAARRGGBB`) and the number of pixels from one row to the next.
    func withPixels<Result>(_ body: (UnsafeBufferPointer<UInt32>, Int) throws(HarnessError) -> Result)
        throws(HarnessError) -> Result
    {
        let stride = Int(surface.pointee.pitch) / 4
        let pixels = UnsafeBufferPointer(
            start: surface.pointee.pixels!.assumingMemoryBound(to: UInt32.self), count: stride * size.height)
        return try body(pixels, stride)
    }
}
