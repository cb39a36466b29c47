#ifndef CADENCE_CWAYLAND_SHIM_H
#define CADENCE_CWAYLAND_SHIM_H

// libwayland-client, for one question asked before SDL starts: does the compositor have a seat? SDL 2.26
// crashes in SDL_Init on a compositor without one (weston's headless backend, for one).
#include <string.h>
#include <wayland-client.h>

struct cadence_wayland_globals { int seat; };

static inline void cadence_wayland_global(
    void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)registry; (void)name; (void)version;
    if (strcmp(interface, "wl_seat") == 0) ((struct cadence_wayland_globals *)data)->seat = 1;
}

static inline void cadence_wayland_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

// 1: the compositor at `display` (NULL: $WAYLAND_DISPLAY) advertises a wl_seat; 0: it answers without one;
// -1: nothing answers there.
static inline int cadence_wayland_seat(const char *display) {
    static const struct wl_registry_listener listener = { cadence_wayland_global, cadence_wayland_global_remove };
    struct wl_display *connection = wl_display_connect(display);
    if (!connection) return -1;
    struct wl_registry *registry = wl_display_get_registry(connection);
    struct cadence_wayland_globals globals = { 0 };
    wl_registry_add_listener(registry, &listener, &globals);
    int answered = wl_display_roundtrip(connection);
    wl_registry_destroy(registry);
    wl_display_disconnect(connection);
    return answered < 0 ? -1 : globals.seat;
}

#endif
