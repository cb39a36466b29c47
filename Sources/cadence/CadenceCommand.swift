import ArgumentParser
import Foundation
import Harness
import HarnessSDL

/// `cadence`: run a harness scene in a window, or headless.
@main
struct CadenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cadence",
        abstract: "See, drive and profile Cadence animations in a window.",
        discussion: """
        Scenes:
        \(SceneCatalog.entries.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))

        Keys: Space pause, . step a frame, [ ] slower/faster, Esc quit.
        Exit codes: 0 done, 1 SDL failed, 2 bad usage (unknown scene, bad value, unwritable path, no display).
        """)

    @Argument(help: "The scene to run (\(SceneCatalog.names.joined(separator: ", "))).")
    var scene: String = SceneCatalog.defaultName

    @Option(help: "Stop after this many frames.")
    var frames: Int?

    @Flag(help: "No window: SDL's dummy video driver and the software renderer.")
    var headless = false

    @Option(help: ArgumentHelp("Write the last frame as a PNG.", valueName: "path"))
    var screenshot: String?

    @Option(help: ArgumentHelp("Write the frame-timing summary to a file.", valueName: "path"))
    var summary: String?

    @Option(help: "Target frames per second (default: the display's refresh rate, else 60).")
    var fps: Double?

    @Option(name: .customLong("fixed-dt"), help: ArgumentHelp("Advance every frame by exactly this many seconds.", valueName: "seconds"))
    var fixedDelta: Double?

    @Flag(help: "Run frames back to back without pacing.")
    var unpaced = false

    var runConfiguration: RunConfiguration {
        RunConfiguration(scene: scene, frames: frames, headless: headless, screenshotPath: screenshot,
                         summaryPath: summary, fps: fps, fixedDelta: fixedDelta, unpaced: unpaced)
    }

    func validate() throws {
        do {
            try runConfiguration.validate()
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        do {
            let report = try HarnessRun.run(runConfiguration) { FileHandle.standardError.write(Data("cadence: \($0)\n".utf8)) }
            print(report.text)
            if let screenshot { print("screenshot: \(screenshot)") }
            if let summary { print("summary: \(summary)") }
        } catch {
            FileHandle.standardError.write(Data("cadence: \(error.description)\n".utf8))
            switch error {
            case .platform, .fontNotFound: throw ExitCode(1)
            default: throw ExitCode(2)
            }
        }
    }

    /// Usage errors exit with 2 (the shell convention the README documents), not ArgumentParser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            if exitCode(for: error) == .success { self.exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}
