import ArgumentParser
import Foundation
import Harness
import HarnessSDL

/// `cadence compare BASE NEW`: two runs' `--profile` CSVs side by side, with a verdict on whether NEW is
/// slower, and gates for CI.
public struct CompareCommand: ParsableCommand {
    /// The command's name, help text and exit codes.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "\(CadenceCommand.commandName) compare",
            abstract: "Compare two runs' profiles (--profile CSVs): did NEW get slower than BASE?",
            discussion: """
                Every summary figure of both runs side by side with NEW - BASE. For the p50 and p99 frame \\
                interval, the mean busy time and the hitch ratio (when both runs were paced), a confidence \\
                interval of the difference from a circular block bootstrap (the steady frames resampled in \\
                blocks of sqrt(n) consecutive frames, 2,000 times), 95 % family-wise (each of k figures at \\
                1 - 0.05/k), and a verdict: slower (the whole interval above zero), faster (below), or no \\
                difference detected. Profiles of different scenes or frame rates are refused unless \\
                --allow-mismatch.

                Gates (--fail-if, repeatable): FIGURE-delta>VALUE[UNIT] on NEW - BASE (p99-delta>1ms, \\
                busy-delta>0.5ms, hitch-ratio-delta>2), slower (any tested figure slower), FIGURE-slower \\
                (p99-slower), different. The figures are the summary's: \\
                \(FrameGate.figureNames.joined(separator: ", ")).

                Exit codes: 0 compared (every gate passed), 1 the plot could not be written, 2 bad usage (an \\
                unreadable profile, a malformed condition, runs that are not alike), 3 a gate failed (each \\
                failure is printed, with by how much).
                """)
    }

    @Argument(help: ArgumentHelp("The profile of the run before the change.", valueName: "base.csv"))
    var base: String

    @Argument(help: ArgumentHelp("The profile of the run after it.", valueName: "new.csv"))
    var new: String

    @Option(
        help: ArgumentHelp(
            "Write a PNG of both runs' interval and busy-time distributions, with the verdicts.", valueName: "plot.png")
    )
    var plot: String?

    @Option(
        name: .customLong("fail-if"),
        help: ArgumentHelp("Exit 3 when this holds: p99-delta>1ms, slower, … (repeatable).", valueName: "condition"))
    var failIf: [String] = []

    @Flag(name: .customLong("allow-mismatch"), help: "Compare runs of different scenes or frame rates anyway.")
    var allowMismatch = false

    /// A command with every option at its default.
    public init() {}

    /// Checks the conditions and the plot's path before anything is read.
    public func validate() throws {
        do {
            _ = try gates()
            if let plot { try OutputFile.checkWritable(plot) }
        } catch {
            throw ValidationError(error.description)
        }
    }

    private func gates() throws(HarnessError) -> [FrameGate] {
        var gates: [FrameGate] = []
        for text in failIf { gates.append(try FrameGate(parsing: text, comparing: true)) }
        return gates
    }

    /// Reads both profiles, prints the comparison, writes the plot and checks the gates.
    public func run() throws {
        let name = CadenceCommand.commandName
        do {
            let comparison = try FrameComparison(
                base: try FrameProfile.load(base), new: try FrameProfile.load(new), allowMismatch: allowMismatch)
            print(comparison.text)
            if let plot {
                try SDLBackend.writePicture(ComparisonPlot.draw(comparison), size: FramePlot.size, to: plot)
                print("plot: \(plot)")
            }
            let failures = try gates().compactMap { $0.failure(of: comparison) }
            for failure in failures {
                FileHandle.standardError.write(Data("\(name) compare: gate failed: \(failure)\n".utf8))
            }
            if !failures.isEmpty { throw ExitCode(3) }
        } catch let error as HarnessError {
            FileHandle.standardError.write(Data("\(name) compare: \(error.description)\n".utf8))
            switch error {
            case .platform, .fontNotFound, .outputFailed: throw ExitCode(1)
            default: throw ExitCode(2)
            }
        }
    }
}
