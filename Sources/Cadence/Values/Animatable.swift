/// A type whose values can be animated through a vector of numbers, its ``animatableData``: SwiftUI's
/// `Animatable`.
///
/// Animations work on ``AnimatableData`` (a ``VectorArithmetic`` vector). An ``AnimatedValue`` reads
/// the data from each target you give it, animates it, and writes the animated data into a copy of the
/// target to give you its ``AnimatedValue/presentation``. Everything that is not part of the data (a
/// name, a colour index, a flag) takes the new target's value at once.
///
/// ```swift
/// struct Wedge: Animatable {
///     var start: Double
///     var end: Double
///     var label = ""
///
///     var animatableData: AnimatablePair<Double, Double> {
///         get { AnimatablePair(start, end) }
///         set { (start, end) = (newValue.first, newValue.second) }
///     }
/// }
///
/// let wedge = AnimatedValue(Wedge(start: 0, end: 90))
/// wedge.set(Wedge(start: 45, end: 180, label: "B"), animation: .spring)
/// ```
///
/// **Default implementations**, as in SwiftUI:
/// - every ``VectorArithmetic`` value is its own data (`animatableData` is `self`);
/// - a type whose `AnimatableData` is ``EmptyAnimatableData`` (a type that declares `Animatable` and no
///   `animatableData`) has nothing to animate: an ``AnimatedValue`` of it jumps to each target.
///
/// **Conforming types**: `Double`, `Float`, `SIMD2`/`SIMD3`/`SIMD4` of floating-point scalars,
/// ``AnimatablePair``, ``EmptyAnimatableData`` (each its own data, as a ``VectorArithmetic``),
/// ``Angle`` and ``UnitPoint`` (scaled by 128, see there); `CGFloat`, `CGPoint`, `CGSize` and `CGRect`
/// with the opt-in `CadenceFoundation` module.
///
/// **A difference from SwiftUI.** Here ``VectorArithmetic`` refines `Animatable` (with
/// `AnimatableData == Self`), so that every vector type, yours included, animates in an
/// ``AnimatedValue`` with no further declaration, and code written against `VectorArithmetic` keeps
/// working. The one thing this forbids is a ``VectorArithmetic`` type whose `animatableData` is some
/// other type, which SwiftUI allows and nothing in practice declares.
///
/// The conversion between a value and its data runs at every ``AnimatedValue/set(_:animation:completionCriteria:completion:)``
/// and every read of ``AnimatedValue/presentation``, so keep `animatableData` cheap: a few stored
/// properties, as above. For a ``VectorArithmetic`` value it is the identity and compiles away.
public protocol Animatable {
    /// The vector the animations work on.
    associatedtype AnimatableData: VectorArithmetic

    /// The data to animate: reading it gives the value's animatable part; writing it sets that part
    /// and leaves the rest of the value alone.
    var animatableData: AnimatableData { get set }
}

extension Animatable where Self: VectorArithmetic {
    /// The value itself: a vector animates as it is.
    @inlinable
    public var animatableData: Self {
        @inline(__always) get { self }
        @inline(__always) set { self = newValue }
    }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// Nothing: a value with no animatable data jumps to each new value.
    @inlinable
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        // swiftlint:disable:next unused_setter_value
        set {}
    }
}

extension EmptyAnimatableData {
    /// The value itself (its only value). Declared here because both of ``Animatable``'s default
    /// implementations would otherwise apply to it.
    @inlinable
    public var animatableData: EmptyAnimatableData {
        get { self }
        // swiftlint:disable:next unused_setter_value
        set {}
    }
}

extension Animatable {
    /// A copy of this value with `data` as its animatable data: how an ``AnimatedValue`` turns the
    /// animated vector back into a value.
    @inlinable @inline(__always)
    func replacingAnimatableData(with data: AnimatableData) -> Self {
        var result = self
        result.animatableData = data
        return result
    }
}
