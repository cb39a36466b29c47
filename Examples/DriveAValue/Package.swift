// swift-tools-version: 6.0
// Cadence used as a dependency: this package depends on the `Cadence` and `Tweening` products only, so
// building it compiles no SDL code and needs none of SDL's development packages (Scripts/check-example
// checks both). In your own package, depend on Cadence by URL instead of by path.
import PackageDescription

let package = Package(
    name: "DriveAValue",
    dependencies: [
        .package(name: "Cadence", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "DriveAValue",
            dependencies: [
                .product(name: "Cadence", package: "Cadence"),
                .product(name: "Tweening", package: "Cadence"),
            ]
        )
    ]
)
