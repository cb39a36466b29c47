// `@Entry`: SwiftUI's macro for custom environment and transaction values. A stored-looking property
// in `extension EnvironmentValues` or `extension Transaction` becomes a computed one backed by a
// generated private key type, `__Key_<name>`, whose default value is the property's initial value.
import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Expands `@Entry var name: Type = default` into a key type (peer) and a getter and setter
/// (accessors) that read and write `self[__Key_name.self]`.
public struct EntryMacro: AccessorMacro, PeerMacro {
    /// The container the property is declared in, read from the enclosing extension or type.
    enum Container {
        case environment, transaction

        /// The key protocol the generated key conforms to, spelled with its module.
        var keyProtocol: String {
            switch self {
            case .environment: "Cadence.EnvironmentKey"
            case .transaction: "Cadence.TransactionKey"
            }
        }
    }

    /// The pieces of a valid `@Entry` property.
    struct Entry {
        let name: String
        let type: TypeSyntax
        let defaultValue: ExprSyntax
        let container: Container
    }

    /// The key type.
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let entry = try entry(of: declaration, in: context) else { return [] }
        return [
            """
            private struct __Key_\(raw: entry.name): \(raw: entry.container.keyProtocol) {
                typealias Value = \(entry.type.trimmed)
                static var defaultValue: Value { \(entry.defaultValue.trimmed) }
            }
            """
        ]
    }

    /// The getter and setter.
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        // Diagnostics are given once, by the peer expansion.
        guard let entry = try? entry(of: declaration, in: nil) else { return [] }
        return [
            "get { self[__Key_\(raw: entry.name).self] }",
            "set { self[__Key_\(raw: entry.name).self] = newValue }",
        ]
    }

    /// The property's pieces, or `nil` after a diagnostic (given only when `context` is not `nil`).
    static func entry(of declaration: some DeclSyntaxProtocol, in context: (any MacroExpansionContext)?) throws
        -> Entry?
    {
        func fail(_ message: EntryDiagnostic, at node: some SyntaxProtocol) -> Entry? {
            context?.diagnose(Diagnostic(node: Syntax(node), message: message))
            return nil
        }
        guard let variable = declaration.as(VariableDeclSyntax.self),
            variable.bindingSpecifier.tokenKind == .keyword(.var),
            variable.bindings.count == 1, let binding = variable.bindings.first,
            let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return fail(.notAVariable, at: declaration) }
        if let accessors = binding.accessorBlock { return fail(.hasAccessors, at: accessors) }
        guard let type = binding.typeAnnotation?.type else { return fail(.missingType, at: binding) }
        let defaultValue: ExprSyntax
        if let initializer = binding.initializer {
            defaultValue = initializer.value
        } else if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            defaultValue = "nil"
        } else {
            return fail(.missingDefault, at: binding)
        }
        let container: Container
        switch context.flatMap(enclosingTypeName) {
        case "Transaction", "Cadence.Transaction": container = .transaction
        default: container = .environment
        }
        return Entry(
            name: identifier.identifier.trimmedDescription.replacingBackticks(),
            type: type, defaultValue: defaultValue, container: container)
    }

    /// The name of the type (or extended type) the declaration sits in, if the compiler tells.
    static func enclosingTypeName(in context: any MacroExpansionContext) -> String? {
        guard let parent = context.lexicalContext.first else { return nil }
        if let ext = parent.as(ExtensionDeclSyntax.self) { return ext.extendedType.trimmedDescription }
        if let decl = parent.asProtocol(NamedDeclSyntax.self) { return decl.name.trimmedDescription }
        return nil
    }
}

extension String {
    /// The identifier without the backticks of a keyword used as a name (`` `default` ``).
    func replacingBackticks() -> String { filter { $0 != "`" } }
}

/// What `@Entry` refuses, with the fix.
enum EntryDiagnostic: String, DiagnosticMessage {
    case notAVariable, hasAccessors, missingType, missingDefault

    var message: String {
        switch self {
        case .notAVariable: "'@Entry' applies to one 'var' property"
        case .hasAccessors: "'@Entry' makes the accessors itself: give the property an initial value instead"
        case .missingType: "'@Entry' needs the property's type written out, as in '@Entry var name: Bool = false'"
        case .missingDefault:
            "'@Entry' needs a default value, as in '@Entry var name: Bool = false' (an optional defaults to nil)"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "CadenceMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}

/// The compiler plugin that provides the macros.
@main
struct CadenceMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [EntryMacro.self]
}
