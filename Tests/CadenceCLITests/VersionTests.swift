import ArgumentParser
import Foundation
import Testing
@testable import CadenceCLI

@Suite struct VersionTests {
    /// `--version` prints the one version kept in Version.swift, a semantic version; the changelog has its
    /// section (a bump made before a release is in the Unreleased section's place until `make release`).
    @Test func versionIsTheOneKeptInVersionSwiftAndTheChangelogKnowsIt() throws {
        #expect(CadenceCommand.configuration.version == cadenceVersion)
        let parts = cadenceVersion.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { UInt($0) != nil }, "\(cadenceVersion)")
        do {
            _ = try CadenceCommand.parseAsRoot(["--version"])
            Issue.record("--version did not end the parse")
        } catch {
            #expect(CadenceCommand.fullMessage(for: error) == cadenceVersion)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let released = try String(contentsOf: root.appendingPathComponent("Scripts/last-release"), encoding: .utf8)
        #expect(changelog.contains("\n## Unreleased\n"))
        #expect(
            changelog.contains("\n## \(cadenceVersion) - ") || !released.contains("\nversion \(cadenceVersion)\n"),
            "a released version has its section in CHANGELOG.md")
    }
}
