import Tweening

/// A scene, its tweener and its clock advanced through a ``SceneHistory``, frame by frame, as the frame loop
/// advanced them: each frame's events to the scene (and the clock's keys it left to the harness), then the
/// frame's `dt` to the clock, the tweener and the scene. Nothing is drawn or presented.
struct HistoryReplay {
    let history: SceneHistory
    let scene: Scene
    let tweener: Tweener
    let clock: FrameClock
    /// The next frame and event to replay.
    private(set) var nextFrame = 0
    private var nextEvent = 0

    /// Starts `clock` where it was when the history's scene was made.
    init(_ history: SceneHistory, scene: Scene, tweener: Tweener, clock: FrameClock) {
        self.history = history
        self.scene = scene
        self.tweener = tweener
        self.clock = clock
        clock.isPaused = history.startsPaused
        clock.timeScale = history.startTimeScale
        clock.resume(elapsed: history.startElapsed)
    }

    /// Whether every frame has been replayed.
    var isFinished: Bool { nextFrame == history.frames.count }

    /// Replays up to `count` more frames.
    mutating func advance(frames count: Int) {
        let end = nextFrame + min(count, history.frames.count - nextFrame)
        let events = history.events
        while nextFrame < end {
            let frame = history.frames[nextFrame]
            while nextEvent < events.count, events[nextEvent].frame == nextFrame {
                let event = events[nextEvent].event
                nextEvent += 1
                if scene.handle(event, in: frame.size) {
                    // Copied text went to the clipboard when it was first copied.
                    _ = scene.takeCopiedText()
                } else if case let .keyDown(key) = event, let command = GlobalKey(key) {
                    _ = command.apply(to: clock)
                }
            }
            clock.replay(dt: frame.dt, interval: frame.interval)
            tweener.update(by: frame.dt)
            scene.update(by: frame.dt)
            nextFrame += 1
        }
    }
}

/// Whether a scene kept the determinism contract through a live reload's replay: a second instance of the
/// scene, with a tweener and clock of its own, is replayed through the same history a few milliseconds a
/// frame after the reload, and what it draws at the end is compared with what the replayed scene drew then.
/// The same code given the same input draws the same frame unless the scene read something else (the wall
/// clock, an unseeded random source, a file).
final class ReplayCheck {
    /// What the replayed scene drew at the end of the history, and at what size.
    private let expected: [DrawCommand]
    private let size: Size
    private var replay: HistoryReplay

    /// Checks against `expected`, what the scene drew after the replay of `history`; `shadow` is a fresh
    /// instance of the scene made with `tweener` and `clock`.
    init(history: SceneHistory, expected: [DrawCommand], shadow: Scene, tweener: Tweener, clock: FrameClock) {
        self.expected = expected
        size = history.frames.last?.size ?? Size(width: 1, height: 1)
        replay = HistoryReplay(history, scene: shadow, tweener: tweener, clock: clock)
    }

    /// Replays frames until `deadline` on `time` (at least one batch); returns nil while frames are left, then
    /// whether the scene drew the same.
    func advance(until deadline: UInt64, time: TimeSource) -> Bool? {
        repeat {
            replay.advance(frames: 64)
        } while !replay.isFinished && time.now() < deadline
        guard replay.isFinished else { return nil }
        var list = DrawList()
        replay.scene.draw(into: &list, size: size)
        replay.tweener.killAll()
        return list.commands == expected
    }
}
