/// A geometric angle, stored in radians: SwiftUI's `Angle`.
///
/// ```swift
/// let turn = AnimatedValue(Angle.zero)
/// turn.set(.degrees(270), animation: .spring)
/// turn.update(by: 1.0 / 60)
/// rotate(by: turn.presentation.radians)
/// ```
///
/// **Animation.** An angle animates its radians scaled by 128 (``animatableData`` is `radians × 128`),
/// as SwiftUI's does. The scale matters because springs decide that they have settled by absolute
/// thresholds on the data (a speed and a force of about 0.06 units): on raw radians a spring would
/// stop while still visibly turning, about 3.4° a second; scaled it stops under 0.03° a second. The
/// scale is a power of two, so the conversion is exact both ways.
///
/// Angles are not normalised: `.degrees(370)` stays 370°, and animating from 350° to 10° turns 340°
/// backwards, as in SwiftUI. A NaN or infinite angle can be made, but an ``AnimatedValue`` refuses it
/// as a target.
@frozen
public struct Angle: Hashable, Comparable, Sendable {
    /// The angle in radians.
    public var radians: Double

    /// The angle in degrees (`radians × 180 / π`).
    @inlinable
    public var degrees: Double {
        get { radians * (180.0 / .pi) }
        set { radians = newValue * (.pi / 180.0) }
    }

    /// Creates a zero angle.
    @inlinable
    public init() {
        radians = 0
    }

    /// Creates an angle of `radians` radians.
    @inlinable
    public init(radians: Double) {
        self.radians = radians
    }

    /// Creates an angle of `degrees` degrees.
    @inlinable
    public init(degrees: Double) {
        radians = degrees * (.pi / 180.0)
    }

    /// An angle of `radians` radians.
    @inlinable
    public static func radians(_ radians: Double) -> Angle {
        Angle(radians: radians)
    }

    /// An angle of `degrees` degrees.
    @inlinable
    public static func degrees(_ degrees: Double) -> Angle {
        Angle(degrees: degrees)
    }

    /// The zero angle.
    @inlinable
    public static var zero: Angle { Angle() }

    /// Whether `lhs` is a smaller angle than `rhs` (compares radians; angles are not normalised).
    @inlinable
    public static func < (lhs: Angle, rhs: Angle) -> Bool {
        lhs.radians < rhs.radians
    }
}

extension Angle: Animatable {
    /// The factor between radians and the animated data (see the type's documentation).
    @inlinable static var animationScale: Double { 128 }

    /// The radians scaled by 128, as in SwiftUI: what springs and other animations work on.
    @inlinable
    public var animatableData: Double {
        get { radians * Angle.animationScale }
        set { radians = newValue / Angle.animationScale }
    }
}

// The arithmetic SwiftUI gives `Angle` (through its `_VectorMath`), on radians.
extension Angle {
    /// The sum of two angles.
    @inlinable
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }

    /// The difference of two angles.
    @inlinable
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }

    /// The angle turned the other way.
    @inlinable
    public static prefix func - (operand: Angle) -> Angle { Angle(radians: -operand.radians) }

    /// The angle multiplied by `rhs`.
    @inlinable
    public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }

    /// The angle divided by `rhs`.
    @inlinable
    public static func / (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians / rhs) }

    /// Adds `rhs` to `lhs`.
    @inlinable
    public static func += (lhs: inout Angle, rhs: Angle) { lhs.radians += rhs.radians }

    /// Subtracts `rhs` from `lhs`.
    @inlinable
    public static func -= (lhs: inout Angle, rhs: Angle) { lhs.radians -= rhs.radians }

    /// Multiplies `lhs` by `rhs`.
    @inlinable
    public static func *= (lhs: inout Angle, rhs: Double) { lhs.radians *= rhs }

    /// Divides `lhs` by `rhs`.
    @inlinable
    public static func /= (lhs: inout Angle, rhs: Double) { lhs.radians /= rhs }
}
