#ifndef CADENCE_CWAYLAND_SHIM_H
#define CADENCE_CWAYLAND_SHIM_H

// libwayland-client, for four questions: before SDL starts, does the compositor have a seat (SDL 2.26 crashes
// in SDL_Init on a compositor without one, weston's headless backend for one); while a window is throttled,
// has the compositor shown it again; when was each frame shown (presentation-time feedback); and when did each
// input event happen (the compositor's own stamps, which SDL 2 drops)?
#include <poll.h>
#include <stdint.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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

// Reads what the compositor has already sent on `display` into the queues it is for (`queue` must have nothing
// pending, else nothing is read), without blocking. Never when the compositor has hung up or the connection
// has failed: reading the end of the connection sets the display's error, and SDL 2.26's swap then spins for
// ever on a frame-callback event of its own queue that it can no longer dispatch. SDL reads that end itself
// (and ends the run with a quit event).
static inline void cadence_wayland_read_ready(struct wl_display *display, struct wl_event_queue *queue) {
    if (wl_display_get_error(display) != 0 || wl_display_prepare_read_queue(display, queue) != 0) return;
    struct pollfd ready = { wl_display_get_fd(display), POLLIN, 0 };
    if (poll(&ready, 1, 0) > 0 && (ready.revents & (POLLHUP | POLLERR | POLLNVAL)) == 0 && (ready.revents & POLLIN))
        wl_display_read_events(display);
    else
        wl_display_cancel_read(display);
}

// Whether the connection to the compositor has failed (it went away, or a protocol error): SDL 2.26's swap must
// not be called then (see above).
static inline int cadence_wayland_failed(void *display) { return wl_display_get_error(display) != 0; }

// A registry of the harness's own on `display`, on an event queue of its own (SDL reads the connection; events
// for this queue wait on it until dispatched here), heard by `listener` with `data` through one round trip on
// that queue: what presentation feedback and input times bind their globals from. 0 when any step fails (the
// caller destroys what was made).
static inline int cadence_private_registry(struct wl_display *display, struct wl_event_queue **queue,
                                           struct wl_proxy **wrapper, struct wl_registry **registry,
                                           const struct wl_registry_listener *listener, void *data) {
    *queue = wl_display_create_queue(display);
    *wrapper = *queue ? wl_proxy_create_wrapper(display) : NULL;
    if (!*wrapper) return 0;
    wl_proxy_set_queue(*wrapper, *queue);
    *registry = wl_display_get_registry((struct wl_display *)*wrapper);
    if (!*registry) return 0;
    wl_registry_add_listener(*registry, listener, data);
    return wl_display_roundtrip_queue(display, *queue) >= 0;
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
    cadence_wayland_read_ready(watch->display, watch->queue);
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

// Asks for a frame callback that rides on the surface's next commit, made by someone else (EGL's swap): no commit
// of its own. Replaces one asked for before and not yet called back.
static inline void cadence_frame_watch_arm(struct cadence_frame_watch *watch) {
    static const struct wl_callback_listener listener = { cadence_frame_watch_done };
    if (watch->callback) wl_callback_destroy(watch->callback);
    watch->done = 0;
    watch->callback = wl_surface_frame(watch->surface);
    if (watch->callback) wl_callback_add_listener(watch->callback, &listener, watch);
}

// 1: the callback asked for by the last `cadence_frame_watch_arm` came (the compositor repainted with the commit it
// rode on), or none was asked for; 0: not yet. Never blocks: it reads only what is already on the connection.
static inline int cadence_frame_watch_came(struct cadence_frame_watch *watch) {
    cadence_wayland_read_ready(watch->display, watch->queue);
    wl_display_dispatch_queue_pending(watch->display, watch->queue);
    return watch->done || !watch->callback;
}

static inline void cadence_frame_watch_destroy(struct cadence_frame_watch *watch) {
    if (!watch) return;
    if (watch->callback) wl_callback_destroy(watch->callback);
    wl_proxy_wrapper_destroy(watch->surface);
    wl_event_queue_destroy(watch->queue);
    free(watch);
}

// Presentation feedback (the stable presentation-time protocol, wp_presentation version 1). Its interface
// tables are written here rather than generated by wayland-scanner: two interfaces, five messages, and no
// build step the package would need a tool for.
static const struct wl_interface cadence_wp_presentation_feedback_interface;
static const struct wl_interface *cadence_presentation_types[] = {
    NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    &wl_surface_interface, &cadence_wp_presentation_feedback_interface,
    &wl_output_interface,
};
static const struct wl_message cadence_wp_presentation_requests[] = {
    { "destroy", "", cadence_presentation_types },
    { "feedback", "on", cadence_presentation_types + 7 },
};
static const struct wl_message cadence_wp_presentation_events[] = {
    { "clock_id", "u", cadence_presentation_types },
};
static const struct wl_interface cadence_wp_presentation_interface = {
    "wp_presentation", 1, 2, cadence_wp_presentation_requests, 1, cadence_wp_presentation_events,
};
static const struct wl_message cadence_wp_presentation_feedback_events[] = {
    { "sync_output", "o", cadence_presentation_types + 9 },
    { "presented", "uuuuuuu", cadence_presentation_types },
    { "discarded", "", cadence_presentation_types },
};
static const struct wl_interface cadence_wp_presentation_feedback_interface = {
    "wp_presentation_feedback", 1, 0, NULL, 3, cadence_wp_presentation_feedback_events,
};

// One answer: for the frame `ticket`, presented (kind 1, at `nanoseconds` on the compositor's clock) or
// discarded (kind 2).
struct cadence_presentation_answer {
    int64_t ticket;
    int32_t kind;
    uint32_t flags;
    uint64_t nanoseconds;
    uint64_t refresh;
    uint64_t sequence;
};

#define CADENCE_PRESENTATION_SLOTS 256

struct cadence_presentation;
struct cadence_feedback_slot {
    struct cadence_presentation *owner;
    struct wl_proxy *proxy;
    int64_t ticket;
};

// Feedback requests and their answers on an event queue of the harness's own, as the frame watch above does.
struct cadence_presentation {
    struct wl_display *display;
    struct wl_event_queue *queue;
    struct wl_proxy *wrapper;
    struct wl_registry *registry;
    struct wl_proxy *presentation;
    struct wl_surface *surface;
    uint32_t name;
    int32_t clock_id;
    struct cadence_feedback_slot slots[CADENCE_PRESENTATION_SLOTS];
    unsigned next_slot;
    struct cadence_presentation_answer answers[CADENCE_PRESENTATION_SLOTS];
    unsigned answer_count;
};

static inline void cadence_presentation_global(
    void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)registry; (void)version;
    if (strcmp(interface, "wp_presentation") == 0) ((struct cadence_presentation *)data)->name = name;
}

static inline void cadence_presentation_clock(void *data, struct wl_proxy *presentation, uint32_t clock_id) {
    (void)presentation;
    ((struct cadence_presentation *)data)->clock_id = (int32_t)clock_id;
}

static inline void cadence_feedback_answer(struct cadence_feedback_slot *slot, struct cadence_presentation_answer answer) {
    struct cadence_presentation *owner = slot->owner;
    answer.ticket = slot->ticket;
    // The ring holds more answers than a run has frames outstanding; one that is not drained loses the newest.
    if (owner->answer_count < CADENCE_PRESENTATION_SLOTS) owner->answers[owner->answer_count++] = answer;
    wl_proxy_destroy(slot->proxy);
    slot->proxy = NULL;
}

static inline void cadence_feedback_sync_output(void *data, struct wl_proxy *feedback, struct wl_proxy *output) {
    (void)data; (void)feedback; (void)output;
}

static inline void cadence_feedback_presented(
    void *data, struct wl_proxy *feedback, uint32_t sec_hi, uint32_t sec_lo, uint32_t nsec, uint32_t refresh,
    uint32_t seq_hi, uint32_t seq_lo, uint32_t flags) {
    (void)feedback;
    struct cadence_presentation_answer answer = { 0 };
    answer.kind = 1;
    answer.flags = flags;
    answer.nanoseconds = ((((uint64_t)sec_hi << 32) | sec_lo) * 1000000000ull) + nsec;
    answer.refresh = refresh;
    answer.sequence = ((uint64_t)seq_hi << 32) | seq_lo;
    cadence_feedback_answer(data, answer);
}

static inline void cadence_feedback_discarded(void *data, struct wl_proxy *feedback) {
    (void)feedback;
    struct cadence_presentation_answer answer = { 0 };
    answer.kind = 2;
    cadence_feedback_answer(data, answer);
}

static inline void cadence_presentation_destroy(struct cadence_presentation *p) {
    if (!p) return;
    for (unsigned i = 0; i < CADENCE_PRESENTATION_SLOTS; i++)
        if (p->slots[i].proxy) wl_proxy_destroy(p->slots[i].proxy);
    if (p->presentation) {
        wl_proxy_marshal(p->presentation, 0);
        wl_proxy_destroy(p->presentation);
    }
    if (p->registry) wl_registry_destroy(p->registry);
    if (p->surface) wl_proxy_wrapper_destroy(p->surface);
    if (p->wrapper) wl_proxy_wrapper_destroy(p->wrapper);
    if (p->queue) wl_event_queue_destroy(p->queue);
    free(p);
}

// Binds the compositor's wp_presentation and waits (two round trips on the private queue) for its clock.
// NULL when the compositor does not offer the protocol or the connection fails.
static inline struct cadence_presentation *cadence_presentation_create(void *display, void *surface) {
    static const struct wl_registry_listener registry_listener = {
        cadence_presentation_global, cadence_wayland_global_remove };
    static const struct { void (*clock_id)(void *, struct wl_proxy *, uint32_t); } clock_listener = {
        cadence_presentation_clock };
    struct cadence_presentation *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->display = display;
    p->clock_id = -1;
    if (!cadence_private_registry(display, &p->queue, &p->wrapper, &p->registry, &registry_listener, p)
        || p->name == 0) {
        cadence_presentation_destroy(p);
        return NULL;
    }
    p->surface = wl_proxy_create_wrapper(surface);
    if (!p->surface) { cadence_presentation_destroy(p); return NULL; }
    wl_proxy_set_queue((struct wl_proxy *)p->surface, p->queue);
    p->presentation = wl_registry_bind(p->registry, p->name, &cadence_wp_presentation_interface, 1);
    if (!p->presentation) { cadence_presentation_destroy(p); return NULL; }
    wl_proxy_add_listener(p->presentation, (void (**)(void))&clock_listener, p);
    if (wl_display_roundtrip_queue(p->display, p->queue) < 0 || p->clock_id < 0) {
        cadence_presentation_destroy(p);
        return NULL;
    }
    return p;
}

// Asks for feedback on the surface's next commit, answered for `ticket`. Call just before the commit that
// presents the frame. 0 when every slot is waiting for an answer (the frame then has no feedback).
static inline int cadence_presentation_request(struct cadence_presentation *p, int64_t ticket) {
    static const struct {
        void (*sync_output)(void *, struct wl_proxy *, struct wl_proxy *);
        void (*presented)(void *, struct wl_proxy *, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t);
        void (*discarded)(void *, struct wl_proxy *);
    } listener = { cadence_feedback_sync_output, cadence_feedback_presented, cadence_feedback_discarded };
    struct cadence_feedback_slot *slot = &p->slots[p->next_slot];
    if (slot->proxy) return 0;
    slot->proxy = wl_proxy_marshal_constructor(
        p->presentation, 1, &cadence_wp_presentation_feedback_interface, p->surface, NULL);
    if (!slot->proxy) return 0;
    slot->owner = p;
    slot->ticket = ticket;
    wl_proxy_add_listener(slot->proxy, (void (**)(void))&listener, slot);
    p->next_slot = (p->next_slot + 1) % CADENCE_PRESENTATION_SLOTS;
    return 1;
}

// Reads what the compositor has sent without blocking and returns how many answers wait in `answers`
// (the caller reads them, then calls cadence_presentation_clear).
static inline unsigned cadence_presentation_poll(struct cadence_presentation *p) {
    cadence_wayland_read_ready(p->display, p->queue);
    wl_display_dispatch_queue_pending(p->display, p->queue);
    return p->answer_count;
}

static inline void cadence_presentation_clear(struct cadence_presentation *p) { p->answer_count = 0; }

static inline const struct cadence_presentation_answer *cadence_presentation_answer_at(
    const struct cadence_presentation *p, unsigned index) {
    return &p->answers[index];
}

// Input times from the compositor: a wl_seat, wl_pointer and wl_keyboard of the harness's own on SDL's
// connection, on an event queue of its own. A client may bind the seat and ask for its pointer and keyboard
// more than once; each gets the same events, with the compositor's timestamp (milliseconds, on the clock the
// compositor uses for input: weston's presentation clock), which SDL 2 replaces with the time it dispatched
// them. Version 1 of the seat: its pointer and keyboard send only the events below.
#define CADENCE_INPUT_STAMPS 1024
enum { CADENCE_STAMP_MOTION = 1, CADENCE_STAMP_BUTTON = 2, CADENCE_STAMP_KEY = 3 };

struct cadence_input_stamp {
    uint32_t kind;
    uint32_t milliseconds;
    double x, y;         // surface-local, for motion and button (the pointer's last position)
    uint32_t pressed;    // button and key
};

struct cadence_input_times {
    struct wl_display *display;
    struct wl_event_queue *queue;
    struct wl_proxy *wrapper;
    struct wl_registry *registry;
    struct wl_seat *seat;
    struct wl_pointer *pointer;
    struct wl_keyboard *keyboard;
    uint32_t seat_name;
    double x, y;
    struct cadence_input_stamp stamps[CADENCE_INPUT_STAMPS];
    unsigned count;
};

static inline void cadence_input_add(struct cadence_input_times *t, uint32_t kind, uint32_t ms, uint32_t pressed) {
    // A full ring keeps the oldest: the frame loop drains it every frame, so it fills only when nobody asks.
    if (t->count >= CADENCE_INPUT_STAMPS) return;
    struct cadence_input_stamp stamp = { kind, ms, t->x, t->y, pressed };
    t->stamps[t->count++] = stamp;
}

static inline void cadence_input_global(
    void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)registry; (void)version;
    struct cadence_input_times *t = data;
    if (strcmp(interface, "wl_seat") == 0 && t->seat_name == 0) t->seat_name = name;
}

static inline void cadence_pointer_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s,
                                         wl_fixed_t x, wl_fixed_t y) {
    (void)p; (void)serial; (void)s;
    struct cadence_input_times *t = data;
    t->x = wl_fixed_to_double(x);
    t->y = wl_fixed_to_double(y);
}
static inline void cadence_pointer_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s) {
    (void)data; (void)p; (void)serial; (void)s;
}
static inline void cadence_pointer_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)p;
    struct cadence_input_times *t = data;
    t->x = wl_fixed_to_double(x);
    t->y = wl_fixed_to_double(y);
    cadence_input_add(t, CADENCE_STAMP_MOTION, time, 0);
}
static inline void cadence_pointer_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time,
                                          uint32_t button, uint32_t state) {
    (void)p; (void)serial; (void)button;
    cadence_input_add(data, CADENCE_STAMP_BUTTON, time, state);
}
static inline void cadence_pointer_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t v) {
    (void)data; (void)p; (void)time; (void)axis; (void)v;
}
static inline void cadence_keyboard_keymap(void *data, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) {
    (void)data; (void)k; (void)format; (void)size;
    close(fd);
}
static inline void cadence_keyboard_enter(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s,
                                          struct wl_array *keys) {
    (void)data; (void)k; (void)serial; (void)s; (void)keys;
}
static inline void cadence_keyboard_leave(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s) {
    (void)data; (void)k; (void)serial; (void)s;
}
static inline void cadence_keyboard_key(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t time,
                                        uint32_t key, uint32_t state) {
    (void)k; (void)serial; (void)key;
    cadence_input_add(data, CADENCE_STAMP_KEY, time, state);
}
static inline void cadence_keyboard_modifiers(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t depressed,
                                              uint32_t latched, uint32_t locked, uint32_t group) {
    (void)data; (void)k; (void)serial; (void)depressed; (void)latched; (void)locked; (void)group;
}

static inline void cadence_seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
    static const struct wl_pointer_listener pointer_listener = {
        .enter = cadence_pointer_enter, .leave = cadence_pointer_leave, .motion = cadence_pointer_motion,
        .button = cadence_pointer_button, .axis = cadence_pointer_axis };
    static const struct wl_keyboard_listener keyboard_listener = {
        .keymap = cadence_keyboard_keymap, .enter = cadence_keyboard_enter, .leave = cadence_keyboard_leave,
        .key = cadence_keyboard_key, .modifiers = cadence_keyboard_modifiers };
    struct cadence_input_times *t = data;
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !t->pointer) {
        t->pointer = wl_seat_get_pointer(seat);
        if (t->pointer) wl_pointer_add_listener(t->pointer, &pointer_listener, t);
    }
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !t->keyboard) {
        t->keyboard = wl_seat_get_keyboard(seat);
        if (t->keyboard) wl_keyboard_add_listener(t->keyboard, &keyboard_listener, t);
    }
}

static inline void cadence_input_times_destroy(struct cadence_input_times *t) {
    if (!t) return;
    if (t->pointer) wl_pointer_destroy(t->pointer);
    if (t->keyboard) wl_keyboard_destroy(t->keyboard);
    if (t->seat) wl_seat_destroy(t->seat);
    if (t->registry) wl_registry_destroy(t->registry);
    if (t->wrapper) wl_proxy_wrapper_destroy(t->wrapper);
    if (t->queue) wl_event_queue_destroy(t->queue);
    free(t);
}

// Binds the compositor's first seat on a queue of its own and waits (two round trips on that queue) for its
// pointer and keyboard. NULL when there is no seat or the connection fails.
static inline struct cadence_input_times *cadence_input_times_create(void *display) {
    static const struct wl_registry_listener registry_listener = { cadence_input_global, cadence_wayland_global_remove };
    static const struct wl_seat_listener seat_listener = { .capabilities = cadence_seat_capabilities };
    struct cadence_input_times *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->display = display;
    if (!cadence_private_registry(display, &t->queue, &t->wrapper, &t->registry, &registry_listener, t)
        || t->seat_name == 0) {
        cadence_input_times_destroy(t);
        return NULL;
    }
    t->seat = wl_registry_bind(t->registry, t->seat_name, &wl_seat_interface, 1);
    if (!t->seat) { cadence_input_times_destroy(t); return NULL; }
    wl_seat_add_listener(t->seat, &seat_listener, t);
    if (wl_display_roundtrip_queue(t->display, t->queue) < 0 || (!t->pointer && !t->keyboard)) {
        cadence_input_times_destroy(t);
        return NULL;
    }
    return t;
}

// Dispatches what SDL's reads of the connection left on the queue (never reads the connection itself: events
// read now would reach SDL's queue only at its next poll) and returns how many stamps wait in `stamps` (the
// caller reads them, then calls cadence_input_times_clear).
static inline unsigned cadence_input_times_poll(struct cadence_input_times *t) {
    if (wl_display_get_error(t->display) == 0) wl_display_dispatch_queue_pending(t->display, t->queue);
    return t->count;
}

static inline void cadence_input_times_clear(struct cadence_input_times *t) { t->count = 0; }

static inline const struct cadence_input_stamp *cadence_input_stamp_at(const struct cadence_input_times *t, unsigned i) {
    return &t->stamps[i];
}

static inline uint64_t cadence_clock_read(clockid_t clock) {
    struct timespec now;
    clock_gettime(clock, &now);
    return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

// CLOCK_MONOTONIC − `clock`, in nanoseconds: each clock read between two reads of the other, the pair with the
// shortest gap of eight kept, so that a time on `clock` is never subtracted from one on another.
static inline int64_t cadence_clock_offset_to_monotonic(int32_t clock) {
    if (clock == CLOCK_MONOTONIC) return 0;
    uint64_t best_gap = UINT64_MAX;
    int64_t offset = 0;
    for (int i = 0; i < 8; i++) {
        uint64_t before = cadence_clock_read(CLOCK_MONOTONIC);
        uint64_t other = cadence_clock_read((clockid_t)clock);
        uint64_t after = cadence_clock_read(CLOCK_MONOTONIC);
        if (after - before < best_gap) {
            best_gap = after - before;
            offset = (int64_t)(before + (after - before) / 2) - (int64_t)other;
        }
    }
    return offset;
}

#endif
