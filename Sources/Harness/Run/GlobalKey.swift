/// The keys the harness handles in every scene, after the scene has had the chance to consume them:
/// Esc quit, Space pause, `.` step, `[` `]` time scale, P profiler, H help, S screenshot, Tab and 1–9
/// scenes, F11 fullscreen.
public enum GlobalKey: Equatable, Sendable {
    /// Esc: end the run.
    case quit
    /// Space: pause or resume the frame clock.
    case togglePause
    /// `.`: pause, then advance one frame.
    case step
    /// `[`: the next slower time scale.
    case slower
    /// `]`: the next faster time scale.
    case faster
    /// P: show or hide the profiler overlay.
    case toggleProfiler
    /// H: show or hide the help overlay.
    case toggleHelp
    /// S: save a screenshot after this frame is rendered.
    case screenshot
    /// Tab: the catalog's next scene.
    case nextScene
    /// 1–9: the catalog's scene at this index (0-based).
    case scene(Int)
    /// F11: fullscreen on or off.
    case toggleFullscreen
    /// W (under `--live`): the last 5 s of input replayed under the running build, the previous build's frames
    /// faintly over them.
    case watchAgain

    /// The global key `key` stands for, or nil.
    public init?(_ key: Key) {
        switch key {
        case .escape: self = .quit
        case .space: self = .togglePause
        case .period: self = .step
        case .leftBracket: self = .slower
        case .rightBracket: self = .faster
        case .letter("p"): self = .toggleProfiler
        case .letter("h"): self = .toggleHelp
        case .letter("s"): self = .screenshot
        case .tab: self = .nextScene
        case let .digit(d) where d >= 1: self = .scene(d - 1)
        case .f11: self = .toggleFullscreen
        case .letter("w"): self = .watchAgain
        default: return nil
        }
    }

    /// Acts on `clock` when this key is one of the clock's (pause, step, time scale). Returns whether it was:
    /// a live reload's replay applies these and no others (see ``SceneHistory``).
    func apply(to clock: FrameClock) -> Bool {
        switch self {
        case .togglePause: clock.isPaused.toggle()
        case .step:
            clock.isPaused = true
            clock.step()
        case .slower: clock.timeScale = Self.nextTimeScale(below: clock.timeScale)
        case .faster: clock.timeScale = Self.nextTimeScale(above: clock.timeScale)
        default: return false
        }
        return true
    }

    /// The lines the help overlay lists.
    public static let helpLines = [
        "Space  pause / resume the clock", ".  step one frame", "[ ]  slower / faster (0.1x - 4x)",
        "P  profiler overlay", "S  screenshot", "Tab / 1-9  scenes", "F11  fullscreen", "W  watch again (--live)",
        "H  this help",
        "Esc  quit",
    ]

    /// The time-scale steps `[` and `]` move through.
    public static let timeScaleSteps: [Double] = [0.1, 0.25, 0.5, 1, 2, 4]

    /// The step below `scale` (the lowest when none is).
    static func nextTimeScale(below scale: Double) -> Double {
        timeScaleSteps.last(where: { $0 < scale - 1e-9 }) ?? timeScaleSteps[0]
    }

    /// The step above `scale` (the highest when none is).
    static func nextTimeScale(above scale: Double) -> Double {
        timeScaleSteps.first(where: { $0 > scale + 1e-9 }) ?? timeScaleSteps[timeScaleSteps.count - 1]
    }
}
