// swift-tools-version: 6.0
// CadenceMacros: SwiftUI's `@Entry` for Cadence's `EnvironmentValues` and `Transaction`. A package of its
// own so that the Cadence package depends on no swift-syntax: only a package that uses `@Entry` resolves
// and builds it. Depend on it beside Cadence, by path (`<cadence>/Macros`) or by URL.
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "CadenceMacros",
    products: [
        .library(name: "CadenceMacros", targets: ["CadenceMacros"])
    ],
    dependencies: [
        .package(name: "Cadence", path: ".."),
        // Tested at both ends (`make macro-range` builds and tests the lowest; `make test` resolves the newest).
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    ],
    targets: [
        // The compiler plugin that expands `@Entry`.
        .macro(
            name: "CadenceMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        // The macro's declaration; re-exports Cadence.
        .target(
            name: "CadenceMacros",
            dependencies: [.product(name: "Cadence", package: "Cadence"), "CadenceMacrosPlugin"]
        ),
        // The macro's expansions, checked by swift-syntax's test support.
        .testTarget(
            name: "CadenceMacrosTests",
            dependencies: [
                "CadenceMacrosPlugin",
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
        // SwiftUI code that declares values with `@Entry`, pasted as written, with every opt-in module imported.
        .testTarget(
            name: "EntryPortingTests",
            dependencies: [
                "CadenceMacros",
                .product(name: "Cadence", package: "Cadence"),
                .product(name: "CadenceExamples", package: "Cadence"),
                .product(name: "CadenceFoundation", package: "Cadence"),
            ]
        ),
    ]
)
