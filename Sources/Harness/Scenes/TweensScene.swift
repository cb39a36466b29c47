import Cadence
import Foundation
import Tweening

/// Scene 5, **tweens**: eight tweens on tracks, each with another ease. Select one (arrows or a click)
/// and drive it through its state machine with the keys; its state, elapsed time, percentComplete and
/// every callback it fires are shown as they happen.
///
/// Completed tweens are not auto-killed here (`TweenAnimator.autoKillsOnCompletion` is off) so that
/// `completed` can be seen and restarted; `kill` still removes a tween from the tweener, and `revive`
/// brings it back in the `new` state.
public final class TweensScene: Scene {
    public let name = "tweens"
    public let title = "Tweens: the state machine"
    public let hint =
        "Arrows/click select   g start  x stop  r restart  z pause  u resume  c complete  k kill  v revive"

    /// One row: a tween moving a ball along its track.
    final class Track {
        let ease: Ease
        var value = 0.0
        var tween: PropertyTween<Double>!

        init(ease: Ease) { self.ease = ease }
    }

    /// The key for each control, in the order the legend lists them.
    public static let controls: [(key: Character, action: String)] = [
        ("g", "start"), ("x", "stop"), ("r", "restart"), ("z", "pause"), ("u", "resume"), ("c", "complete"),
        ("k", "kill"), ("v", "revive"),
    ]

    private let tweener: Tweener
    private(set) var tracks: [Track] = []
    /// Which track the keys act on.
    public private(set) var selected = 0
    /// Every callback fired, newest last: `"1.23 s  #2 quadOut  onStart"`.
    public private(set) var log: [String] = []
    /// The result of the last key's call (`true` when the state machine accepted it).
    public private(set) var lastResult: String = ""
    private var time = 0.0

    /// Creates the scene and its eight tweens (started by the tweener's next update).
    public init(context: SceneContext) {
        tweener = context.tweener
        // The log's clock advances inside the tweener, ahead of the tweens (drivers update in the order
        // they were added), so a callback is stamped with the time of the update that fired it.
        tweener.drive { [unowned self] dt in
            self.time += dt
            return true
        }
        let eases: [Ease] = [.linear, .quadOut, .cubicInOut, .sineInOut, .backOut, .elasticOut, .bounceOut, .expoInOut]
        for (index, ease) in eases.enumerated() {
            let track = Track(ease: ease)
            let tween = tweener.tween(from: 0.0, to: 1.0, duration: 2.5) { [unowned track] in track.value = $0 }
                .ease(ease)
                .delay(0.25)
            tween.autoKillsOnCompletion = false
            let label = "#\(index + 1) \(Self.name(of: ease))"
            tween.onStart { [unowned self] _ in self.note(label, "onStart") }
                .onStop { [unowned self] _ in self.note(label, "onStop") }
                .onRestart { [unowned self] _ in self.note(label, "onRestart") }
                .onPause { [unowned self] _ in self.note(label, "onPause") }
                .onResume { [unowned self] _ in self.note(label, "onResume") }
                .onComplete { [unowned self] _ in self.note(label, "onComplete") }
                .onKill { [unowned self] _ in self.note(label, "onKill") }
                .onRevive { [unowned self] _ in self.note(label, "onRevive") }
            track.tween = tween
            tracks.append(track)
        }
    }

    static func name(of ease: Ease) -> String {
        if case .custom = ease { return "custom" }
        return String(describing: ease)
    }

    private func note(_ label: String, _ callback: String) {
        log.append(String(format: "%6.2f s  ", time) + label + "  " + callback)
        if log.count > 200 { log.removeFirst(log.count - 200) }
    }

    /// The selected tween.
    public var selectedTween: PropertyTween<Double> { tracks[selected].tween }

    /// Applies a control to the selected tween, as its key does. Returns the state machine's answer.
    @discardableResult
    public func perform(_ action: String) -> Bool {
        let tween = selectedTween
        let result: Bool
        switch action {
        case "start": result = tween.start()
        case "stop": result = tween.stop()
        case "restart": result = tween.restart()
        case "pause": result = tween.pause()
        case "resume": result = tween.resume()
        case "complete": result = tween.complete()
        case "kill": result = tween.kill()
        case "revive": result = tween.revive()
        default: return false
        }
        lastResult = "#\(selected + 1) \(action)() → \(result)"
        return result
    }

    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        switch event {
        case .keyDown(.up), .keyDown(.left):
            selected = (selected + tracks.count - 1) % tracks.count
            return true
        case .keyDown(.down), .keyDown(.right):
            selected = (selected + 1) % tracks.count
            return true
        case let .keyDown(.letter(letter)):
            guard let control = Self.controls.first(where: { $0.key == letter }) else { return false }
            perform(control.action)
            return true
        case let .mouseDown(.left, at: point):
            guard let row = Self.rows.firstIndex(where: { $0.contains(point) }) else { return false }
            selected = row
            return true
        default:
            return false
        }
    }

    public func update(by dt: Double) {}

    /// The rows' rectangles (for clicks and drawing).
    static let rows: [Rect] = (0..<8).map { Rect(x: 20, y: 84 + Double($0) * 52, width: 760, height: 46) }

    public func draw(into list: inout DrawList, size: Size) {
        for (index, track) in tracks.enumerated() {
            let row = Self.rows[index]
            let tween = track.tween!
            let isSelected = index == selected
            if isSelected { list.fill(row, Color(40, 46, 60)) }
            list.stroke(row, isSelected ? Color.palette[4] : .grid)
            list.text(
                "#\(index + 1) \(Self.name(of: track.ease))", at: Point(row.x + 8, row.y + 4), size: .small, .text)
            list.text(
                "\(tween.state)  "
                    + String(format: "elapsed %.2f s  %3.0f %%", tween.elapsed, tween.percentComplete * 100),
                at: Point(row.x + 8, row.y + 24), size: .small, Self.color(for: tween.state))
            let trackStart = row.x + 330
            let trackEnd = row.x + row.width - 70  // room for back and elastic overshoot
            list.line(Point(trackStart, row.y + 23), Point(trackEnd, row.y + 23), .grid)
            list.fill(
                Rect(x: trackStart, y: row.y + 40, width: (trackEnd - trackStart) * tween.percentComplete, height: 3),
                Color.palette[3].opacity(160))
            list.circle(
                Point(trackStart + (trackEnd - trackStart) * track.value, row.y + 23), radius: 9,
                Color.palette[index % Color.palette.count])
        }
        let panelX = 800.0
        list.text("keys act on the selected tween", at: Point(panelX, 84), size: .small, .dimText)
        for (i, control) in Self.controls.enumerated() {
            list.text(
                "\(control.key)  \(control.action)", at: Point(panelX + Double(i % 4) * 110, 106 + Double(i / 4) * 20),
                size: .small, .text)
        }
        list.text(lastResult, at: Point(panelX, 156), size: .small, Color.palette[2])
        list.text("callbacks, newest last", at: Point(panelX, 186), size: .small, .dimText)
        let visible = log.suffix(max(0, (size.height - 240) / 20))
        for (i, line) in visible.enumerated() {
            list.text(line, at: Point(panelX, 208 + Double(i) * 20), size: .small, .text)
        }
    }

    static func color(for state: TweenState) -> Color {
        switch state {
        case .active: return Color.palette[3]
        case .delayed, .paused: return Color.palette[1]
        case .completed: return Color.palette[4]
        case .killed: return Color.palette[0]
        default: return .dimText
        }
    }
}
