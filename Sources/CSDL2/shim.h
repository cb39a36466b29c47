#ifndef CADENCE_CSDL2_SHIM_H
#define CADENCE_CSDL2_SHIM_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>

#include <malloc.h>
#include <stdatomic.h>
#include <stdlib.h>

// SDL copies the rectangles of every SDL_RenderFillRectsF call into a temporary (SDL_small_alloc): on its stack
// up to 128 bytes, from the heap above, and frees it before the call returns. So that the harness can hand SDL a
// frame's dots and bars in batches without a heap allocation per batch per frame (benchmark row "Frame loop,
// stress scene, headless SDL"), SDL's allocations go through these functions, which keep one freed block of
// 128 bytes or more (every temporary SDL puts on the heap, down to a batch of eight rectangles) per power of two
// of its size (the largest freed) and hand it back for a request it fits from the same or the next power of two
// (so a block never serves a request under a quarter of its size); everything else goes straight to the C
// library.
#define CADENCE_SDL_SPARE_CLASSES 48
#define CADENCE_SDL_SPARE_MIN 128

// The spare blocks, one per power of two (the storage of the one copy of these functions SDL is given).
static inline _Atomic(void *) *cadence_sdl_spare_slots(void) {
    static _Atomic(void *) slots[CADENCE_SDL_SPARE_CLASSES];
    return slots;
}

static inline int cadence_sdl_spare_class(size_t size) {
    int power = 63 - __builtin_clzll((unsigned long long)size);
    return power < CADENCE_SDL_SPARE_CLASSES ? power : CADENCE_SDL_SPARE_CLASSES - 1;
}

static inline void *cadence_sdl_malloc(size_t size) {
    if (size >= CADENCE_SDL_SPARE_MIN) {
        _Atomic(void *) *slots = cadence_sdl_spare_slots();
        int first = cadence_sdl_spare_class(size);
        for (int class = first; class <= first + 1 && class < CADENCE_SDL_SPARE_CLASSES; class++) {
            void *spare = atomic_exchange(&slots[class], NULL);
            if (!spare) continue;
            if (malloc_usable_size(spare) >= size) return spare;
            void *empty = NULL;
            if (!atomic_compare_exchange_strong(&slots[class], &empty, spare)) free(spare);
        }
    }
    return malloc(size);
}

static inline void cadence_sdl_free(void *block) {
    size_t usable = block ? malloc_usable_size(block) : 0;
    if (usable >= CADENCE_SDL_SPARE_MIN) {
        _Atomic(void *) *slot = &cadence_sdl_spare_slots()[cadence_sdl_spare_class(usable)];
        void *old = atomic_exchange(slot, block);
        // The larger of the two stays: it serves every request the smaller one would.
        if (old && malloc_usable_size(old) > usable) old = atomic_exchange(slot, old);
        block = old;
    }
    free(block);
}

static inline void *cadence_sdl_calloc(size_t count, size_t size) { return calloc(count, size); }
static inline void *cadence_sdl_realloc(void *block, size_t size) { return realloc(block, size); }

// Installs the functions above; call before SDL_Init. Installing them again is harmless: they are the same
// functions, and every block they hand out is the C library's.
static inline void cadence_SDL_reuse_large_blocks(void) {
    SDL_SetMemoryFunctions(cadence_sdl_malloc, cadence_sdl_calloc, cadence_sdl_realloc, cadence_sdl_free);
}

// SDL macros do not import into Swift; each one the harness needs is re-exported here as a function.

static inline int cadence_SDL_WINDOWPOS_CENTERED(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 cadence_SDL_BUTTON_MASK(int button) { return SDL_BUTTON(button); }
static inline Uint32 cadence_SDL_INIT_VIDEO(void) { return SDL_INIT_VIDEO; }
static inline Uint32 cadence_SDL_PIXELFORMAT_ABGR8888(void) { return SDL_PIXELFORMAT_ABGR8888; }
static inline Uint32 cadence_SDL_PIXELFORMAT_ARGB8888(void) { return SDL_PIXELFORMAT_ARGB8888; }

// The window's Wayland display and surface, for a frame callback of the harness's own (see CWayland); 0 when
// the window is not on Wayland. SDL_syswm.h would pull in Xlib, whose macros clash with Swift names: only its
// Wayland part is wanted here, and the union it sits in is the same size either way.
#undef SDL_VIDEO_DRIVER_X11
#undef SDL_VIDEO_DRIVER_KMSDRM
#include <SDL_syswm.h>
static inline int cadence_SDL_wayland_surface(SDL_Window *window, void **display, void **surface) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_WAYLAND) return 0;
    *display = info.info.wl.display;
    *surface = info.info.wl.surface;
    return 1;
}

// The GLX extensions of the window's X display, or NULL when it is not on X11 or GL is not loaded: whether the
// driver could tell when a frame was shown (GLX_OML_sync_control). The X11 part of the WM info (left out above)
// begins with the Display pointer, so it is read from the start of the union.
static inline const char *cadence_SDL_glx_extensions(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return NULL;
    const char *(*query)(void *, int) = (const char *(*)(void *, int))SDL_GL_GetProcAddress("glXQueryExtensionsString");
    void *display = *(void **)&info.info;
    return query && display ? query(display, 0) : NULL;
}

#endif
