import Tweening

/// Watch again (W under `--live`): the last seconds of the session's input replayed visibly by a fresh instance
/// of the scene under the running build, one recorded frame a frame, with what the previous build drew for the
/// same frames faintly over it (its ``GhostFrames``), when it left them.
///
/// The frames shown are those a fresh run of the running build draws over the same input: the instance is
/// replayed (``HistoryReplay``) to the window's first frame first. The live scene waits meanwhile.
final class WatchAgain {
    private var replay: HistoryReplay
    /// The history frames shown: from the first to `end`, exclusive.
    let start: Int, end: Int
    /// What the previous build drew, and its number.
    let ghost: GhostFrames?
    let ghostBuild: Int?
    /// How opaque the ghost is drawn.
    static let ghostOpacity = 0.4

    /// Watches `history`'s last ``GhostFrames/seconds`` before frame `end` again in `shadow`, a fresh instance of
    /// its scene made with `tweener` and `clock`.
    init(
        history: SceneHistory, ending end: Int, ghost: GhostFrames?, ghostBuild: Int?, shadow: Scene,
        tweener: Tweener, clock: FrameClock
    ) {
        var start = end
        var span = 0.0
        while start > 0, span < GhostFrames.seconds {
            start -= 1
            span += history.frames[start].interval
        }
        self.start = start
        self.end = end
        self.ghost = ghost
        self.ghostBuild = ghostBuild
        replay = HistoryReplay(history, scene: shadow, tweener: tweener, clock: clock)
        replay.advance(frames: start)
    }

    /// Whether every frame of the window has been shown.
    var isFinished: Bool { replay.nextFrame >= end }

    /// Plays the next recorded frame.
    func step() { replay.advance(frames: 1) }

    /// Draws the frame last played, the ghost's same frame faintly over it, and a line saying what is shown.
    func draw(into list: inout DrawList, size: Size) {
        replay.scene.draw(into: &list, size: size)
        let shown = replay.nextFrame - 1
        if let commands = ghost?.commands(atFrame: shown) {
            for command in commands { list.append(command.faded(to: Self.ghostOpacity)) }
        }
        var line = "Watching the last 5 s again: frame \(shown - start + 1) of \(end - start)"
        if let ghostBuild, ghost?.range.contains(shown) == true { line += ", faint: build \(ghostBuild)" }
        line += "  (W stops)"
        // Bottom right, clear of the title, the hint and the status line.
        let x = max(20, Double(size.width) - 20 - TextSize.small.width(of: line))
        list.text(line, at: Point(x, Double(size.height) - 30), size: .small, .text)
    }
}
