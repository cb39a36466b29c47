import Foundation

/// A condition `--fail-if` checks, for CI: on a run, `FIGURE OP VALUE[UNIT]` (`p99>18ms`, `hitch-ratio>5`,
/// `janks>0`, `low-1<55fps`); on a comparison, `FIGURE-delta OP VALUE[UNIT]` (`p99-delta>1ms`, NEW − BASE),
/// `slower` (a figure got slower), `different` (a figure changed either way) or `FIGURE-slower` for one
/// of the tested figures (`p99-slower`). A condition that holds *fails* the gate: `cadence` then exits 3.
///
/// `FIGURE` is a name of ``FrameSummary/figures`` (the summary's figures: `p50`, `p99`, `busy`,
/// `hitch-ratio`, `overrun-p99`, `stalls`, `low-1`, …); `OP` is `>`, `>=`, `<` or `<=`; a unit, when
/// given, must be the figure's.
public struct FrameGate: Sendable, Equatable {
    /// How a value is compared with the threshold.
    public enum Operator: String, Sendable, CaseIterable {
        /// Greater than.
        case greater = ">"
        /// Greater than or equal to.
        case greaterOrEqual = ">="
        /// Less than.
        case less = "<"
        /// Less than or equal to.
        case lessOrEqual = "<="

        func holds(_ value: Double, _ threshold: Double) -> Bool {
            switch self {
            case .greater: return value > threshold
            case .greaterOrEqual: return value >= threshold
            case .less: return value < threshold
            case .lessOrEqual: return value <= threshold
            }
        }
    }

    /// What a gate tests.
    public enum Test: Sendable, Equatable {
        /// A figure of a run against a threshold.
        case figure(String, Operator, Double)
        /// The difference NEW − BASE of a figure against a threshold.
        case delta(String, Operator, Double)
        /// A comparison's verdict: any tested figure slower (`nil`), or the named one.
        case slower(String?)
        /// A comparison's verdict: any tested figure slower or faster.
        case different
    }

    /// The condition as written.
    public let text: String
    /// What it tests.
    public let test: Test

    /// The names of every figure a summary can have (a paced run's).
    public static let figureNames: [String] = everyFigure.map(\.name)
    /// Each figure's unit.
    static let units: [String: String] = Dictionary(
        everyFigure.map { ($0.name, $0.unit) }, uniquingKeysWith: { a, _ in a })
    /// A paced run's figures with display times.
    private static var everyFigure: [FrameSummary.Figure] {
        let stats = FrameStats(targetPeriod: 1)
        stats.displayTimes = .feedback(clock: "")
        return stats.summary().figures
    }
    /// The figures only a run with display times measures (see ``DisplayTimes``).
    static let displayNames = Set(figureNames).subtracting(FrameStats(targetPeriod: 1).summary().figures.map(\.name))
    /// The figures an unpaced run measures too.
    static let unpacedNames: Set<String> = {
        let stats = FrameStats(targetPeriod: 0)
        stats.displayTimes = .feedback(clock: "")
        return Set(stats.summary().figures.map(\.name))
    }()
    /// The figures a comparison tests (see ``FrameComparison``).
    public static let testedNames = ["p50", "p99", "busy", "hitch-ratio", "display-p99", "display-hitch-ratio"]

    /// Parses a condition for a run or, when `comparing`, for a comparison.
    /// - Throws: ``HarnessError/invalidOption(_:)`` saying what is wrong and what is allowed.
    public init(parsing text: String, comparing: Bool) throws(HarnessError) {
        self.text = text
        let condition = text.filter { !$0.isWhitespace }
        if comparing, condition == "slower" || condition == "different" {
            test = condition == "slower" ? .slower(nil) : .different
            return
        }
        if comparing, condition.hasSuffix("-slower") {
            let name = String(condition.dropLast("-slower".count))
            guard Self.testedNames.contains(name) else {
                throw .invalidOption(
                    "--fail-if '\(text)': a comparison tests \(Self.testedNames.joined(separator: ", ")), not '\(name)'"
                )
            }
            test = .slower(name)
            return
        }
        guard let opIndex = condition.firstIndex(where: { "<>".contains($0) }) else {
            throw .invalidOption(
                "--fail-if '\(text)': expected FIGURE>VALUE (p99>18ms, hitch-ratio>5, janks>0)\(comparing ? ", FIGURE-delta>VALUE (p99-delta>1ms) or slower" : "")"
            )
        }
        var name = String(condition[..<opIndex])
        var rest = condition[opIndex...]
        let op: Operator =
            rest.hasPrefix(">=")
            ? .greaterOrEqual
            : rest.hasPrefix("<=")
                ? .lessOrEqual
                : rest.hasPrefix(">") ? .greater : .less
        rest = rest.dropFirst(op.rawValue.count)
        let isDelta = comparing && name.hasSuffix("-delta")
        if isDelta { name = String(name.dropLast("-delta".count)) }
        if comparing && !isDelta {
            throw .invalidOption(
                "--fail-if '\(text)': a comparison's conditions are on differences (\(name)-delta\(op.rawValue)…), slower or different"
            )
        }
        guard let unit = Self.units[name] else {
            throw .invalidOption(
                "--fail-if '\(text)': no figure '\(name)'; the figures are \(Self.figureNames.joined(separator: ", "))")
        }
        let number = rest.prefix { "0123456789.+-eE".contains($0) }
        let given = String(rest.dropFirst(number.count))
        guard let threshold = Double(number), threshold.isFinite else {
            throw .invalidOption("--fail-if '\(text)': '\(rest)' is not a number\(unit.isEmpty ? "" : " of \(unit)")")
        }
        guard given.isEmpty || given == unit else {
            throw .invalidOption(
                "--fail-if '\(text)': \(name) is \(unit.isEmpty ? "a count, with no unit" : "in \(unit)"), not '\(given)'"
            )
        }
        test = isDelta ? .delta(name, op, threshold) : .figure(name, op, threshold)
    }

    /// The figures a run does not measure when it is unpaced (no period, no deadline to be late for).
    public var needsPacing: Bool {
        guard case let .figure(name, _, _) = test else { return false }
        return !Self.unpacedNames.contains(name)
    }

    /// Whether the gate is on a figure only a run with display times measures (`display-hitch-ratio`,
    /// `input-to-display-p99`, …): such a gate is refused before a run that has none.
    public var needsDisplayTimes: Bool {
        guard case let .figure(name, _, _) = test else { return false }
        return Self.displayNames.contains(name)
    }

    /// Checks the gate against a run: nil when it passes, else why it failed.
    public func failure(of summary: FrameSummary) -> String? {
        guard case let .figure(name, op, threshold) = test else { return nil }
        guard let figure = summary.figures.first(where: { $0.name == name }) else {
            return needsDisplayTimes
                ? "\(text): the run had no display times (\(summary.displayUnavailable))"
                : "\(text): the run did not measure \(name) (it was unpaced)"
        }
        return Self.failure(text, name, figure.value, op, threshold, figure.unit)
    }

    /// Checks the gate against a comparison: nil when it passes, else why it failed.
    public func failure(of comparison: FrameComparison) -> String? {
        switch test {
        case .figure:
            return failure(of: comparison.newSummary)
        case let .delta(name, op, threshold):
            let base = comparison.baseSummary.figures.first { $0.name == name }
            let new = comparison.newSummary.figures.first { $0.name == name }
            guard let base, let new else { return "\(text): one of the runs did not measure \(name) (it was unpaced)" }
            return Self.failure(text, name + "-delta", new.value - base.value, op, threshold, base.unit)
        case let .slower(name):
            let slower = comparison.tested.filter { $0.verdict == .slower && (name == nil || $0.name == name) }
            guard !slower.isEmpty else { return nil }
            return "\(text): "
                + slower.map { "\($0.name) is slower by \(FrameComparison.signed($0.difference)) \($0.unit)" }
                .joined(separator: ", ")
        case .different:
            let changed = comparison.tested.filter { $0.verdict != .noDifference }
            guard !changed.isEmpty else { return nil }
            return "\(text): "
                + changed.map {
                    "\($0.name) is \($0.verdict.rawValue) by \(FrameComparison.signed($0.difference)) \($0.unit)"
                }
                .joined(separator: ", ")
        }
    }

    private static func failure(
        _ text: String, _ name: String, _ value: Double, _ op: Operator, _ threshold: Double, _ unit: String
    ) -> String? {
        guard op.holds(value, threshold) else { return nil }
        let by = abs(value - threshold)
        let unitText = unit.isEmpty ? "" : " " + unit
        return String(
            format: "%@: %@ is %.3f%@, %.3f%@ %@ %g%@", text, name, value, unitText, by, unitText,
            op == .greater || op == .greaterOrEqual ? "over" : "under", threshold, unitText)
    }
}
