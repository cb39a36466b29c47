import Foundation
import Testing
@testable import Harness
import Tweening
@testable import HarnessSDL

/// A run of 300 frames at 60 Hz with hitches, a jank, input and the display's answers: every line the plot and
/// the overlay can draw has something to say.
private func busyRun(display: Bool, period: UInt64 = 16_666_667) -> (FramePlot, FrameStats) {
    let stats = FrameStats(targetPeriod: period)
    if display { stats.displayTimes = .feedback(clock: "CLOCK_MONOTONIC") }
    let plot = FramePlot()
    var start: UInt64 = 1_000_000_000
    for index in 0..<300 {
        let interval: UInt64 = index == 0 ? 0 : index % 97 == 0 ? 3 * period : index % 41 == 0 ? 2 * period : period
        start += interval
        var phases = FramePhases()
        (phases.input, phases.update, phases.draw, phases.render) = (20_000, 2_345_678, 1_234_567, 3_456_789)
        phases.present = 1_000_000
        var sample = FrameSample(
            index: index, start: start, interval: interval, phases: phases, tweens: 123_456, animations: 98_765,
            paced: true, inputEvents: index % 3 == 0 ? 2 : 0, inputLatency: index % 3 == 0 ? 12_345_678 : 0,
            period: period)
        if display {
            sample.display = index % 50 == 7 ? .discarded : .presented(at: start + 30_000_000, refresh: period)
            sample.inputToDisplay = index % 3 == 0 ? 51_234_567 : 0
        }
        stats.record(sample)
        plot.record(sample)
    }
    return (plot, stats)
}

/// Where each text of `list` lands outside a picture of `pixels`, measured with the harness's own font at
/// `scale` pixels a point (`text` set to it): the texts that do not fit, with by how much.
private func overflows(_ list: DrawList, pixels: Size, scale: Double, _ text: TextRenderer) -> [String] {
    text.setScale(scale)
    var found: [String] = []
    for command in list.commands {
        guard case let .text(string, point, size, _) = command else { continue }
        guard let measured = text.measure(string, size: size) else {
            found.append("'\(string)' could not be measured")
            continue
        }
        let (left, top) = ((point.x * scale).rounded(), (point.y * scale).rounded())
        let (right, bottom) = (left + Double(measured.width), top + Double(measured.height))
        if left < 0 || top < 0 || right > Double(pixels.width) || bottom > Double(pixels.height) {
            found.append(
                "'\(string)' spans x \(left)…\(right), y \(top)…\(bottom) of \(pixels.width) × \(pixels.height) px")
        }
    }
    return found
}

extension SDLTests {
    /// Pictures the text-fit test draws, written to the folder `CADENCE_TEXT_FIT_OUT` names (to look at them).
    private func keep(_ list: DrawList, size: Size, name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["CADENCE_TEXT_FIT_OUT"], !folder.isEmpty else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try SDLBackend.writePicture(list, size: size, to: "\(folder)/\(name).png")
    }

    @Test func everyLineOfThePlotsFitsItsPictureAtTheDefaultSizeAnd640PixelsWide() throws {
        let backend = try headless()
        defer { backend.close() }
        let title = "cadence retarget: wayland / opengl, self-paced (a title long enough to need shortening at 640)"
        var checked = 0
        for size in [FramePlot.size, Size(width: 640, height: 480), Size(width: 640, height: 360)] {
            for display in [false, true] {
                let (plot, stats) = busyRun(display: display)
                let list = plot.draw(stats: stats, title: title, size: size)
                let name = "plot-\(size.width)x\(size.height)\(display ? "-display" : "")"
                try keep(list, size: size, name: name)
                #expect(overflows(list, pixels: size, scale: 1, backend.drawing.text) == [], "\(name)")
                checked += list.texts.count
            }
            let profiles = [false, true].map { slower in
                FrameProfile(
                    path: "/tmp/a-profile-with-a-long-name-\(slower ? "after" : "before")-the-change.csv",
                    header: ProfileHeader(
                        scene: "stress", targetPeriod: 16_666_667, driver: "wayland", renderer: "opengl",
                        objectCount: 10_000),
                    samples: (0..<300).map { index in
                        var phases = FramePhases()
                        phases.update = UInt64(3_000_000 + (slower ? 500_000 : 0) + index % 7 * 100_000)
                        return FrameSample(
                            index: index, start: UInt64(index) * 16_666_667, interval: index == 0 ? 0 : 16_666_667,
                            phases: phases)
                    })
            }
            let comparison = try FrameComparison(base: profiles[0], new: profiles[1], resamples: 200)
            let list = ComparisonPlot.draw(comparison, size: size)
            try keep(list, size: size, name: "compare-\(size.width)x\(size.height)")
            #expect(overflows(list, pixels: size, scale: 1, backend.drawing.text) == [], "compare at \(size)")
            checked += list.texts.count
        }
        #expect(checked > 100)
    }

    /// The window keeps a layout of at least 1280 × 720 points: at 640 pixels wide it is drawn at half a pixel a
    /// point, with fonts no wider than half their width (see `TextRenderer`).
    @Test func everyLineOfTheOverlaysFitsTheWindowAtTheDefaultSizeAnd640PixelsWide() throws {
        let backend = try headless(width: 1280, height: 720)
        defer { backend.close() }
        let layout = backend.size
        for name in SceneCatalog.builtIn.names {
            for fixed in [false, true] {
                let tweener = Tweener()
                let clock = ManualClock()
                let frameClock = FrameClock(source: clock, configuration: .init(fixedDelta: fixed ? 1.0 / 60 : nil))
                let scene = try SceneCatalog.builtIn.make(name, context: SceneContext(tweener: tweener))
                let loop = FrameLoop(
                    backend: backend, scene: scene, tweener: tweener, clock: frameClock,
                    pacer: Pacer(targetRate: 60, source: clock), stats: busyRun(display: true).1)
                loop.showsProfiler = true
                loop.showsHelp = true
                for _ in 0..<3 {
                    try loop.runFrame()
                    clock.advance(by: 1.0 / 60)
                }
                for (pixels, scale) in [(layout, 1.0), (Size(width: layout.width / 2, height: layout.height / 2), 0.5)]
                {
                    let list = loop.lastDrawList
                    #expect(
                        overflows(list, pixels: pixels, scale: scale, backend.drawing.text) == [],
                        "\(name)\(fixed ? " (fixed dt)" : "") at \(pixels.width) px")
                }
            }
        }
        backend.drawing.text.setScale(1)
    }
}
