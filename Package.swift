// swift-tools-version: 6.0
// Cadence: SwiftUI's custom-animation model, an STween-style tween engine and an SDL2 harness, on Linux.
// Dependency direction: cadence → CadenceCLI → HarnessSDL → Harness → Tweening → Cadence.
// `@Entry` (CadenceMacros) is a package of its own in Macros/, so that a package depending on this one
// never resolves swift-syntax.
import PackageDescription

let package = Package(
    name: "Cadence",
    products: [
        .library(name: "Cadence", targets: ["Cadence"]),
        .library(name: "CadenceExamples", targets: ["CadenceExamples"]),
        // For your test targets: `checkAnimation`, the laws every built-in animation keeps.
        .library(name: "CadenceTesting", targets: ["CadenceTesting"]),
        .library(name: "CadenceFoundation", targets: ["CadenceFoundation"]),
        .library(name: "Tweening", targets: ["Tweening"]),
        .library(name: "Harness", targets: ["Harness"]),
        .library(name: "HarnessSDL", targets: ["HarnessSDL"]),
        // The `cadence` command as a library: your executable runs the harness with your scenes added.
        .library(name: "CadenceCLI", targets: ["CadenceCLI"]),
        // SDL2's headers through the harness's shim, for code that calls SDL beside the harness (the
        // benchmarks' minimal SDL loop, the floor of the harness's own rendering).
        .library(name: "CSDL2", targets: ["CSDL2"]),
        .executable(name: "cadence", targets: ["cadence"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        // The only door to SDL2: headers and macros re-exported through shim.h.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]
        ),
        // cgif's header: the GIF encoder of `--clip` (MP4, WebM and APNG go to the ffmpeg command instead).
        .systemLibrary(name: "CCGIF", pkgConfig: "cgif", providers: [.apt(["libcgif-dev"])]),
        // libwayland-client, to ask a compositor for a seat before SDL starts (SDL 2.26 crashes without one).
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        // Linux calls Swift's Glibc module leaves out (pipe2, for pipes to child processes that no other child inherits).
        .systemLibrary(name: "CLinux"),
        // The animation model: no clock, no I/O, no SDL.
        .target(name: "Cadence"),
        // Opt-in: CGFloat, CGPoint, CGSize and CGRect animatable, which needs Foundation (the core does not import it).
        .target(name: "CadenceFoundation", dependencies: ["Cadence"]),
        // SwiftUI documentation's sample animations (PausableAnimation, TargetAnimation, ElasticEaseInEaseOut), compiled as shipped.
        .target(name: "CadenceExamples", dependencies: ["Cadence"]),
        // The law checker for any animation, built on Swift Testing (which the toolchain ships).
        .target(name: "CadenceTesting", dependencies: ["Cadence"]),
        // Tweens and the Tweener: no SDL, no clock of its own.
        .target(name: "Tweening", dependencies: ["Cadence"]),
        // Frame clock, pacing policy, profiling, scenes, input, replay: no SDL.
        .target(
            name: "Harness",
            dependencies: [
                "Cadence", "CadenceExamples", "CadenceFoundation", "Tweening",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .target(name: "HarnessSDL", dependencies: ["Harness", "Tweening", "CSDL2", "CCGIF", "CWayland", "CLinux"]),
        // The command line as a library, so its tests import a library, not an executable's main module.
        .target(
            name: "CadenceCLI",
            dependencies: [
                "Harness", "HarnessSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "cadence", dependencies: ["CadenceCLI"]),
        .testTarget(name: "CadenceTests", dependencies: ["Cadence", "CadenceExamples"]),
        .testTarget(name: "CadenceFoundationTests", dependencies: ["CadenceFoundation", "Cadence"]),
        .testTarget(name: "CadenceExamplesTests", dependencies: ["CadenceExamples", "Cadence"]),
        // checkAnimation over every built-in and documentation sample, and over animations broken on purpose.
        .testTarget(name: "CadenceTestingTests", dependencies: ["CadenceTesting", "CadenceExamples", "Cadence"]),
        // SwiftUI animation code as a porter pastes it (SwiftUI documentation's samples): it must compile as
        // written. The samples that need `@Entry` are in Macros/, with the macro.
        .testTarget(
            name: "SwiftUIPortingTests",
            dependencies: ["Cadence", "CadenceExamples", "CadenceFoundation"]),
        .testTarget(name: "TweeningTests", dependencies: ["Tweening", "Cadence", "CLinux"]),
        .testTarget(
            name: "HarnessTests",
            dependencies: [
                "Harness", "Tweening", "Cadence", .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .testTarget(name: "HarnessSDLTests", dependencies: ["HarnessSDL", "Harness", "Tweening", "CSDL2"]),
        // The command line itself (parsing and validation, fuzzed).
        .testTarget(
            name: "CadenceCLITests",
            dependencies: ["CadenceCLI", "Harness", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
    ]
)
