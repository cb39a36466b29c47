// swift-tools-version: 6.1
// Cadence's benchmarks: a package of their own, so the main package never depends on the benchmark
// harness. `make bench` runs them (see ../Scripts/bench); `make bench-build` only compiles them (CI).
import PackageDescription

let package = Package(
    name: "CadenceBenchmarks",
    dependencies: [
        // Named, because a path dependency's identity is otherwise its folder's name (`cadence`,
        // `wt-bench`, whatever the clone is called), and the product references below must not depend on it.
        .package(name: "Cadence", path: ".."),
        // MallocInterposer counts every malloc in the measured region. Naming the trait also turns off
        // the package's default RuntimeInterposer trait, whose dependency is not available here.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The histograms the harness's statistics record into, for the floor of an empty frame.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        // What every suite is called, what one iteration counts and the goal it is held to: shared by
        // the benchmarks (names, iterations, scaling) and by the report, so the two cannot drift apart.
        .target(name: "BenchmarkCatalog"),
        // The runner configuration built from a catalog entry (kept apart so the report does not link
        // the benchmark runtime and its malloc interposer).
        .target(
            name: "BenchmarkSupport",
            dependencies: ["BenchmarkCatalog", .product(name: "Benchmark", package: "benchmark")]
        ),
        // Turns the runner's JMH export into Benchmarks/RESULTS.md and README's Performance table.
        .executableTarget(name: "bench-report", dependencies: ["BenchmarkCatalog"]),
        // Heap bytes per animated value, single and many, at rest and under a spring: RESULTS.md's memory table.
        .systemLibrary(name: "CMalloc"),
        .executableTarget(
            name: "bench-memory",
            dependencies: [
                "BenchmarkCatalog", "CMalloc", .product(name: "Cadence", package: "Cadence"),
                .product(name: "Tweening", package: "Cadence"),
            ]
        ),
        benchmark("TweenBenchmarks", using: ["Tweening"]),
        benchmark("ModelBenchmarks", using: ["Cadence", "CadenceExamples"]),
        benchmark(
            "HarnessBenchmarks", using: ["Cadence", "Harness", "Tweening", "HarnessSDL", "CSDL2"],
            packages: [.product(name: "Histogram", package: "hdrhistogram-swift")]),
    ]
)

/// A benchmark executable in Benchmarks/<name>, where the runner's plugin looks for them, using the
/// named products of the main package and any of other packages.
func benchmark(_ name: String, using products: [String], packages: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["BenchmarkCatalog", "BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")]
            + products.map { .product(name: $0, package: "Cadence") } + packages,
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}
