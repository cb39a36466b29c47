import Foundation
import Testing
@testable import Harness
@testable import HarnessSDL

extension CommandRunTests {
    @Test func aRunGateFailsWithExit3AndAMalformedOneWith2BeforeTheRun() async throws {
        let short = ["hello", "--headless", "--frames", "30", "--fps", "240"]
        let failing = try await runCadence(short + ["--fail-if", "p50>=0ms", "--fail-if", "stalls>5"])
        #expect(failing.status == 3, "\(failing.output)")
        #expect(failing.output.contains("gate failed: p50>=0ms: p50 is "), "\(failing.output)")
        #expect(!failing.output.contains("gate failed: stalls>5"), "only the gates that fail are reported")
        #expect(failing.output.contains("frames: 30"), "the run ran and reported first")

        let passing = try await runCadence(short + ["--fail-if", "stalls>5"])
        #expect(passing.status == 0 && passing.output.contains("gates passed: stalls>5"), "\(passing.output)")

        for condition in ["p99>>1", "p99>18fps", "latency>1ms", "slower"] {
            let malformed = try await runCadence(short + ["--fail-if", condition])
            #expect(malformed.status == 2, "\(condition): \(malformed.output)")
            #expect(!malformed.output.contains("frames:"), "\(condition) is refused before the run")
        }
        let unpaced = try await runCadence([
            "hello", "--headless", "--unpaced", "--frames", "5", "--fail-if", "hitch-ratio>5",
        ])
        #expect(unpaced.status == 2 && unpaced.output.contains("no deadline"), "\(unpaced.output)")
    }

    @Test func compareFindsAHeavierRunSlowerAndGatesOnIt() async throws {
        let scratch = try ScratchFolder()
        let (light, heavy) = (scratch.path + "/light.csv", scratch.path + "/heavy.csv")
        // A thousand times the objects: the difference must stand out of a loaded machine's noise in the release
        // build that `make test` runs, stalls of a frame or two in the light run included (with 200 times, one
        // such stall widened busy's interval past 0).
        for (count, path) in [("200", light), ("200000", heavy)] {
            let run = try await runCadence([
                "stress", "--headless", "--fps", "120", "--frames", "150", "--count", count, "--profile", path,
            ])
            #expect(run.status == 0, "\(run.output)")
        }
        let slower = try await runCadence(
            ["compare", light, heavy, "--plot", scratch.path + "/compare.png", "--fail-if", "slower"])
        #expect(slower.status == 3, "\(slower.output)")
        #expect(slower.output.contains("busy: slower: +"), "\(slower.output)")
        // Busy time is slower by construction; on a loaded machine other figures may move too (either way).
        #expect(slower.output.contains("verdict: slower") || slower.output.contains("verdict: mixed"))
        #expect(
            slower.output.contains("gate failed: slower: ") && slower.output.contains("busy is slower by +"),
            "\(slower.output)")
        let picture = try decodePNG(scratch.path + "/compare.png")
        #expect(picture.width == FramePlot.size.width && picture.distinctColorCount > 10)

        let same = try await runCadence([
            "compare", light, light, "--fail-if", "slower", "--fail-if", "busy-delta>0.1ms",
        ])
        #expect(same.status == 0 && same.output.contains("verdict: no difference detected"), "\(same.output)")

        let delta = try await runCadence(["compare", light, heavy, "--fail-if", "busy-delta>1000ms"])
        #expect(delta.status == 0, "a gate that does not hold passes: \(delta.output)")

        let other = scratch.path + "/hello.csv"
        _ = try await runCadence(["hello", "--headless", "--fps", "120", "--frames", "150", "--profile", other])
        let mismatch = try await runCadence(["compare", light, other])
        #expect(mismatch.status == 2 && mismatch.output.contains("different scenes"), "\(mismatch.output)")
        #expect(try await runCadence(["compare", light, other, "--allow-mismatch"]).status == 0)

        let missing = try await runCadence(["compare", light, scratch.path + "/nope.csv"])
        #expect(missing.status == 2 && missing.output.contains("cannot read the file"), "\(missing.output)")
        let malformed = try await runCadence(["compare", light, heavy, "--fail-if", "p99>1ms"])
        #expect(malformed.status == 2 && malformed.output.contains("differences"), "\(malformed.output)")
    }
}
