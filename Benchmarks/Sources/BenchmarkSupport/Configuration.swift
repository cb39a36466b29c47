import Benchmark
import BenchmarkCatalog

/// One 60 Hz frame, in seconds: the step of the suites that advance animations frame by frame.
public let frame60 = 1.0 / 60

extension Benchmark.Configuration {
    /// How every suite runs: a fixed number of iterations (the time limit is only a safety net, far
    /// above what any suite needs), measuring wall time, mallocs, and throughput (which the JMH export
    /// that `bench-report` reads requires).
    ///
    /// - Parameter scalingFactor: For suites whose iteration is an inner loop of
    ///   `benchmark.scaledIterations` calls (calls too short to time one by one). It must equal the
    ///   suite's item count, so the runner's console and the report divide by the same number.
    public init(_ suite: Suite, scalingFactor: BenchmarkScalingFactor = .one) {
        precondition(
            scalingFactor == .one || scalingFactor.rawValue == suite.itemsPerIteration,
            "\(suite.name): the scaling factor must be the catalog's item count")
        self.init(
            metrics: [.wallClock, .throughput, .mallocCountTotal],
            warmupIterations: suite.warmup,
            scalingFactor: scalingFactor,
            maxDuration: .seconds(600),
            maxIterations: suite.iterations
        )
    }
}
