/// SwiftUI's stiffness and damping for a spring's response and damping fraction: k = ω², c = 2ω·ζ, with
/// ω = 2π/response capped at √45000. What the spring floors step with.
public func springCoefficients(response: Double, dampingFraction: Double) -> (stiffness: Double, damping: Double) {
    let frequency = min(2 * Double.pi / response, 212.13203435596427)
    return (frequency * frequency, 2 * frequency * dampingFraction)
}
