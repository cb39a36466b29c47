import Foundation
import Testing
@testable import Harness

@Suite struct RunConfigurationTests {
    @Test func theDefaultsAreValid() throws {
        try RunConfiguration().validate()
    }

    @Test func badValuesAreRejectedWithAClearMessage() {
        let cases: [(RunConfiguration, String)] = [
            (RunConfiguration(scene: "nope"), "unknown scene 'nope'"),
            (RunConfiguration(fps: 0), "--fps"),
            (RunConfiguration(fps: -1), "--fps"),
            (RunConfiguration(fps: .nan), "--fps"),
            (RunConfiguration(frames: -3), "--frames"),
            (RunConfiguration(fixedDelta: 0), "--fixed-dt"),
            (RunConfiguration(fixedDelta: .nan), "--fixed-dt"),
            (RunConfiguration(width: 10), "--width"),
            (RunConfiguration(screenshotPath: "/no/such/folder/shot.png"), "does not exist"),
            (RunConfiguration(summaryPath: NSTemporaryDirectory()), "is a directory"),
        ]
        for (configuration, expected) in cases {
            #expect(throws: HarnessError.self) { try configuration.validate() }
            do {
                try configuration.validate()
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
            }
        }
    }

    @Test func checkingAnOutputPathLeavesNothingBehind() throws {
        let folder = NSTemporaryDirectory() + "cadence-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try OutputFile.checkWritable(folder + "/shot.png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func atomicWritesReplaceTheFileWhole() throws {
        let path = NSTemporaryDirectory() + "cadence-\(UUID().uuidString).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try OutputFile.write(Data("first".utf8), to: path)
        try OutputFile.write(Data("second".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
    }

    @Test func oneFileForTwoOutputsIsRefusedBeforeTheRun() throws {
        let folder = NSTemporaryDirectory() + "cadence-same-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let x = folder + "/x"
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "x")
        let replay = folder + "/in.jsonl"
        try Data(#"{"frame":1,"event":{"type":"quit"}}"#.utf8).write(to: URL(fileURLWithPath: replay))
        func configuration(_ change: (inout RunConfiguration) -> Void) -> RunConfiguration {
            var configuration = RunConfiguration(headless: true)
            change(&configuration)
            return configuration
        }
        let cases: [(RunConfiguration, String)] = [
            (
                configuration {
                    $0.profilePath = x; $0.tracePath = x
                }, "--profile and --trace both write to"
            ),
            (
                configuration {
                    $0.screenshotPath = x; $0.profilePath = x
                }, "--screenshot and --profile both write to"
            ),
            (
                configuration {
                    $0.recordPath = x; $0.summaryPath = x
                }, "--summary and --record both write to"
            ),
            (
                configuration {
                    $0.plotPath = x; $0.screenshotPath = x
                }, "--screenshot and --plot both write to"
            ),
            (
                configuration {
                    $0.profilePath = x; $0.tracePath = folder + "/link"
                }, "--profile and --trace both write to"
            ),
            (
                configuration {
                    $0.profilePath = x; $0.tracePath = folder + "/sub/../x"
                }, "--profile and --trace both write to"
            ),
            (
                configuration {
                    $0.replayPath = replay; $0.recordPath = replay
                }, "would overwrite the --replay input"
            ),
            (
                configuration {
                    $0.screenshotEvery = ScreenshotSeries(every: 2, directory: folder);
                    $0.screenshotPath = folder + "/frame-000004.png"
                },
                "is where --screenshot-every writes"
            ),
        ]
        for (configuration, expected) in cases {
            do {
                try configuration.validate()
                Issue.record("accepted \(expected)")
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
            }
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["in.jsonl", "link", "sub"],
            "nothing written")
        try configuration {
            $0.profilePath = x; $0.tracePath = folder + "/y"; $0.replayPath = replay; $0.recordPath = folder + "/r"
        }.validate()
    }
}
