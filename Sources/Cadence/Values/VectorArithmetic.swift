/// A type with values that support addition and scalar multiplication: a vector that can be animated.
///
/// Animations in Cadence animate an *interval* (`newTarget − oldTarget`), so every animatable value
/// must support `+`, `−`, `.zero` and scaling by a `Double`. `magnitudeSquared` is the squared
/// Euclidean length, used by springs to decide when they have settled.
///
/// Conforming types: `Double`, `Float`, `SIMD2`/`SIMD3`/`SIMD4` of `Float` and `Double`,
/// ``AnimatablePair`` and ``EmptyAnimatableData`` (and `CGFloat` with `CadenceFoundation`).
///
/// Every vector is ``Animatable``, as its own ``Animatable/animatableData`` (a difference from SwiftUI,
/// where the two protocols are unrelated: see ``Animatable``). Your own vector type needs no more than
/// this protocol's requirements to animate in an ``AnimatedValue``.
///
/// ```swift
/// var v = SIMD2<Double>(3, 4)
/// v.scale(by: 2)          // (6, 8)
/// v.magnitudeSquared      // 100
/// ```
public protocol VectorArithmetic: AdditiveArithmetic, Animatable where AnimatableData == Self {
    /// Multiplies each component of this value by `rhs`.
    mutating func scale(by rhs: Double)

    /// The dot product of this value with itself (the squared length).
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// Returns this value multiplied by `rhs`.
    @inlinable
    public func scaled(by rhs: Double) -> Self {
        var result = self
        result.scale(by: rhs)
        return result
    }

    /// Moves this value `amount` of the way towards `other` (0 keeps it, 1 reaches `other`).
    @inlinable
    public mutating func interpolate(towards other: Self, amount: Double) {
        var delta = other - self
        delta.scale(by: amount)
        self += delta
    }

    /// Returns the value `amount` of the way from this value towards `other`.
    @inlinable
    public func interpolated(towards other: Self, amount: Double) -> Self {
        var result = self
        result.interpolate(towards: other, amount: amount)
        return result
    }
}

extension Double: VectorArithmetic {
    @inlinable
    public mutating func scale(by rhs: Double) { self *= rhs }

    @inlinable
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    @inlinable
    public mutating func scale(by rhs: Double) { self = Float(Double(self) * rhs) }

    @inlinable
    public var magnitudeSquared: Double { Double(self) * Double(self) }
}
