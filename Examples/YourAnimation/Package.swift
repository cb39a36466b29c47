// swift-tools-version: 6.0
// Your own animation, in your own package, tested with Cadence's law checker: the library target
// defines an animation Cadence does not have, and the test target checks it with `checkAnimation`
// from the `CadenceTesting` product. In your own package, depend on Cadence by URL instead of by path.
import PackageDescription

let package = Package(
    name: "YourAnimation",
    products: [
        .library(name: "YourAnimation", targets: ["YourAnimation"])
    ],
    dependencies: [
        .package(name: "Cadence", path: "../..")
    ],
    targets: [
        .target(name: "YourAnimation", dependencies: [.product(name: "Cadence", package: "Cadence")]),
        .testTarget(
            name: "YourAnimationTests",
            dependencies: ["YourAnimation", .product(name: "CadenceTesting", package: "Cadence")]
        ),
    ]
)
