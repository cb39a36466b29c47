import Testing
@testable import Harness
import Tweening

/// Runs a scene headless and deterministically: a fake backend, a manual clock, a fixed dt, and
/// scripted input by frame number, as a replay would feed it.
final class SceneHarness {
    let backend = FakeBackend()
    let tweener: Tweener
    let loop: FrameLoop
    let scene: Scene
    /// What the loop printed as copied text (its stdout, captured).
    let copies = CopyLog()

    init(
        _ name: String, catalog: SceneCatalog = .builtIn, dt: Double = 1.0 / 60, script: [RecordedEvent] = [],
        objectCount: Int = 10_000
    ) throws {
        var options = LoopOptions(replay: InputScript(events: script))
        options.copied = { [copies] in copies.texts.append($0) }
        backend.size = Size(width: 1280, height: 720)
        let session = try HarnessSession(
            backend: backend, time: ManualClock(),
            plan: .init(
                scene: name, catalog: catalog, objectCount: objectCount, fixedDelta: dt, paced: false, options: options)
        )
        (tweener, loop, scene) = (session.tweener, session.loop, session.scene)
    }

    /// Runs frames until the loop has run `frame` frames in all.
    func run(until frame: Int) throws {
        while loop.frameIndex < frame { try loop.runFrame() }
    }

    var drawn: DrawList { loop.lastDrawList }
}

/// Lines a frame loop printed as copied text.
final class CopyLog {
    var texts: [String] = []
}

func key(_ letter: Character, at frame: Int) -> RecordedEvent {
    RecordedEvent(frame: frame, event: .keyDown(.letter(letter)))
}

func click(_ x: Double, _ y: Double, at frame: Int) -> RecordedEvent {
    RecordedEvent(frame: frame, event: .mouseDown(.left, at: Point(x, y)))
}

func distance(_ a: Point, _ b: Point) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
