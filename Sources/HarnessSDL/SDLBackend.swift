import CSDL2
import CWayland
import Foundation
import Harness

/// The harness's window on SDL2: renders ``DrawList``s, turns SDL events into ``InputEvent``s, saves PNGs.
///
/// Only one may exist at a time (SDL is process-global); ``close()`` (or deinit) shuts SDL down.
/// Driver choice is explicit: headless runs use `dummy`; windowed runs refuse to start without
/// `DISPLAY`/`WAYLAND_DISPLAY` (SDL would otherwise fall back to an invisible offscreen window and look
/// like success), unless `SDL_VIDEODRIVER` names a driver on purpose.
///
/// It is made of parts, one file each: `SDLWindow` (SDL, the window and its renderer), `SDLEvents`,
/// `SDLDrawing`, ``TextRenderer`` and `SDLCapture` (pixels and PNG files).
public final class SDLBackend: RenderBackend {
    /// The video driver SDL is using (`x11`, `wayland`, `dummy`, `offscreen`, …).
    public var driver: String { window.driver }
    /// The renderer SDL chose (`opengl`, `software`, …).
    public var rendererName: String { window.rendererName }
    /// Why the driver is not the one the environment suggests (a compositor without a seat), or nil.
    public var driverNote: String? { window.note }
    /// The SDL library running (not the headers built against): `2.26.5`.
    public var sdlVersion: String {
        var version = SDL_version()
        SDL_GetVersion(&version)
        return "\(version.major).\(version.minor).\(version.patch)"
    }
    /// Drawable pixels per point of the display: the compositor's scale on a HiDPI Wayland output (2 under
    /// `weston --scale=2`) times the scale asked for (`--scale`, for X11, which has no HiDPI of its own).
    public let displayScale: Double
    /// Drawable pixels per point scenes are drawn at: ``displayScale``, or less when the drawable holds
    /// fewer than ``minimumLayout`` of its points (fullscreen on a small display, a tiling compositor that
    /// ignores the window's minimum size): the layout then keeps its minimum and everything is drawn
    /// smaller, lines and text still rasterised at the pixel size they get, never a scaled bitmap.
    public private(set) var layoutScale: Double
    /// The smallest layout scenes get, in points: ``SceneCatalog/smallestLayout``, or the size the window
    /// opened at when that is smaller.
    public let minimumLayout: Size
    /// Layout points per window coordinate, axis by axis (see ``inputScale(_:layoutScale:)``).
    private var inputScale: Point
    /// The drawable size in points (pixels ÷ ``layoutScale``): what scenes lay themselves out in.
    public private(set) var size: Size

    let window: SDLWindow
    let drawing: SDLDrawing
    /// The scale the window was opened at (`--scale`), which window coordinates are points times.
    private let openedScale: Double
    /// The window's last size in points while not fullscreen (what leaving fullscreen goes back to).
    private var windowedSize: Size
    private let headless: Bool
    /// The frame callback that tells a throttled Wayland window shown again (made when first asked).
    private var frameWatch: UnsafeMutablePointer<cadence_frame_watch>?
    /// The frame callback riding on each commit of a frame whose display is watched (see ``lastFrameLatched()``).
    private var commitWatch: UnsafeMutablePointer<cadence_frame_watch>?
    private var watchesFrames: Bool?
    /// Presentation feedback on Wayland (nil elsewhere, or when the compositor lacks the protocol).
    private var presentation: UnsafeMutablePointer<cadence_presentation>?
    /// SDL's Wayland connection and the window's surface (nil on other drivers), looked up once.
    private let wayland: (display: UnsafeMutableRawPointer, surface: UnsafeMutableRawPointer)?
    /// Where this window's display times come from, or why it has none.
    public let displayTimes: DisplayTimes
    /// `CLOCK_MONOTONIC` − the compositor's clock, and when it was sampled: resampled once a second at most,
    /// which follows any drift between the two while a frame's answers cost no clock reads of their own.
    private var clockOffset: (nanoseconds: Int64, sampledAt: UInt64)?
    /// The compositor's own input events, with their times (Wayland only).
    private var inputTimes: UnsafeMutablePointer<cadence_input_times>?
    private var stamps = InputStampMatcher()
    /// The clock the compositor's input times are on (found from its first stamp), and `CLOCK_MONOTONIC` − it,
    /// sampled at `sampledAt` (again once a second at most).
    private var inputClock: (id: Int32, offset: Int64, sampledAt: UInt64)?
    /// Where input events' times come from, and how many the compositor's stamps matched.
    public var inputTimeSource: String {
        guard inputTimes != nil else { return "the frame's poll (SDL's, when it dispatched the event)" }
        let all = stamps.matched + stamps.unmatched
        let clock = inputClock.map { " on \(Self.clockName($0.id))" } ?? ""
        return
            "the compositor's (wl_pointer and wl_keyboard event times, to the millisecond\(clock)) for \(stamps.matched) of \(all) events, the rest the frame's poll"
    }

    /// Initialises SDL, opens the window and renderer, and loads the font.
    /// - Throws: ``HarnessError/noDisplay`` without a display, ``HarnessError/platform(_:)`` with SDL's
    ///   own error text when SDL fails, ``HarnessError/fontNotFound(searched:)`` without a font.
    public init(options: WindowOptions) throws(HarnessError) {
        let window = try SDLWindow(options: options)
        guard let renderer = window.renderer else { throw .platform("the window has no renderer") }
        // The window was opened at the asked size × the asked scale; a HiDPI compositor gives it more
        // pixels still. Points are the asked size.
        let scale = Double(window.outputSize.width) / Double(options.width)
        displayScale = scale.isFinite && scale > 0 ? scale : 1
        minimumLayout = Size(
            width: min(options.width, SceneCatalog.smallestLayout.width),
            height: min(options.height, SceneCatalog.smallestLayout.height))
        layoutScale = Self.layoutScale(window.outputSize, displayScale: displayScale, minimum: minimumLayout)
        // Geometry scaled by the renderer; text rasterised at the scaled size (see TextRenderer), not a
        // scaled bitmap.
        SDL_RenderSetScale(renderer, Float(layoutScale), Float(layoutScale))
        do {
            // The software renderer draws into the window's surface (which asking for it again returns).
            let surface: (() -> UnsafeMutablePointer<SDL_Surface>?)? =
                window.rendererName == "software"
                ? window.window.map { handle in { SDL_GetWindowSurface(handle) } } : nil
            drawing = SDLDrawing(
                renderer: renderer,
                text: try TextRenderer(
                    renderer: renderer, scale: layoutScale, opaqueFormat: surface?()?.pointee.format.pointee.format),
                target: surface)
        } catch {
            window.close()
            throw error
        }
        self.window = window
        openedScale = options.scale > 0 ? options.scale : 1
        windowedSize = Size(width: options.width, height: options.height)
        headless = options.headless
        size = Self.points(window.outputSize, layoutScale)
        inputScale = Self.inputScale(window, layoutScale: layoutScale)
        var (display, surface): (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) = (nil, nil)
        if let handle = window.window, cadence_SDL_wayland_surface(handle, &display, &surface) != 0, let display,
            let surface
        {
            wayland = (display, surface)
        } else {
            wayland = nil
        }
        (presentation, displayTimes) = Self.presentationFeedback(window, wayland: wayland)
        if let wayland { inputTimes = cadence_input_times_create(wayland.display) }
    }

    /// Binds the compositor's presentation-time protocol for the window, or says why there are no display times.
    private static func presentationFeedback(
        _ window: SDLWindow, wayland: (display: UnsafeMutableRawPointer, surface: UnsafeMutableRawPointer)?
    ) -> (UnsafeMutablePointer<cadence_presentation>?, DisplayTimes) {
        guard let handle = window.window else { return (nil, .unavailable(reason: "no window")) }
        switch window.driver {
        case "wayland":
            guard let wayland, let presentation = cadence_presentation_create(wayland.display, wayland.surface)
            else {
                return (nil, .unavailable(reason: "the Wayland compositor does not offer wp_presentation"))
            }
            return (presentation, .feedback(clock: clockName(presentation.pointee.clock_id)))
        case "x11":
            let extensions = cadence_SDL_glx_extensions(handle).map { String(cString: $0) } ?? ""
            return (
                nil,
                .unavailable(
                    reason: extensions.contains("GLX_OML_sync_control")
                        ? "X11: the driver offers GLX_OML_sync_control, which Cadence does not read yet"
                        : "X11 without GLX_OML_sync_control, as under Xvfb or XWayland with llvmpipe: the X server tells a program nothing about when a frame was shown"
                )
            )
        case "dummy": return (nil, .unavailable(reason: "headless: the dummy driver has no display"))
        default: return (nil, .unavailable(reason: "the \(window.driver) driver reports no presentation times"))
        }
    }

    /// The name of a `clockid_t`.
    static func clockName(_ id: Int32) -> String {
        switch id {
        case CLOCK_MONOTONIC: return "CLOCK_MONOTONIC"
        case CLOCK_MONOTONIC_RAW: return "CLOCK_MONOTONIC_RAW"
        case CLOCK_REALTIME: return "CLOCK_REALTIME"
        case CLOCK_BOOTTIME: return "CLOCK_BOOTTIME"
        default: return "clock \(id)"
        }
    }

    /// Layout points per window coordinate, axis by axis: the drawable's pixels per window coordinate (1
    /// on X11, even at `--scale`; the compositor's scale on Wayland; less when a Wayland compositor shows
    /// a fullscreen window on a smaller output and SDL keeps its size) over ``layoutScale``.
    static func inputScale(_ window: SDLWindow, layoutScale: Double) -> Point {
        var (width, height): (Int32, Int32) = (0, 0)
        if let handle = window.window { SDL_GetWindowSize(handle, &width, &height) }
        return inputScale(
            window: Size(width: Int(width), height: Int(height)), pixels: window.outputSize, layoutScale: layoutScale)
    }

    /// ``inputScale(_:layoutScale:)`` for a window of `window` coordinates drawn at `pixels` (1, 1 for a
    /// window not yet sized).
    static func inputScale(window: Size, pixels: Size, layoutScale: Double) -> Point {
        guard window.width > 0, window.height > 0, pixels.width > 0, pixels.height > 0 else { return Point(1, 1) }
        return Point(
            Double(pixels.width) / Double(window.width) / layoutScale,
            Double(pixels.height) / Double(window.height) / layoutScale)
    }

    /// The pixels per point that give `pixels` at least `minimum` points: `displayScale`, or less.
    static func layoutScale(_ pixels: Size, displayScale: Double, minimum: Size) -> Double {
        let fits = min(
            Double(pixels.width) / Double(max(minimum.width, 1)), Double(pixels.height) / Double(max(minimum.height, 1))
        )
        return fits.isFinite && fits > 0 ? min(displayScale, fits) : displayScale
    }

    /// A size in pixels as points at `scale`.
    static func points(_ pixels: Size, _ scale: Double) -> Size {
        Size(
            width: Int((Double(pixels.width) / scale).rounded()), height: Int((Double(pixels.height) / scale).rounded())
        )
    }

    deinit { close() }

    /// Destroys the window and shuts SDL down. Safe to call twice.
    public func close() {
        guard window.renderer != nil else { return }
        cadence_frame_watch_destroy(frameWatch)
        frameWatch = nil
        cadence_frame_watch_destroy(commitWatch)
        commitWatch = nil
        cadence_presentation_destroy(presentation)
        presentation = nil
        cadence_input_times_destroy(inputTimes)
        inputTimes = nil
        drawing.text.close()
        window.close()
    }

    public func pollEvents(into events: inout [InputEvent], times: inout [UInt64]) {
        guard window.renderer != nil else { return }
        let first = events.count
        defer { if inputTimes != nil { restamp(events, times: &times, from: first) } }
        if SDLEvents.poll(into: &events, times: &times, scale: inputScale) {
            let pixels = window.outputSize
            let scale = Self.layoutScale(pixels, displayScale: displayScale, minimum: minimumLayout)
            if scale != layoutScale, let renderer = window.renderer {
                layoutScale = scale
                SDL_RenderSetScale(renderer, Float(scale), Float(scale))
                drawing.text.setScale(scale)
            }
            size = Self.points(pixels, layoutScale)
            inputScale = Self.inputScale(window, layoutScale: layoutScale)
        }
    }

    /// Draws `list`. Whatever it holds, SDL is never handed a non-finite or absurd coordinate: every
    /// primitive goes through a ``Viewport`` (the drawable area with a margin), which drops non-finite
    /// ones and clips the rest, so what lands on screen is unchanged and no frame can stall in SDL's
    /// rasteriser.
    public func render(_ list: DrawList) {
        guard window.renderer != nil else { return }
        drawing.render(list, size: size)
        drawing.text.endFrame()
    }

    /// Presents the frame; not once the Wayland connection has failed (the compositor went away): SDL 2.26's
    /// swap would then wait for ever on a frame callback it can no longer dispatch. SDL ends the run with a
    /// quit event in the same poll that finds the connection gone.
    public func present() {
        guard let renderer = window.renderer else { return }
        if let wayland, cadence_wayland_failed(wayland.display) != 0 { return }
        SDL_RenderPresent(renderer)
    }

    /// Reads the back buffer (call after ``render(_:)``, before ``present()``: SDL requires it).
    public func readPixels() throws(HarnessError) -> Image {
        guard let renderer = window.renderer else { throw .platform("the window is closed") }
        return try SDLCapture.readPixels(renderer, size: window.outputSize)
    }

    /// Writes the back buffer to a PNG through SDL2_image: a regular file atomically (temporary file, then
    /// rename), through a symlink to its target, into a device or FIFO directly (see ``OutputFile``).
    public func saveScreenshot(to path: String) throws(HarnessError) {
        guard let renderer = window.renderer else { throw .platform("the window is closed") }
        try SDLCapture.saveScreenshot(renderer, size: window.outputSize, to: path)
    }

    /// Writes `image` as a PNG through SDL2_image (tests use it for golden-frame diffs), following the same
    /// rules as every output (see ``OutputFile``).
    public static func savePNG(_ image: Image, to path: String) throws(HarnessError) {
        try SDLCapture.savePNG(image, to: path)
    }

    /// Draws `list` into an offscreen picture of `size` (SDL's software renderer, the same drawing code as
    /// the window's) and writes it as a PNG, by the rules of every output (see ``OutputFile``): how
    /// `--plot` writes a ``FramePlot``.
    public func writePNG(of list: DrawList, size: Size, to path: String) throws(HarnessError) {
        guard window.renderer != nil else { throw .platform("SDL is closed") }
        try Self.writePicture(list, size: size, to: path)
    }

    /// Draws `list` offscreen at `size` and writes it as a PNG, with no window or backend open: how
    /// `cadence compare --plot` draws its picture.
    public static func writePicture(_ list: DrawList, size: Size, to path: String) throws(HarnessError) {
        try SDLCapture.writePNG(of: list, size: size, to: path)
    }

    /// Loads a PNG through SDL2_image (used by tests to check what a screenshot holds).
    public static func loadPNG(_ path: String) throws(HarnessError) -> Image {
        try SDLCapture.loadPNG(path)
    }
}

extension SDLBackend {
    /// Puts `text` on the clipboard with `SDL_SetClipboardText`. Under the `dummy` driver (headless)
    /// there is no clipboard: nothing is done and it returns false.
    @discardableResult
    public func setClipboardText(_ text: String) -> Bool {
        guard driver != "dummy", window.window != nil else { return false }
        return SDL_SetClipboardText(text) == 0
    }

    /// Asks the compositor for presentation feedback on the commit the next present makes, and for a frame callback
    /// on it (see ``lastFrameLatched()``).
    public func requestPresentationFeedback(frame: Int) -> Bool {
        guard let presentation, let wayland else { return false }
        if commitWatch == nil { commitWatch = cadence_frame_watch_create(wayland.display, wayland.surface) }
        if let commitWatch { cadence_frame_watch_arm(commitWatch) }
        return cadence_presentation_request(presentation, Int64(frame)) != 0
    }

    /// `CLOCK_MONOTONIC` − the compositor's clock at `now` (resampled once a second at most).
    private func compositorClockOffset(now: UInt64) -> Int64 {
        guard let presentation else { return 0 }
        if clockOffset.map({ now - $0.sampledAt >= 1_000_000_000 }) ?? true {
            clockOffset = (cadence_clock_offset_to_monotonic(presentation.pointee.clock_id), now)
        }
        return clockOffset?.nanoseconds ?? 0
    }

    /// The clocks a compositor's input times may be on, in the order they are tried: CLOCK_MONOTONIC,
    /// CLOCK_REALTIME (weston 10's X11 backend), CLOCK_BOOTTIME, CLOCK_MONOTONIC_RAW.
    static let inputClockCandidates: [Int32] = [CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME, CLOCK_MONOTONIC_RAW]

    /// The clock whose low 32 bits of milliseconds `stamp` was taken from less than a second ago, or nil.
    static func inputClock(of stamp: UInt32) -> Int32? {
        inputClockCandidates.first { clock in
            UInt32(truncatingIfNeeded: cadence_clock_read(clockid_t(clock)) / 1_000_000) &- stamp < 1_000
        }
    }

    /// Gives the events polled from `first` on the compositor's times for them (see ``InputStampMatcher``):
    /// its millisecond stamps, 32 bits that wrap, on a clock the protocol leaves to the compositor: found by
    /// which candidate's reading the first stamp is just behind, read again for each stamp, and moved onto
    /// `CLOCK_MONOTONIC` by an offset sampled from both clocks together.
    private func restamp(_ events: [InputEvent], times: inout [UInt64], from first: Int) {
        guard let inputTimes else { return }
        let count = cadence_input_times_poll(inputTimes)
        let now = cadence_clock_read(CLOCK_MONOTONIC)
        if count > 0 {
            var added: [InputStamp] = []
            added.reserveCapacity(Int(count))
            for index in 0..<count {
                let raw = cadence_input_stamp_at(inputTimes, index).pointee
                if inputClock == nil || inputClock.map({ now - $0.sampledAt >= 1_000_000_000 }) == true {
                    if let clock = inputClock?.id ?? Self.inputClock(of: raw.milliseconds) {
                        inputClock = (clock, cadence_clock_offset_to_monotonic(clock), now)
                    }
                }
                guard let clock = inputClock else { continue }
                let clockMs = cadence_clock_read(clockid_t(clock.id)) / 1_000_000
                let age = UInt64(UInt32(truncatingIfNeeded: clockMs) &- raw.milliseconds)
                guard age <= clockMs else { continue }
                // A millisecond stamp is truncated: its event happened within the millisecond after it.
                let time = Int64(clamping: (clockMs - age) * 1_000_000 + 500_000) &+ clock.offset
                let kind: InputStamp.Kind =
                    raw.kind == UInt32(CADENCE_STAMP_MOTION)
                    ? .motion : raw.kind == UInt32(CADENCE_STAMP_BUTTON) ? .button : .key
                added.append(
                    InputStamp(
                        kind: kind, time: UInt64(clamping: time),
                        position: Point(raw.x * inputScale.x, raw.y * inputScale.y), pressed: raw.pressed != 0))
            }
            cadence_input_times_clear(inputTimes)
            stamps.add(added)
        }
        guard events.count > first else { return }
        // SDL gives whole window coordinates (truncated): a stamp may be up to one of them away.
        stamps.tolerance = max(inputScale.x, inputScale.y) * 1.001
        stamps.stamp(events, times: &times, in: first..<events.count, now: now)
    }

    /// Reads the compositor's answers without waiting; each time is moved onto `CLOCK_MONOTONIC` by an offset
    /// sampled from both clocks together (never by subtracting times of two clocks).
    public func collectPresentationFeedback(into answers: inout [PresentationAnswer]) {
        guard let presentation else { return }
        let count = cadence_presentation_poll(presentation)
        guard count > 0 else { return }
        let offset = compositorClockOffset(now: cadence_clock_read(CLOCK_MONOTONIC))
        for index in 0..<count {
            let answer = cadence_presentation_answer_at(presentation, index).pointee
            let feedback: PresentationFeedback =
                answer.kind == 1
                ? .presented(
                    at: UInt64(clamping: Int64(clamping: answer.nanoseconds) &+ offset), refresh: answer.refresh,
                    sequence: answer.sequence, flags: .init(rawValue: answer.flags))
                : .discarded
            answers.append(PresentationAnswer(frame: Int(answer.ticket), feedback: feedback))
        }
        cadence_presentation_clear(presentation)
    }

    /// Turns the renderer's vsync on or off (`SDL_RenderSetVSync`).
    public func setVSync(_ enabled: Bool) {
        guard let renderer = window.renderer else { return }
        SDL_RenderSetVSync(renderer, enabled ? 1 : 0)
    }

    /// Whether the Wayland compositor at `WAYLAND_DISPLAY` still answers (true for other drivers).
    public var compositorAnswers: Bool { driver != "wayland" || cadence_wayland_seat(nil) >= 0 }

    /// Switches between fullscreen at the display's size (SDL's desktop fullscreen: no mode change) and
    /// the window's own size.
    public func toggleFullscreen() {
        guard let handle = window.window else { return }
        let fullscreen = SDL_GetWindowFlags(handle) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        SDL_SetWindowFullscreen(handle, fullscreen ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
    }

    /// The window's position (not on Wayland, where the compositor places windows), its size in points while
    /// not fullscreen, and whether it is fullscreen; nil headless.
    public var placement: WindowPlacement? {
        guard !headless, let handle = window.window else { return nil }
        let fullscreen = SDL_GetWindowFlags(handle) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        if !fullscreen {
            var (width, height): (Int32, Int32) = (0, 0)
            SDL_GetWindowSize(handle, &width, &height)
            if width > 0, height > 0 {
                windowedSize = Size(
                    width: Int((Double(width) / openedScale).rounded()),
                    height: Int((Double(height) / openedScale).rounded()))
            }
        }
        var placement = WindowPlacement(
            width: windowedSize.width, height: windowedSize.height, fullscreen: fullscreen)
        if wayland == nil, !fullscreen {
            var (x, y): (Int32, Int32) = (0, 0)
            SDL_GetWindowPosition(handle, &x, &y)
            (placement.x, placement.y) = (Int(x), Int(y))
        }
        return placement
    }

    /// On Wayland, whether the compositor has repainted with the last frame presented since its display was
    /// asked about (a frame callback of the harness's own, asked for with the request for presentation feedback
    /// and riding on the frame's commit); nil before the first such frame and on other drivers.
    public func lastFrameLatched() -> Bool? {
        guard let commitWatch else { return nil }
        return cadence_frame_watch_came(commitWatch) != 0
    }

    /// On Wayland, whether the compositor has shown the window since the last call (a frame callback of
    /// the harness's own, asked for with a commit of the surface as it is, so that nothing is presented);
    /// nil on other drivers, which cannot tell without a present that waits.
    public func displayShowedFrame() -> Bool? {
        if watchesFrames == nil {
            if let wayland { frameWatch = cadence_frame_watch_create(wayland.display, wayland.surface) }
            watchesFrames = frameWatch != nil
        }
        guard let frameWatch else { return nil }
        return cadence_frame_watch_shown(frameWatch) != 0
    }

    /// Whether a present can wait for the display: an OpenGL renderer whose swap interval is set (a
    /// Wayland compositor's frame callbacks, a real X11 display). False for the software renderer and for
    /// GL without a swap interval, where SDL imitates vsync by sleeping to the next whole millisecond of
    /// `1000 / refresh` in each present (as under Xvfb).
    public var presentsWaitForDisplay: Bool {
        guard window.renderer != nil, rendererName.hasPrefix("opengl") else { return false }
        return SDL_GL_GetSwapInterval() != 0
    }

    /// The refresh rate of the display the window is on, when SDL knows it (nil under dummy drivers).
    public var displayRefreshRate: Double? {
        guard let window = window.window else { return nil }
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Double(mode.refresh_rate)
    }
}
