import BenchmarkCatalog
import Foundation

// `bench-report compare`: two builds' runs side by side, as Scripts/bench-compare makes them.
//
// Usage: bench-report compare --base-name TEXT --head-name TEXT [--threshold PERCENT]
//            --base FILE [--base FILE ...] --head FILE [--head FILE ...]
//
// Each FILE is one run's JMH export. A build's figure for a suite is the lowest of its medians over the
// runs given: on a shared machine a whole run can land in a slow spell, and alternating the builds'
// runs and keeping each build's best median compares the two in the same state. Exits with status 2
// when a suite is more than the threshold (10 % unless given) slower in the head than in the base.

struct CompareOptions {
    var baseName = ""
    var headName = ""
    var threshold = 10.0
    var base: [String] = []
    var head: [String] = []

    init(_ arguments: [String]) {
        forEachOption(in: arguments) { flag, value in
            switch flag {
            case "--base-name": baseName = value
            case "--head-name": headName = value
            case "--base": base.append(value)
            case "--head": head.append(value)
            case "--threshold":
                guard let percent = Double(value), percent.isFinite, percent >= 0 else {
                    fail("--threshold needs a percentage ≥ 0, not \(value)")
                }
                threshold = percent
            default: fail("unknown option \(flag)")
            }
        }
        if base.isEmpty || head.isEmpty { fail("compare needs at least one --base and one --head export") }
        if baseName.isEmpty { baseName = "base" }
        if headName.isEmpty { headName = "head" }
    }
}

/// Each benchmark's lowest median over `files`, nanoseconds per iteration, by its JMH key.
func lowestMedians(_ files: [String]) -> [String: Double] {
    var lowest: [String: Double] = [:]
    for file in files {
        for element in readJMH(file) {
            let median = Measurement(element).medianNanoseconds
            lowest[element.benchmark] = min(lowest[element.benchmark] ?? .infinity, median)
        }
    }
    return lowest
}

/// One suite in both builds.
struct ComparedSuite {
    let key: String
    /// The catalog's entry, when the head's catalog has one under this key.
    let suite: Suite?
    let base: Double?
    let head: Double?

    /// The suite's name: the catalog's, or the runner's key without its prefix.
    var name: String {
        suite?.name
            ?? key.split(separator: ".").dropFirst(3).joined(separator: ".").replacingOccurrences(of: "_", with: " ")
    }

    /// The change from base to head, in percent of the base (`nil` unless both ran).
    var change: Double? {
        guard let base, let head, base > 0 else { return nil }
        return (head / base - 1) * 100
    }

    /// A median as the table shows it: per item when the catalog says what an iteration counts.
    func shown(_ nanoseconds: Double?) -> String {
        guard let nanoseconds else { return "not run" }
        guard let suite else { return "\(time(nanoseconds)) per iteration" }
        return "\(time(nanoseconds / Double(suite.itemsPerIteration))) per \(suite.item)"
    }
}

/// The comparison table and its verdict line, and whether a suite is slower than the threshold allows.
func comparison(_ options: CompareOptions) -> (text: String, slower: [ComparedSuite]) {
    let base = lowestMedians(options.base), head = lowestMedians(options.head)
    // The catalog's suites in its order, then those it does not have (renamed or removed since the base).
    let catalog = Catalog.all.map { (key: jmhKey($0), suite: Optional($0)) }
    let others = Set(base.keys).union(head.keys).subtracting(catalog.map(\.key)).sorted()
    let suites = (catalog + others.map { (key: $0, suite: nil) }).compactMap { key, suite -> ComparedSuite? in
        guard base[key] != nil || head[key] != nil else { return nil }
        return ComparedSuite(key: key, suite: suite, base: base[key], head: head[key])
    }
    let slower = suites.filter { ($0.change ?? 0) > options.threshold }
    var lines = [
        "Lowest median of \(options.base.count) run(s) of \(options.baseName) and \(options.head.count) of "
            + "\(options.headName), run alternately.",
        "",
        "| Suite | \(options.baseName) | \(options.headName) | Change |",
        "|---|---|---|---|",
    ]
    for suite in suites {
        let change = suite.change.map { String(format: "%+.1f %%", $0) } ?? ""
        let marked = (suite.change ?? 0) > options.threshold ? "**\(change)**" : change
        lines.append("| \(suite.name) | \(suite.shown(suite.base)) | \(suite.shown(suite.head)) | \(marked) |")
    }
    lines.append("")
    lines.append(
        slower.isEmpty
            ? "No suite is more than \(String(format: "%g", options.threshold)) % slower in \(options.headName)."
            : "\(slower.count) of \(suites.count) suites are more than \(String(format: "%g", options.threshold)) % slower in "
                + "\(options.headName): " + slower.map(\.name).joined(separator: "; ") + ".")
    return (lines.joined(separator: "\n"), slower)
}
