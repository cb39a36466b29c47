import CSDL2
import Foundation
import Harness

/// How the SDL window is opened.
public struct WindowOptions: Sendable {
    /// The window title (also what `xdotool search --name` finds).
    public var title: String
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Use SDL's `dummy` video driver and the software renderer: no window, no display needed.
    public var headless: Bool
    /// Ask the accelerated renderer for vsync (the pacer still measures whether presents really block).
    public var vsync: Bool

    /// Creates options; the defaults are a 1280×720 window with vsync requested.
    public init(
        title: String = "Cadence", width: Int = 1280, height: Int = 720, headless: Bool = false, vsync: Bool = true
    ) {
        self.title = title
        self.width = width
        self.height = height
        self.headless = headless
        self.vsync = vsync
    }
}

/// The harness's window on SDL2: renders ``DrawList``s, turns SDL events into ``InputEvent``s, saves PNGs.
///
/// Only one may exist at a time (SDL is process-global); ``close()`` (or deinit) shuts SDL down.
/// Driver choice is explicit: headless runs use `dummy`; windowed runs refuse to start without
/// `DISPLAY`/`WAYLAND_DISPLAY` (SDL would otherwise fall back to an invisible offscreen window and look
/// like success), unless `SDL_VIDEODRIVER` names a driver on purpose.
public final class SDLBackend: RenderBackend {
    /// The video driver SDL is using (`x11`, `wayland`, `dummy`, `offscreen`, …).
    public let driver: String
    /// The renderer SDL chose (`opengl`, `software`, …).
    public let rendererName: String
    /// The drawable size in pixels.
    public private(set) var size: Size

    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    private let text: TextRenderer
    private var points: [SDL_FPoint] = []
    private var vertices: [SDL_Vertex] = []
    private var indices: [Int32] = []
    private var rects: [SDL_FRect] = []

    /// Initialises SDL, opens the window and renderer, and loads the font.
    /// - Throws: ``HarnessError/noDisplay`` without a display, ``HarnessError/platform(_:)`` with SDL's
    ///   own error text when SDL fails, ``HarnessError/fontNotFound(searched:)`` without a font.
    public init(options: WindowOptions) throws(HarnessError) {
        if options.headless {
            SDL_SetHint("SDL_VIDEODRIVER", "dummy")
        } else if Self.environment("SDL_VIDEODRIVER") == nil,
            Self.environment("DISPLAY") == nil, Self.environment("WAYLAND_DISPLAY") == nil
        {
            throw .noDisplay
        }
        // Signals are the harness's (StopRequest): SDL's handlers would turn SIGINT/SIGTERM into a quit
        // event that looks like the user closing the window, and leave SIGHUP killing the process.
        SDL_SetHint("SDL_NO_SIGNAL_HANDLERS", "1")
        guard SDL_Init(cadence_SDL_INIT_VIDEO()) == 0 else {
            if !options.headless, Self.environment("SDL_VIDEODRIVER") == nil {
                throw .displayUnreachable(Self.displayName)
            }
            throw .platform(Self.sdlError())
        }
        // A DISPLAY that names no live server makes SDL fall back to its invisible `offscreen` driver: a run
        // nobody can see, that looks like success. Refused, unless SDL_VIDEODRIVER asked for a driver.
        if !options.headless, Self.environment("SDL_VIDEODRIVER") == nil {
            let chosen = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
            if chosen != "x11" && chosen != "wayland" {
                SDL_Quit()
                throw .displayUnreachable(Self.displayName)
            }
        }

        let flags = options.headless ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        guard
            let window = SDL_CreateWindow(
                options.title, cadence_SDL_WINDOWPOS_CENTERED(), cadence_SDL_WINDOWPOS_CENTERED(),
                Int32(options.width), Int32(options.height), flags)
        else {
            let message = Self.sdlError()
            SDL_Quit()
            throw .platform(message)
        }
        var renderer: OpaquePointer?
        if !options.headless {
            var accelerated = SDL_RENDERER_ACCELERATED.rawValue
            if options.vsync { accelerated |= SDL_RENDERER_PRESENTVSYNC.rawValue }
            renderer = SDL_CreateRenderer(window, -1, accelerated)
        }
        if renderer == nil { renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let renderer else {
            let message = Self.sdlError()
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw .platform(message)
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)

        do {
            text = try TextRenderer(renderer: renderer)
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw error
        }
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        size = Size(width: Int(width), height: Int(height))
        self.window = window
        self.renderer = renderer
    }

    deinit { close() }

    /// Destroys the window and shuts SDL down. Safe to call twice.
    public func close() {
        guard let renderer, let window else { return }
        text.close()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
        self.renderer = nil
        self.window = nil
    }

    /// SDL's window id, which pushed events must carry.
    public var windowID: UInt32 { window.map { SDL_GetWindowID($0) } ?? 0 }

    // MARK: - Events

    public func pollEvents(into events: inout [InputEvent], times: inout [UInt64]) {
        var event = SDL_Event()
        // SDL stamps events in milliseconds since its start (SDL_GetTicks, on CLOCK_MONOTONIC as the loop's
        // clock is): an event's age now, subtracted from the monotonic clock's reading now.
        let nowTicks = SDL_GetTicks()
        let now = MonotonicClock().now()
        while SDL_PollEvent(&event) != 0 {
            if let input = Self.inputEvent(from: event) {
                events.append(input)
                let stamp = event.common.timestamp
                let age = stamp <= nowTicks ? UInt64(nowTicks - stamp) * 1_000_000 : 0
                // (A stamp of 0 is SDL's first millisecond, not a missing stamp: SDL stamps every event.)
                times.append(age > now ? 0 : now - age)
            }
            if event.type == SDL_WINDOWEVENT.rawValue,
                event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue),
                let renderer
            {
                var width: Int32 = 0
                var height: Int32 = 0
                SDL_GetRendererOutputSize(renderer, &width, &height)
                size = Size(width: Int(width), height: Int(height))
            }
        }
    }

    /// Puts an event on SDL's queue as if it came from the window: the next poll sees it.
    public func push(_ input: InputEvent) {
        var event = SDL_Event()
        switch input {
        case .quit:
            event.type = SDL_QUIT.rawValue
        case let .keyDown(key), let .keyUp(key):
            if case .keyDown = input { event.type = SDL_KEYDOWN.rawValue } else { event.type = SDL_KEYUP.rawValue }
            event.key.windowID = windowID
            event.key.state = UInt8(event.type == SDL_KEYDOWN.rawValue ? SDL_PRESSED : SDL_RELEASED)
            event.key.keysym.sym = Self.keycode(for: key)
        case let .mouseDown(button, point), let .mouseUp(button, point):
            if case .mouseDown = input {
                event.type = SDL_MOUSEBUTTONDOWN.rawValue
            } else {
                event.type = SDL_MOUSEBUTTONUP.rawValue
            }
            event.button.windowID = windowID
            event.button.button = UInt8(button.rawValue)
            event.button.state = UInt8(event.type == SDL_MOUSEBUTTONDOWN.rawValue ? SDL_PRESSED : SDL_RELEASED)
            event.button.clicks = 1
            event.button.x = Int32(point.x.rounded())
            event.button.y = Int32(point.y.rounded())
        case let .mouseMoved(point, dragging):
            event.type = SDL_MOUSEMOTION.rawValue
            event.motion.windowID = windowID
            event.motion.state = dragging ? cadence_SDL_BUTTON_MASK(Int32(SDL_BUTTON_LEFT)) : 0
            event.motion.x = Int32(point.x.rounded())
            event.motion.y = Int32(point.y.rounded())
        }
        SDL_PushEvent(&event)
    }

    static func inputEvent(from event: SDL_Event) -> InputEvent? {
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_KEYDOWN.rawValue where event.key.repeat == 0:
            return .keyDown(key(for: event.key.keysym.sym))
        case SDL_KEYUP.rawValue:
            return .keyUp(key(for: event.key.keysym.sym))
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            guard let button = MouseButton(rawValue: Int(event.button.button)) else { return nil }
            let point = Point(Double(event.button.x), Double(event.button.y))
            return event.type == SDL_MOUSEBUTTONDOWN.rawValue
                ? .mouseDown(button, at: point) : .mouseUp(button, at: point)
        case SDL_MOUSEMOTION.rawValue:
            let dragging = event.motion.state & cadence_SDL_BUTTON_MASK(Int32(SDL_BUTTON_LEFT)) != 0
            return .mouseMoved(to: Point(Double(event.motion.x), Double(event.motion.y)), dragging: dragging)
        default:
            return nil
        }
    }

    static func key(for code: SDL_Keycode) -> Key {
        switch code {
        case Int32(SDLK_ESCAPE.rawValue): return .escape
        case Int32(SDLK_SPACE.rawValue): return .space
        case Int32(SDLK_PERIOD.rawValue): return .period
        case Int32(SDLK_LEFTBRACKET.rawValue): return .leftBracket
        case Int32(SDLK_RIGHTBRACKET.rawValue): return .rightBracket
        case Int32(SDLK_TAB.rawValue): return .tab
        case Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue): return .enter
        case Int32(SDLK_UP.rawValue): return .up
        case Int32(SDLK_DOWN.rawValue): return .down
        case Int32(SDLK_LEFT.rawValue): return .left
        case Int32(SDLK_RIGHT.rawValue): return .right
        case Int32(SDLK_0.rawValue)...Int32(SDLK_9.rawValue): return .digit(Int(code - Int32(SDLK_0.rawValue)))
        case Int32(SDLK_a.rawValue)...Int32(SDLK_z.rawValue): return .letter(Character(Unicode.Scalar(UInt8(code))))
        default: return .other(code)
        }
    }

    static func keycode(for key: Key) -> SDL_Keycode {
        switch key {
        case .escape: return Int32(SDLK_ESCAPE.rawValue)
        case .space: return Int32(SDLK_SPACE.rawValue)
        case .period: return Int32(SDLK_PERIOD.rawValue)
        case .leftBracket: return Int32(SDLK_LEFTBRACKET.rawValue)
        case .rightBracket: return Int32(SDLK_RIGHTBRACKET.rawValue)
        case .tab: return Int32(SDLK_TAB.rawValue)
        case .enter: return Int32(SDLK_RETURN.rawValue)
        case .up: return Int32(SDLK_UP.rawValue)
        case .down: return Int32(SDLK_DOWN.rawValue)
        case .left: return Int32(SDLK_LEFT.rawValue)
        case .right: return Int32(SDLK_RIGHT.rawValue)
        case let .digit(d): return Int32(SDLK_0.rawValue) + Int32(max(0, min(9, d)))
        case let .letter(c): return Int32(c.asciiValue ?? 0)
        case let .other(code): return code
        }
    }

    // MARK: - Drawing

    /// Draws `list`. Whatever it holds, SDL is never handed a non-finite or absurd coordinate: every
    /// primitive goes through a ``Viewport`` (the drawable area with a margin), which drops non-finite
    /// ones and clips the rest, so what lands on screen is unchanged and no frame can stall in SDL's
    /// rasteriser.
    public func render(_ list: DrawList) {
        guard let renderer else { return }
        let viewport = Viewport(size: size)
        for command in list.commands {
            switch command {
            case let .clear(color):
                setColor(color)
                SDL_RenderClear(renderer)
            case let .fillRect(rect, color):
                guard let rect = viewport.clip(rect) else { continue }
                setColor(color)
                var r = SDL_FRect(x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
                SDL_RenderFillRectF(renderer, &r)
            case let .strokeRect(rect, color):
                setColor(color)
                // An outline cut by the viewport is drawn as its visible edges.
                guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { continue }
                if viewport.clip(rect) == rect {
                    var r = SDL_FRect(x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
                    SDL_RenderDrawRectF(renderer, &r)
                } else {
                    let corners = [
                        Point(rect.x, rect.y), Point(rect.x + rect.width - 1, rect.y),
                        Point(rect.x + rect.width - 1, rect.y + rect.height - 1),
                        Point(rect.x, rect.y + rect.height - 1),
                    ]
                    for i in 0..<4 { drawClippedLine(corners[i], corners[(i + 1) % 4], viewport) }
                }
            case let .line(from, to, color):
                setColor(color)
                drawClippedLine(from, to, viewport)
            case let .polyline(list, color):
                setColor(color)
                if list.allSatisfy(viewport.contains) {
                    points.removeAll(keepingCapacity: true)
                    for p in list { points.append(SDL_FPoint(x: Float(p.x), y: Float(p.y))) }
                    SDL_RenderDrawLinesF(renderer, points, Int32(points.count))
                } else {
                    for i in list.indices.dropLast() { drawClippedLine(list[i], list[i + 1], viewport) }
                }
            case let .circle(center, radius, color):
                guard viewport.shows(circle: center, radius: radius) else { continue }
                vertices.removeAll(keepingCapacity: true)
                indices.removeAll(keepingCapacity: true)
                appendCircle(center: center, radius: radius, color: color, segments: Self.segments(for: radius))
                flushGeometry()
            case let .dots(centers, radius, color) where radius < 3:
                // Below 3 px a circle and a square differ by a few edge pixels, and filled rectangles
                // rasterise several times faster than triangle fans in the software renderer.
                guard radius.isFinite, radius > 0 else { continue }
                setColor(color)
                rects.removeAll(keepingCapacity: true)
                let side = Float(radius * 2)
                for c in centers where viewport.contains(c) {
                    rects.append(SDL_FRect(x: Float(c.x - radius), y: Float(c.y - radius), w: side, h: side))
                }
                SDL_RenderFillRectsF(renderer, rects, Int32(rects.count))
            case let .dots(centers, radius, color):
                vertices.removeAll(keepingCapacity: true)
                indices.removeAll(keepingCapacity: true)
                let segments = Self.segments(for: radius)
                for center in centers where viewport.shows(circle: center, radius: radius) {
                    appendCircle(center: center, radius: radius, color: color, segments: segments)
                }
                flushGeometry()
            case let .text(string, point, size, color):
                guard viewport.contains(point) else { continue }
                text.draw(string, at: point, size: size, color: color)
            }
        }
    }

    public func present() {
        guard let renderer else { return }
        SDL_RenderPresent(renderer)
        text.endFrame()
    }

    private func drawClippedLine(_ a: Point, _ b: Point, _ viewport: Viewport) {
        guard let (a, b) = viewport.clip(a, b) else { return }
        SDL_RenderDrawLineF(renderer, Float(a.x), Float(a.y), Float(b.x), Float(b.y))
    }

    private func setColor(_ c: Color) {
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
    }

    /// Segment count grows with the radius so edges stay smooth; small dots need few.
    static func segments(for radius: Double) -> Int { Int(min(96, max(6, radius * 1.5))) }

    /// SDL2 has no circle primitive: a triangle fan through `SDL_RenderGeometry`, which every renderer
    /// (software included) supports. Appends to the batch; ``flushGeometry()`` draws it.
    private func appendCircle(center: Point, radius: Double, color: Color, segments: Int) {
        guard radius > 0, radius.isFinite, center.x.isFinite, center.y.isFinite else { return }
        let sdlColor = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        let zero = SDL_FPoint(x: 0, y: 0)
        let first = Int32(vertices.count)
        vertices.append(
            SDL_Vertex(position: SDL_FPoint(x: Float(center.x), y: Float(center.y)), color: sdlColor, tex_coord: zero))
        for i in 0..<segments {
            let angle = Double(i) / Double(segments) * 2 * Double.pi
            let p = SDL_FPoint(x: Float(center.x + radius * cos(angle)), y: Float(center.y + radius * sin(angle)))
            vertices.append(SDL_Vertex(position: p, color: sdlColor, tex_coord: zero))
            indices.append(first)
            indices.append(first + 1 + Int32(i))
            indices.append(first + 1 + Int32((i + 1) % segments))
        }
    }

    private func flushGeometry() {
        guard !indices.isEmpty else { return }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    // MARK: - Pixels

    /// Reads the back buffer (call after ``render(_:)``, before ``present()``: SDL requires it).
    public func readPixels() throws(HarnessError) -> Image {
        guard let renderer else { throw .platform("the window is closed") }
        let (width, height) = (size.width, size.height)
        var raw = [UInt32](repeating: 0, count: width * height)
        let status = raw.withUnsafeMutableBytes {
            SDL_RenderReadPixels(renderer, nil, cadence_SDL_PIXELFORMAT_ARGB8888(), $0.baseAddress, Int32(width * 4))
        }
        guard status == 0 else { throw .platform(Self.sdlError()) }
        return Image(width: width, height: height, pixels: raw.map(Self.color(argb:)))
    }

    /// Writes the back buffer to a PNG through SDL2_image: a regular file atomically (temporary file, then
    /// rename), through a symlink to its target, into a device or FIFO directly (see ``OutputFile``).
    public func saveScreenshot(to path: String) throws(HarnessError) {
        guard let renderer else { throw .platform("the window is closed") }
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(size.width), Int32(size.height), 32,
                cadence_SDL_PIXELFORMAT_ARGB8888())
        else {
            throw .platform(Self.sdlError())
        }
        defer { SDL_FreeSurface(surface) }
        guard
            SDL_RenderReadPixels(
                renderer, nil, cadence_SDL_PIXELFORMAT_ARGB8888(), surface.pointee.pixels,
                surface.pointee.pitch) == 0
        else {
            throw .platform(Self.sdlError())
        }
        try OutputFile.produce(path) { (destination: String) throws(HarnessError) in
            guard IMG_SavePNG(surface, destination) == 0 else { throw .unwritablePath(path, reason: Self.sdlError()) }
        }
    }

    /// Writes `image` as a PNG through SDL2_image (tests use it for golden-frame diffs), following the same
    /// rules as every output (see ``OutputFile``).
    public static func savePNG(_ image: Image, to path: String) throws(HarnessError) {
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(image.width), Int32(image.height), 32,
                cadence_SDL_PIXELFORMAT_ARGB8888())
        else {
            throw .platform(sdlError())
        }
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<image.height {
            let row = UnsafeMutableRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<image.width {
                let c = image[x, y]
                row[x] = UInt32(c.a) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
            }
        }
        try OutputFile.produce(path) { (destination: String) throws(HarnessError) in
            guard IMG_SavePNG(surface, destination) == 0 else { throw .unwritablePath(path, reason: sdlError()) }
        }
    }

    /// Loads a PNG through SDL2_image (used by tests to check what a screenshot holds).
    public static func loadPNG(_ path: String) throws(HarnessError) -> Image {
        guard let loaded = IMG_Load(path) else { throw .platform(sdlError()) }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, cadence_SDL_PIXELFORMAT_ARGB8888(), 0) else {
            throw .platform(sdlError())
        }
        defer { SDL_FreeSurface(surface) }
        let width = Int(surface.pointee.w)
        let height = Int(surface.pointee.h)
        let pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        var pixels: [Color] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels.append(color(argb: row[x])) }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    private static func color(argb: UInt32) -> Color {
        Color(
            UInt8(truncatingIfNeeded: argb >> 16), UInt8(truncatingIfNeeded: argb >> 8),
            UInt8(truncatingIfNeeded: argb), UInt8(truncatingIfNeeded: argb >> 24))
    }

    static func sdlError() -> String { String(cString: SDL_GetError()) }

    /// The display a window would go to, as the environment names it (for messages).
    static var displayName: String {
        [("DISPLAY", environment("DISPLAY")), ("WAYLAND_DISPLAY", environment("WAYLAND_DISPLAY"))]
            .compactMap { name, value in value.map { "\(name)=\($0)" } }.joined(separator: ", ")
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let string = String(cString: value)
        return string.isEmpty ? nil : string
    }
}

extension SDLBackend {
    /// Puts `text` on the clipboard with `SDL_SetClipboardText`. Under the `dummy` driver (headless)
    /// there is no clipboard: nothing is done and it returns false.
    @discardableResult
    public func setClipboardText(_ text: String) -> Bool {
        guard driver != "dummy", window != nil else { return false }
        return SDL_SetClipboardText(text) == 0
    }

    /// Turns the renderer's vsync on or off (`SDL_RenderSetVSync`).
    public func setVSync(_ enabled: Bool) {
        guard let renderer else { return }
        SDL_RenderSetVSync(renderer, enabled ? 1 : 0)
    }

    /// The refresh rate of the display the window is on, when SDL knows it (nil under dummy drivers).
    public var displayRefreshRate: Double? {
        guard let window else { return nil }
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Double(mode.refresh_rate)
    }
}
