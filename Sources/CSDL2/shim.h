#ifndef CADENCE_CSDL2_SHIM_H
#define CADENCE_CSDL2_SHIM_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>

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
