import Benchmark
import BenchmarkCatalog
import BenchmarkSupport
import Harness
import HarnessSDL
import Tweening

// One unpaced frame of the harness loop (input, clock, update, draw, render, present, stats), as
// `cadence --headless --unpaced` runs it: SDL's dummy video driver and software renderer, 1280×720.
// A no-op backend beside each separates the loop's and the scene's own cost from SDL's rasteriser.

let benchmarks: @Sendable () -> Void = {
    let busyScene: (SceneContext) throws -> Scene = { try SceneCatalog.make(HarnessSuites.busySceneName, context: $0) }
    measureFrames(HarnessSuites.emptySceneSDL, scene: { _ in EmptyScene() }, sdl: true)
    measureFrames(HarnessSuites.emptySceneNullBackend, scene: { _ in EmptyScene() }, sdl: false)
    measureFrames(HarnessSuites.busySceneSDL, scene: busyScene, sdl: true)
    measureFrames(HarnessSuites.busySceneNullBackend, scene: busyScene, sdl: false)
}

/// One frame per iteration of a loop showing `scene`, on headless SDL or the no-op backend.
func measureFrames(_ suite: Suite, scene: @escaping (SceneContext) throws -> Scene, sdl: Bool) {
    Benchmark(suite.name, configuration: .init(suite)) { _, loop in
        loop.frame()
    } setup: {
        try MeasuredLoop(scene: scene, sdl: sdl)
    } teardown: {
        MeasuredLoop.closeSDL()
    }
}

/// A frame loop on a real monotonic clock, never waiting for a deadline (`Pacer(targetRate: nil)`), with
/// its own tweener as `cadence` sets it up.
final class MeasuredLoop {
    /// The SDL backend of the suite running, closed by its teardown: SDL is process-global, so only one
    /// may be open at a time and the next suite must not inherit it.
    nonisolated(unsafe) static var openSDL: SDLBackend?

    let loop: FrameLoop

    init(scene makeScene: (SceneContext) throws -> Scene, sdl: Bool) throws {
        let backend: RenderBackend
        if sdl {
            let window = try SDLBackend(options: WindowOptions(title: "Cadence benchmark", headless: true))
            Self.openSDL = window
            backend = window
        } else {
            backend = NoOpBackend()
        }
        let time = MonotonicClock()
        let pacer = Pacer(targetRate: nil, source: time)
        let clock = FrameClock(source: time)
        let tweener = Tweener()
        let scene = try makeScene(SceneContext(tweener: tweener, clock: clock))
        loop = FrameLoop(backend: backend, scene: scene, tweener: tweener, clock: clock, pacer: pacer,
                         stats: FrameStats(targetPeriod: pacer.period))
    }

    func frame() {
        do {
            try loop.runFrame()
        } catch {
            fatalError("frame failed: \(error)")  // no screenshots are asked for, so nothing can throw
        }
    }

    /// Closes the SDL backend if a suite opened one.
    static func closeSDL() {
        openSDL?.close()
        openSDL = nil
    }
}

/// A scene with nothing in it: the frame is the loop's own work (and the title, hint and status line
/// it always draws).
final class EmptyScene: Scene {
    let name = "empty"
    let title = "Empty"
    let hint = "Nothing moves: the loop's own cost"

    func handle(_ event: InputEvent) -> Bool { false }
    func update(by dt: Double) {}
    func draw(into list: inout DrawList, size: Size) {}
}

/// A backend that receives no input and draws nothing, at the SDL backend's default size.
final class NoOpBackend: RenderBackend {
    let size = Size(width: 1280, height: 720)

    func pollEvents(into events: inout [InputEvent]) {}
    func render(_ list: DrawList) {}
    func saveScreenshot(to path: String) throws(HarnessError) {}
    func present() {}
}
