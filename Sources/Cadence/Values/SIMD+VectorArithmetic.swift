// SIMD vectors of floating-point scalars animate component-wise, so points, sizes and colours need no
// wrapper type. The standard library gives them `+`, `-` and `.zero` but not the protocol conformance.

extension SIMD where Scalar: BinaryFloatingPoint {
    // The conformances below reach these through the protocols from generic code, where `Scalar` is
    // not known and the generic SIMD operators go a lane at a time through the `SIMDStorage` witnesses,
    // which is slow for your own `CustomAnimation` calling `value.scaled(by:)` on a `SIMD2<Double>`. For
    // `Double` lanes they work on the lanes as a plain buffer of `Double` instead; in specialised code
    // the type test folds away. The conformances' methods below are also specialised for `Double`
    // lanes, so that the witness generic code calls checks the scalar type once and runs code without
    // closures or lane witnesses. Benchmark row: "AnimatedValue update, one
    // ElasticEaseInEaseOutAnimation per value, 10,000 SIMD2<Double>".

    /// `self` with every lane multiplied by `rhs`.
    @inlinable @inline(__always)
    mutating func multiplyLanes(by rhs: Double) {
        guard Scalar.self == Double.self else {
            self *= Scalar(rhs)
            return
        }
        let count = scalarCount
        withUnsafeMutablePointer(to: &self) {
            $0.withMemoryRebound(to: Double.self, capacity: count) { lanes in
                for lane in 0..<count { lanes[lane] *= rhs }
            }
        }
    }

    /// The sum of the squared lanes, in `Double`.
    @inlinable @inline(__always)
    var sumOfSquaredLanes: Double {
        guard Scalar.self == Double.self else { return Double((self * self).sum()) }
        let count = scalarCount
        return withUnsafePointer(to: self) {
            $0.withMemoryRebound(to: Double.self, capacity: count) { lanes in
                var sum = 0.0
                for lane in 0..<count { sum += lanes[lane] * lanes[lane] }
                return sum
            }
        }
    }

    /// `lhs` with `rhs` added (`sign` 1) or subtracted (`sign` −1) lane by lane. Lane by lane on
    /// `Scalar` too, because the standard library's SIMD `+=` is written with the protocol's `+`, which
    /// would call the conformance's witness, and so this, again.
    @inlinable @inline(__always)
    static func combineLanes(_ lhs: Self, _ rhs: Self, sign: Double) -> Self {
        var result = lhs
        let count = result.scalarCount
        if Scalar.self == Double.self {
            withUnsafeMutablePointer(to: &result) { result in
                withUnsafePointer(to: rhs) { other in
                    result.withMemoryRebound(to: Double.self, capacity: count) { result in
                        other.withMemoryRebound(to: Double.self, capacity: count) { other in
                            for lane in 0..<count { result[lane] += sign * other[lane] }
                        }
                    }
                }
            }
        } else if sign > 0 {
            for lane in 0..<count { result[lane] += rhs[lane] }
        } else {
            for lane in 0..<count { result[lane] -= rhs[lane] }
        }
        return result
    }
}

extension SIMD2: @retroactive AdditiveArithmetic where Scalar: BinaryFloatingPoint {
    /// The protocol's `+` (what generic code calls; your code calls the standard library's SIMD `+`):
    /// an implementation detail of the conformance.
    @_implements(AdditiveArithmetic,+(_:_:))
    @inlinable
    @_specialize(where Scalar == Double)
    public static func _laneSum(_ lhs: Self, _ rhs: Self) -> Self { combineLanes(lhs, rhs, sign: 1) }

    /// The protocol's `-` (what generic code calls; your code calls the standard library's SIMD `-`):
    /// an implementation detail of the conformance.
    @_implements(AdditiveArithmetic,-(_:_:))
    @inlinable
    @_specialize(where Scalar == Double)
    public static func _laneDifference(_ lhs: Self, _ rhs: Self) -> Self { combineLanes(lhs, rhs, sign: -1) }
}

/// A vector of floating-point lanes is its own animatable data.
extension SIMD2: Animatable where Scalar: BinaryFloatingPoint {}

extension SIMD2: VectorArithmetic where Scalar: BinaryFloatingPoint {
    /// Multiplies every lane by `rhs` (computed in the scalar type).
    @inlinable
    @_specialize(where Scalar == Double)
    public mutating func scale(by rhs: Double) { multiplyLanes(by: rhs) }

    /// The sum of the squared lanes, in `Double`.
    public var magnitudeSquared: Double {
        @inlinable @_specialize(where Scalar == Double) get { sumOfSquaredLanes }
    }
}

extension SIMD3: @retroactive AdditiveArithmetic where Scalar: BinaryFloatingPoint {
    /// The protocol's `+` (what generic code calls; your code calls the standard library's SIMD `+`):
    /// an implementation detail of the conformance.
    @_implements(AdditiveArithmetic,+(_:_:))
    @inlinable
    @_specialize(where Scalar == Double)
    public static func _laneSum(_ lhs: Self, _ rhs: Self) -> Self { combineLanes(lhs, rhs, sign: 1) }

    /// The protocol's `-` (what generic code calls; your code calls the standard library's SIMD `-`):
    /// an implementation detail of the conformance.
    @_implements(AdditiveArithmetic,-(_:_:))
    @inlinable
    @_specialize(where Scalar == Double)
    public static func _laneDifference(_ lhs: Self, _ rhs: Self) -> Self { combineLanes(lhs, rhs, sign: -1) }
}

/// A vector of floating-point lanes is its own animatable data.
extension SIMD3: Animatable where Scalar: BinaryFloatingPoint {}

extension SIMD3: VectorArithmetic where Scalar: BinaryFloatingPoint {
    /// Multiplies every lane by `rhs` (computed in the scalar type).
    @inlinable
    @_specialize(where Scalar == Double)
    public mutating func scale(by rhs: Double) { multiplyLanes(by: rhs) }

    /// The sum of the squared lanes, in `Double`.
    public var magnitudeSquared: Double {
        @inlinable @_specialize(where Scalar == Double) get { sumOfSquaredLanes }
    }
}

extension SIMD4: @retroactive AdditiveArithmetic where Scalar: BinaryFloatingPoint {
    /// The protocol's `+` (what generic code calls; your code calls the standard library's SIMD `+`):
    /// an implementation detail of the conformance.
    @_implements(AdditiveArithmetic,+(_:_:))
    @inlinable
    @_specialize(where Scalar == Double)
    public static func _laneSum(_ lhs: Self, _ rhs: Self) -> Self { combineLanes(lhs, rhs, sign: 1) }

    /// The protocol's `-` (what generic code calls; your code calls the standard library's SIMD `-`):
    /// an implementation detail of the conformance.
    @_implements(AdditiveArithmetic,-(_:_:))
    @inlinable
    @_specialize(where Scalar == Double)
    public static func _laneDifference(_ lhs: Self, _ rhs: Self) -> Self { combineLanes(lhs, rhs, sign: -1) }
}

/// A vector of floating-point lanes is its own animatable data.
extension SIMD4: Animatable where Scalar: BinaryFloatingPoint {}

extension SIMD4: VectorArithmetic where Scalar: BinaryFloatingPoint {
    /// Multiplies every lane by `rhs` (computed in the scalar type).
    @inlinable
    @_specialize(where Scalar == Double)
    public mutating func scale(by rhs: Double) { multiplyLanes(by: rhs) }

    /// The sum of the squared lanes, in `Double`.
    public var magnitudeSquared: Double {
        @inlinable @_specialize(where Scalar == Double) get { sumOfSquaredLanes }
    }
}
