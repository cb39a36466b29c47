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

#endif
