/// Why the harness could not start or go on. Each case's ``description`` is one sentence meant for a person.
public enum HarnessError: Error, Equatable, CustomStringConvertible {
    /// No scene has this name; `known` lists the names that exist.
    case unknownScene(String, known: [String])
    /// A scene or an animation of yours cannot be added to the catalog (a name that is empty or taken, a
    /// parameter range that is empty); the text says which and why.
    case invalidScene(String)
    /// A scene's `make` threw; the reason is what it threw.
    case sceneFailed(String, reason: String)
    /// A command-line value is out of range.
    case invalidOption(String)
    /// An output file could not be created where asked.
    case unwritablePath(String, reason: String)
    /// An output could not be finished once it was being written (the disk filled, a clip's encoder died):
    /// an I/O failure, not bad usage. Nothing is left at its path (a device or FIFO keeps what it received).
    case outputFailed(String, reason: String)
    /// A window was asked for but there is no display to put it on.
    case noDisplay
    /// A display is named (`DISPLAY`, `WAYLAND_DISPLAY`) but no server answers there; the text names it.
    case displayUnreachable(String)
    /// The Wayland compositor named (`WAYLAND_DISPLAY`) has no seat, no input: SDL 2 cannot run on it.
    case noSeat(String)
    /// The video driver asked for (`--video-driver`, `SDL_VIDEODRIVER`) cannot run here; `working` lists
    /// those that can.
    case unavailableDriver(String, working: [String])
    /// The platform layer (SDL) failed; the text is SDL's own error.
    case platform(String)
    /// A replay file could not be read or has a bad line (1-based; 0 when the file itself is unreadable).
    case corruptReplay(String, line: Int, reason: String)
    /// A profile given to `cadence compare` could not be read or has a bad line (1-based; 0 when the file
    /// itself is unreadable).
    case unreadableProfile(String, line: Int, reason: String)
    /// No usable font file was found.
    case fontNotFound(searched: [String])

    public var description: String {
        switch self {
        case let .unknownScene(name, known):
            return "unknown scene '\(name)'; the scenes are: \(known.joined(separator: ", "))"
        case let .invalidScene(message):
            return message
        case let .sceneFailed(name, reason):
            return "the scene '\(name)' could not be made: \(reason)"
        case let .invalidOption(message):
            return message
        case let .unwritablePath(path, reason):
            return "cannot write '\(path)': \(reason)"
        case let .outputFailed(path, reason):
            return "'\(path)' was not written: \(reason)"
        case .noDisplay:
            return
                "no display is available (DISPLAY and WAYLAND_DISPLAY are unset): run with --headless, or under xvfb-run"
        case let .displayUnreachable(display):
            return
                "cannot open a window: no display server answers at \(display): start one, fix DISPLAY, run with --headless, or under xvfb-run"
        case let .noSeat(display):
            return
                "the Wayland compositor at \(display) has no seat (no keyboard or pointer), and SDL 2 cannot run on one: use a compositor with input (weston's x11 or drm backend, not headless), or X11 (--video-driver x11)"
        case let .unavailableDriver(driver, working):
            return
                "the video driver '\(driver)' cannot run here; the drivers that can: \(working.isEmpty ? "none" : working.joined(separator: ", "))"
        case let .platform(message):
            return "SDL: \(message)"
        case let .corruptReplay(path, line, reason):
            return line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)"
        case let .unreadableProfile(path, line, reason):
            return line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)"
        case let .fontNotFound(searched):
            return
                "no TrueType font found (looked for \(searched.joined(separator: ", "))); install fonts-dejavu-core or set CADENCE_FONT"
        }
    }
}
