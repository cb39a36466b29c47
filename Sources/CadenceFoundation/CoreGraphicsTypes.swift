// CadenceFoundation: the Core Graphics geometry types SwiftUI code animates (`CGFloat`, `CGPoint`,
// `CGSize`, `CGRect`), made animatable. An opt-in module because they come from Foundation, which the
// `Cadence` module does not import.
@_exported import Cadence
@_exported import Foundation

extension CGFloat: VectorArithmetic {
    /// Multiplies the value by `rhs`.
    @inlinable
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }

    /// The square of the value, in `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double(self) * Double(self) }
}

extension CGPoint: Animatable {
    /// `(x, y)`, unscaled, as in SwiftUI.
    @inlinable
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGSize: Animatable {
    /// `(width, height)`, unscaled, as in SwiftUI.
    @inlinable
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}

extension CGRect: Animatable {
    /// `(origin, size)`, each as its own data, as in SwiftUI. A rectangle animates its origin and size
    /// (not its corners), so a negative size stays as given: it is not standardised.
    @inlinable
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { (origin.animatableData, size.animatableData) = (newValue.first, newValue.second) }
    }
}
