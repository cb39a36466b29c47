import ArgumentParser
import Foundation
import Testing
@testable import CadenceCLI
@testable import Harness

@Suite struct HelpTests {
    /// `--help` fits a screen: the usage, the scenes, the options and the keys, a line each, at 80 columns; what
    /// the summary's figures mean is one option away and named there.
    @Test func helpFitsAScreenAndNamesWhereTheDefinitionsAre() {
        let help = CadenceCommand.helpMessage(columns: 80)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 60, "\(lines.count) lines:\n\(help)")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(help.contains("--help-summary"))
        for name in SceneCatalog.builtIn.names {
            #expect(lines.filter { $0.hasPrefix("  \(name) ") }.count == 1, "\(name) has one line")
        }
    }

    /// `--help-summary` prints every definition, whole, at 78 columns, and needs no other option to be valid.
    @Test func helpSummaryPrintsEveryDefinitionWrapped() throws {
        let text = CadenceCommand.summaryHelp
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 78 })
        let words = { (s: String) in s.split(whereSeparator: \.isWhitespace) }
        #expect(words(text) == FrameSummary.definitions.flatMap { words($0) })
        for figure in ["hitch ratio", "frame overrun", "input-to-display", "1% low", "stalls", "warm-up"] {
            #expect(text.contains(figure), "\(figure)")
        }
        let command = try CadenceCommand.parseAsRoot(["--help-summary", "--fps", "0"])
        #expect((command as? CadenceCommand)?.helpSummary == true)
    }
}
