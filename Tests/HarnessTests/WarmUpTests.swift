import Testing
@testable import Harness

/// The kind of drawing a command is, and whether it blends: what a renderer's first use of it depends on.
private func kind(of command: DrawCommand) -> String {
    // Exhaustive: a new kind of command fails to compile here until the warm-up draws it too.
    switch command {
    case .clear: "clear"
    case let .fillRect(_, color): "fillRect" + (color.a < 255 ? " blended" : "")
    case let .fillRects(_, color): "fillRects" + (color.a < 255 ? " blended" : "")
    case let .strokeRect(_, color): "strokeRect" + (color.a < 255 ? " blended" : "")
    case let .line(_, _, color): "line" + (color.a < 255 ? " blended" : "")
    case let .polyline(_, color): "polyline" + (color.a < 255 ? " blended" : "")
    case let .circle(_, _, color): "circle" + (color.a < 255 ? " blended" : "")
    case let .dots(_, radius, color): (radius < 3 ? "small dots" : "dots") + (color.a < 255 ? " blended" : "")
    case let .text(_, _, size, _): "text \(size)"
    }
}

@Suite struct WarmUpTests {
    @Test func theWarmUpDrawsEveryKindOfDrawingOpaqueAndBlendedAndEveryTextSizeInsideTheWindow() {
        let size = Size(width: 1280, height: 720)
        let list = DrawList.warmUp(size: size)
        let kinds = Set(list.commands.map(kind(of:)))
        var expected: Set<String> = ["clear"]
        for primitive in ["fillRect", "fillRects", "strokeRect", "line", "polyline", "circle", "small dots", "dots"] {
            expected.insert(primitive)
            expected.insert(primitive + " blended")
        }
        for textSize in TextSize.allCases { expected.insert("text \(textSize)") }
        #expect(kinds == expected)
        #expect(list.commands.first == .clear(.background))
        // Every character the harness's own labels use, at every size.
        let texts = list.commands.compactMap { command -> (String, TextSize)? in
            if case let .text(string, _, size, _) = command { (string, size) } else { nil }
        }
        for textSize in TextSize.allCases {
            let drawn = Set(texts.filter { $0.1 == textSize }.flatMap(\.0))
            for label in ["frame timings are not drawn under --fixed-dt", "budget 16.67 ms", "…", "×", "→", "±"] {
                #expect(Set(label).isSubset(of: drawn), "\(label) at \(textSize)")
            }
        }
        let viewport = Rect(x: 0, y: 0, width: 1280, height: 720)
        for command in list.commands {
            switch command {
            case let .fillRect(rect, _), let .strokeRect(rect, _):
                #expect(viewport.contains(Point(rect.x, rect.y)))
            case let .circle(center, _, _), let .line(center, _, _), let .text(_, center, _, _):
                #expect(viewport.contains(center))
            default: continue
            }
        }
    }

    /// The warm-up is drawn under a run's first frame only (and a live reload's first), before the frame's own
    /// list, which is what every frame's present shows.
    @Test func theFirstFrameOfARunDrawsTheWarmUpUnderItsOwnList() throws {
        let backend = FakeBackend()
        let loop = FrameLoopTests().makeLoop(backend)
        try loop.run(frames: 3)
        #expect(backend.rendered.count == 4)
        #expect(backend.rendered[0].commands == DrawList.warmUp(size: backend.size).commands)
        #expect(backend.rendered[1].commands.first == .clear(.background))
        #expect(backend.rendered[1...].allSatisfy { $0.commands != backend.rendered[0].commands })
        let resumed = FakeBackend()
        let next = FrameLoopTests().makeLoop(resumed)
        next.resume(atFrame: 40)
        try next.run(frames: 42)
        #expect(resumed.rendered.count == 3)
        #expect(resumed.rendered[0].commands == DrawList.warmUp(size: resumed.size).commands)
    }
}
