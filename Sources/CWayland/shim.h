#ifndef CADENCE_CWAYLAND_SHIM_H
#define CADENCE_CWAYLAND_SHIM_H

// libwayland-client, for two questions: before SDL starts, does the compositor have a seat (SDL 2.26 crashes
// in SDL_Init on a compositor without one, weston's headless backend for one); and while a window is
// throttled, has the compositor shown it again?
#include <poll.h>
#include <stdlib.h>
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

// A frame callback of the harness's own, on an event queue of its own (SDL reads the connection; events for
// this queue wait on it until dispatched here): while a window is throttled, it tells without blocking whether
// the compositor has shown the window (or asked it for a frame) since the callback was asked for.
struct cadence_frame_watch {
    struct wl_display *display;
    struct wl_event_queue *queue;
    struct wl_surface *surface;
    struct wl_callback *callback;
    int done;
};

static inline void cadence_frame_watch_done(void *data, struct wl_callback *callback, uint32_t time) {
    (void)time;
    struct cadence_frame_watch *watch = data;
    wl_callback_destroy(callback);
    watch->callback = NULL;
    watch->done = 1;
}

static inline struct cadence_frame_watch *cadence_frame_watch_create(void *display, void *surface) {
    struct cadence_frame_watch *watch = calloc(1, sizeof *watch);
    if (!watch) return NULL;
    watch->display = display;
    watch->queue = wl_display_create_queue(display);
    watch->surface = wl_proxy_create_wrapper(surface);
    if (!watch->queue || !watch->surface) {
        if (watch->surface) wl_proxy_wrapper_destroy(watch->surface);
        if (watch->queue) wl_event_queue_destroy(watch->queue);
        free(watch);
        return NULL;
    }
    wl_proxy_set_queue((struct wl_proxy *)watch->surface, watch->queue);
    return watch;
}

// 1: the compositor called back the callback asked for by an earlier call; 0: not yet, and then, when none is
// outstanding, asks for one and commits the surface as it is (no new buffer: nothing is presented). So the
// first call after a 1 starts afresh: a callback left over from when the window was shown never counts. Never
// blocks: it reads only what is already on the connection.
static inline int cadence_frame_watch_shown(struct cadence_frame_watch *watch) {
    static const struct wl_callback_listener listener = { cadence_frame_watch_done };
    if (wl_display_prepare_read_queue(watch->display, watch->queue) == 0) {
        struct pollfd ready = { wl_display_get_fd(watch->display), POLLIN, 0 };
        if (poll(&ready, 1, 0) > 0) wl_display_read_events(watch->display);
        else wl_display_cancel_read(watch->display);
    }
    wl_display_dispatch_queue_pending(watch->display, watch->queue);
    int shown = watch->done;
    watch->done = 0;
    if (!shown && !watch->callback) {
        watch->callback = wl_surface_frame(watch->surface);
        if (watch->callback) wl_callback_add_listener(watch->callback, &listener, watch);
        wl_surface_commit(watch->surface);
        wl_display_flush(watch->display);
    }
    return shown;
}

static inline void cadence_frame_watch_destroy(struct cadence_frame_watch *watch) {
    if (!watch) return;
    if (watch->callback) wl_callback_destroy(watch->callback);
    wl_proxy_wrapper_destroy(watch->surface);
    wl_event_queue_destroy(watch->queue);
    free(watch);
}

#endif
