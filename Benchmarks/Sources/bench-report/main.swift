import BenchmarkCatalog
import Foundation

// Turns benchmark runs (the runner's JMH exports, one per round) into Benchmarks/RESULTS.md: per-item medians (the
// catalog says what an iteration counts), mallocs, each goal with whether it was met, and the floor measured in the
// same sitting. With several rounds, each suite's figure is its round with the lowest median (and the most mallocs
// any round saw): a shared machine changes speed for seconds at a time, and a suite and its floor measured in
// different states would give a ratio of the states, not of the code.
//
// Usage: bench-report --jmh FILE [--jmh FILE …] --results FILE --machine TEXT [--swift TEXT] [--note TEXT]
//        bench-report compare ... (two builds side by side; see Compare.swift)
//
// JMH is the runner's one export that carries every benchmark's percentiles in a single file; its
// times are microseconds per iteration, its counts are per iteration.

struct Options {
    var jmh: [String] = []
    var results = ""
    var machine = ""
    var swift = ""
    var note: String?

    init(_ arguments: [String]) {
        forEachOption(in: arguments) { flag, value in
            switch flag {
            case "--jmh": jmh.append(value)
            case "--results": results = value
            case "--machine": machine = value
            case "--swift": swift = value
            case "--note": note = value
            default: fail("unknown option \(flag)")
            }
        }
        if jmh.isEmpty || results.isEmpty { fail("--jmh and --results are required") }
    }
}

/// Calls `take` with each `--flag value` pair of `arguments`, in order; a flag without a value fails.
func forEachOption(in arguments: [String], _ take: (_ flag: String, _ value: String) -> Void) {
    var rest = arguments[...]
    while let flag = rest.popFirst() {
        guard let value = rest.popFirst() else { fail("\(flag) needs a value") }
        take(flag, value)
    }
}

/// The parts of the runner's JMH export read here.
struct JMHElement: Decodable {
    let benchmark: String
    let measurementIterations: Int
    let secondaryMetrics: [String: JMHMetric]
}

struct JMHMetric: Decodable {
    let scorePercentiles: [String: Double]
    let scoreUnit: String
}

/// One suite's measurement, per iteration.
struct Measurement {
    let iterations: Int
    /// Median wall time of one iteration, nanoseconds.
    let medianNanoseconds: Double
    let medianMallocs: Double
    var maxMallocs: Double

    /// The faster of two rounds' measurements, with the most mallocs either saw in an iteration.
    func best(_ other: Measurement) -> Measurement {
        var best = other.medianNanoseconds < medianNanoseconds ? other : self
        best.maxMallocs = Swift.max(maxMallocs, other.maxMallocs)
        return best
    }

    init(_ element: JMHElement) {
        guard let time = element.secondaryMetrics["Time (wall clock)"], time.scoreUnit == "μs",
            let mallocs = element.secondaryMetrics["Malloc (total)"],
            let timeMedian = time.scorePercentiles["50.0"],
            let mallocMedian = mallocs.scorePercentiles["50.0"], let mallocMax = mallocs.scorePercentiles["100.0"]
        else { fail("\(element.benchmark): no wall-clock (μs) or malloc percentiles in the export") }
        iterations = element.measurementIterations
        medianNanoseconds = timeMedian * 1_000
        medianMallocs = mallocMedian
        maxMallocs = mallocMax
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-report: \(message)\n".utf8))
    exit(1)
}

/// The runner's key for a benchmark in the JMH export.
func jmhKey(_ suite: Suite) -> String {
    "package.benchmark.\(suite.target).\(suite.name.replacingOccurrences(of: " ", with: "_"))"
}

/// Three significant digits in the largest unit that keeps the number ≥ 1: `12.8 ns`, `268 µs`, `1.28 s`.
/// Goals are round numbers and print as such (`10 ns`, not `10.0 ns`).
func time(_ nanoseconds: Double, exact: Bool = false) -> String {
    let units: [(String, Double)] = [("s", 1e9), ("ms", 1e6), ("µs", 1e3), ("ns", 1)]
    let (unit, scale) = units.first { nanoseconds >= $0.1 } ?? ("ns", 1)
    let value = nanoseconds / scale
    return "\(exact && value == value.rounded() ? String(format: "%.0f", value) : significant(value)) \(unit)"
}

func significant(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
}

func count(_ value: Double) -> String {
    value == value.rounded() && value < 1e15 ? Int(value).grouped : significant(value)
}

func goalText(_ goal: Goal, _ suite: Suite) -> String {
    var text: String
    switch goal.scope {
    case .perItem: text = "≤ \(time(goal.nanoseconds, exact: true)) per \(suite.item)"
    case .perIteration: text = "≤ \(time(goal.nanoseconds, exact: true)) for \(suite.itemsPerIteration.grouped)"
    case .ratioToFloor: text = "≤ \(String(format: "%g", goal.ratio))× floor"
    }
    if goal.allocationFree { text += ", 0 mallocs" }
    if let bound = goal.mallocsPerItem {
        text += bound == 0 ? ", 0 mallocs (median)" : ", ≤ \(count(bound)) malloc per \(suite.item)"
    }
    return text
}

/// Whether `measured` meets `goal`; a ratio goal needs its floor's measurement from the same run
/// (`floorPerItem`), and is missed without one.
func met(_ goal: Goal, _ suite: Suite, _ measured: Measurement, floorPerItem: Double?) -> Bool {
    let perItem = measured.medianNanoseconds / Double(suite.itemsPerIteration)
    let withinTime: Bool
    switch goal.scope {
    case .perItem: withinTime = perItem <= goal.nanoseconds
    case .perIteration: withinTime = measured.medianNanoseconds <= goal.nanoseconds
    case .ratioToFloor: withinTime = floorPerItem.map { perItem <= goal.ratio * $0 } ?? false
    }
    let perItemMallocs = (measured.medianMallocs / Double(suite.itemsPerIteration) * 100).rounded() / 100
    let withinMallocs = goal.mallocsPerItem.map { perItemMallocs <= $0 } ?? true
    return withinTime && withinMallocs && (!goal.allocationFree || measured.maxMallocs == 0)
}

func table(_ results: [String: Measurement]) -> String {
    var lines = [
        "| Suite | Median | Mallocs per iteration (median / max) | Goal | Floor, same run | Peer |",
        "|---|---|---|---|---|---|",
    ]
    for suite in Catalog.all {
        guard let measured = results[suite.name] else {
            lines.append("| \(suite.name) | not run | | \(suite.goal.map { goalText($0, suite) } ?? "") | | |")
            continue
        }
        let items = Double(suite.itemsPerIteration)
        var median = "\(time(measured.medianNanoseconds / items)) per \(suite.item)"
        // A tween update's total is a frame's cost; a thousand calls are only a timing loop.
        if suite.itemsPerIteration > 1 && suite.item != "call" {
            median += " (\(time(measured.medianNanoseconds)) per \(suite.itemsPerIteration.grouped))"
        }
        var mallocs = "\(count(measured.medianMallocs)) / \(count(measured.maxMallocs))"
        if suite.itemsPerIteration > 1 && measured.medianMallocs > 0 {
            mallocs += " (\(significant(measured.medianMallocs / items)) per \(suite.item))"
        }
        var floor = ""
        var floorPerItem: Double?
        if let floorName = suite.floor, let floorSuite = Catalog.suite(named: floorName),
            let floorMeasured = results[floorName]
        {
            let perItem = floorMeasured.medianNanoseconds / Double(floorSuite.itemsPerIteration)
            floorPerItem = perItem
            let ratio = measured.medianNanoseconds / items / perItem
            floor = "\(time(perItem)) (\(String(format: "%.2f", ratio))× floor)"
        }
        let goal =
            suite.goal.map {
                "\(goalText($0, suite)): "
                    + (met($0, suite, measured, floorPerItem: floorPerItem) ? "**met**" : "**missed**")
            } ?? ""
        lines.append("| \(suite.name) | \(median) | \(mallocs) | \(goal) | \(floor) | \(suite.peer ?? "") |")
    }
    return lines.joined(separator: "\n")
}

/// The benchmarks of one run's JMH export.
func readJMH(_ path: String) -> [JMHElement] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    do {
        return try JSONDecoder().decode([JMHElement].self, from: data)
    } catch {
        fail("\(path) is not a JMH export: \(error)")
    }
}

// MARK: - Main

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "compare" {
    let (text, slower) = comparison(CompareOptions(Array(arguments.dropFirst())))
    print(text)
    exit(slower.isEmpty ? 0 : 2)
}

let options = Options(arguments)
let known = Set(Catalog.all.map(jmhKey))
var byKey: [String: Measurement] = [:]
for file in options.jmh {
    for element in readJMH(file) {
        guard known.contains(element.benchmark) else {
            fail("\(element.benchmark) is not in the catalog: add it to BenchmarkCatalog so the table can show it")
        }
        let measured = Measurement(element)
        byKey[element.benchmark] = byKey[element.benchmark].map { $0.best(measured) } ?? measured
    }
}
var results: [String: Measurement] = [:]
for suite in Catalog.all {
    if let measured = byKey[jmhKey(suite)] { results[suite.name] = measured }
}

var header = "Measured on \(options.machine)"
if !options.swift.isEmpty { header += ", \(options.swift)" }
header += "; release build, a fixed number of iterations per suite (medians)"
header += options.jmh.count > 1 ? ", each suite's fastest of \(options.jmh.count) rounds." : "."
if let note = options.note { header += " \(note)" }
let generated = header + "\n\n" + table(results) + "\n"

let resultsFile = """
    # Benchmark results

    Written by `make bench` (Scripts/bench → bench-report); do not edit by hand.

    \(generated)
    """
do {
    try Data(resultsFile.utf8).write(to: URL(fileURLWithPath: options.results))
} catch {
    fail("cannot write \(options.results): \(error)")
}
print(generated)
