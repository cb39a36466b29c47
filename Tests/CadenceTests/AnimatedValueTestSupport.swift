import Cadence

/// xorshift64* (Vigna 2016): a tiny, seedable generator, so a property test replays the same cases on
/// every run and every machine, and a failure names the seed and case that reproduce it.
struct Xorshift64Star: RandomNumberGenerator {
    private var state: UInt64

    /// Any seed works; 0 (the one fixed point of xorshift) is replaced by a fixed odd constant.
    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}

/// The value types the property tests run over: one body exercises `Double` and `SIMD2<Double>`.
protocol RandomVector: VectorArithmetic, CustomStringConvertible {
    /// A value with every component uniform in [−scale, scale].
    static func random(scale: Double, using generator: inout Xorshift64Star) -> Self
}

extension Double: RandomVector {
    static func random(scale: Double, using generator: inout Xorshift64Star) -> Double {
        .random(in: -scale...scale, using: &generator)
    }
}

extension SIMD2: RandomVector where Scalar == Double {
    static func random(scale: Double, using generator: inout Xorshift64Star) -> SIMD2<Double> {
        SIMD2(.random(in: -scale...scale, using: &generator), .random(in: -scale...scale, using: &generator))
    }
}

/// The Euclidean distance between two values.
func distance<V: VectorArithmetic>(_ a: V, _ b: V) -> Double {
    (a - b).magnitudeSquared.squareRoot()
}

/// The Euclidean length of a value.
func length<V: VectorArithmetic>(_ a: V) -> Double {
    a.magnitudeSquared.squareRoot()
}

/// Counts completion calls by name, so a test can say "exactly once" and "in this order".
final class CompletionRecorder {
    private(set) var calls: [String] = []

    /// A completion that records `name` each time it is called.
    func completion(_ name: String) -> () -> Void {
        { [unowned self] in calls.append(name) }
    }

    /// How many times `name` was recorded.
    func count(_ name: String) -> Int { calls.filter { $0 == name }.count }
}

/// A random merging spring of every flavour the built-ins offer; response 0.15–1 s.
func randomMergingSpring(using generator: inout Xorshift64Star) -> Animation {
    let response = Double.random(in: 0.15...1, using: &generator)
    switch Int.random(in: 0..<6, using: &generator) {
    case 0: return .spring(response: response, dampingFraction: .random(in: 0.3...1.3, using: &generator))
    case 1: return .spring(duration: response, bounce: .random(in: -0.4...0.6, using: &generator))
    case 2: return .smooth(duration: response)
    case 3: return .snappy(duration: response)
    case 4: return .bouncy(duration: response)
    default:
        return .spring(
            response: response, dampingFraction: .random(in: 0.5...1, using: &generator),
            blendDuration: .random(in: 0...0.3, using: &generator))
    }
}

/// A random animation that does not merge, so that it is combined with what runs.
func randomCombiningAnimation(using generator: inout Xorshift64Star) -> Animation {
    let duration = Double.random(in: 0.1...1, using: &generator)
    switch Int.random(in: 0..<5, using: &generator) {
    case 0: return .easeInOut(duration: duration)
    case 1: return .linear(duration: duration)
    case 2:
        return .timingCurve(
            .random(in: 0...1, using: &generator), .random(in: -0.5...1.5, using: &generator),
            .random(in: 0...1, using: &generator), .random(in: -0.5...1.5, using: &generator),
            duration: duration)
    case 3: return .interpolatingSpring(duration: duration, bounce: .random(in: -0.5...0.5, using: &generator))
    default:
        return .interpolatingSpring(
            mass: 1, stiffness: .random(in: 50...400, using: &generator),
            damping: .random(in: 10...40, using: &generator))
    }
}
