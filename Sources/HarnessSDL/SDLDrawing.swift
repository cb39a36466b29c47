import CSDL2
import Foundation
import Harness

/// Draws ``DrawList``s with an SDL renderer: rectangles, lines and polylines directly, circles and
/// dots batched into `SDL_RenderGeometry` triangle fans (or filled rectangles when tiny), text through
/// a ``TextRenderer``. The buffers it batches into are kept between frames. On SDL's software renderer a
/// clear and an opaque filled rectangle are written into its surface directly (see `write`).
final class SDLDrawing {
    private let renderer: OpaquePointer
    let text: TextRenderer
    private var points: [SDL_FPoint] = []
    private var vertices: [SDL_Vertex] = []
    private var indices: [Int32] = []
    /// The rectangles of one `SDL_RenderFillRectsF` call, kept between frames (see ``fillRects(upTo:_:)``).
    private var rects = UnsafeMutableBufferPointer<SDL_FRect>(start: nil, count: 0)
    /// What this frame has drawn since its clear, in order, for the text renderer's opaque copies (see
    /// ``TextRenderer``): each opaque filled rectangle with its colour, and the bounds of everything else.
    /// Kept only on the software renderer.
    private var layers: [(rect: Rect, solid: Color?)] = []
    private var tracksLayers: Bool { text.copiesOpaque }

    /// The surface SDL's software renderer draws into (asked for once per list: a window's is replaced when
    /// the window is resized), or nil for other renderers.
    private let target: (() -> UnsafeMutablePointer<SDL_Surface>?)?

    /// - Parameter target: For SDL's software renderer, the surface it draws into, which clears and opaque
    ///   fills then write directly (see `write`); nil for other renderers.
    init(renderer: OpaquePointer, text: TextRenderer, target: (() -> UnsafeMutablePointer<SDL_Surface>?)? = nil) {
        self.renderer = renderer
        self.text = text
        self.target = target
    }

    deinit { rects.deallocate() }

    /// Draws `list`. Whatever it holds, SDL is never handed a non-finite or absurd coordinate: every
    /// primitive goes through a ``Viewport`` (the drawable area with a margin), which drops non-finite
    /// ones and clips the rest, so what lands on screen is unchanged and no frame can stall in SDL's
    /// rasteriser.
    func render(_ list: DrawList, size: Size) {
        let viewport = Viewport(size: size)
        let surface = target?()
        for (index, command) in list.commands.enumerated() {
            switch command {
            case let .clear(color):
                let written = surface.map {
                    write($0, color, around: Self.largestOpaqueFill(in: list.commands, after: index, viewport))
                }
                if written != true {
                    setColor(color)
                    SDL_RenderClear(renderer)
                }
                layers.removeAll(keepingCapacity: true)
                if tracksLayers { layers.append((Self.everywhere, color)) }
            case let .fillRect(rect, color):
                guard let rect = viewport.clip(rect) else { continue }
                var r = SDL_FRect(x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
                // Opaque, written as a clear is: SDL streams its wide rows past the cache too (see `write`; row
                // "Frame loop, stress scene, headless SDL": the profiler's panel).
                let written = color.a == 255 ? surface.map { write($0, color, over: r, around: nil) } : nil
                if written != true {
                    setColor(color)
                    SDL_RenderFillRectF(renderer, &r)
                }
                if tracksLayers { layers.append((rect, color.a == 255 ? color : nil)) }
            case let .fillRects(list, color):
                setColor(color)
                var bounds = Bounds()
                fillRects(upTo: list.count) { batch in
                    var kept = 0
                    for rect in list {
                        guard let rect = viewport.clip(rect) else { continue }
                        bounds.add(rect)
                        batch[kept] = SDL_FRect(
                            x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
                        kept += 1
                    }
                    return kept
                }
                cover(bounds)
            case let .strokeRect(rect, color):
                setColor(color)
                coverEdges(of: rect)
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
                var bounds = Bounds()
                bounds.add(from)
                bounds.add(to)
                cover(bounds)
            case let .polyline(list, color):
                setColor(color)
                if tracksLayers {
                    var bounds = Bounds()
                    for p in list { bounds.add(p) }
                    cover(bounds)
                }
                // A closure literal, not `viewport.contains`: a partially applied method is a context allocation.
                if list.allSatisfy({ viewport.contains($0) }) {
                    points.removeAll(keepingCapacity: true)
                    for p in list { points.append(SDL_FPoint(x: Float(p.x), y: Float(p.y))) }
                    SDL_RenderDrawLinesF(renderer, points, Int32(points.count))
                } else {
                    for i in list.indices.dropLast() { drawClippedLine(list[i], list[i + 1], viewport) }
                }
            case let .circle(center, radius, color):
                guard viewport.shows(circle: center, radius: radius) else { continue }
                setBlending(for: color)
                vertices.removeAll(keepingCapacity: true)
                indices.removeAll(keepingCapacity: true)
                appendCircle(center: center, radius: radius, color: color, segments: Self.segments(for: radius))
                flushGeometry()
                var bounds = Bounds()
                bounds.add(center, radius: radius)
                cover(bounds)
            case let .dots(centers, radius, color) where radius < 3:
                // Below 3 px a circle and a square differ by a few edge pixels, and filled rectangles
                // rasterise several times faster than triangle fans in the software renderer.
                guard radius.isFinite, radius > 0 else { continue }
                setColor(color)
                let side = Float(radius * 2)
                var (low, high) = (Point(.infinity, .infinity), Point(-.infinity, -.infinity))
                fillRects(upTo: centers.count) { batch in
                    // The count and bounds in the innermost closure's own variables: a variable a closure
                    // captures is written back to memory at every dot, and read again at the next (benchmark
                    // row "Frame loop, stress scene, headless SDL": 10,000 dots).
                    let (kept, lowest, highest) = centers.withUnsafeBufferPointer { centers in
                        var (kept, lowest, highest) = (0, low, high)
                        for c in centers where viewport.contains(c) {
                            lowest.replace(with: c, where: c .< lowest)
                            highest.replace(with: c, where: c .> highest)
                            batch[kept] = SDL_FRect(x: Float(c.x - radius), y: Float(c.y - radius), w: side, h: side)
                            kept += 1
                        }
                        return (kept, lowest, highest)
                    }
                    (low, high) = (lowest, highest)
                    return kept
                }
                var bounds = Bounds()
                bounds.add(low)
                bounds.add(high)
                bounds.grow(by: radius)
                cover(bounds)
            case let .dots(centers, radius, color):
                setBlending(for: color)
                vertices.removeAll(keepingCapacity: true)
                indices.removeAll(keepingCapacity: true)
                let segments = Self.segments(for: radius)
                var bounds = Bounds()
                for center in centers where viewport.shows(circle: center, radius: radius) {
                    bounds.add(center)
                    appendCircle(center: center, radius: radius, color: color, segments: segments)
                }
                flushGeometry()
                bounds.grow(by: radius)
                cover(bounds)
            case let .text(string, point, size, color):
                guard viewport.contains(point) else { continue }
                let covered =
                    tracksLayers
                    ? text.draw(
                        string, at: point, size: size, color: color, background: { self.solid(under: $0) },
                        copy: { pixels, rect in surface.map { self.copy(pixels, into: $0, at: rect) } ?? false })
                    : text.draw(string, at: point, size: size, color: color)
                if let covered {
                    var bounds = Bounds()
                    bounds.add(covered)
                    cover(bounds)
                }
            }
        }
    }

    /// The largest opaque rectangle filled after `index` and before the next clear, clipped to the viewport.
    private static func largestOpaqueFill(in commands: [DrawCommand], after index: Int, _ viewport: Viewport) -> Rect? {
        var largest: Rect?
        for command in commands[(index + 1)...] {
            switch command {
            case .clear: return largest
            case let .fillRect(rect, color) where color.a == 255:
                guard let rect = viewport.clip(rect) else { continue }
                if rect.width * rect.height > (largest.map { $0.width * $0.height } ?? 0) { largest = rect }
            default: continue
            }
        }
        return largest
    }

    /// Writes `color` into the pixels of `surface`, which the software renderer draws into: those SDL would
    /// fill for `rect` (in points, as given to `SDL_RenderFillRectF`), or all of them (a clear) when `rect` is
    /// nil; in either case all but the inside of `hidden` (an opaque rectangle the list fills later, in points).
    /// Returns false, having written nothing, for a surface whose pixels are not 32-bit or cannot be locked.
    ///
    /// SDL's software renderer fills each row of 16 pixels or more with streaming stores, which bypass the
    /// cache: a clear takes the whole frame out of it, and every row of every dot drawn after it is then a miss
    /// (benchmark row "Frame loop, stress scene, headless SDL"). Plain stores keep the frame in the cache. The
    /// pixel value is SDL's, and the pixels those SDL would fill, so the frame is the same.
    ///
    /// The pixels under `hidden` would be written twice: its hole is two pixels inside it on each side (SDL
    /// truncates a filled rectangle's edges to whole pixels), and what is drawn there in between is painted
    /// over by the fill.
    private func write(
        _ surface: UnsafeMutablePointer<SDL_Surface>, _ color: Color, over rect: SDL_FRect? = nil, around hidden: Rect?
    ) -> Bool {
        guard let format = surface.pointee.format else { return false }
        let value = SDL_MapRGBA(format, color.r, color.g, color.b, color.a)
        return withPixels(of: surface) { pixels, width, height, stride, scaleX, scaleY in
            fill(pixels, width, height, stride, scaleX, scaleY, value, over: rect, around: hidden)
            return true
        }
    }

    /// Runs `body` on the pixels of `surface`, once SDL has drawn what the renderer holds, with the surface's
    /// width, height and row stride in pixels and the renderer's scale, and returns what it returns: whether
    /// it wrote them. Returns false, having done nothing, for a surface whose pixels are not 32-bit or cannot
    /// be locked.
    private func withPixels(
        of surface: UnsafeMutablePointer<SDL_Surface>,
        _ body: (UnsafeMutablePointer<UInt32>, Int, Int, Int, Float, Float) -> Bool
    ) -> Bool {
        guard let format = surface.pointee.format, format.pointee.BytesPerPixel == 4 else { return false }
        // After whatever the renderer still holds.
        SDL_RenderFlush(renderer)
        guard SDL_LockSurface(surface) == 0 else { return false }
        defer { SDL_UnlockSurface(surface) }
        guard let pixels = surface.pointee.pixels?.assumingMemoryBound(to: UInt32.self) else { return false }
        var (scaleX, scaleY): (Float, Float) = (1, 1)
        SDL_RenderGetScale(renderer, &scaleX, &scaleY)
        return body(
            pixels, Int(surface.pointee.w), Int(surface.pointee.h), Int(surface.pointee.pitch) / 4, scaleX, scaleY)
    }

    /// SDL's pixel for a coordinate in points: scaled in single precision and truncated, as SDL's software
    /// renderer places rectangles and copies.
    private static func pixel(_ coordinate: Float, _ scale: Float) -> Int {
        Int((coordinate * scale).rounded(.towardZero))
    }

    /// The body of `write`: `value` into the pixels SDL would fill for `rect`, or all, less `hidden`'s inside.
    private func fill(
        _ pixels: UnsafeMutablePointer<UInt32>, _ width: Int, _ height: Int, _ stride: Int, _ scaleX: Float,
        _ scaleY: Float, _ value: UInt32, over rect: SDL_FRect?, around hidden: Rect?
    ) {
        var area = (left: 0, right: width, top: 0, bottom: height)
        if let rect {
            // SDL's rectangle: its corner and its size scaled and truncated apart, the size at least a pixel.
            let (x, y) = (Self.pixel(rect.x, scaleX), Self.pixel(rect.y, scaleY))
            let (w, h) = (max(Self.pixel(rect.w, scaleX), 1), max(Self.pixel(rect.h, scaleY), 1))
            area = (max(x, 0), min(x + w, width), max(y, 0), min(y + h, height))
            guard area.left < area.right, area.top < area.bottom else { return }
        }
        var hole = (left: 0, right: 0, top: 0, bottom: 0)
        if let hidden {
            let (sx, sy) = (Double(scaleX), Double(scaleY))
            func pixel(_ point: Double, _ scale: Double, _ rounding: FloatingPointRoundingRule, _ limit: Int) -> Int {
                Int(min(max((point * scale).rounded(rounding), 0), Double(limit)))
            }
            hole = (
                pixel(hidden.x, sx, .up, width) + 2, pixel(hidden.x + hidden.width, sx, .down, width) - 2,
                pixel(hidden.y, sy, .up, height) + 2, pixel(hidden.y + hidden.height, sy, .down, height) - 2
            )
            hole = (
                max(hole.left, area.left), min(hole.right, area.right), max(hole.top, area.top),
                min(hole.bottom, area.bottom)
            )
            if hole.left >= hole.right || hole.top >= hole.bottom { hole = (0, 0, 0, 0) }
        }
        for y in area.top..<area.bottom {
            let row = pixels + y * stride
            if y >= hole.top && y < hole.bottom {
                (row + area.left).update(repeating: value, count: hole.left - area.left)
                (row + hole.right).update(repeating: value, count: area.right - hole.right)
            } else {
                (row + area.left).update(repeating: value, count: area.right - area.left)
            }
        }
    }

    /// Copies `source` (opaque pixels in the format of `surface`, which the software renderer draws into) where
    /// `SDL_RenderCopyF` would copy a texture of them for `rect` (in points), with plain stores, as `write`
    /// fills. Returns false, having written nothing, where SDL would scale the copy (its rectangle truncated to
    /// another size) or the pixels cannot be written.
    ///
    /// SDL's copy of the same pixels goes through its blitter, and through the run-length encoding it gives a
    /// static texture without alpha: most of what the profiler overlay's texts cost (benchmark row "Frame
    /// loop, stress scene, headless SDL", against the row with the overlay hidden).
    private func copy(
        _ source: UnsafeMutablePointer<SDL_Surface>, into surface: UnsafeMutablePointer<SDL_Surface>, at rect: SDL_FRect
    ) -> Bool {
        guard let format = source.pointee.format, let target = surface.pointee.format,
            format.pointee.format == target.pointee.format,
            // The text renderer's own pixels: never run-length encoded, so never locked.
            let from = source.pointee.pixels?.assumingMemoryBound(to: UInt32.self)
        else { return false }
        let (sourceWidth, sourceHeight, sourceStride) = (
            Int(source.pointee.w), Int(source.pointee.h), Int(source.pointee.pitch) / 4
        )
        return withPixels(of: surface) { pixels, width, height, stride, scaleX, scaleY in
            guard Self.pixel(rect.w, scaleX) == sourceWidth, Self.pixel(rect.h, scaleY) == sourceHeight else {
                return false
            }
            // Clipped to the surface, as SDL's blit clips to the viewport (the whole surface).
            let (x, y) = (Self.pixel(rect.x, scaleX), Self.pixel(rect.y, scaleY))
            let (left, right) = (max(x, 0), min(x + sourceWidth, width))
            let (top, bottom) = (max(y, 0), min(y + sourceHeight, height))
            guard left < right, top < bottom else { return true }
            for row in top..<bottom {
                (pixels + row * stride + left).update(
                    from: from + (row - y) * sourceStride + (left - x), count: right - left)
            }
            return true
        }
    }

    /// What a clear fills: more than any window.
    private static let everywhere = Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)

    /// Notes that this frame drew inside `bounds` (grown by a point each way, for rounding and line widths).
    private func cover(_ bounds: Bounds) {
        guard tracksLayers, !bounds.isEmpty else { return }
        layers.append((bounds.rect(margin: 1), nil))
    }

    /// Notes the four edges of an outline, not its inside.
    private func coverEdges(of rect: Rect) {
        guard tracksLayers else { return }
        let (right, bottom) = (rect.x + rect.width - 1, rect.y + rect.height - 1)
        func edge(_ a: Point, _ b: Point) {
            var bounds = Bounds()
            bounds.add(a)
            bounds.add(b)
            cover(bounds)
        }
        edge(Point(rect.x, rect.y), Point(right, rect.y))
        edge(Point(rect.x, bottom), Point(right, bottom))
        edge(Point(rect.x, rect.y), Point(rect.x, bottom))
        edge(Point(right, rect.y), Point(right, bottom))
    }

    /// The colour every pixel of `rect` has now, if this frame filled them all with one opaque colour and
    /// drew nothing over them since. Two pixels of margin: SDL truncates a filled rectangle's corners to
    /// whole pixels, and a text's corner is rounded.
    private func solid(under rect: Rect) -> Color? {
        let margin = 2 / text.scale
        for layer in layers.reversed() {
            if let color = layer.solid, layer.rect.x + margin <= rect.x, layer.rect.y + margin <= rect.y,
                rect.x + rect.width <= layer.rect.x + layer.rect.width - margin,
                rect.y + rect.height <= layer.rect.y + layer.rect.height - margin
            {
                return color
            }
            if layer.rect.x < rect.x + rect.width, rect.x < layer.rect.x + layer.rect.width,
                layer.rect.y < rect.y + rect.height, rect.y < layer.rect.y + layer.rect.height
            {
                return nil
            }
        }
        return nil
    }

    /// Fills the rectangles `fill` writes at the start of a buffer of `count` (returning how many it wrote), in
    /// one call. SDL copies them into a temporary from the heap, which the window's allocation functions serve
    /// from a block kept from the last frame (see `SDLWindow`), so a frame's batches allocate nothing.
    ///
    /// The buffer is kept between frames and written in place: an array's append checks its capacity and writes
    /// its count for every rectangle, and sizing one first writes every rectangle twice (benchmark row "Frame
    /// loop, stress scene, headless SDL": 10,000 dots).
    private func fillRects(upTo count: Int, _ fill: (UnsafeMutableBufferPointer<SDL_FRect>) -> Int) {
        if rects.count < count {
            rects.deallocate()
            rects = .allocate(capacity: max(count, 2 * rects.count))
        }
        let written = fill(UnsafeMutableBufferPointer(rebasing: rects[..<count]))
        if written > 0 { SDL_RenderFillRectsF(renderer, rects.baseAddress, Int32(written)) }
    }

    private func drawClippedLine(_ a: Point, _ b: Point, _ viewport: Viewport) {
        guard let (a, b) = viewport.clip(a, b) else { return }
        SDL_RenderDrawLineF(renderer, Float(a.x), Float(a.y), Float(b.x), Float(b.y))
    }

    private func setColor(_ c: Color) {
        setBlending(for: c)
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
    }

    /// Whether the renderer blends now (nil before the first primitive of a frame list).
    private var blends: Bool?

    /// Blends only what is translucent. An opaque colour blended gives the very same pixels (its source
    /// weight is 255/255), but SDL's software renderer then takes its per-pixel blending path (benchmark
    /// row "Frame loop, stress scene, headless SDL": 10,000 opaque dots).
    private func setBlending(for color: Color) {
        let translucent = color.a < 255
        guard blends != translucent else { return }
        blends = translucent
        SDL_SetRenderDrawBlendMode(renderer, translucent ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
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
}

/// The bounds of some points and rectangles; empty until the first. Too large is harmless (a text there is
/// blended as it is drawn); too small would let an opaque copy hide what was drawn.
private struct Bounds {
    private var low = Point(.infinity, .infinity)
    private var high = Point(-.infinity, -.infinity)

    var isEmpty: Bool { !(low.x <= high.x && low.y <= high.y) }

    /// Adds `p`; a point with a non-finite coordinate is left out (the viewport draws nothing there).
    mutating func add(_ p: Point) {
        guard p.x.isFinite, p.y.isFinite else { return }
        low = pointwiseMin(low, p)
        high = pointwiseMax(high, p)
    }

    mutating func add(_ p: Point, radius: Double) {
        add(p - radius)
        add(p + radius)
    }

    mutating func add(_ r: Rect) {
        add(Point(r.x, r.y))
        add(Point(r.x + r.width, r.y + r.height))
    }

    mutating func grow(by amount: Double) {
        low -= amount
        high += amount
    }

    func rect(margin: Double) -> Rect {
        Rect(
            x: low.x - margin, y: low.y - margin, width: high.x - low.x + 2 * margin,
            height: high.y - low.y + 2 * margin)
    }
}
