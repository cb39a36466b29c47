@_exported import Cadence

/// Declares a custom environment or transaction value the SwiftUI way:
///
/// ```swift
/// import CadenceMacros
///
/// extension EnvironmentValues {
///     @Entry var animationPaused: Bool = false
/// }
/// extension Transaction {
///     @Entry var isDragging: Bool = false
/// }
/// ```
///
/// The property becomes a computed one reading and writing `self[__Key_animationPaused.self]`, where
/// `__Key_animationPaused` is a generated private ``EnvironmentKey`` (in `extension Transaction`, a
/// ``TransactionKey``) whose `defaultValue` is the initial value, evaluated at each read of an unset
/// value, as SwiftUI's. The type must be written out; an optional without an initial value defaults
/// to `nil`. A transaction value's type must be `Sendable`.
///
/// The macro lives in this opt-in module because it needs swift-syntax; without it, declare an
/// ``EnvironmentKey`` (or ``TransactionKey``) and a computed property by hand, which is what the macro
/// writes (see ``EnvironmentKey``).
@attached(accessor)
@attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "CadenceMacrosPlugin", type: "EntryMacro")
