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
}
