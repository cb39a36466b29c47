// SIMD vectors of floating-point scalars animate component-wise, so points, sizes and colours need no
// wrapper type. The standard library gives them `+`, `-` and `.zero` but not the protocol conformance.

extension SIMD2: @retroactive AdditiveArithmetic where Scalar: BinaryFloatingPoint {
    // The witnesses below work lane by lane on `Double`: the SIMD `+=` of the standard library is itself
    // written with the protocol's `+`, which would call them again.

    /// The protocol's `+` for generic code: the standard library's SIMD `+` is what you call, and
    /// what specialised code uses; this is only the conformance's witness, which generic code reaches with
    /// `Scalar` unknown, so it takes the vector body for `Double` and `Float` (see ``scale(by:)``).
    @_implements(AdditiveArithmetic, +(_:_:))
    @inlinable
    public static func _vectorSum(_ lhs: Self, _ rhs: Self) -> Self {
        var result = lhs
        if Scalar.self == Double.self {
            withUnsafeMutablePointer(to: &result) { sum in
                withUnsafePointer(to: rhs) { other in
                    sum.withMemoryRebound(to: SIMD2<Double>.self, capacity: 1) { sum in
                        other.withMemoryRebound(to: SIMD2<Double>.self, capacity: 1) { for lane in 0..<2 { sum.pointee[lane] += $0.pointee[lane] } }
                    }
                }
            }
        } else {
            for lane in result.indices { result[lane] += rhs[lane] }
        }
        return result
    }

    /// The protocol's `-` for generic code, as `_vectorSum`.
    @_implements(AdditiveArithmetic, -(_:_:))
    @inlinable
    public static func _vectorDifference(_ lhs: Self, _ rhs: Self) -> Self {
        var result = lhs
        if Scalar.self == Double.self {
            withUnsafeMutablePointer(to: &result) { difference in
                withUnsafePointer(to: rhs) { other in
                    difference.withMemoryRebound(to: SIMD2<Double>.self, capacity: 1) { difference in
                        other.withMemoryRebound(to: SIMD2<Double>.self, capacity: 1) { for lane in 0..<2 { difference.pointee[lane] -= $0.pointee[lane] } }
                    }
                }
            }
        } else {
            for lane in result.indices { result[lane] -= rhs[lane] }
        }
        return result
    }
}
extension SIMD3: @retroactive AdditiveArithmetic where Scalar: BinaryFloatingPoint {
    // The witnesses below work lane by lane on `Double`: the SIMD `+=` of the standard library is itself
    // written with the protocol's `+`, which would call them again.

    /// The protocol's `+` for generic code: the standard library's SIMD `+` is what you call, and
    /// what specialised code uses; this is only the conformance's witness, which generic code reaches with
    /// `Scalar` unknown, so it takes the vector body for `Double` and `Float` (see ``scale(by:)``).
    @_implements(AdditiveArithmetic, +(_:_:))
    @inlinable
    public static func _vectorSum(_ lhs: Self, _ rhs: Self) -> Self {
        var result = lhs
        if Scalar.self == Double.self {
            withUnsafeMutablePointer(to: &result) { sum in
                withUnsafePointer(to: rhs) { other in
                    sum.withMemoryRebound(to: SIMD3<Double>.self, capacity: 1) { sum in
                        other.withMemoryRebound(to: SIMD3<Double>.self, capacity: 1) { for lane in 0..<3 { sum.pointee[lane] += $0.pointee[lane] } }
                    }
                }
            }
        } else {
            for lane in result.indices { result[lane] += rhs[lane] }
        }
        return result
    }

    /// The protocol's `-` for generic code, as `_vectorSum`.
    @_implements(AdditiveArithmetic, -(_:_:))
    @inlinable
    public static func _vectorDifference(_ lhs: Self, _ rhs: Self) -> Self {
        var result = lhs
        if Scalar.self == Double.self {
            withUnsafeMutablePointer(to: &result) { difference in
                withUnsafePointer(to: rhs) { other in
                    difference.withMemoryRebound(to: SIMD3<Double>.self, capacity: 1) { difference in
                        other.withMemoryRebound(to: SIMD3<Double>.self, capacity: 1) { for lane in 0..<3 { difference.pointee[lane] -= $0.pointee[lane] } }
                    }
                }
            }
        } else {
            for lane in result.indices { result[lane] -= rhs[lane] }
        }
        return result
    }
}
extension SIMD4: @retroactive AdditiveArithmetic where Scalar: BinaryFloatingPoint {
    // The witnesses below work lane by lane on `Double`: the SIMD `+=` of the standard library is itself
    // written with the protocol's `+`, which would call them again.

    /// The protocol's `+` for generic code: the standard library's SIMD `+` is what you call, and
    /// what specialised code uses; this is only the conformance's witness, which generic code reaches with
    /// `Scalar` unknown, so it takes the vector body for `Double` and `Float` (see ``scale(by:)``).
    @_implements(AdditiveArithmetic, +(_:_:))
    @inlinable
    public static func _vectorSum(_ lhs: Self, _ rhs: Self) -> Self {
        var result = lhs
        if Scalar.self == Double.self {
            withUnsafeMutablePointer(to: &result) { sum in
                withUnsafePointer(to: rhs) { other in
                    sum.withMemoryRebound(to: SIMD4<Double>.self, capacity: 1) { sum in
                        other.withMemoryRebound(to: SIMD4<Double>.self, capacity: 1) { for lane in 0..<4 { sum.pointee[lane] += $0.pointee[lane] } }
                    }
                }
            }
        } else {
            for lane in result.indices { result[lane] += rhs[lane] }
        }
        return result
    }

    /// The protocol's `-` for generic code, as `_vectorSum`.
    @_implements(AdditiveArithmetic, -(_:_:))
    @inlinable
    public static func _vectorDifference(_ lhs: Self, _ rhs: Self) -> Self {
        var result = lhs
        if Scalar.self == Double.self {
            withUnsafeMutablePointer(to: &result) { difference in
                withUnsafePointer(to: rhs) { other in
                    difference.withMemoryRebound(to: SIMD4<Double>.self, capacity: 1) { difference in
                        other.withMemoryRebound(to: SIMD4<Double>.self, capacity: 1) { for lane in 0..<4 { difference.pointee[lane] -= $0.pointee[lane] } }
                    }
                }
            }
        } else {
            for lane in result.indices { result[lane] -= rhs[lane] }
        }
        return result
    }
}

extension SIMD2: VectorArithmetic where Scalar: BinaryFloatingPoint {
    /// Multiplies every lane by `rhs` (computed in the scalar type).
    ///
    /// Specialised code (where `Scalar` is known) compiles to one vector multiply: the type tests fold
    /// away. Generic code, such as your own `CustomAnimation` calling `value.scaled(by:)`, reaches this
    /// through the protocol with `Scalar` unknown; there the generic body goes a lane at a time through
    /// the `SIMDStorage` witnesses, so `Double` and `Float` take the vector body instead (benchmark:
    /// "AnimatedValue update, one ElasticEaseInEaseOutAnimation per value, 10,000 SIMD2<Double>").
    @inlinable
    public mutating func scale(by rhs: Double) {
        if Scalar.self == Double.self {
            withUnsafeMutablePointer(to: &self) {
                $0.withMemoryRebound(to: SIMD2<Double>.self, capacity: 1) { $0.pointee *= rhs }
            }
        } else if Scalar.self == Float.self {
            withUnsafeMutablePointer(to: &self) {
                $0.withMemoryRebound(to: SIMD2<Float>.self, capacity: 1) { $0.pointee *= Float(rhs) }
            }
        } else {
            self *= Scalar(rhs)
        }
    }

    /// The sum of the squared lanes, in `Double`, with the fast path of ``scale(by:)``.
    @inlinable
    public var magnitudeSquared: Double {
        if Scalar.self == Double.self {
            return withUnsafePointer(to: self) {
                $0.withMemoryRebound(to: SIMD2<Double>.self, capacity: 1) { ($0.pointee * $0.pointee).sum() }
            }
        } else if Scalar.self == Float.self {
            return withUnsafePointer(to: self) {
                $0.withMemoryRebound(to: SIMD2<Float>.self, capacity: 1) { Double(($0.pointee * $0.pointee).sum()) }
            }
        }
        return Double((self * self).sum())
    }
}

extension SIMD3: VectorArithmetic where Scalar: BinaryFloatingPoint {
    /// Multiplies every lane by `rhs` (computed in the scalar type).
    ///
    /// Specialised code (where `Scalar` is known) compiles to one vector multiply: the type tests fold
    /// away. Generic code, such as your own `CustomAnimation` calling `value.scaled(by:)`, reaches this
    /// through the protocol with `Scalar` unknown; there the generic body goes a lane at a time through
    /// the `SIMDStorage` witnesses, so `Double` and `Float` take the vector body instead (benchmark:
    /// "AnimatedValue update, one ElasticEaseInEaseOutAnimation per value, 10,000 SIMD2<Double>").
    @inlinable
    public mutating func scale(by rhs: Double) {
        if Scalar.self == Double.self {
            withUnsafeMutablePointer(to: &self) {
                $0.withMemoryRebound(to: SIMD3<Double>.self, capacity: 1) { $0.pointee *= rhs }
            }
        } else if Scalar.self == Float.self {
            withUnsafeMutablePointer(to: &self) {
                $0.withMemoryRebound(to: SIMD3<Float>.self, capacity: 1) { $0.pointee *= Float(rhs) }
            }
        } else {
            self *= Scalar(rhs)
        }
    }

    /// The sum of the squared lanes, in `Double`, with the fast path of ``scale(by:)``.
    @inlinable
    public var magnitudeSquared: Double {
        if Scalar.self == Double.self {
            return withUnsafePointer(to: self) {
                $0.withMemoryRebound(to: SIMD3<Double>.self, capacity: 1) { ($0.pointee * $0.pointee).sum() }
            }
        } else if Scalar.self == Float.self {
            return withUnsafePointer(to: self) {
                $0.withMemoryRebound(to: SIMD3<Float>.self, capacity: 1) { Double(($0.pointee * $0.pointee).sum()) }
            }
        }
        return Double((self * self).sum())
    }
}

extension SIMD4: VectorArithmetic where Scalar: BinaryFloatingPoint {
    /// Multiplies every lane by `rhs` (computed in the scalar type).
    ///
    /// Specialised code (where `Scalar` is known) compiles to one vector multiply: the type tests fold
    /// away. Generic code, such as your own `CustomAnimation` calling `value.scaled(by:)`, reaches this
    /// through the protocol with `Scalar` unknown; there the generic body goes a lane at a time through
    /// the `SIMDStorage` witnesses, so `Double` and `Float` take the vector body instead (benchmark:
    /// "AnimatedValue update, one ElasticEaseInEaseOutAnimation per value, 10,000 SIMD2<Double>").
    @inlinable
    public mutating func scale(by rhs: Double) {
        if Scalar.self == Double.self {
            withUnsafeMutablePointer(to: &self) {
                $0.withMemoryRebound(to: SIMD4<Double>.self, capacity: 1) { $0.pointee *= rhs }
            }
        } else if Scalar.self == Float.self {
            withUnsafeMutablePointer(to: &self) {
                $0.withMemoryRebound(to: SIMD4<Float>.self, capacity: 1) { $0.pointee *= Float(rhs) }
            }
        } else {
            self *= Scalar(rhs)
        }
    }

    /// The sum of the squared lanes, in `Double`, with the fast path of ``scale(by:)``.
    @inlinable
    public var magnitudeSquared: Double {
        if Scalar.self == Double.self {
            return withUnsafePointer(to: self) {
                $0.withMemoryRebound(to: SIMD4<Double>.self, capacity: 1) { ($0.pointee * $0.pointee).sum() }
            }
        } else if Scalar.self == Float.self {
            return withUnsafePointer(to: self) {
                $0.withMemoryRebound(to: SIMD4<Float>.self, capacity: 1) { Double(($0.pointee * $0.pointee).sum()) }
            }
        }
        return Double((self * self).sum())
    }
}
