// swift-tools-version: 6.0
// Your own animation, in your own package: the library target defines an animation Cadence does not
// have, the test target checks it with `checkAnimation` (the `CadenceTesting` product), a scene shows it,
// and the `your-animation` executable runs Cadence's whole harness with that scene added and the
// animation in the inspector (the `CadenceCLI` product, which needs SDL2's development packages).
// In your own package, depend on Cadence by URL instead of by path.
import PackageDescription

let package = Package(
    name: "YourAnimation",
    products: [
        .library(name: "YourAnimation", targets: ["YourAnimation"]),
        .executable(name: "your-animation", targets: ["your-animation"]),
    ],
    dependencies: [
        .package(name: "Cadence", path: "../..")
    ],
    targets: [
        .target(name: "YourAnimation", dependencies: [.product(name: "Cadence", package: "Cadence")]),
        // The scene and the inspector entry: they need the harness, not SDL.
        .target(
            name: "YourAnimationScenes",
            dependencies: ["YourAnimation", .product(name: "Harness", package: "Cadence")]
        ),
        .executableTarget(
            name: "your-animation",
            dependencies: [
                "YourAnimationScenes", .product(name: "CadenceCLI", package: "Cadence"),
                .product(name: "Harness", package: "Cadence"),
            ]
        ),
        .testTarget(
            name: "YourAnimationTests",
            dependencies: [
                "YourAnimation", "YourAnimationScenes", .product(name: "CadenceTesting", package: "Cadence"),
                .product(name: "Harness", package: "Cadence"),
            ]
        ),
    ]
)
