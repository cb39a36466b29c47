import CadenceMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Entry`'s expansions, checked as text by swift-syntax's macro test support.
struct EntryMacroTests {
    let macros: [String: MacroSpec] = ["Entry": MacroSpec(type: EntryMacro.self)]

    func expand(
        _ source: String, _ expected: String, diagnostics: [DiagnosticSpec] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        assertMacroExpansion(
            source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: macros,
            indentationWidth: .spaces(4)
        ) { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        }
    }

    @Test func environmentValue() {
        expand(
            """
            extension EnvironmentValues {
                @Entry var animationPaused: Bool = false
            }
            """,
            """
            extension EnvironmentValues {
                var animationPaused: Bool {
                    get {
                        self[__Key_animationPaused.self]
                    }
                    set {
                        self[__Key_animationPaused.self] = newValue
                    }
                }

                private struct __Key_animationPaused: Cadence.EnvironmentKey {
                    typealias Value = Bool
                    static var defaultValue: Value {
                        false
                    }
                }
            }
            """)
    }

    @Test func transactionValueUsesTransactionKey() {
        expand(
            """
            extension Transaction {
                @Entry public var dragCount: Int = 1 + 2
            }
            """,
            """
            extension Transaction {
                public var dragCount: Int {
                    get {
                        self[__Key_dragCount.self]
                    }
                    set {
                        self[__Key_dragCount.self] = newValue
                    }
                }

                private struct __Key_dragCount: Cadence.TransactionKey {
                    typealias Value = Int
                    static var defaultValue: Value {
                        1 + 2
                    }
                }
            }
            """)
    }

    @Test func anOptionalDefaultsToNil() {
        expand(
            """
            extension EnvironmentValues {
                @Entry var label: String?
            }
            """,
            """
            extension EnvironmentValues {
                var label: String? {
                    get {
                        self[__Key_label.self]
                    }
                    set {
                        self[__Key_label.self] = newValue
                    }
                }

                private struct __Key_label: Cadence.EnvironmentKey {
                    typealias Value = String?
                    static var defaultValue: Value {
                        nil
                    }
                }
            }
            """)
    }

    @Test func aMissingTypeIsDiagnosed() {
        expand(
            """
            extension EnvironmentValues {
                @Entry var count = 0
            }
            """,
            """
            extension EnvironmentValues {
                var count = 0
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Entry' needs the property's type written out, as in '@Entry var name: Bool = false'",
                    line: 2, column: 16)
            ])
    }

    @Test func aMissingDefaultIsDiagnosed() {
        expand(
            """
            extension EnvironmentValues {
                @Entry var count: Int
            }
            """,
            """
            extension EnvironmentValues {
                var count: Int
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@Entry' needs a default value, as in '@Entry var name: Bool = false' (an optional defaults to nil)",
                    line: 2, column: 16)
            ])
    }

    @Test func aLetIsDiagnosed() {
        expand(
            """
            extension EnvironmentValues {
                @Entry let count: Int = 0
            }
            """,
            """
            extension EnvironmentValues {
                let count: Int = 0
            }
            """,
            diagnostics: [DiagnosticSpec(message: "'@Entry' applies to one 'var' property", line: 2, column: 5)])
    }
}
