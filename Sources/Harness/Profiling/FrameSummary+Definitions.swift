extension FrameSummary {
    /// What each line and figure of the summary means: what `cadence --help-summary` prints, one paragraph
    /// a line, in the order the summary prints them.
    public static let definitions: [String] = [
        "Every figure is over the steady frames: those after the first two that the pacer paced (CSV column "
            + "paced = 1). The first two frames (the second's interval holds the first present, which maps the "
            + "window) and the frames while the pacer detected vsync are the warm-up, counted on their own line "
            + "with their longest interval. Throttled frames (CSV column throttled = 1: the compositor held "
            + "presents back, 50 ms or more, for a hidden or covered window) are not presented, run at 10 a "
            + "second until the window is shown, and are counted on their own line as stretches, frames and time.",
        "interval: time between steady frames' starts (p50 p90 p99 p99.9 max, ms). deviation: |interval - "
            + "target period|.",
        "missed: intervals over 105 % of the period. janks: intervals of 2 periods or more.",
        "hitches: frames shown late, intervals over 1.5 periods and under 100 ms (over all steady frames, not "
            + "only those while something animates); late ms: their interval - period in all; hitch ratio: late "
            + "ms per second of steady frames (Apple's: under 5 good, 5-10 warning, over 10 critical). stalls: "
            + "late frames of 100 ms or more, counted apart.",
        "frame overrun: busy time - period, how far past its deadline a frame's work finished, negative when "
            + "early (p50 p90 p95 p99; Android's frameOverrunMs).",
        "lows: the 1% low is the frame rate of the p99 interval (1000 / p99 ms), the 0.1% low that of p99.9 "
            + "(not the mean of the slowest 1%, MangoHud's other definition).",
        "mean ms per frame: busy time (all but waiting) and each phase (input, update, draw, render, present, "
            + "wait), per steady frame.",
        "input-to-present: over every input event, from when it happened to the return of the present call of "
            + "the frame that handled it. input by phase: the same latency in parts, each event's own: waiting to be "
            + "read (from the event to the start of the frame that read it), frame start to present, and, with display "
            + "times, present to shown (to the presented time of the first frame that drew it). input times: when an "
            + "event happened, by the compositor's own stamp (Wayland: the wl_pointer and wl_keyboard event times, "
            + "matched to SDL's events) or, elsewhere, by the frame's poll, which leaves the wait to be read out.",
        "Display times (Wayland, from the compositor's presentation feedback; other drivers print why there are "
            + "none, and their display columns are empty): display: steady frames presented, discarded "
            + "(replaced before a repaint) and pending (no answer); display interval: presented to presented; "
            + "display hitches: frames shown more than 1.5 refreshes (or periods, if longer) after the frame "
            + "shown before, with late ms and hitch ratio as above; present-to-display: from the present call's "
            + "return to the frame's presented time; input-to-display: from each input event to the presented "
            + "time of the first frame that drew it. pointer error at display: for each frame shown during a drag, "
            + "the distance (px) between where it drew the pointer and where the pointer was at its presented time "
            + "(from the pointer's events around that time), p50 and p99, and the largest while the pointer was at "
            + "rest (a prediction's overshoot at a stop); prediction on or off (--predict-pointer).",
        "--fail-if and cadence compare name the figures: p50 … max, hitches, hitch-ratio, janks, low-1, "
            + "display-p50 … display-max, display-hitches, display-hitch-ratio, present-to-display-p99, "
            + "input-to-display-p99, input-wait-p50, input-frame-p50, input-to-display-shown-p50 and so on; a "
            + "--fail-if on a display figure is refused before a run without display times.",
    ]
}
