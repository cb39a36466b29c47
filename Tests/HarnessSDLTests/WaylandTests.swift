import Foundation
import Testing
@testable import Harness
@testable import HarnessSDL
import Tweening

extension CommandRunTests {
    /// Under a real compositor with a seat, a window run picks Wayland by itself, says so, and takes pointer
    /// input from the X server weston's window is on (xdotool): a drag retargets the markers.
    @Test func underWestonTheHarnessIsNativeWaylandAndADragRetargets() async throws {
        let scratch = try ScratchFolder()
        let script = """
            set -u
            \(windowHelpers)
            launch "$OUT/log.txt" retarget --record "$OUT/input.jsonl" --summary "$OUT/summary.txt" \\
              --profile "$OUT/frames.csv" --trace "$OUT/trace.json" --screenshot "$OUT/last.png" --frames 3000
            enter "$OUT/input.jsonl" 1335 775 420 330
            for x in 460 500; do xdotool mousemove $x 330; sleep 0.05; done
            xdotool mousedown 1; sleep 0.1
            for x in 560 620 680 700; do xdotool mousemove $x 400; sleep 0.05; done
            xdotool mouseup 1
            wait_for "$OUT/input.jsonl" '"mouseUp"'
            # The markers settle in under a second of the scene's time.
            sleep 2
            xdotool key Escape
            for _ in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
            kill -TERM $pid 2>/dev/null
            wait $pid
            """
        let (status, output) = try await underWeston(
            script, environment: ["CADENCE": cadenceExecutable, "OUT": scratch.path])
        let log = (try? String(contentsOfFile: scratch.path + "/log.txt", encoding: .utf8)) ?? ""
        #expect(status == 0, "Esc ends the run: \(output) \(log)")
        let summary = try String(contentsOfFile: scratch.path + "/summary.txt", encoding: .utf8)
        #expect(summary.hasPrefix("driver: wayland  renderer: "), "\(summary)")
        #expect(summary.contains("  SDL 2.") && summary.contains("  scale: 1\nrefresh: SDL reports "), "\(summary)")
        let about = try FrameProfile.load(scratch.path + "/frames.csv").header
        #expect(about?.driver == "wayland" && about?.sdlVersion.hasPrefix("2.") == true && about?.scale == 1)
        let trace = try String(contentsOfFile: scratch.path + "/trace.json", encoding: .utf8)
        #expect(trace.contains(#""name":"process_labels""#) && trace.contains("wayland, SDL 2."))

        // Real pointer input: each event's input-to-display is at least its input-to-present (the frame that drew
        // it was shown after its present returned).
        let profile = try expectEveryFrameHasItsOwnAnswer(scratch.path + "/frames.csv")
        let withInput = profile.samples.filter { $0.inputEvents > 0 && $0.display?.outcome == .presented }
        #expect(!withInput.isEmpty, "the drag's frames were shown")
        for sample in withInput {
            #expect(sample.inputToDisplay + 100 >= sample.inputLatency, "frame \(sample.index)")  // 0.1 µs in the CSV
        }
        #expect(summary.contains("\ninput-to-display ms over "), "\(summary)")

        let recording = try InputScript.load(scratch.path + "/input.jsonl")
        let released = recording.events.compactMap { recorded -> Point? in
            if case let .mouseUp(.left, at: point) = recorded.event { return point }
            return nil
        }
        let moved = recording.events.contains {
            if case .mouseMoved(_, dragging: true) = $0.event { return true }
            return false
        }
        #expect(moved && released.count == 1, "weston delivered the drag: \(recording.jsonLines)")
        guard let target = released.first else { return }
        let last = try decodePNG(scratch.path + "/last.png")
        let colors = RetargetScene(context: SceneContext(tweener: Tweener())).markers.map(\.color)
        for (index, color) in colors.enumerated() {
            let place = target + RetargetScene.offset(index, of: colors.count)
            let pixel = last[Int(place.x), Int(place.y)]
            #expect(
                (pixel.r, pixel.g, pixel.b) == (color.r, color.g, color.b),
                "marker \(index) settled where the drag ended")
        }
    }

    /// Natively on weston frames are paced by the compositor: by default each starts late, aimed at the next
    /// display time its answers predict (`latched`); with `--schedule swap` a present waits for the
    /// compositor's frame callback, and the pacer finds it and follows the rate it measures. How close the
    /// steady frames come to that rate is weston's timing on this machine (it draws with pixman on the CPU), a
    /// measurement for `make desktop-check`, not asserted here.
    @Test(arguments: ["latch", "swap"])
    func underWestonFramesArePacedByTheCompositor(schedule: String) async throws {
        let scratch = try ScratchFolder()
        let (status, output) = try await underWeston(
            #""$CADENCE" hello --frames 120 --schedule "$SCHEDULE" --summary "$OUT/summary.txt" --profile "$OUT/frames.csv" >/dev/null"#,
            environment: ["CADENCE": cadenceExecutable, "OUT": scratch.path, "SCHEDULE": schedule])
        #expect(status == 0, "\(output)")
        let summary = try String(contentsOfFile: scratch.path + "/summary.txt", encoding: .utf8)
        let pacing = schedule == "latch" ? "latched" : "vsync"
        #expect(summary.hasPrefix("driver: wayland  renderer: opengl  pacing: \(pacing)"), "\(summary)")
        // weston answers every frame's presentation feedback, each after its own present. Under `swap` at least
        // 95 % of the steady frames are shown (a frame it answers late enough is pending at the end); under
        // `latch` a frame that misses its latch while the margin is learned is discarded, which is timing.
        let display = try #require(try expectEveryFrameHasItsOwnAnswer(scratch.path + "/frames.csv").summary().display)
        let steady = display.presented + display.discarded + display.pending
        let shown = schedule == "swap" ? 0.95 * Double(steady) : 1
        #expect(steady > 0 && Double(display.presented) >= shown, "\(summary)")
        #expect(summary.contains("\ndisplay (compositor's clock): \(display.presented) presented, "), "\(summary)")
        let measured = summary.range(of: "presents came every ").map {
            Double(summary[$0.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        #expect(measured.flatMap { $0 }.map { $0 > 0 } == true, "the pacer measured the compositor: \(summary)")
    }

    /// Under `weston --scale=2` the window gets twice the pixels: scenes draw at the drawable's size, text
    /// from the font at twice its point size (the title's pixels are those of a headless `--scale 2` run),
    /// and input stays in points. The whole frame is the headless `--scale 2` golden frame but for edges,
    /// which OpenGL blends a little differently; it has a golden hash of its own (`retarget@2x-weston`).
    @Test func underWestonAtScale2ScenesDrawAtTheDrawablesSizeAndInputIsInPoints() async throws {
        let scratch = try ScratchFolder()
        let script = """
            set -u
            "$CADENCE" retarget --unpaced --fixed-dt 0.0166666666667 --frames 92 --replay Assets/replays/retarget.jsonl \\
              --screenshot "$OUT/2x.png" --summary "$OUT/2x.txt" >/dev/null
            \(windowHelpers)
            launch "$OUT/log.txt" hello --frames 3000 --record "$OUT/input.jsonl"
            enter "$OUT/input.jsonl" 2640 1520 1000 600
            xdotool click 1
            wait_for "$OUT/input.jsonl" '"mouseDown"'
            kill -TERM $pid; wait $pid
            """
        let (status, output) = try await underWeston(
            script, options: ["--scale", "2"], environment: ["CADENCE": cadenceExecutable, "OUT": scratch.path])
        #expect(status == 128 + SIGTERM, "\(output)")
        let summary = try String(contentsOfFile: scratch.path + "/2x.txt", encoding: .utf8)
        #expect(
            summary.hasPrefix("driver: wayland  renderer: opengl") && summary.contains("  scale: 2\n"), "\(summary)")
        let frame = try decodePNG(scratch.path + "/2x.png")
        #expect(frame.width == 2560 && frame.height == 1440, "\(frame.width)×\(frame.height)")
        let reference = try await Golden.render("retarget", into: scratch.path, scale: 2)
        var worst = 0
        for y in 24..<96 {
            for x in 36..<1000 {
                let (a, b) = (frame[x, y], reference[x, y])
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        // OpenGL and the software renderer blend a glyph's edge a few levels apart; a 1x bitmap scaled up would not
        // come near.
        #expect(
            worst <= 8, "the title is rasterised at 2x, as headless --scale 2 draws it (worst channel off by \(worst))")
        var (same, near) = (0, 0)
        for (a, b) in zip(frame.pixels, reference.pixels) {
            let off = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            if off == 0 { same += 1 }
            if off <= 32 { near += 1 }
        }
        let count = Double(frame.pixels.count)
        #expect(
            Double(same) / count >= 0.97 && Double(near) / count >= 0.99,
            "\(Double(same) / count) of the pixels are the headless frame's, \(Double(near) / count) within 32 levels")
        // weston's output starts at (0, 0) of the X screen, 2 pixels a point; the window sits inside it.
        let recording = try InputScript.load(scratch.path + "/input.jsonl")
        let click = recording.events.compactMap { recorded -> Point? in
            if case let .mouseDown(.left, at: point) = recorded.event { return point }
            return nil
        }.first
        #expect(
            click.map { $0.x > 400 && $0.x < 500 && $0.y > 200 && $0.y < 300 } == true,
            "points, not pixels: \(String(describing: click))")
    }

    /// F11 makes the window fill weston's output (the last frame is the output's size), and F11 again
    /// brings it back to its own size.
    @Test func underWestonF11FillsTheOutputAndComesBack() async throws {
        let scratch = try ScratchFolder()
        let script = """
            set -u
            \(windowHelpers)
            for presses in 1 2; do
              launch "$OUT/log-$presses.txt" hello --frames 3000 --screenshot "$OUT/after-$presses.png" \\
                --record "$OUT/input-$presses.jsonl" --profile "$OUT/frames-$presses.csv"
              # A click gives the window the keyboard.
              enter "$OUT/input-$presses.jsonl" 1335 775 600 400
              xdotool click 1
              wait_for "$OUT/input-$presses.jsonl" '"mouseDown"'
              for _ in $(seq $presses); do xdotool key F11; sleep 1; done
              kill -TERM $pid; wait $pid
            done
            """
        let (status, output) = try await underWeston(
            script, environment: ["CADENCE": cadenceExecutable, "OUT": scratch.path])
        #expect(status == 128 + SIGTERM, "\(output)")
        let full = try decodePNG(scratch.path + "/after-1.png")
        #expect(full.width == 1312 && full.height == 752, "weston's output is 1312×752: \(full.width)×\(full.height)")
        let back = try decodePNG(scratch.path + "/after-2.png")
        #expect(back.width == 1280 && back.height == 720, "\(back.width)×\(back.height)")
        // SDL commits on its own while the window is configured and resized; no frame takes another's answer.
        for presses in 1...2 { try expectEveryFrameHasItsOwnAnswer(scratch.path + "/frames-\(presses).csv") }
    }

    /// Checks a profile written under weston for the pairing of presentation feedback to frames, never its
    /// timing: every frame once, in order; every frame presented has an answer; a frame is never shown before
    /// its present call returned, nor before the frame presented before it. Returns the profile.
    @discardableResult
    func expectEveryFrameHasItsOwnAnswer(_ path: String) throws -> FrameProfile {
        let profile = try FrameProfile.load(path)
        #expect(profile.samples.map(\.index) == Array(profile.samples.indices), "every frame once, in order")
        var last: UInt64 = 0
        for sample in profile.samples where !sample.throttled {
            let display = try #require(sample.display, "frame \(sample.index) was presented without an answer")
            guard display.outcome == .presented else { continue }
            // The CSV keeps 0.1 µs.
            #expect(display.time + 100 >= sample.presentEnd, "frame \(sample.index) shown before its present returned")
            #expect(display.time >= last, "frame \(sample.index) shown before the frame before it")
            last = display.time
        }
        return profile
    }

    /// Fullscreen on an output smaller than the smallest layout (1024×640 points, as a 1080p screen at 2×
    /// would be 960×540): scenes keep a 1280×800-point layout drawn at 0.8 pixels a point, text rasterised
    /// at that size, and the pointer arrives in layout points. Where exactly weston's X11 backend puts the
    /// pointer after F11 varies with its timing (it now and then keeps placing it by the window's old size),
    /// so the exact point, (641.25, 401.25) for output pixel (513, 321), is reported by `make desktop-check`;
    /// the mapping itself is ``LayoutScaleTests/aPointerUnderTheSmallestLayoutIsInLayoutPoints()``.
    @Test func underWestonFullscreenOnASmallOutputKeepsTheSmallestLayout() async throws {
        let scratch = try ScratchFolder()
        let script = """
            \(windowHelpers)
            launch "$OUT/log.txt" hello --frames 3000 --record "$OUT/input.jsonl" --screenshot "$OUT/last.png"
            enter "$OUT/input.jsonl" 1050 665 300 300
            xdotool click 1
            wait_for "$OUT/input.jsonl" '"mouseDown"'
            xdotool key F11; sleep 1
            # weston places the fullscreen surface by its old size until the next click on it.
            xdotool mousemove 512 320; sleep 0.3; xdotool click 1; sleep 0.3
            xdotool mousemove 600 400; sleep 0.3; xdotool mousemove 513 321; sleep 0.5
            kill -TERM $pid; wait $pid
            """
        let (status, output) = try await underWeston(
            script, options: ["--size", "1024x640"], environment: ["CADENCE": cadenceExecutable, "OUT": scratch.path])
        #expect(status == 128 + SIGTERM, "\(output)")
        let frame = try decodePNG(scratch.path + "/last.png")
        #expect(
            frame.width == 1024 && frame.height == 640, "fullscreen fills the output: \(frame.width)×\(frame.height)")
        // The title, "Hello, Cadence" from x = 20 points: 13 pixels a character at 1 pixel a point, 10.4 at 0.8.
        let background = frame[4, 4]
        let inked = (16..<300).filter { x in (8..<36).contains { frame[x, $0] != background } }
        #expect(
            (inked.max() ?? 0) < 180 && (inked.max() ?? 0) > 140,
            "the title is drawn at 0.8: ink to x \(inked.max() ?? 0)")
        let recording = try InputScript.load(scratch.path + "/input.jsonl")
        let moves = recording.events.compactMap { recorded -> Point? in
            if case let .mouseMoved(point, _) = recorded.event { return point }
            return nil
        }
        #expect(!moves.isEmpty, "the pointer reached the window")
        #expect(
            moves.allSatisfy { $0.x >= 0 && $0.x <= 1280 && $0.y >= 0 && $0.y <= 800 },
            "in layout points, never past the 1280×800 layout: \(moves)")
    }

    /// The same replay under weston, natively and through XWayland, with the software renderer: the frame
    /// is the golden frame of a headless run, pixel for pixel.
    @Test func underWestonNativelyAndThroughXWaylandAFrameIsItsGoldenFrame() async throws {
        let scratch = try ScratchFolder()
        let replay = """
            "$CADENCE" retarget --unpaced --fixed-dt 0.0166666666667 --frames 92 --replay Assets/replays/retarget.jsonl
            """
        let script = """
            set -u
            SDL_RENDER_DRIVER=software \(replay) --screenshot "$OUT/wayland.png" --summary "$OUT/wayland.txt" >/dev/null
            DISPLAY="$XWAYLAND_DISPLAY" SDL_RENDER_DRIVER=software \(replay) --video-driver x11 \\
              --screenshot "$OUT/xwayland.png" --summary "$OUT/xwayland.txt" >/dev/null
            """
        let (status, output) = try await underWeston(
            script, options: ["--xwayland"], environment: ["CADENCE": cadenceExecutable, "OUT": scratch.path])
        #expect(status == 0, "\(output)")
        let golden = try #require(Golden.load()["retarget"])
        for name in ["wayland", "xwayland"] {
            let summary = try String(contentsOfFile: scratch.path + "/\(name).txt", encoding: .utf8)
            #expect(
                summary.hasPrefix("driver: \(name == "wayland" ? "wayland" : "x11")  renderer: software"), "\(summary)")
            let read = try decodePNG(scratch.path + "/\(name).png")
            let image = Image(
                width: read.width, height: read.height, pixels: read.pixels.map { Color($0.r, $0.g, $0.b) })
            #expect(Golden.hash(image) == golden, "\(name): the frame is the headless golden frame")
        }
    }

    /// A compositor that goes away mid-run ends the run: every output written, the summary saying so, exit 1
    /// (SDL only sends a quit event, as if the window had been closed).
    @Test func aCompositorThatGoesAwayEndsTheRunWithExit1AndEveryOutput() async throws {
        let scratch = try ScratchFolder()
        let script = """
            \(windowHelpers)
            launch "$OUT/log.txt" hello --frames 3000 --summary "$OUT/summary.txt" --profile "$OUT/frames.csv"
            kill -KILL "$WESTON_PID"
            for _ in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
            kill -TERM $pid 2>/dev/null
            wait $pid
            echo "status $?"
            """
        let (_, output) = try await underWeston(
            script, environment: ["CADENCE": cadenceExecutable, "OUT": scratch.path])
        #expect(output.contains("status 1"), "\(output)")
        let log = try String(contentsOfFile: scratch.path + "/log.txt", encoding: .utf8)
        #expect(log.contains("the Wayland compositor went away"), "\(log)")
        let summary = try String(contentsOfFile: scratch.path + "/summary.txt", encoding: .utf8)
        #expect(summary.contains("ended early: the Wayland compositor went away"), "\(summary)")
        let frames = summary.range(of: "frames: ").flatMap { Int(summary[$0.upperBound...].prefix { $0.isNumber }) }
        let profile = try FrameProfile.load(scratch.path + "/frames.csv")
        #expect(frames.map { $0 > 0 && profile.samples.count == $0 } == true, "the profile holds every frame run")
    }

    /// weston asleep (idle, no lock screen) repaints nothing and calls back no frame: every window is
    /// throttled, as a hidden one is. The stretches are found and reported apart (not in the steady figures),
    /// frames run at 10 a second meanwhile, input wakes weston and the window is shown again (the run
    /// records the move: the script waits for that, not for a fixed time), and SIGTERM
    /// during a second stretch ends the run with every output written. How long SIGTERM took, and whether
    /// weston kept its cadence on this machine, are reported by `make desktop-check`.
    @Test func underWestonAsleepTheWindowIsThrottledAndSIGTERMStillEndsTheRun() async throws {
        let scratch = try ScratchFolder()
        let script = """
            \(windowHelpers)
            launch "$OUT/log.txt" hello --frames 100000 --summary "$OUT/summary.txt" --profile "$OUT/frames.csv" \\
              --record "$OUT/input.jsonl"
            # weston sleeps 1 s after the last input (and a fade); input wakes it. The window is shown before
            # the first sleep: weston's idle timer starts again at the move the run records, so a window
            # slow to open (a loaded machine) is never asleep from its start.
            enter "$OUT/input.jsonl" 1335 775 600 400
            sleep 3.5
            moves=$(grep -c mouseMoved "$OUT/input.jsonl")
            for _ in $(seq 40); do
              # Back to another point than before: SDL reports no move to where the pointer already was.
              xdotool mousemove 1335 775; sleep 0.2; xdotool mousemove 640 420
              for _ in $(seq 10); do
                [ "$(grep -c mouseMoved "$OUT/input.jsonl")" -gt "$moves" ] && break 2
                sleep 0.05
              done
            done
            sleep 4
            kill -TERM $pid; wait $pid
            """
        let (status, output) = try await underWeston(
            script, options: ["--idle", "1"], environment: ["CADENCE": cadenceExecutable, "OUT": scratch.path])
        #expect(status == 128 + SIGTERM, "\(output)")
        let summary = try String(contentsOfFile: scratch.path + "/summary.txt", encoding: .utf8)
        let stretches = summary.range(of: "\nthrottled: ").flatMap {
            Int(summary[$0.upperBound...].prefix { $0.isNumber })
        }
        // Two sleeps at least; a loaded machine can add a stretch of its own (weston late by
        // Pacer.throttleThreshold or more).
        #expect((stretches ?? 0) >= 2, "\(summary)")
        #expect(summary.contains("interrupted at frame "), "\(summary)")
        let profile = try FrameProfile.load(scratch.path + "/frames.csv")
        #expect(profile.samples.last?.throttled == true, "the run ended throttled")
        let stretch = profile.samples.reversed().prefix { $0.throttled }.reversed()
        // 10 a second, not 60. On absolute deadlines a late frame is followed by a short interval, so the
        // stretch is judged by its mean: k intervals never take less than k periods minus the first's lateness.
        let intervals = stretch.dropFirst(2).map { Double($0.interval) / 1e6 }
        #expect(
            intervals.count > 5 && intervals.reduce(0, +) / Double(intervals.count) > 80,
            "throttled intervals, ms: \(intervals)")
    }

    /// A compositor without a seat (weston's headless backend), where SDL 2.26 crashes in SDL_Init, is
    /// refused before SDL starts: exit 1 with why, or X11 when a DISPLAY is there too.
    @Test func aCompositorWithoutASeatIsRefusedNotCrashedOn() async throws {
        let script = """
            DISPLAY= "$CADENCE" hello --frames 5; echo "status $?"
            "$CADENCE" hello --frames 5 --video-driver wayland; echo "status $?"
            "$CADENCE" hello --frames 5 --video-driver nosuch; echo "status $?"
            """
        let (status, output) = try await underWeston(
            script, options: ["--headless-seatless"], environment: ["CADENCE": cadenceExecutable])
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("has no seat (no keyboard or pointer)") }.count == 2, "\(output)")
        #expect(lines.filter { $0 == "status 1" }.count == 2, "\(output)")
        #expect(output.contains("the video driver 'nosuch' cannot run here; the drivers that can: x11"), "\(output)")
        #expect(lines.last == "status 2")
    }
}

@Suite struct LayoutScaleTests {
    /// Scenes get at least the smallest layout: a drawable with fewer of the display's points is drawn at
    /// fewer pixels a point, never more than the display's.
    @Test func theLayoutScaleKeepsTheSmallestLayout() {
        let minimum = SceneCatalog.smallestLayout
        func scale(_ width: Int, _ height: Int, _ display: Double) -> Double {
            SDLBackend.layoutScale(Size(width: width, height: height), displayScale: display, minimum: minimum)
        }
        #expect(scale(1280, 720, 1) == 1 && scale(2560, 1440, 2) == 2 && scale(3840, 2160, 2) == 2)
        #expect(scale(1024, 640, 1) == 0.8, "the narrower side decides")
        #expect(scale(1920, 1080, 2) == 1.5, "a 1080p screen at 2× keeps 1280×720 points")
        #expect(abs(scale(1280, 400, 1) - 400.0 / 720) < 1e-12)
        #expect(scale(0, 0, 2) == 2, "a window not yet sized keeps the display's scale")
    }

    /// Fullscreen on a 1024×640 output (window and pixels alike there) is drawn at 0.8 pixels a point, and
    /// the pointer comes in layout points: output pixel (513, 321) is point (641.25, 401.25), as on weston
    /// (whose exact pointer there `make desktop-check` reports); pixels would be 513, 321.
    @Test func aPointerUnderTheSmallestLayoutIsInLayoutPoints() {
        let output = Size(width: 1024, height: 640)
        let layout = SDLBackend.layoutScale(output, displayScale: 1, minimum: SceneCatalog.smallestLayout)
        let scale = SDLBackend.inputScale(window: output, pixels: output, layoutScale: layout)
        #expect(
            InputEvent.mouseMoved(to: Point(513, 321), dragging: false).scaled(by: scale)
                == .mouseMoved(to: Point(641.25, 401.25), dragging: false))
        #expect(SDLBackend.inputScale(window: Size(width: 0, height: 0), pixels: output, layoutScale: 1) == Point(1, 1))
    }
}

extension CommandRunTests {
    /// The index of the last display column, input_to_display_ms (0 without a header).
    private func displayColumnsEnd(_ header: [Substring]?) -> Int {
        header?.firstIndex(of: "input_to_display_ms") ?? 0
    }

    /// Where there is no presentation feedback (X11 under Xvfb with llvmpipe, the dummy driver), the summary
    /// says why in one line, the display columns are empty (not 0), and a gate on a display figure is refused
    /// before the run (exit 2, no output written).
    @Test func withoutPresentationFeedbackDisplayTimesAreUnavailableAndTheirGatesRefused() async throws {
        let scratch = try ScratchFolder()
        let script = """
            "$CADENCE" hello --frames 20 --video-driver x11 --summary "$OUT/x11.txt" --profile "$OUT/x11.csv" >/dev/null
            echo "x11 run: $?"
            "$CADENCE" hello --frames 20 --video-driver x11 --fail-if display-hitch-ratio\\>5 \\
              --profile "$OUT/gated.csv" >/dev/null 2>"$OUT/gated.txt"
            echo "gated run: $?"
            """
        let (status, output) = try await underXvfb(
            script, environment: ["CADENCE": cadenceExecutable, "OUT": scratch.path])
        #expect(status == 0 && output.contains("x11 run: 0") && output.contains("gated run: 2"), "\(output)")
        let summary = try String(contentsOfFile: scratch.path + "/x11.txt", encoding: .utf8)
        #expect(summary.contains("\ndisplay times: unavailable (X11"), "\(summary)")
        let profile = try FrameProfile.load(scratch.path + "/x11.csv")
        #expect(profile.samples.count == 20 && profile.samples.allSatisfy { $0.display == nil })
        let csv = try String(contentsOfFile: scratch.path + "/x11.csv", encoding: .utf8)
        // The nine display columns are empty (not 0) in every row.
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let displayColumns = try #require(rows.first?.firstIndex(of: "display"))...(displayColumnsEnd(rows.first))
        #expect(rows.dropFirst().allSatisfy { row in displayColumns.allSatisfy { row[$0].isEmpty } }, "\(csv)")
        let refusal = try String(contentsOfFile: scratch.path + "/gated.txt", encoding: .utf8)
        #expect(refusal.contains("--fail-if 'display-hitch-ratio>5': this run has no display times (X11"), "\(refusal)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/gated.csv"), "refused before the run")

        let headless = try await runCadence([
            "hello", "--headless", "--frames", "5", "--fail-if", "input-to-display-p99>50ms",
        ])
        #expect(headless.status == 2 && headless.output.contains("a --headless run has no display times"))
        let plain = try await runCadence(["hello", "--headless", "--frames", "5"])
        #expect(plain.output.contains("display times: unavailable (headless: the dummy driver has no display)"))
    }
}

extension CommandRunTests {
    /// A profile's first line is its column line: Python's `csv.DictReader` reads every column by name, the
    /// run's own and the display's (empty in a headless run) included.
    @Test func aProfileOpensInPythonsDictReaderAsItIs() async throws {
        let scratch = try ScratchFolder()
        let csv = scratch.path + "/frames.csv"
        let run = try await runCadence(["hello", "--headless", "--frames", "12", "--profile", csv])
        #expect(run.status == 0, "\(run.output)")
        let script = """
            import csv, sys
            rows = list(csv.DictReader(open(sys.argv[1])))
            print(len(rows), rows[0]["frame"], rows[-1]["frame"], rows[3]["run_scene"], repr(rows[3]["display"]),
                  repr(rows[3]["presented_ms"]), sorted(rows[0].keys()) == sorted(sys.argv[2].split(",")))
            """
        let columns = CSVProfileWriter.header + "," + ProfileHeader.columns
        let python = try await runChild("/usr/bin/env", ["python3", "-c", script, csv, columns])
        #expect(
            python.output.trimmingCharacters(in: .whitespacesAndNewlines) == "12 0 11 hello '' '' True",
            "\(python.output)")
    }
}
