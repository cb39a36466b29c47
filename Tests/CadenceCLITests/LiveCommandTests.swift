import ArgumentParser
import Foundation
import Harness
import Testing

@testable import CadenceCLI

/// `--live` on the command line: what it refuses before anything starts, and what its builds are given.
@Suite struct LiveCommandTests {
    @Test func eachBuildGetsTheSessionsCommandLineWithoutLive() {
        #expect(
            CadenceCommand.removingLive(["inspector", "--live", "--fixed-dt", "0.01", "--", "--live"])
                == ["inspector", "--fixed-dt", "0.01", "--", "--live"])
    }

    @Test(arguments: [
        ["--profile", "a.csv"], ["--trace", "t.json"], ["--plot", "p.png"], ["--summary", "s.txt"],
        ["--clip", "c.gif"], ["--replay", "r.jsonl"], ["--fail-if", "janks>0"],
    ])
    func outputsOfAWholeRunAreRefusedWithLive(_ option: [String]) throws {
        // Parsing validates.
        do {
            _ = try CadenceCommand.parseAsRoot(["--live", "--headless"] + option)
            Issue.record("--live \(option) was accepted")
        } catch {
            let message = CadenceCommand.fullMessage(for: error)
            #expect(message.contains("--live and \(option[0])"), "\(message)")
        }
        if option[0] != "--replay" { _ = try CadenceCommand.parseAsRoot(["--headless"] + option) }
    }

    @Test func aRecordingAScreenshotAndFramesAreKeptWithLive() throws {
        let command = try #require(
            try CadenceCommand.parseAsRoot(
                ["--live", "--headless", "--record", "/tmp/r.jsonl", "--screenshot", "/tmp/s.png", "--frames", "9"])
                as? CadenceCommand)
        try command.validate()
        #expect(try command.runConfiguration.live == LiveRun(directory: "", build: 0))
        let child = try #require(
            try CadenceCommand.parseAsRoot(["--headless", "--live-child", "/tmp/x", "--live-build", "4"])
                as? CadenceCommand)
        #expect(try child.runConfiguration.live == LiveRun(directory: "/tmp/x", build: 4))
    }

    @Test func aProgramOutsideASwiftPMBuildFolderIsRefusedWithAHint() throws {
        #expect(throws: HarnessError.self) {
            try LiveSupervisor.Package.locate(executable: "/usr/bin/true", currentDirectory: "/tmp")
        }
        let root = NSTemporaryDirectory() + "cadence-live-package-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bin = root + "/.build/x86_64-unknown-linux-gnu/debug"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/.build/debug.yaml", contents: Data()))
        #expect(FileManager.default.createFile(atPath: root + "/Package.swift", contents: Data()))
        let package = try LiveSupervisor.Package.locate(executable: bin + "/my-tool", currentDirectory: "/")
        #expect(
            package
                == LiveSupervisor.Package(
                    directory: root, scratch: root + "/.build", configuration: "debug", product: "my-tool"))
        #expect(package.builtExecutable == root + "/.build/debug/my-tool")
    }

    @Test func aSilentBuildIsReportedWithTheLastLineItPrinted() {
        let output = Data("Building for debugging...\n[3/7] Compiling YourAnimation Scene.swift\n  \n".utf8)
        #expect(
            LiveSupervisor.silenceNotice(output)
                == "the build has printed nothing for 20 s; its last line: [3/7] Compiling YourAnimation Scene.swift")
        #expect(LiveSupervisor.silenceNotice(Data()).hasSuffix("its last line: (none)"))
    }

    @Test func onlySwiftFilesOutsideHiddenFoldersAreWatched() {
        #expect(SourceWatcher.matters(file: "Anticipate.swift"))
        #expect(!SourceWatcher.matters(file: ".Anticipate.swift.swp"))
        #expect(!SourceWatcher.matters(file: "Anticipate.swift~"))
        #expect(!SourceWatcher.matters(file: "4913"))
        #expect(SourceWatcher.skips(directory: ".build") && SourceWatcher.skips(directory: ".git"))
        #expect(!SourceWatcher.skips(directory: "Sources"))
    }

    @Test func aWatchSeesARenamedSaveAndNewFoldersButNotFilesOutside() throws {
        let root = NSTemporaryDirectory() + "cadence-live-watch-\(UUID().uuidString)"
        let outside = root + "-outside"
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: outside)
        }
        try FileManager.default.createDirectory(atPath: root + "/Sources/A", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/.build", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let watcher = try SourceWatcher(root: root)
        #expect(watcher.changes().isEmpty)
        // An editor's save: a temporary file renamed over the source.
        try Data("let a = 1".utf8).write(to: URL(fileURLWithPath: root + "/Sources/A/a.swift.tmp"))
        try FileManager.default.moveItem(atPath: root + "/Sources/A/a.swift.tmp", toPath: root + "/Sources/A/a.swift")
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/.build/b.swift"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: outside + "/c.swift"))
        #expect(Set(watcher.changes()) == [root + "/Sources/A/a.swift"])
        try FileManager.default.createDirectory(atPath: root + "/Sources/B", withIntermediateDirectories: true)
        #expect(watcher.changes() == [root + "/Sources/B"])
        try Data("let b = 2".utf8).write(to: URL(fileURLWithPath: root + "/Sources/B/b.swift"))
        #expect(watcher.changes().contains(root + "/Sources/B/b.swift"), "a new folder is watched")
    }
}
