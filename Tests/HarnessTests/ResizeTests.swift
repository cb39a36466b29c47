import Foundation
import Testing
@testable import Harness
import Tweening

/// Where a draw command puts ink: its bounding box (text by the default font's advance, DejaVu Sans Mono's
/// 8 px a character at the small size and 13 at the large).
func inkBounds(_ command: DrawCommand) -> Rect? {
    func box(_ points: [Point], pad: Double = 0) -> Rect? {
        guard let first = points.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points {
            (minX, maxX) = (min(minX, p.x), max(maxX, p.x))
            (minY, maxY) = (min(minY, p.y), max(maxY, p.y))
        }
        return Rect(x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad, height: maxY - minY + 2 * pad)
    }
    switch command {
    case .clear: return nil
    case let .fillRect(rect, _), let .strokeRect(rect, _): return rect
    case let .fillRects(rects, _):
        return box(rects.flatMap { [Point($0.x, $0.y), Point($0.x + $0.width, $0.y + $0.height)] })
    case let .line(a, b, _): return box([a, b])
    case let .polyline(points, _): return box(points)
    case let .circle(center, radius, _): return box([center], pad: radius)
    case let .dots(points, radius, _): return box(points, pad: radius)
    case let .text(string, at, size, _):
        let advance = size == .small ? 8.0 : 13.0
        return Rect(x: at.x, y: at.y, width: Double(string.count) * advance, height: Double(size.rawValue) + 4)
    }
}

@Suite struct ResizeTests {
    /// The sizes a window may take: from the smallest it can be resized to to 4K.
    static let sizes = [
        SceneCatalog.smallestLayout, Size(width: 1600, height: 900), Size(width: 1920, height: 1200),
        Size(width: 2560, height: 1440), Size(width: 3840, height: 2160),
    ]

    /// Every scene, after its demo input, drawn inside the window at `size`, and again after the window is
    /// resized mid-run to each other size: the layout follows the size every frame.
    @Test(arguments: sizes)
    func everySceneDrawsInsideTheWindowAndFollowsAResize(size: Size) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for name in SceneCatalog.builtIn.names {
            let path = root.appendingPathComponent("Assets/replays/\(name).jsonl").path
            let replay = FileManager.default.fileExists(atPath: path) ? try InputScript.load(path).events : []
            let harness = try SceneHarness(name, script: replay, objectCount: 2_000)
            harness.backend.size = size
            try harness.run(until: 100)
            try Self.expectInside(harness, size, "\(name) at \(size.width)×\(size.height)")
            let other = Self.sizes[(Self.sizes.firstIndex(of: size)! + 1) % Self.sizes.count]
            harness.backend.size = other
            try harness.run(until: 110)
            try Self.expectInside(harness, other, "\(name) resized to \(other.width)×\(other.height)")
        }
    }

    static func expectInside(_ harness: SceneHarness, _ size: Size, _ what: String) throws {
        let list = try #require(harness.backend.rendered.last)
        var outside: [String] = []
        for command in list.commands {
            guard let box = inkBounds(command) else { continue }
            if box.x < -1 || box.y < -1 || box.x + box.width > Double(size.width) + 1
                || box.y + box.height > Double(size.height) + 1
            {
                outside.append(String("\(command)".prefix(120)))
            }
        }
        #expect(outside.isEmpty, "\(what): \(outside.count) commands outside the window, e.g. \(outside.prefix(3))")
    }

    @Test func f11TogglesFullscreenInEveryScene() throws {
        for name in SceneCatalog.builtIn.names {
            let harness = try SceneHarness(
                name,
                script: [
                    RecordedEvent(frame: 2, event: .keyDown(.f11)), RecordedEvent(frame: 5, event: .keyDown(.f11)),
                ])
            try harness.run(until: 8)
            #expect(harness.backend.fullscreenToggles == 2, "\(name)")
        }
        #expect(Key(name: "f11") == .f11 && Key.f11.name == "f11", "recordings spell it f11")
    }
}
