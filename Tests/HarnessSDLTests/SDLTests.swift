import Foundation
import Testing
@testable import Harness
import Tweening
@testable import HarnessSDL

/// Every test that touches SDL lives here, one at a time: SDL is process-global and concurrent use crashes.
@Suite(.serialized) struct SDLTests {
    func headless(width: Int = 320, height: Int = 240) throws -> SDLBackend {
        try SDLBackend(options: WindowOptions(title: "Cadence test", width: width, height: height, headless: true))
    }

    @Test func headlessUsesTheDummyDriverAndTheSoftwareRenderer() throws {
        let backend = try headless()
        defer { backend.close() }
        #expect(backend.driver == "dummy")
        #expect(backend.rendererName == "software")
        #expect(backend.size == Size(width: 320, height: 240))
    }

    @Test func aPushedMouseClickReachesTheScene() throws {
        let backend = try headless()
        defer { backend.close() }
        let tweener = Tweener()
        let scene = HelloScene(context: SceneContext(tweener: tweener))
        let time = MonotonicClock()
        let loop = FrameLoop(
            backend: backend, scene: scene, tweener: tweener, clock: FrameClock(source: time),
            pacer: Pacer(targetRate: nil, source: time), stats: FrameStats(targetPeriod: 0))
        backend.push(.mouseDown(.left, at: Point(123, 45)))
        try loop.runFrame()
        #expect(scene.clicks == [Point(123, 45)])
        #expect(scene.target == Point(123, 45))
    }

    @Test func keysSurviveTheRoundTripThroughSDL() throws {
        let backend = try headless()
        defer { backend.close() }
        let keys: [Key] = [
            .escape, .space, .period, .leftBracket, .rightBracket, .tab, .enter, .up, .left, .digit(0), .digit(7),
            .letter("p"),
        ]
        for key in keys { backend.push(.keyDown(key)) }
        var events: [InputEvent] = []
        var times: [UInt64] = []
        backend.pollEvents(into: &events, times: &times)
        #expect(events == keys.map { .keyDown($0) })
        // SDL stamps each pushed event; the backend turns the stamps into the loop's monotonic clock.
        let now = MonotonicClock().now()
        #expect(times.count == events.count)
        #expect(times.allSatisfy { $0 > 0 && $0 <= now && now - $0 < 1_000_000_000 }, "\(times) against \(now)")
    }

    @Test func aScreenshotsPixelsShowWhatWasDrawn() throws {
        let backend = try headless()
        defer { backend.close() }
        var list = DrawList()
        list.clear(Color(0, 0, 64))
        list.fill(Rect(x: 10, y: 20, width: 40, height: 30), .red)
        list.circle(Point(200, 120), radius: 30, Color(0, 255, 0))
        list.text("Cadence", at: Point(100, 200), size: .large, .white)
        list.dots([Point(20, 150), Point(60, 150), Point(100, 150)], radius: 5, Color(255, 255, 0))
        list.dots([Point(150, 150), Point(170, 150)], radius: 2, Color(0, 255, 255))
        // A batch of rectangles, one of them reaching past the window (clipped, not dropped).
        list.fill([Rect(x: 250, y: 10, width: 10, height: 10), Rect(x: 300, y: 10, width: 100, height: 10)], .white)
        backend.render(list)
        let path = NSTemporaryDirectory() + "cadence-shot-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try backend.saveScreenshot(to: path)
        let image = try SDLBackend.loadPNG(path)
        #expect(image.width == 320 && image.height == 240)
        #expect(image[0, 0] == Color(0, 0, 64))
        #expect(image[30, 35] == .red, "inside the rectangle")
        #expect(image[60, 35] == Color(0, 0, 64), "beside the rectangle")
        #expect(image[200, 120] == Color(0, 255, 0), "the circle's centre")
        #expect(image[200, 95] == Color(0, 255, 0), "inside the circle's edge")
        #expect(image[235, 120] == Color(0, 0, 64), "outside the circle")
        #expect([20, 60, 100].allSatisfy { image[$0, 150] == Color(255, 255, 0) }, "every dot of a batch is drawn")
        #expect(image[40, 150] == Color(0, 0, 64), "and nothing between them")
        #expect(image[150, 150] == Color(0, 255, 255) && image[170, 150] == Color(0, 255, 255), "small dots too")
        #expect(image[160, 150] == Color(0, 0, 64))
        #expect(image[255, 15] == .white && image[319, 15] == .white, "both rectangles of the batch")
        #expect(image[280, 15] == Color(0, 0, 64), "and nothing between them")
        let textArea = (100..<200).flatMap { x in (200..<225).map { y in image[x, y] } }
        #expect(textArea.contains { $0.r > 200 && $0.g > 200 }, "the text left white pixels")
        #expect(try backend.readPixels() == image, "the file holds exactly the back buffer")
    }

    /// On the software renderer a text over a solid colour that nothing has drawn over since is copied
    /// opaque, blended once over that colour; anywhere else it is blended as it is drawn. Either way the
    /// pixels are exactly those of every text blended as it is drawn.
    @Test func textOverAKnownSolidColourIsCopiedOpaqueWithTheSamePixels() throws {
        let backend = try headless()
        defer { backend.close() }
        let (background, panel) = (Color(0, 0, 64), Color(8, 9, 12))
        var list = DrawList()
        list.clear(background)
        list.fill(Rect(x: 10, y: 100, width: 300, height: 80), panel)
        list.dots([Point(200, 30)], radius: 5, .red)
        list.fill(Rect(x: 20, y: 140, width: 100, height: 30), Color(255, 0, 0, 128))
        list.stroke(Rect(x: 10, y: 60, width: 300, height: 30), .white)
        // A line drawn, then a point nothing is drawn at: the line's bounds still count.
        list.polyline([Point(150, 200), Point(300, 230), Point(.nan, 0)], .red)
        let texts: [(String, Point, [Color])] = [
            ("on the clear", Point(20, 10), [background]),
            ("on the panel", Point(20, 110), [panel]),
            ("over a dot", Point(180, 25), []),
            ("half on the panel", Point(200, 92), []),
            ("under glass", Point(25, 145), []),
            ("inside an outline", Point(20, 66), [background]),
            ("across an outline", Point(250, 52), []),
            ("over a line", Point(200, 208), []),
        ]
        for (string, point, _) in texts { list.text(string, at: point, size: .small, .white) }
        backend.render(list)
        let drawn = try backend.readPixels()
        for (string, _, expected) in texts {
            #expect(
                backend.drawing.text.opaqueBackgrounds(of: string, size: .small, color: .white) == expected, "\(string)"
            )
        }
        #expect(backend.drawing.text.copiesOpaque)
        // The same list through a text renderer that never copies opaque, on the same renderer.
        guard let renderer = backend.window.renderer else { throw HarnessError.platform("no renderer") }
        let blending = try TextRenderer(renderer: renderer)
        defer { blending.close() }
        #expect(!blending.copiesOpaque)
        SDLDrawing(renderer: renderer, text: blending).render(list, size: backend.size)
        let textArea = (20..<120).flatMap { x in (110..<125).map { y in drawn[x, y] } }
        #expect(textArea.contains { $0 != panel }, "the panel's text was drawn")
        #expect(try backend.readPixels() == drawn)
    }

    /// On the software renderer a clear leaves out the inside of the largest opaque rectangle filled after
    /// it; what is drawn there in between is painted over, so the pixels are those of a whole clear. The
    /// clear and the opaque fills write the surface's pixels directly: they must be those SDL's own would
    /// fill (compared with a drawing that has no target surface, so SDL draws everything). Checked over a
    /// frame of another colour (a pixel the clear missed would show it), with the panel at fractions of a
    /// pixel, under a pixel wide and past the window's edge, and at six seeded random places, at 1, 1.25, 1.5
    /// and 2 pixels a point. The texts on the panel are copied opaque, and those copies are written into the
    /// surface directly too, one of them cut by the window's corner.
    @Test(arguments: [1.0, 1.25, 1.5, 2])
    func aClearThatLeavesOutAPanelDrawsTheSamePixels(scale: Double) throws {
        let backend = try SDLBackend(
            options: WindowOptions(title: "Cadence test", width: 320, height: 240, headless: true, scale: scale))
        defer { backend.close() }
        guard let renderer = backend.window.renderer else { throw HarnessError.platform("no renderer") }
        var panels = [
            Rect(x: 12.3, y: 140.6, width: 295.5, height: 90.2), Rect(x: -20, y: 150, width: 400, height: 200),
            Rect(x: -1, y: -1, width: 400, height: 300), Rect(x: 100, y: 100, width: 0.5, height: 0.5),
        ]
        var random = SplitMix64(seed: 43)
        for _ in 0..<6 {
            panels.append(
                Rect(
                    x: random.unit() * 340 - 20, y: random.unit() * 260 - 20, width: random.unit() * 200,
                    height: random.unit() * 150))
        }
        // SDL's own clear and fills: a drawing with no target surface, whose text renderer does not track layers.
        let plain = try TextRenderer(renderer: renderer, scale: scale)
        defer { plain.close() }
        #expect(!plain.copiesOpaque)
        for panel in panels {
            var list = DrawList()
            list.clear(Color(18, 20, 26))
            list.dots([Point(30, 160), Point(300, 220), Point(160, 120)], radius: 2.5, .white)
            list.fill(Rect(x: 0, y: 130, width: 200, height: 40), Color(255, 0, 0, 128))
            list.line(Point(0, 0), Point(320, 240), .red)
            list.fill(panel, Color(8, 9, 12))
            list.fill(Rect(x: 50, y: 180, width: 20, height: 20), .white)
            list.text("on the panel", at: Point(panel.x + 10, panel.y + 8), size: .small, .white)
            // Across the window's corner: on the panels that reach past it, copied opaque and cut at both edges.
            list.text("edge", at: Point(305, 230), size: .small, .white)
            var stale = DrawList()
            stale.clear(Color(255, 0, 255))
            backend.render(stale)
            SDLDrawing(renderer: renderer, text: plain).render(list, size: backend.size)
            let whole = try backend.readPixels()
            backend.render(stale)
            backend.render(list)
            #expect(backend.drawing.text.copiesOpaque)
            let split = try backend.readPixels()
            let differing = zip(split.pixels, whole.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(panel): \(differing) pixels differ")
            #expect(!whole.pixels.contains(Color(255, 0, 255)), "\(panel)")
        }
    }

    @Test func aScreenshotToAMissingFolderFailsAndLeavesNothing() throws {
        let backend = try headless()
        defer { backend.close() }
        backend.render(DrawList())
        #expect(throws: HarnessError.self) { try backend.saveScreenshot(to: "/no/such/folder/x.png") }
    }

    /// Headless presents return at once, so the pacer paces by itself, on absolute deadlines: its steady
    /// frames can never come faster than their periods, however loaded the machine. How close to the period each
    /// interval comes is this machine's scheduling: `make desktop-check` reports it; the pacer's arithmetic
    /// is tested on a manual clock in `FrameClockTests`.
    @Test func thePacerPacesAHeadlessRunItself() throws {
        let backend = try headless()
        defer { backend.close() }
        let tweener = Tweener()
        let time = MonotonicClock()
        let pacer = Pacer(targetRate: 60, source: time)
        let stats = FrameStats(targetPeriod: pacer.period)
        let loop = FrameLoop(
            backend: backend, scene: HelloScene(context: SceneContext(tweener: tweener)), tweener: tweener,
            clock: FrameClock(source: time), pacer: pacer,
            stats: stats)
        let started = time.now()
        try loop.run(frames: 300)
        let elapsed = time.now() - started
        let summary = stats.summary()
        #expect(pacer.mode == .selfPaced, "dummy presents do not block")
        #expect(summary.frames == 300 && summary.steadyFrames > 250, "\(summary.text)")
        // The steady frames (after the warm-up that detects vsync) keep the deadlines.
        #expect(
            elapsed >= UInt64(summary.steadyFrames - 1) * pacer.period, "\(Double(elapsed) / 1e6) ms: \(summary.text)")
    }

    @Test func aWholeHeadlessRunWritesANonBlankScreenshotAndASummary() throws {
        let folder = NSTemporaryDirectory() + "cadence-run-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = try HarnessRun.run(
            RunConfiguration(
                frames: 20, headless: true, screenshotPath: folder + "/shot.png", summaryPath: folder + "/summary.txt",
                fixedDelta: 1.0 / 60, unpaced: true, width: 640, height: 360))
        #expect(report.driver == "dummy")
        #expect(report.summary.frames == 20)
        let image = try SDLBackend.loadPNG(folder + "/shot.png")
        #expect(image.distinctColorCount > 10, "the screenshot shows the scene, not a blank frame")
        let summary = try String(contentsOfFile: folder + "/summary.txt", encoding: .utf8)
        #expect(summary.contains("frames: 20"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["shot.png", "summary.txt"],
            "no temporary files are left behind")
    }

    @Test func aPlotIsAPictureOfTheRunWithItsBudgetLine() throws {
        let folder = NSTemporaryDirectory() + "cadence-plot-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var configuration = RunConfiguration(
            scene: "hello", frames: 30, headless: true, fps: 60, width: 320, height: 200)
        configuration.plotPath = folder + "/plot.png"
        let report = try HarnessRun.run(configuration)
        #expect(report.summary.frames == 30)
        let image = try SDLBackend.loadPNG(folder + "/plot.png")
        #expect(
            image.width == FramePlot.size.width && image.height == FramePlot.size.height,
            "its own size, not the window's")
        #expect(image.distinctColorCount > 10)
        let budget = FramePlot.budgetColor
        let budgetPixels = (0..<image.width).filter { x in (100..<460).contains { image[x, $0] == budget } }
        #expect(budgetPixels.count > 1_000, "the budget line crosses the timeline")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["plot.png"])
    }

    /// Under the dummy driver there is no clipboard: the backend says so instead of failing.
    @Test func headlessThereIsNoClipboard() throws {
        let backend = try headless()
        defer { backend.close() }
        #expect(!backend.setClipboardText("x"))
    }

    @Test func anUnwritableOutputFailsBeforeTheRunStarts() {
        #expect(
            throws: HarnessError.unwritablePath(
                "/no/such/dir/s.txt", reason: "the folder '/no/such/dir' does not exist")
        ) {
            try HarnessRun.run(RunConfiguration(headless: true, summaryPath: "/no/such/dir/s.txt"))
        }
    }
}

extension SDLTests {
    @Test func aReplayWithAFixedDeltaDrawsIdenticalFrames() throws {
        let folder = NSTemporaryDirectory() + "cadence-replay-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = InputScript(events: [
            RecordedEvent(frame: 5, event: .mouseDown(.left, at: Point(100, 80))),
            RecordedEvent(frame: 20, event: .mouseMoved(to: Point(500, 300), dragging: true)),
        ])
        try OutputFile.write(Data(script.jsonLines.utf8), to: folder + "/input.jsonl")
        func run(_ name: String, replay: Bool) throws -> Image {
            var configuration = RunConfiguration(
                frames: 40, headless: true, screenshotPath: folder + "/\(name).png",
                fixedDelta: 1.0 / 60, unpaced: true, width: 640, height: 360)
            configuration.replayPath = replay ? folder + "/input.jsonl" : nil
            _ = try HarnessRun.run(configuration)
            return try SDLBackend.loadPNG(folder + "/\(name).png")
        }
        let first = try run("a", replay: true)
        let second = try run("b", replay: true)
        let withoutInput = try run("c", replay: false)
        // The status line shows the measured fps, which differs run to run: compare below it.
        let body = { (image: Image) in Array(image.pixels[(60 * image.width)...]) }
        #expect(body(first) == body(second), "same script, same dt: the same pixels")
        #expect(body(first) != body(withoutInput), "the replayed input changed what was drawn")
    }

    @Test func aCorruptReplayFailsWithItsLineNumberBeforeTheRun() throws {
        let path = NSTemporaryDirectory() + "cadence-corrupt-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try OutputFile.write(Data("{\"frame\":1,\"event\":{\"type\":\"quit\"}}\n{\"frame\":2,".utf8), to: path)
        var configuration = RunConfiguration(headless: true)
        configuration.replayPath = path
        #expect(throws: HarnessError.corruptReplay(path, line: 2, reason: "not a JSON event (invalid JSON)")) {
            try HarnessRun.run(configuration)
        }
    }
}
