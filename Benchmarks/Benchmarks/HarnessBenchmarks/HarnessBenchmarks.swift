import Benchmark
import BenchmarkCatalog
import CSDL2
import BenchmarkSupport
import Cadence
import Harness
import HarnessSDL
import Histogram
import Tweening

// One unpaced frame of the harness loop (input, clock, update, draw, render, present, stats), as
// `cadence --headless --unpaced` runs it: SDL's dummy video driver and software renderer, 1280×720.
// A no-op backend beside each separates the loop's and the scene's own cost from SDL's rasteriser.
// Its frames start 1/60 s apart on the clock they read (``SixtyHertzClock``), on either backend. On the real
// clock a frame's share of the scene's time is the frame's own duration: a no-op frame would cover
// microseconds of the scene, before anything moves (the stress scene's first wave is at 0.5 s), and an SDL
// frame would animate more on a slower or busier machine than on a fast idle one, so the work measured
// would follow the machine's state.

let benchmarks: @Sendable () -> Void = {
    let busyScene: MakeScene = { (context: SceneContext) throws(HarnessError) in
        try SceneCatalog.builtIn.make(HarnessSuites.busySceneName, context: context)
    }
    measureFrames(HarnessSuites.emptySceneSDL, scene: { _ in EmptyScene() }, sdl: true)
    measureFrames(HarnessSuites.emptySceneNullBackend, scene: { _ in EmptyScene() }, sdl: false)
    measureBookkeepingFloor(HarnessSuites.frameBookkeepingFloor)
    measureFrames(HarnessSuites.busySceneSDL, scene: busyScene, sdl: true)
    measureFrames(HarnessSuites.busySceneSDLWithoutOverlay, scene: busyScene, sdl: true, showsProfiler: false)
    measureFrames(HarnessSuites.busySceneNullBackend, scene: busyScene, sdl: false)
    measureBareLoop(HarnessSuites.bareFloor(HarnessSuites.busySceneName), scene: busyScene, sdl: false)
    measureMinimalSDLFloor(HarnessSuites.busySceneSDLFloor, scene: busyScene, clear: .plainStores)
    measureMinimalSDLFloor(HarnessSuites.busySceneSDLOwnClearFloor, scene: busyScene, clear: .sdl)
    measureBareLoop(HarnessSuites.bareFloor(HarnessSuites.busySceneName, sdl: true), scene: busyScene, sdl: true)
    measureStressWorkFloor(HarnessSuites.busySceneWorkFloor)
    // The inspector looping (L), so every measured frame plays both lanes and draws their traces.
    let inspector: MakeScene = { (context: SceneContext) throws(HarnessError) in
        let scene = try SceneCatalog.builtIn.make(HarnessSuites.inspectorSceneName, context: context)
        _ = scene.handle(.keyDown(.letter("l")), in: Size(width: 1280, height: 720))
        return scene
    }
    measureFrames(HarnessSuites.inspectorSceneSDL, scene: inspector, sdl: true)
    measureBareLoop(HarnessSuites.bareFloor(HarnessSuites.inspectorSceneName, sdl: true), scene: inspector, sdl: true)
    measureFrames(HarnessSuites.inspectorSceneNullBackend, scene: inspector, sdl: false)
    measureBareLoop(HarnessSuites.bareFloor(HarnessSuites.inspectorSceneName), scene: inspector, sdl: false)
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
    measureBareLoop(
        HarnessSuites.bareFloor(HarnessSuites.inspectorUserAnimationName), scene: inspectorWithUserAnimation, sdl: false
    )
    measureInspectorLane()
    measureLatchSchedule()
    measureInspectorLaneFloors()
    for scene in HarnessSuites.replayedScenes { measureReplay(scene) }
}

/// A recorded minute of a session at 60 frames a second in a 1280×720 window: every half second a click
/// somewhere else, a drag across a third of the window through the next 20 frames, a key (Space, then again
/// a second later) every ten seconds; `scene` is the name the history is of.
func recordedMinute(of scene: String) -> SceneHistory {
    var history = SceneHistory(scene: scene)
    var random = SplitMix64(seed: 7)
    let size = Size(width: 1280, height: 720)
    var drag: (from: Point, step: Point, left: Int)?
    for frame in 0..<HarnessSuites.replayFrames {
        var events: [InputEvent] = []
        if frame % 30 == 0 {
            let point = Point(random.unit() * 1180 + 50, random.unit() * 620 + 50)
            events.append(.mouseDown(.left, at: point))
            drag = (point, Point(random.unit() * 20 - 10, random.unit() * 12 - 6), 20)
        } else if var moving = drag {
            moving.from = moving.from + moving.step
            moving.left -= 1
            events.append(.mouseMoved(to: moving.from, dragging: true))
            if moving.left == 0 { events.append(.mouseUp(.left, at: moving.from)) }
            drag = moving.left == 0 ? nil : moving
        }
        if frame % 600 == 300 || frame % 600 == 360 { events.append(.keyDown(.space)) }
        history.append(.init(dt: 1.0 / 60, interval: 1.0 / 60, size: size), events: events)
    }
    return history
}

/// One iteration: a fresh session showing `scene` on the no-op backend, fast-forwarded through its recorded
/// minute.
func measureReplay(_ scene: String) {
    let suite = HarnessSuites.liveReplay(scene)
    let history = recordedMinute(of: scene)
    Benchmark(suite.name, configuration: .init(suite)) { benchmark in
        let session: HarnessSession
        do {
            session = try HarnessSession(
                backend: NoOpBackend(), time: SixtyHertzClock(), plan: .init(scene: scene, paced: false))
        } catch {
            fatalError("the scene '\(scene)' could not be made: \(error)")
        }
        benchmark.startMeasurement()
        session.loop.fastForward(through: history)
        benchmark.stopMeasurement()
        blackHole(session.loop.scene)
    }
}

/// The lane rows' floors: the live value without its trace, and the lane's animation sampled plainly (as
/// made by an edit, for the edit's floor).
func measureInspectorLaneFloors() {
    let frame = HarnessSuites.inspectorLaneFrameFloor
    Benchmark(frame.name, configuration: .init(frame)) { (_: Benchmark, value: AnimatedValue<Double>) in
        value.update(by: 1.0 / 60)
        blackHole(value.presentation)
        blackHole(value.velocity)
    } setup: {
        // The lane frame row's animation, started as `InspectorLane.play()` starts it.
        var spec = AnimationSpec(kind: .linear)
        spec.set(0, to: 3)
        spec.set(3, to: 6)
        let value = AnimatedValue(0.0)
        value.update(by: 0)
        value.set(1, animation: spec.animation)
        return value
    }
    let sample = HarnessSuites.inspectorLaneSampleFloor
    Benchmark(sample.name, configuration: .init(sample)) { (_: Benchmark, sampler: PlainSampler) in
        sampler.sample(sampler.animation)
    } setup: {
        PlainSampler(spec: AnimationSpec(kind: .springDurationBounce))
    }
    let edit = HarnessSuites.inspectorLaneEditFloor
    Benchmark(edit.name, configuration: .init(edit)) { (_: Benchmark, sampler: PlainSampler) in
        // The two durations the edit row goes back and forth between, the bounce unchanged.
        sampler.up.toggle()
        sampler.sample(
            .spring(duration: sampler.up ? sampler.durations.1 : sampler.durations.0, bounce: sampler.bounce))
    } setup: {
        PlainSampler(spec: AnimationSpec(kind: .springDurationBounce))
    }
}

/// A lane's curve sampled as the runtime runs an animation, written plainly: `animate` then `velocity` on the
/// value 1 every `InspectorLane.sampleInterval` with one reset context, into reserved arrays, until the
/// animation finishes or the lane's capacity is reached. No readouts.
final class PlainSampler {
    let animation: Animation
    let durations: (Double, Double)
    let bounce: Double
    var up = false
    var context = AnimationContext<Double>()
    var values: [Double] = []
    var velocities: [Double] = []

    init(spec: AnimationSpec) {
        animation = spec.animation
        var nudged = spec
        nudged.nudge(0, by: 1)
        durations = (spec.value(0), nudged.value(0))
        bounce = spec.value(1)
        values.reserveCapacity(InspectorLane.capacity + 1)
        velocities.reserveCapacity(InspectorLane.capacity + 1)
        // The lane's samples, checked before anything is timed.
        sample(animation)
        let lane = InspectorLane(spec: spec)
        precondition(values == Array(lane.values.prefix(values.count)), "the plain samples are not the lane's")
    }

    func sample(_ animation: Animation) {
        Self.sample(animation, context: &context, values: &values, velocities: &velocities)
    }

    /// The loop, on its state passed in: one access to each for the whole loop, not one per call.
    static func sample(
        _ animation: Animation, context: inout AnimationContext<Double>, values: inout [Double],
        velocities: inout [Double]
    ) {
        values.removeAll(keepingCapacity: true)
        velocities.removeAll(keepingCapacity: true)
        context.reset()
        for index in 0..<InspectorLane.capacity {
            let time = Double(index) * InspectorLane.sampleInterval
            guard let value = animation.animate(value: 1.0, time: time, context: &context), value.isFinite else {
                return
            }
            values.append(value)
            velocities.append(animation.velocity(value: 1.0, time: time, context: context) ?? 0)
        }
    }
}

/// The monotonic clock, moved on at each frame's start so that the frame starts 1/60 s after the last: the
/// first reading after ``startFrame()``, the loop's frame start (which its `dt` measures from), is the frame's
/// place on a 60 Hz schedule, and later readings go on from it in real time, so the times within a frame (its
/// phases, which the statistics and the overlay record) stay real. The scene then advances by 1/60 s a frame
/// on any machine, as the floors do: the schedule is whole nanoseconds, rounded from k/60 s, which keeps
/// a merging spring's time within its grid's tolerance of the 1/300 s grid, where the floors step it. The
/// loop is unpaced, so nothing sleeps on it. A frame that ends after its successor's place on the schedule
/// (a preemption) makes the next start at the first place not yet passed: the clock never goes backwards.
final class SixtyHertzClock: TimeSource {
    private let real = MonotonicClock()
    private var offset: UInt64 = 0
    /// The schedule's start, and the frames on it since.
    private var origin: UInt64?
    private var frames: UInt64 = 0
    private var pinsNextReading = false

    func now() -> UInt64 {
        let reading = real.now() &+ offset
        guard pinsNextReading else { return reading }
        pinsNextReading = false
        guard let origin else {
            self.origin = reading
            return reading
        }
        var scheduled: UInt64
        repeat {
            frames += 1
            scheduled = origin &+ (frames &* 1_000_000_000 &+ 30) / 60
        } while scheduled < reading
        offset &+= scheduled &- reading
        return scheduled
    }
    func sleep(until deadline: UInt64) { real.sleep(until: deadline &- offset) }
    func processorTime() -> UInt64 { real.processorTime() }

    /// Called before each frame.
    func startFrame() { pinsNextReading = true }
}

/// One iteration of `scene`'s frames without the loop: see ``HarnessSuites/bareFloor(_:sdl:)``.
func measureBareLoop(_ suite: Suite, scene: @escaping MakeScene, sdl: Bool) {
    measure(suite) { try BareLoop(scene: scene, sdl: sdl) }
}

/// A scene made as the harness makes it (by a session, on the same backend), its frames run by hand: the
/// tweener's and the scene's update by the delta its row's frames get (1/60 s), the scene's draw into a
/// reused list after a clear, and the backend's render and present. No input, statistics, heads-up text,
/// profiler overlay or pacing.
final class BareLoop: FrameRunner {
    let session: HarnessSession
    var list = DrawList()

    init(scene makeScene: @escaping MakeScene, sdl: Bool) throws {
        session = try HarnessSession(
            backend: try MeasuredLoop.backend(sdl: sdl), time: MonotonicClock(),
            plan: .init(paced: false, scene: makeScene))
    }

    func frame() {
        let dt = frame60
        session.tweener.update(by: dt)
        session.scene.update(by: dt)
        list.removeAll()
        list.clear(.background)
        let backend = session.loop.backend
        session.scene.draw(into: &list, size: backend.size)
        backend.render(list)
        backend.present()
    }
}

/// The floor of the empty frame: see ``HarnessSuites/frameBookkeepingFloor``.
func measureBookkeepingFloor(_ suite: Suite) {
    Benchmark(suite.name, configuration: .init(suite)) { _, floor in
        floor.frame()
    } setup: {
        PlainBookkeeping()
    }
}

/// A frame's clock readings (its start and the end of each of its five phases), its interval, deviation and
/// busy time recorded into HdrHistograms made as the loop's statistics make them, and the heads-up texts
/// (title, hint, a status line) put into a reused draw list.
final class PlainBookkeeping {
    let time = MonotonicClock()
    var intervals = PlainBookkeeping.histogram()
    var deviations = PlainBookkeeping.histogram()
    var busy = PlainBookkeeping.histogram()
    var phases = [UInt64](repeating: 0, count: 5)
    var lastStart: UInt64 = 0
    var list = DrawList()
    let status = "60 fps  unpaced  1x  H help"
    let scene = EmptyScene()

    static func histogram() -> Histogram<UInt64> {
        Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    }

    func frame() {
        let start = time.now()
        var mark = start
        for phase in phases.indices {
            if phase == 2 {
                list.removeAll()
                list.clear(.background)
                list.text(scene.title, at: Point(20, 12), size: .large, .text)
                list.text(scene.hint, at: Point(20, 44), size: .small, .dimText)
                list.text(status, at: Point(950, 14), size: .small, .dimText)
            }
            let now = time.now()
            phases[phase] = now &- mark
            mark = now
        }
        if lastStart > 0 {
            let interval = start &- lastStart
            intervals.record(interval)
            deviations.record(interval > 16_666_667 ? interval &- 16_666_667 : 16_666_667 &- interval)
        }
        busy.record(mark &- start)
        lastStart = start
    }
}

/// A latch schedule on a steady 60 Hz display that shows every frame at its aim, each frame busy the same
/// `busy`: one iteration is one frame's calls, as the pacer and the loop make them.
func measureLatchSchedule() {
    final class SteadyDisplay {
        let refresh: UInt64 = 16_666_667
        let busy: UInt64 = 2_000_000
        var schedule = LatchSchedule()
        var frame = 0
        var now: UInt64 = 1_000_000_000

        /// One frame: planned, committed `busy` after its start, shown at its aim.
        func step() {
            guard let next = schedule.next(now: now) else {
                // Until the interval is known: shown a refresh apart, without a plan.
                schedule.committed(frame: frame, busy: busy, at: now, aim: nil)
                schedule.answered(frame: frame, feedback: .presented(at: now &+ refresh, refresh: refresh))
                (frame, now) = (frame + 1, now &+ refresh)
                return
            }
            let committed = next.start &+ busy
            schedule.committed(frame: frame, busy: busy, at: committed, aim: next.aim)
            schedule.answered(frame: frame, feedback: .presented(at: next.aim, refresh: refresh))
            (frame, now) = (frame + 1, committed)
        }
    }
    let suite = HarnessSuites.latchScheduleFrame
    Benchmark(suite.name, configuration: .init(suite)) { (_: Benchmark, display: SteadyDisplay) in
        display.step()
    } setup: {
        let display = SteadyDisplay()
        for _ in 0..<LatchSchedule.busyHistory + 100 { display.step() }
        return display
    }
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

/// - Parameter showsProfiler: false hides the profiler overlay of a scene that shows it.
func measureFrames(_ suite: Suite, scene: @escaping MakeScene, sdl: Bool, showsProfiler: Bool = true) {
    measure(suite) {
        let runner = try MeasuredLoop(scene: scene, sdl: sdl)
        if !showsProfiler { runner.loop.showsProfiler = false }
        return runner
    }
}

/// What a frame suite runs, one frame an iteration.
protocol FrameRunner: AnyObject {
    func frame()
}

/// A frame suite: `make` sets it up; its teardown closes the SDL backend, if it opened one.
func measure<Runner: FrameRunner>(_ suite: Suite, _ make: @escaping () throws -> Runner) {
    Benchmark(suite.name, configuration: .init(suite)) { _, runner in
        runner.frame()
    } setup: {
        try make()
    } teardown: {
        MeasuredLoop.closeSDL()
    }
}

/// A frame loop on a clock whose frames start 1/60 s apart, never waiting for a deadline
/// (`Pacer(targetRate: nil)`), with its own tweener as `cadence` sets it up.
final class MeasuredLoop: FrameRunner {
    /// The SDL backend of the suite running, closed by its teardown: SDL is process-global, so only one
    /// may be open at a time and the next suite must not inherit it.
    nonisolated(unsafe) static var openSDL: SDLBackend?

    let loop: FrameLoop

    /// Headless SDL (kept in ``openSDL``) or the no-op backend.
    static func backend(sdl: Bool) throws -> RenderBackend {
        guard sdl else { return NoOpBackend() }
        let window = try SDLBackend(options: WindowOptions(title: "Cadence benchmark", headless: true))
        openSDL = window
        return window
    }

    init(scene makeScene: @escaping MakeScene, sdl: Bool) throws {
        let backend = try Self.backend(sdl: sdl)
        loop = try HarnessSession(backend: backend, time: clock, plan: .init(paced: false, scene: makeScene)).loop
    }

    /// The clock the frames read: 1/60 s apart.
    let clock = SixtyHertzClock()

    func frame() {
        clock.startFrame()
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
func measureMinimalSDLFloor(_ suite: Suite, scene: @escaping MakeScene, clear: MinimalSDLLoop.Clear) {
    Benchmark(suite.name, configuration: .init(suite)) { _, floor in
        floor.frame()
    } setup: {
        try MinimalSDLLoop(dotsOf: scene, clear: clear)
    } teardown: {
        MinimalSDLLoop.closeOpen()
    }
}

/// SDL's dummy driver and software renderer at 1280×720, and the rectangles of one frame of a scene's dots.
final class MinimalSDLLoop {
    /// How a frame is cleared.
    enum Clear {
        /// `SDL_RenderClear`: SDL writes the rows with streaming stores, which take the frame out of the cache.
        case sdl
        /// The window's surface, which the software renderer draws into, written with plain stores.
        case plainStores
    }

    let renderer: OpaquePointer
    let window: OpaquePointer
    let clear: Clear
    /// One batch of rectangles per colour.
    var batches: [(color: Color, rects: [SDL_FRect])] = []

    /// The dots of a frame of `makeScene`: its draw list after a second of frames, taken from the harness on
    /// the no-op backend.
    convenience init(dotsOf makeScene: @escaping MakeScene, clear: Clear) throws {
        let session = try HarnessSession(
            backend: NoOpBackend(), time: MonotonicClock(), plan: .init(paced: false, scene: makeScene))
        for _ in 0..<60 { try session.loop.runFrame() }
        var batches: [(color: Color, rects: [SDL_FRect])] = []
        for command in session.loop.lastDrawList.commands {
            guard case let .dots(centers, radius, color) = command else { continue }
            let side = Float(radius * 2)
            batches.append(
                (color, centers.map { SDL_FRect(x: Float($0.x - radius), y: Float($0.y - radius), w: side, h: side) }))
        }
        try self.init(batches: batches, clear: clear)
    }

    /// `batches` drawn each frame; a floor that moves its dots rewrites their rectangles between frames.
    init(batches: [(color: Color, rects: [SDL_FRect])], clear: Clear) throws {
        self.clear = clear
        self.batches = batches
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
        switch clear {
        case .sdl:
            SDL_SetRenderDrawColor(renderer, 18, 20, 26, 255)
            SDL_RenderClear(renderer)
        case .plainStores:
            // The renderer has nothing queued here: the last frame's present ran it all.
            let surface = SDL_GetWindowSurface(window)!.pointee
            let value = SDL_MapRGBA(surface.format, 18, 20, 26, 255)
            let pixels = surface.pixels.assumingMemoryBound(to: UInt32.self)
            for y in 0..<Int(surface.h) {
                (pixels + y * Int(surface.pitch) / 4).update(repeating: value, count: Int(surface.w))
            }
        }
        for batch in batches {
            SDL_SetRenderDrawColor(renderer, batch.color.r, batch.color.g, batch.color.b, batch.color.a)
            SDL_RenderFillRectsF(renderer, batch.rects, Int32(batch.rects.count))
        }
        SDL_RenderPresent(renderer)
    }
}
