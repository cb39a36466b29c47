import Cadence
import Foundation
import Tweening

// The scene's state, input and readouts; its layout and drawing are in
// Inspector/InspectorScene+Drawing.swift, and its model in Inspector/ (AnimationSpec, InspectorLane,
// AnimationSpelling).

/// Scene **inspector**: tune any built-in animation live and compare two side by side.
///
/// Two lanes, A (orange) and B (blue), each hold an ``AnimationSpec``: a kind (timing curves, a
/// `timingCurve` whose control points are dragged on a unit square, springs in each parametrisation,
/// `interpolatingSpring`, keyframes, decay) with its sliders, and the `delay`/`speed`/`repeatCount`
/// modifiers. The plot shows both lanes on one time axis: the animation's curve (dim), the live value
/// as it really played (bright, including any retarget) and the velocity (fainter, scaled so the
/// largest speed reaches the 1 line), with a marker at the current time. Below it each lane has a stage:
/// click it to send the lane's value there mid-flight. The readouts under the stages are described in
/// the README's "Animation inspector" section.
///
/// Keys (none of the loop's global keys): A/B pick the lane; J/K the previous/next kind; Up/Down the
/// slider; Left/Right nudge it one step; Enter replays both lanes; L loops; M slow motion (the frame
/// clock's time scale 0.25 ↔ 1); C copies the lane's Swift spelling (clipboard and stdout).
public final class InspectorScene: Scene {
    /// `inspector`.
    public let name = "inspector"
    /// The window title.
    public let title = "Inspector: tune an animation, compare two, copy its Swift"
    /// Every control, on one line.
    public let hint =
        "A/B lane  J/K kind  Up/Down slider  Left/Right nudge  drag sliders & control points  click a stage: retarget  Enter replay  L loop  M slow  C copy Swift"

    /// The two lanes, A then B.
    public let lanes: [InspectorLane]
    /// The lane the keyboard edits (0 = A, 1 = B).
    public internal(set) var selectedLane = 0
    /// The slider the keyboard edits, per lane.
    public internal(set) var focusedSlider = [0, 0]
    /// Whether both lanes replay after they have come to rest.
    public internal(set) var loops = false
    /// What was copied last (also printed on stdout by the frame loop).
    public private(set) var lastCopied: String?

    /// The time scale slow motion sets on the frame clock.
    public static let slowMotionScale = 0.25

    let clock: FrameClock?
    /// Your animations, offered after the built-in kinds (J/K); lane A starts on the first of them.
    public let animations: [InspectorAnimation]
    var pendingCopy: String?
    var restTime = 0.0
    var drag: Drag?
    var readouts: [[String]] = [[], []]
    /// Each lane's slider values as drawn, rebuilt with the readouts (on an edit), not every frame.
    var sliderTexts: [[String]] = [[], []]
    /// Text that depends on values that change rarely, rebuilt only when they change, so a frame in
    /// which nothing is edited allocates no strings.
    var plotLabels = (span: -1.0, peak: -1.0, spanText: "", peakText: "")
    var status = (loops: false, scale: -1.0, copied: String?.none, text: "")
    var points: [[Point]] = Array(repeating: [], count: 10)

    enum Drag: Equatable {
        case slider(lane: Int, index: Int)
        case controlPoint(lane: Int, index: Int)
    }

    static let colors = [Color.palette[1], Color.palette[4]]

    /// Creates the scene with lane A on `.spring(duration: 0.5, bounce: 0.25)` (or, when the context
    /// brings animations of yours, on the first of them, so that it shows beside a built-in) and lane B on
    /// the timing curve `(0.2, 0.8, 0.2, 1)` over 0.5 s, and plays both.
    public init(context: SceneContext) {
        clock = context.clock
        animations = context.animations.filter { (try? $0.validate()) != nil }
        lanes = [
            InspectorLane(
                spec: animations.first.map(AnimationSpec.init(client:)) ?? AnimationSpec(kind: .springDurationBounce)),
            InspectorLane(spec: AnimationSpec(kind: .timingCurve)),
        ]
        for index in points.indices { points[index].reserveCapacity(InspectorLane.capacity + 1) }
        for index in lanes.indices {
            lanes[index].play()
            refreshReadouts(index)
        }
    }

    // MARK: - Actions

    /// Replays both lanes from 0.
    public func replay() {
        for index in lanes.indices {
            lanes[index].play()
            refreshReadouts(index)
        }
        restTime = 0
    }

    /// Edits lane `index`'s spec; the curve and readouts follow. Returns whether anything changed.
    @discardableResult
    public func edit(lane index: Int, _ change: (inout AnimationSpec) -> Void) -> Bool {
        guard lanes.indices.contains(index), lanes[index].edit(change) else { return false }
        let count = lanes[index].spec.sliderCount
        if focusedSlider[index] >= count { focusedSlider[index] = count - 1 }
        refreshReadouts(index)
        return true
    }

    /// Copies lane `index`'s Swift spelling: the frame loop writes it to the clipboard and stdout.
    public func copy(lane index: Int) {
        guard lanes.indices.contains(index) else { return }
        let text = lanes[index].spec.swiftSpelling
        lastCopied = text
        pendingCopy = text
    }

    /// The text to copy since the last call (see ``Scene/takeCopiedText()``).
    public func takeCopiedText() -> String? {
        defer { pendingCopy = nil }
        return pendingCopy
    }

    /// Toggles slow motion on the frame clock (nothing without a clock).
    public func toggleSlowMotion() {
        guard let clock else { return }
        clock.timeScale = clock.timeScale == Self.slowMotionScale ? 1 : Self.slowMotionScale
    }

    // MARK: - Input

    /// Keys and mouse as the type's documentation lists; the loop's global keys are left alone.
    public func handle(_ event: InputEvent, in size: Size) -> Bool {
        switch event {
        case let .keyDown(key): return handleKey(key)
        case let .mouseDown(.left, at: point): return mouseDown(at: point, in: size)
        case let .mouseMoved(to: point, dragging: true):
            guard let drag else { return false }
            dragged(drag, to: point, in: size)
            return true
        case .mouseUp(.left, _):
            guard let drag else { return false }
            self.drag = nil
            switch drag {
            case let .slider(lane, _), let .controlPoint(lane, _): replay(lane: lane)
            }
            return true
        default:
            return false
        }
    }

    private func handleKey(_ key: Key) -> Bool {
        let lane = selectedLane
        switch key {
        case .letter("a"): selectedLane = 0
        case .letter("b"): selectedLane = 1
        case .letter("k"), .letter("j"):
            // The built-in kinds, then your animations, in one ring.
            let builtIns = AnimationSpec.Kind.allCases
            let count = builtIns.count + animations.count
            let spec = lanes[lane].spec
            let current =
                spec.client.flatMap { client in animations.firstIndex(of: client).map { builtIns.count + $0 } }
                ?? spec.kind.rawValue
            let next = (current + (key == .letter("k") ? 1 : count - 1)) % count
            edit(lane: lane) { spec in
                if next < builtIns.count {
                    spec.setKind(builtIns[next])
                } else {
                    spec.setClient(animations[next - builtIns.count])
                }
            }
            focusedSlider[lane] = 0
            replay(lane: lane)
        case .up: focusedSlider[lane] = max(focusedSlider[lane] - 1, 0)
        case .down: focusedSlider[lane] = min(focusedSlider[lane] + 1, lanes[lane].spec.sliderCount - 1)
        case .left, .right:
            let slider = focusedSlider[lane]
            if edit(lane: lane, { $0.nudge(slider, by: key == .right ? 1 : -1) }) { replay(lane: lane) }
        case .enter: replay()
        case .letter("l"): loops.toggle()
        case .letter("m"): toggleSlowMotion()
        case .letter("c"): copy(lane: lane)
        default: return false
        }
        return true
    }

    private func replay(lane index: Int) {
        lanes[index].play()
        refreshReadouts(index)
        restTime = 0
    }

    private func mouseDown(at point: Point, in size: Size) -> Bool {
        for lane in lanes.indices {
            if header(lane, in: size).contains(point) {
                selectedLane = lane
                _ = handleKey(
                    point.x < header(lane, in: size).x + header(lane, in: size).width / 2 ? .letter("j") : .letter("k"))
                return true
            }
            if lanes[lane].spec.unitCurve != nil {
                let handles = controlHandles(lane, in: size)
                for (index, handle) in [handles.0, handles.1].enumerated() where distance(handle, point) <= 12 {
                    selectedLane = lane
                    drag = .controlPoint(lane: lane, index: index)
                    focusedSlider[lane] = index * 2
                    return true
                }
            }
            for index in 0..<lanes[lane].spec.sliderCount where sliderRow(lane, index, in: size).contains(point) {
                selectedLane = lane
                focusedSlider[lane] = index
                drag = .slider(lane: lane, index: index)
                dragged(.slider(lane: lane, index: index), to: point, in: size)
                return true
            }
            if stage(lane, in: size).contains(point) {
                selectedLane = lane
                lanes[lane].retarget(to: stageValue(atX: point.x, in: size))
                refreshReadouts(lane)
                restTime = 0
                return true
            }
        }
        return false
    }

    private func dragged(_ drag: Drag, to point: Point, in size: Size) {
        switch drag {
        case let .slider(lane, index):
            let bar = sliderBar(lane, index, in: size)
            let fraction = min(max((point.x - bar.x) / bar.width, 0), 1)
            let range = lanes[lane].spec.parameter(index).range
            edit(lane: lane) { $0.set(index, to: range.lowerBound + fraction * (range.upperBound - range.lowerBound)) }
        case let .controlPoint(lane, index):
            let square = unitSquare(lane, in: size)
            let x = (point.x - square.x) / square.width
            let y = (square.y + square.height - point.y) / square.height
            edit(lane: lane) {
                $0.set(index * 2, to: x)
                $0.set(index * 2 + 1, to: y)
            }
        }
    }

    // MARK: - Update

    /// Advances both live values (and replays them when looping and both have rested 0.5 s).
    public func update(by dt: Double) {
        for lane in lanes { lane.update(by: dt) }
        if loops, !lanes.contains(where: \.isAnimating) {
            restTime += dt
            if restTime >= 0.5 { replay() }
        }
    }

    /// Animated values still moving.
    public var activeAnimations: Int { lanes.reduce(0) { $0 + $1.live.activeAnimationCount } }

    // MARK: - Readouts

    /// Lane `lane`'s readout lines, as drawn.
    public func readoutLines(_ lane: Int) -> [String] { readouts[lane] }

    func refreshReadouts(_ index: Int) {
        let lane = lanes[index]
        let spec = lane.spec
        var lines: [String] = []
        let letter = index == 0 ? "A" : "B"
        lines += TextLayout.wrap("\(letter)  \(spec.swiftSpelling)", columns: Self.readoutWidth, indent: 4)
        let logical = lane.logicalCompletionTime.map { Self.seconds($0) } ?? "never"
        let settle =
            lane.finishTime >= Double(InspectorLane.capacity) * InspectorLane.sampleInterval
            ? "> 10 s" : Self.seconds(lane.settlingTime)
        lines.append("settles \(settle)   logically complete \(logical)   finished \(Self.seconds(lane.finishTime))")
        let retarget =
            lane.velocityAtRetarget.map { String(format: "%.3f /s at %.2f s", $0, lane.retargetTime ?? 0) }
            ?? "no retarget yet"
        lines.append(
            String(format: "peak overshoot %.1f %%   velocity at retarget: ", lane.peakOvershoot * 100) + retarget)
        if let spring = spec.spring {
            lines.append(
                String(
                    format: "response %.3f s  damping ratio %.3f  bounce %.3f", spring.response, spring.dampingRatio,
                    spring.bounce))
            let settling = spring.settlingDuration
            lines.append(
                String(
                    format: "stiffness %.2f  damping %.2f  mass %.2f  settlingDuration ", spring.stiffness,
                    spring.damping, spring.mass)
                    + (settling.isFinite ? Self.seconds(settling) : "never"))
        } else {
            lines.append("(spring parameters: for spring kinds)")
        }
        readouts[index] = lines
        sliderTexts[index] = (0..<spec.sliderCount).map { slider in
            let value = spec.value(slider)
            return spec.parameter(slider).name == "autoreverses"
                ? (value != 0 ? "true" : "false") : AnimationSpec.format(value)
        }
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }

    /// Characters of a readout line that fit under the plot.
    static let readoutWidth = 140
}
