import Cadence

/// An animation of yours that the inspector offers as a lane kind beside the built-in ones: its name,
/// the parameters it takes (each a slider with a range and a default), how to make it from their values,
/// and how to spell it in Swift for Copy as Swift.
///
/// ```swift
/// let anticipate = InspectorAnimation(
///     name: "anticipate", call: ".anticipate",
///     parameters: [
///         .init(name: "duration", range: 0.1...2, default: 0.6),
///         .init(name: "tension", range: 0...6, default: 2),
///     ]
/// ) { values in .anticipate(duration: values[0], tension: values[1]) }
/// ```
///
/// Copy as Swift writes `call` with each parameter as an argument labelled with its name:
/// `.anticipate(duration: 0.6, tension: 2)`. Give `spelling` to write something else.
public struct InspectorAnimation: Sendable, Hashable {
    /// The name the kind picker shows; unique among the inspector's kinds.
    public let name: String
    /// The sliders, in order: at most ``AnimationSpec/maximumParameters``.
    public let parameters: [AnimationSpec.Parameter]
    /// Makes the animation from the sliders' values, in ``parameters`` order.
    public let make: @Sendable ([Double]) -> Animation
    /// Spells the animation in Swift from the same values.
    public let spelling: @Sendable ([Double]) -> String

    /// Creates an inspector animation that spells itself as `call(name: value, …)`.
    ///
    /// - Parameters:
    ///   - name: What the kind picker shows.
    ///   - call: The Swift that makes it, without arguments (`.anticipate`, `Animation(Wobble`…): each
    ///     parameter is written after it as `name: value`, in parentheses.
    ///   - parameters: The sliders, at most ``AnimationSpec/maximumParameters``.
    ///   - make: Makes the animation from the sliders' values, in `parameters` order.
    public init(
        name: String, call: String, parameters: [AnimationSpec.Parameter],
        make: @escaping @Sendable ([Double]) -> Animation
    ) {
        let labels = parameters.map(\.name)
        self.init(name: name, parameters: parameters, make: make) { values in
            let arguments = zip(labels, values).map { "\($0): \(AnimationSpec.format($1))" }
            return "\(call)(\(arguments.joined(separator: ", ")))"
        }
    }

    /// Creates an inspector animation with a spelling of your own.
    ///
    /// - Parameters:
    ///   - name: What the kind picker shows.
    ///   - parameters: The sliders, at most ``AnimationSpec/maximumParameters``.
    ///   - make: Makes the animation from the sliders' values, in `parameters` order.
    ///   - spelling: The Swift that makes the same animation from the same values.
    public init(
        name: String, parameters: [AnimationSpec.Parameter], make: @escaping @Sendable ([Double]) -> Animation,
        spelling: @escaping @Sendable ([Double]) -> String
    ) {
        self.name = name
        self.parameters = parameters
        self.make = make
        self.spelling = spelling
    }

    /// Throws why the inspector cannot offer this animation: no name, no parameters or too many, or a
    /// parameter whose range is empty or not finite.
    public func validate() throws(HarnessError) {
        if name.isEmpty { throw .invalidScene("an inspector animation needs a name") }
        guard (1...AnimationSpec.maximumParameters).contains(parameters.count) else {
            throw .invalidScene(
                "the inspector animation '\(name)' has \(parameters.count) parameters; it takes 1 to "
                    + "\(AnimationSpec.maximumParameters)")
        }
        for parameter in parameters {
            let range = parameter.range
            guard range.lowerBound.isFinite, range.upperBound.isFinite, range.lowerBound < range.upperBound else {
                throw .invalidScene(
                    "the parameter '\(parameter.name)' of '\(name)' needs a finite range with a lower bound below its "
                        + "upper bound (got \(range))")
            }
        }
    }

    /// Equal when the names and the parameters are (the closures cannot be compared; a catalog refuses
    /// two animations with one name).
    public static func == (lhs: InspectorAnimation, rhs: InspectorAnimation) -> Bool {
        lhs.name == rhs.name && lhs.parameters == rhs.parameters
    }

    /// Hashes the name and the parameters.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parameters)
    }
}

extension AnimationSpec.Parameter {
    /// A slider for a parameter of yours: its label (the Swift argument label when the inspector spells
    /// the call), its range and the value it starts at.
    ///
    /// The step the slider and the arrow keys move by is a round number (1, 2 or 5 times a power of ten)
    /// near a hundredth of the range; the default is clamped to the range and put on that step's grid,
    /// so the copied Swift stays short.
    public init(name: String, range: ClosedRange<Double>, default initial: Double) {
        let width = range.upperBound - range.lowerBound
        var step = 1.0
        if width.isFinite && width > 0 {
            let rough = width / 100
            var power = 1.0
            while power > rough { power /= 10 }
            while power * 10 <= rough { power *= 10 }
            step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? power * 10
            step = Swift.max(step, 1e-6)
        }
        let unsnapped = AnimationSpec.Parameter(name: name, range: range, step: step, initial: range.lowerBound)
        self.init(name: name, range: range, step: step, initial: unsnapped.snap(initial))
    }
}
