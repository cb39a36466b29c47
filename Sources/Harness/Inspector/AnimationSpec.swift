import Cadence

// Longer than ~250 lines on purpose: each kind's parameters, its `Animation` and its Swift spelling
// stay side by side here, so a kind cannot be added to one and missed in another.

/// One lane of the inspector as plain values: which animation (a built-in ``Kind``, or one of yours, an
/// ``InspectorAnimation``), its parameters and its modifiers. It builds the ``animation`` the lane plays and its exact Swift spelling
/// (``swiftSpelling``), which ``AnimationSpelling/parse(_:)`` reads back to an equal `Animation`.
///
/// Every parameter lives on a grid of decimal steps (``Parameter/step``) inside its range, so the
/// spelling is short (`0.4`, not `0.4000000000000001`) and parses back to the very same `Double`.
/// Setting a value snaps it to the grid and clamps it to the range; NaN is refused (the value is kept).
public struct AnimationSpec: Hashable, Sendable {
    /// The built-in animation a lane holds.
    public enum Kind: Int, CaseIterable, Hashable, Sendable {
        /// `.linear(duration:)`.
        case linear
        /// `.easeIn(duration:)`.
        case easeIn
        /// `.easeOut(duration:)`.
        case easeOut
        /// `.easeInOut(duration:)`.
        case easeInOut
        /// `.timingCurve(p1x, p1y, p2x, p2y, duration:)`, control points dragged on a unit square. Both
        /// coordinates stay in [0, 1]: Cadence, like SwiftUI, clamps a timing curve's control points to
        /// the unit square, so a point outside it would change the spelling but not the motion.
        case timingCurve
        /// `.spring(duration:bounce:)`.
        case springDurationBounce
        /// `.spring(response:dampingFraction:)`.
        case springResponse
        /// `.spring(Spring(mass:stiffness:damping:))`.
        case springPhysical
        /// `.spring(Spring(settlingDuration:dampingRatio:))`.
        case springSettling
        /// `.interpolatingSpring(duration:bounce:)`.
        case interpolatingSpring
        /// `.keyframes(…)`: a cubic keyframe to a peak, then a spring keyframe to 1.
        case keyframes
        /// `.decay(decelerationRate:restFraction:)`.
        case decay

        /// What the kind picker shows.
        public var label: String {
            switch self {
            case .linear: "linear"
            case .easeIn: "easeIn"
            case .easeOut: "easeOut"
            case .easeInOut: "easeInOut"
            case .timingCurve: "timingCurve"
            case .springDurationBounce: "spring duration/bounce"
            case .springResponse: "spring response/fraction"
            case .springPhysical: "spring mass/stiff/damping"
            case .springSettling: "spring settlingDuration"
            case .interpolatingSpring: "interpolatingSpring"
            case .keyframes: "keyframes"
            case .decay: "decay"
            }
        }

        /// The kind's parameters, in slider order (at most ``AnimationSpec/maximumParameters``).
        public var parameters: [Parameter] { Parameter.table[rawValue] }

        /// Whether the kind is a spring whose derived parameters the inspector shows.
        public var isSpring: Bool {
            switch self {
            case .springDurationBounce, .springResponse, .springPhysical, .springSettling, .interpolatingSpring: true
            default: false
            }
        }
    }

    /// One slider: a name, a range, a decimal step and the value a new lane starts with.
    public struct Parameter: Hashable, Sendable {
        /// The label (the Swift argument label where there is one).
        public let name: String
        /// The allowed values.
        public let range: ClosedRange<Double>
        /// The grid values snap to: a power of ten times 1, 2 or 5 (0.05, 0.0005, 1, …).
        public let step: Double
        /// The starting value.
        public let initial: Double

        /// `value` clamped to ``range`` and snapped to ``step``; NaN gives ``initial``.
        public func snap(_ value: Double) -> Double {
            guard !value.isNaN else { return initial }
            let clamped = min(max(value, range.lowerBound), range.upperBound)
            // Decimal arithmetic on integers, then one correctly rounded division: the result is the
            // Double nearest the decimal, which Swift prints as that decimal.
            let scale = Parameter.decimalScale(of: step)
            let stepUnits = (step * scale).rounded()
            let units = ((clamped * scale / stepUnits).rounded() * stepUnits)
            let snapped = units / scale
            return min(max(snapped, range.lowerBound), range.upperBound)
        }

        /// 10^d where d is the number of decimals `step` has (at most 6).
        static func decimalScale(of step: Double) -> Double {
            var scale = 1.0
            while scale < 1e6, ((step * scale) - (step * scale).rounded()).magnitude > 1e-9 { scale *= 10 }
            return scale
        }

        static let duration = Parameter(name: "duration", range: 0.05...3, step: 0.05, initial: 0.5)
        static let bounce = Parameter(name: "bounce", range: -0.9...0.95, step: 0.05, initial: 0.25)

        /// Every kind's parameters, indexed by `Kind.rawValue`.
        static let table: [[Parameter]] = [
            [duration], [duration], [duration], [duration],
            [
                Parameter(name: "p1x", range: 0...1, step: 0.01, initial: 0.2),
                Parameter(name: "p1y", range: 0...1, step: 0.01, initial: 0.8),
                Parameter(name: "p2x", range: 0...1, step: 0.01, initial: 0.2),
                Parameter(name: "p2y", range: 0...1, step: 0.01, initial: 1),
                duration,
            ],
            [duration, bounce],
            [
                Parameter(name: "response", range: 0.05...3, step: 0.05, initial: 0.5),
                Parameter(name: "dampingFraction", range: 0...2, step: 0.025, initial: 0.825),
            ],
            [
                Parameter(name: "mass", range: 0.1...10, step: 0.1, initial: 1),
                Parameter(name: "stiffness", range: 1...1000, step: 1, initial: 170),
                Parameter(name: "damping", range: 0...100, step: 0.5, initial: 15),
            ],
            [
                Parameter(name: "settlingDuration", range: 0.05...5, step: 0.05, initial: 1),
                Parameter(name: "dampingRatio", range: 0.05...2, step: 0.05, initial: 0.7),
            ],
            [duration, bounce],
            [
                Parameter(name: "peak", range: 0.5...2, step: 0.05, initial: 1.25),
                Parameter(name: "rise", range: 0.05...2, step: 0.05, initial: 0.3),
                Parameter(name: "spring duration", range: 0.05...2, step: 0.05, initial: 0.5),
                Parameter(name: "spring bounce", range: 0...0.9, step: 0.05, initial: 0.3),
            ],
            [
                Parameter(name: "decelerationRate", range: 0.99...0.9995, step: 0.0005, initial: 0.995),
                Parameter(name: "restFraction", range: 0.001...0.1, step: 0.001, initial: 0.001),
            ],
        ]
    }

    /// The most parameters any kind has.
    public static let maximumParameters = 5

    /// The modifiers' sliders, after the kind's: `delay`, `speed`, `repeatCount` (1 means no repeat
    /// modifier) and `autoreverses` (0 or 1).
    public static let modifiers: [Parameter] = [
        Parameter(name: "delay", range: 0...2, step: 0.05, initial: 0),
        Parameter(name: "speed", range: 0.1...4, step: 0.05, initial: 1),
        Parameter(name: "repeatCount", range: 1...6, step: 1, initial: 1),
        Parameter(name: "autoreverses", range: 0...1, step: 1, initial: 1),
    ]

    /// The built-in animation (meaningless while ``client`` is set).
    public private(set) var kind: Kind
    /// Your animation, when the lane holds one instead of a built-in ``kind``.
    public private(set) var client: InspectorAnimation?
    /// The kind's parameter values in ``Kind/parameters`` order; unused slots are 0.
    public private(set) var values: SIMD8<Double>
    /// `.delay(_:)`'s seconds (0: no delay modifier).
    public private(set) var delay: Double = 0
    /// `.speed(_:)`'s factor (1: no speed modifier).
    public private(set) var speed: Double = 1
    /// `.repeatCount(_:autoreverses:)`'s count (1: no repeat modifier).
    public private(set) var repeatCount: Int = 1
    /// `.repeatCount(_:autoreverses:)`'s `autoreverses`.
    public private(set) var autoreverses = true

    /// A lane holding `kind` with its starting parameters and no modifiers.
    public init(kind: Kind) {
        self.kind = kind
        values = .zero
        for (index, parameter) in kind.parameters.enumerated() { values[index] = parameter.initial }
    }

    /// A lane holding your animation with its parameters' defaults and no modifiers.
    public init(client: InspectorAnimation) {
        self.init(kind: .linear)
        self.client = client
        values = .zero
        for (index, parameter) in client.parameters.prefix(Self.maximumParameters).enumerated() {
            values[index] = parameter.initial
        }
    }

    /// The animation's own parameters (the kind's, or your animation's), in slider order.
    public var parameters: [Parameter] {
        client.map { Array($0.parameters.prefix(Self.maximumParameters)) } ?? kind.parameters
    }

    /// What the kind picker shows: the kind's label, or your animation's name.
    public var label: String { client?.name ?? kind.label }

    /// How many sliders the lane shows: the animation's parameters, then the four modifiers.
    public var sliderCount: Int { parameters.count + Self.modifiers.count }

    /// Slider `index`'s description (the animation's parameters first, then ``modifiers``).
    public func parameter(_ index: Int) -> Parameter {
        let own = parameters
        return index < own.count ? own[index] : Self.modifiers[index - own.count]
    }

    /// Slider `index`'s value.
    public func value(_ index: Int) -> Double {
        let own = parameters.count
        switch index - own {
        case 0: return delay
        case 1: return speed
        case 2: return Double(repeatCount)
        case 3: return autoreverses ? 1 : 0
        default: return values[index]
        }
    }

    /// Sets slider `index` to `value`, snapped and clamped (see ``Parameter/snap(_:)``). Returns whether
    /// the value changed. Out-of-range indices change nothing.
    @discardableResult
    public mutating func set(_ index: Int, to value: Double) -> Bool {
        guard index >= 0, index < sliderCount, !value.isNaN else { return false }
        let snapped = parameter(index).snap(value)
        guard snapped != self.value(index) else { return false }
        let own = parameters.count
        switch index - own {
        case 0: delay = snapped
        case 1: speed = snapped
        case 2: repeatCount = Int(snapped)
        case 3: autoreverses = snapped != 0
        default: values[index] = snapped
        }
        return true
    }

    /// Moves slider `index` by `steps` of its step.
    @discardableResult
    public mutating func nudge(_ index: Int, by steps: Int) -> Bool {
        guard index >= 0, index < sliderCount else { return false }
        return set(index, to: value(index) + Double(steps) * parameter(index).step)
    }

    /// Switches to `kind` with its starting parameters, keeping the modifiers.
    public mutating func setKind(_ kind: Kind) {
        guard client != nil || kind != self.kind else { return }
        keepingModifiers(AnimationSpec(kind: kind))
    }

    /// Switches to your animation with its parameters' defaults, keeping the modifiers.
    public mutating func setClient(_ client: InspectorAnimation) {
        guard client != self.client else { return }
        keepingModifiers(AnimationSpec(client: client))
    }

    /// Becomes `fresh` with this spec's modifiers.
    private mutating func keepingModifiers(_ fresh: AnimationSpec) {
        var fresh = fresh
        fresh.delay = delay
        fresh.speed = speed
        fresh.repeatCount = repeatCount
        fresh.autoreverses = autoreverses
        self = fresh
    }

    /// The timing curve's control points (meaningful for ``Kind/timingCurve``).
    public var controlPoints: (SIMD2<Double>, SIMD2<Double>) {
        (SIMD2(values[0], values[1]), SIMD2(values[2], values[3]))
    }

    // MARK: - The animation

    /// The spring the kind describes (nil for kinds that are not springs, and for your animations).
    public var spring: Spring? {
        guard client == nil else { return nil }
        return switch kind {
        case .springDurationBounce, .interpolatingSpring: Spring(duration: values[0], bounce: values[1])
        case .springResponse: Spring(response: values[0], dampingRatio: values[1])
        case .springPhysical: Spring(mass: values[0], stiffness: values[1], damping: values[2])
        case .springSettling: Spring(settlingDuration: values[0], dampingRatio: values[1])
        default: nil
        }
    }

    /// The keyframe timeline of ``Kind/keyframes`` from 0: a cubic keyframe to `peak` over `rise`
    /// seconds, then a spring keyframe to 1 over `spring duration` with that spring's bounce.
    func keyframeTimeline() -> KeyframeTimeline<Double> {
        let (peak, rise, settle, bounce) = (values[0], values[1], values[2], values[3])
        return KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(peak, duration: rise)
            SpringKeyframe(1.0, duration: settle, spring: Spring(duration: settle, bounce: bounce))
        }
    }

    /// The unit curve of a timing curve's control points (`values[0...3]`); `nil` for other kinds.
    public var unitCurve: UnitCurve? { client == nil && kind == .timingCurve ? controlPointCurve : nil }

    /// The Bézier curve through `values[0...3]` as control points.
    private var controlPointCurve: UnitCurve {
        .bezier(
            startControlPoint: UnitPoint(x: values[0], y: values[1]),
            endControlPoint: UnitPoint(x: values[2], y: values[3]))
    }

    /// The animation without modifiers.
    public var baseAnimation: Animation {
        let v = values
        if let client { return client.make((0..<parameters.count).map { v[$0] }) }
        switch kind {
        case .linear: return .linear(duration: v[0])
        case .easeIn: return .easeIn(duration: v[0])
        case .easeOut: return .easeOut(duration: v[0])
        case .easeInOut: return .easeInOut(duration: v[0])
        case .timingCurve: return .timingCurve(controlPointCurve, duration: v[4])
        case .springDurationBounce: return .spring(duration: v[0], bounce: v[1])
        case .springResponse: return .spring(response: v[0], dampingFraction: v[1])
        case .springPhysical: return .spring(Spring(mass: v[0], stiffness: v[1], damping: v[2]))
        case .springSettling: return .spring(Spring(settlingDuration: v[0], dampingRatio: v[1]))
        case .interpolatingSpring: return .interpolatingSpring(duration: v[0], bounce: v[1])
        case .keyframes: return .keyframes(keyframeTimeline())
        case .decay: return .decay(decelerationRate: v[0], restFraction: v[1])
        }
    }

    /// The animation with its modifiers, applied in the order the spelling writes them: delay, speed,
    /// repeat.
    public var animation: Animation {
        var animation = baseAnimation
        if delay != 0 { animation = animation.delay(delay) }
        if speed != 1 { animation = animation.speed(speed) }
        if repeatCount != 1 { animation = animation.repeatCount(repeatCount, autoreverses: autoreverses) }
        return animation
    }

    // MARK: - Swift

    /// The Swift expression that makes ``animation``, as it would be pasted after `withAnimation(` or
    /// `.animation(`: `.spring(duration: 0.4, bounce: 0.25)`,
    /// `.timingCurve(0.2, 0.8, 0.2, 1, duration: 0.5).delay(0.1)`.
    public var swiftSpelling: String {
        let v = values
        let f = Self.format
        var text: String
        if let client {
            text = client.spelling((0..<parameters.count).map { v[$0] })
            return text + modifierSpelling
        }
        switch kind {
        case .linear: text = ".linear(duration: \(f(v[0])))"
        case .easeIn: text = ".easeIn(duration: \(f(v[0])))"
        case .easeOut: text = ".easeOut(duration: \(f(v[0])))"
        case .easeInOut: text = ".easeInOut(duration: \(f(v[0])))"
        case .timingCurve: text = ".timingCurve(\(f(v[0])), \(f(v[1])), \(f(v[2])), \(f(v[3])), duration: \(f(v[4])))"
        case .springDurationBounce: text = ".spring(duration: \(f(v[0])), bounce: \(f(v[1])))"
        case .springResponse: text = ".spring(response: \(f(v[0])), dampingFraction: \(f(v[1])))"
        case .springPhysical: text = ".spring(Spring(mass: \(f(v[0])), stiffness: \(f(v[1])), damping: \(f(v[2]))))"
        case .springSettling: text = ".spring(Spring(settlingDuration: \(f(v[0])), dampingRatio: \(f(v[1]))))"
        case .interpolatingSpring: text = ".interpolatingSpring(duration: \(f(v[0])), bounce: \(f(v[1])))"
        case .keyframes:
            // Keyframe values are written with a decimal point so `KeyframeTimeline` infers `Double`.
            text =
                ".keyframes(KeyframeTimeline(initialValue: 0.0) { CubicKeyframe(\(Self.decimal(v[0])), duration: \(f(v[1]))); "
                + "SpringKeyframe(1.0, duration: \(f(v[2])), spring: Spring(duration: \(f(v[2])), bounce: \(f(v[3])))) })"
        case .decay: text = ".decay(decelerationRate: \(f(v[0])), restFraction: \(f(v[1])))"
        }
        return text + modifierSpelling
    }

    /// The modifiers as Swift, in the order ``animation`` applies them.
    private var modifierSpelling: String {
        let f = Self.format
        var text = ""
        if delay != 0 { text += ".delay(\(f(delay)))" }
        if speed != 1 { text += ".speed(\(f(speed)))" }
        if repeatCount != 1 { text += ".repeatCount(\(repeatCount), autoreverses: \(autoreverses))" }
        return text
    }

    /// A number as Swift source: integral values without a fraction (`1`, `170`), others in Swift's
    /// shortest round-tripping form (`0.25`, `0.0005`). Parsing the text gives the same `Double`.
    public static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), value.magnitude < 1e15 {
            return String(Int(value))
        }
        return "\(value)"
    }

    /// A number always written with a decimal point (`1.0`), for contexts that must infer `Double`.
    static func decimal(_ value: Double) -> String { "\(value)" }
}
