import CSDL2
import Testing

/// The allocation functions SDL is given keep a freed large block for the next request it fits, so a frame's
/// batches of rectangles reuse one block instead of allocating (SDL copies each batch into a temporary). In the
/// serialized SDL suite: SDL running on another thread would take and return the same blocks.
extension SDLTests {
    @Test func aFreedLargeBlockServesTheNextRequestOfItsSizeAndNoMuchSmallerOne() throws {
        let first = try #require(cadence_sdl_malloc(80_000))
        cadence_sdl_free(first)
        let again = try #require(cadence_sdl_malloc(80_000))
        #expect(again == first, "the batch of the next frame reuses the block")
        let smaller = try #require(cadence_sdl_malloc(70_000))
        #expect(smaller != again, "a block in use is never handed out twice")
        cadence_sdl_free(smaller)
        cadence_sdl_free(again)
        // The larger of the two freed blocks is kept; 4,800 bytes is too far below it to be given it.
        let small = try #require(cadence_sdl_malloc(4_800))
        #expect(small != first)
        cadence_sdl_free(small)
        // A batch of nine rectangles (144 bytes, above what SDL copies on its stack) reuses its block too.
        let few = try #require(cadence_sdl_malloc(144))
        cadence_sdl_free(few)
        #expect(cadence_sdl_malloc(144) == few, "a short batch of the next frame reuses the block")
        cadence_sdl_free(few)
        // Smaller requests are the C library's, never a kept block.
        let tiny = try #require(cadence_sdl_malloc(64))
        cadence_sdl_free(tiny)
        // Leave nothing behind for other tests: take the kept blocks back and free them.
        for size in [80_000, 4_800, 144] { free(cadence_sdl_malloc(size)) }
    }
}
