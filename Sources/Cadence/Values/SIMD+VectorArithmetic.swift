// SIMD vectors of floating-point scalars animate component-wise, so points, sizes and colours need no
// wrapper type. The standard library gives them `+`, `-` and `.zero` but not the protocol conformance.

extension SIMD2: @retroactive AdditiveArithmetic where Scalar: BinaryFloatingPoint {}
extension SIMD3: @retroactive AdditiveArithmetic where Scalar: BinaryFloatingPoint {}
extension SIMD4: @retroactive AdditiveArithmetic where Scalar: BinaryFloatingPoint {}

extension SIMD2: VectorArithmetic where Scalar: BinaryFloatingPoint {
    /// Multiplies every lane by `rhs` (computed in the scalar type).
    @inlinable
    public mutating func scale(by rhs: Double) { self *= Scalar(rhs) }

    /// The sum of the squared lanes, in `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double((self * self).sum()) }
}

extension SIMD3: VectorArithmetic where Scalar: BinaryFloatingPoint {
    /// Multiplies every lane by `rhs` (computed in the scalar type).
    @inlinable
    public mutating func scale(by rhs: Double) { self *= Scalar(rhs) }

    /// The sum of the squared lanes, in `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double((self * self).sum()) }
}

extension SIMD4: VectorArithmetic where Scalar: BinaryFloatingPoint {
    /// Multiplies every lane by `rhs` (computed in the scalar type).
    @inlinable
    public mutating func scale(by rhs: Double) { self *= Scalar(rhs) }

    /// The sum of the squared lanes, in `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double((self * self).sum()) }
}
