import Benchmark
import BenchmarkCatalog
import CSDL2
import BenchmarkSupport
import Cadence
import Harness
import HarnessSDL
import Tweening

// One unpaced frame of the harness loop (input, clock, update, draw, render, present, stats), as
// `cadence --headless --unpaced` runs it: SDL's dummy video driver and software renderer, 1280×720.
// A no-op backend beside each separates the loop's and the scene's own cost from SDL's rasteriser.

let benchmarks: @Sendable () -> Void = {
    let busyScene: MakeScene = { (context: SceneContext) throws(HarnessError) in
        try SceneCatalog.builtIn.make(HarnessSuites.busySceneName, context: context)
    }
    measureFrames(HarnessSuites.emptySceneSDL, scene: { _ in EmptyScene() }, sdl: true)
    measureFrames(HarnessSuites.emptySceneNullBackend, scene: { _ in EmptyScene() }, sdl: false)
    measureFrames(HarnessSuites.busySceneSDL, scene: busyScene, sdl: true)
    measureFrames(HarnessSuites.busySceneNullBackend, scene: busyScene, sdl: false)
    measureMinimalSDLFloor(HarnessSuites.busySceneSDLFloor, scene: busyScene)
    // The inspector looping (L), so every measured frame plays both lanes and draws their traces.
    let inspector: MakeScene = { (context: SceneContext) throws(HarnessError) in
        let scene = try SceneCatalog.builtIn.make(HarnessSuites.inspectorSceneName, context: context)
        _ = scene.handle(.keyDown(.letter("l")), in: Size(width: 1280, height: 720))
        return scene
    }
    measureFrames(HarnessSuites.inspectorSceneSDL, scene: inspector, sdl: true)
    measureFrames(HarnessSuites.inspectorSceneNullBackend, scene: inspector, sdl: false)
    // Lane A on a user's animation: an ease whose duration is its one slider.
    let userAnimation = InspectorAnimation(
        name: "ease", call: ".easeInOut", parameters: [.init(name: "duration", range: 0.1...2, default: 0.5)]
    ) { .easeInOut(duration: $0[0]) }
    let inspectorWithUserAnimation: MakeScene = { (context: SceneContext) throws(HarnessError) in
        let catalog = try SceneCatalog.builtIn.adding([], animations: [userAnimation])
        let scene = try catalog.make(
            HarnessSuites.inspectorSceneName,
            context: SceneContext(
                tweener: context.tweener, objectCount: context.objectCount, clock: context.clock,
                animations: catalog.animations))
        _ = scene.handle(.keyDown(.letter("l")), in: Size(width: 1280, height: 720))
        return scene
    }
    measureFrames(HarnessSuites.inspectorUserAnimationNullBackend, scene: inspectorWithUserAnimation, sdl: false)
    measureInspectorLane()
}

/// One inspector lane, set up once: a frame of its live value (update and trace), a re-sample of its
/// curve and readouts, and a whole edit (a slider nudged: a new `Animation`, then the re-sample).
func measureInspectorLane() {
    Benchmark(HarnessSuites.inspectorLaneFrame.name, configuration: .init(HarnessSuites.inspectorLaneFrame)) {
        (_: Benchmark, lane: InspectorLane) in
        lane.update(by: 1.0 / 60)
    } setup: {
        // A 3 s linear curve repeated 6 times: 18 s of motion, longer than the warm-up and the measured
        // frames (1,100 at 1/60 s), and within the trace's 1,200 samples, so every frame moves the value
        // and records a sample. (Replaying allocates the runtime's new run: that is an action, not a frame.)
        var spec = AnimationSpec(kind: .linear)
        spec.set(0, to: 3)
        spec.set(3, to: 6)
        let lane = InspectorLane(spec: spec)
        lane.play()
        return lane
    }
    Benchmark(HarnessSuites.inspectorLaneResample.name, configuration: .init(HarnessSuites.inspectorLaneResample)) {
        (_: Benchmark, lane: InspectorLane) in
        lane.resample()
    } setup: {
        InspectorLane(spec: AnimationSpec(kind: .springDurationBounce))
    }
    Benchmark(HarnessSuites.inspectorLaneEdit.name, configuration: .init(HarnessSuites.inspectorLaneEdit)) {
        (_: Benchmark, lane: InspectorLane) in
        // Back and forth between two durations, so every iteration is a real change.
        let up = lane.spec.value(0) < 0.52
        lane.edit { $0.nudge(0, by: up ? 1 : -1) }
    } setup: {
        InspectorLane(spec: AnimationSpec(kind: .springDurationBounce))
    }
}

/// One frame per iteration of a loop showing `scene`, on headless SDL or the no-op backend.
/// Makes a benchmark's scene from the session's context.
typealias MakeScene = @Sendable (SceneContext) throws(HarnessError) -> Scene

func measureFrames(_ suite: Suite, scene: @escaping MakeScene, sdl: Bool) {
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

    init(scene makeScene: @escaping MakeScene, sdl: Bool) throws {
        let backend: RenderBackend
        if sdl {
            let window = try SDLBackend(options: WindowOptions(title: "Cadence benchmark", headless: true))
            Self.openSDL = window
            backend = window
        } else {
            backend = NoOpBackend()
        }
        loop = try HarnessSession(
            backend: backend, time: MonotonicClock(), plan: .init(paced: false, scene: makeScene)
        ).loop
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

    func handle(_ event: InputEvent, in size: Size) -> Bool { false }
    func update(by dt: Double) {}
    func draw(into list: inout DrawList, size: Size) {}
}

/// A backend that receives no input and draws nothing, at the SDL backend's default size.
final class NoOpBackend: RenderBackend {
    let size = Size(width: 1280, height: 720)

    func pollEvents(into events: inout [InputEvent], times: inout [UInt64]) {}
    func render(_ list: DrawList) {}
    func saveScreenshot(to path: String) throws(HarnessError) {}
    func present() {}
}

/// The floor of the busy scene on headless SDL: its dots, as the harness drew them in a steady frame,
/// drawn each iteration by a minimal SDL loop on the same renderer (clear, one fill per colour, present).
func measureMinimalSDLFloor(_ suite: Suite, scene: @escaping MakeScene) {
    Benchmark(suite.name, configuration: .init(suite)) { _, floor in
        floor.frame()
    } setup: {
        try MinimalSDLLoop(dotsOf: scene)
    } teardown: {
        MinimalSDLLoop.closeOpen()
    }
}

/// SDL's dummy driver and software renderer at 1280×720, and the rectangles of one frame of a scene's dots.
final class MinimalSDLLoop {
    let renderer: OpaquePointer
    let window: OpaquePointer
    /// One batch of rectangles per colour.
    var batches: [(color: Color, rects: [SDL_FRect])] = []

    init(dotsOf makeScene: @escaping MakeScene) throws {
        // The scene's draw list after a second of frames, taken from the harness on the no-op backend.
        let session = try HarnessSession(
            backend: NoOpBackend(), time: MonotonicClock(), plan: .init(paced: false, scene: makeScene))
        for _ in 0..<60 { try session.loop.runFrame() }
        for command in session.loop.lastDrawList.commands {
            guard case let .dots(centers, radius, color) = command else { continue }
            let side = Float(radius * 2)
            batches.append(
                (color, centers.map { SDL_FRect(x: Float($0.x - radius), y: Float($0.y - radius), w: side, h: side) }))
        }
        SDL_SetHint("SDL_VIDEODRIVER", "dummy")
        guard SDL_Init(cadence_SDL_INIT_VIDEO()) == 0,
            let window = SDL_CreateWindow("floor", 0, 0, 1280, 720, SDL_WINDOW_HIDDEN.rawValue),
            let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        else { fatalError("SDL: \(String(cString: SDL_GetError()))") }
        (self.window, self.renderer) = (window, renderer)
        Self.open = self
    }

    /// The loop of the suite running, closed by its teardown (SDL is process-global).
    nonisolated(unsafe) static var open: MinimalSDLLoop?

    static func closeOpen() {
        guard let loop = open else { return }
        SDL_DestroyRenderer(loop.renderer)
        SDL_DestroyWindow(loop.window)
        SDL_Quit()
        open = nil
    }

    func frame() {
        SDL_SetRenderDrawColor(renderer, 18, 20, 26, 255)
        SDL_RenderClear(renderer)
        for batch in batches {
            SDL_SetRenderDrawColor(renderer, batch.color.r, batch.color.g, batch.color.b, batch.color.a)
            SDL_RenderFillRectsF(renderer, batch.rects, Int32(batch.rects.count))
        }
        SDL_RenderPresent(renderer)
    }
}
