import Foundation
import Testing
@testable import Harness

/// Synthetic runs: intervals around 16.667 ms and busy times around 4 ms with normal noise, a hitch now
/// and then, drawn from `seed`.
private func run(
    _ seed: UInt64, frames: Int = 300, intervalShift: Double = 0, busyShift: Double = 0, scene: String = "stress",
    periodMs: Double = 1000.0 / 60
) -> FrameProfile {
    var random = SplitMix64(seed: seed)
    func normal() -> Double {
        let (u, v) = (max(random.unit(), 1e-12), random.unit())
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
    var samples: [FrameSample] = []
    var start: UInt64 = 1_000_000_000
    for index in 0..<frames {
        var ms = periodMs + intervalShift + 0.3 * normal()
        if random.unit() < 0.01 { ms += periodMs }  // a dropped frame
        let interval = index == 0 ? 0 : UInt64(max(ms, 1) * 1e6)
        start += interval
        var phases = FramePhases()
        phases.update = UInt64(max(0.5, 4 + busyShift + 0.8 * normal()) * 1e6)
        samples.append(FrameSample(index: index, start: start, interval: interval, phases: phases))
    }
    let header = ProfileHeader(
        scene: scene, targetPeriod: UInt64((periodMs * 1e6).rounded()), driver: "dummy", renderer: "software",
        objectCount: 10_000)
    return FrameProfile(path: "seed-\(seed).csv", header: header, samples: samples)
}

@Suite struct FrameComparisonTests {
    @Test func aKnownShiftIsDetectedWithItsSizeInsideTheInterval() throws {
        let comparison = try FrameComparison(base: run(1), new: run(2, intervalShift: 1, busyShift: 1.5))
        let p50 = try #require(comparison.tested.first { $0.name == "p50" })
        #expect(p50.verdict == .slower && p50.low < 1 && 1 < p50.high, "\(comparison.verdictLines)")
        let busy = try #require(comparison.tested.first { $0.name == "busy" })
        #expect(busy.verdict == .slower && busy.low < 1.5 && 1.5 < busy.high, "\(comparison.verdictLines)")
        #expect(comparison.verdict == .slower)
        #expect(comparison.text.contains("verdict: slower"))
        #expect(comparison.verdictLines[0].hasPrefix("p50: slower: +"), "\(comparison.verdictLines[0])")

        let faster = try FrameComparison(base: run(3, busyShift: 1.5), new: run(4))
        #expect(faster.verdict == .faster, "\(faster.verdictLines)")
    }

    @Test func twoRunsOfOneDistributionShowNoDifferenceInAtLeast95PercentOfSeeds() throws {
        var different = 0
        let seeds = 100
        for seed in 0..<UInt64(seeds) {
            let comparison = try FrameComparison(
                base: run(1000 + seed), new: run(5000 + seed), resamples: 500, seed: seed)
            if comparison.verdict != .noDifference { different += 1 }
        }
        #expect(different <= seeds / 20, "\(different) of \(seeds) pairs called different")
    }

    @Test func runsThatAreNotAlikeAreRefusedSayingWhy() throws {
        func refusal(_ a: FrameProfile, _ b: FrameProfile) -> String {
            do {
                _ = try FrameComparison(base: a, new: b, resamples: 100)
                return ""
            } catch {
                return error.description
            }
        }
        #expect(refusal(run(1), run(2, scene: "retarget")).contains("different scenes ('stress' and 'retarget')"))
        #expect(refusal(run(1), run(2, periodMs: 1000.0 / 120)).contains("60.00 fps and 120.00 fps"))
        var headerless = run(2)
        headerless.header = nil
        #expect(refusal(run(1), headerless).contains("--allow-mismatch"))
        #expect(refusal(run(1), run(2, frames: 10)).contains("steady frames: at least 100"))
        _ = try FrameComparison(base: run(1), new: run(2, scene: "retarget"), allowMismatch: true, resamples: 100)
    }

    @Test func theSameInputGivesTheSameIntervals() throws {
        let (a, b) = (run(7), run(8, busyShift: 0.2))
        let first = try FrameComparison(base: a, new: b, resamples: 300)
        let again = try FrameComparison(base: a, new: b, resamples: 300)
        #expect(first.text == again.text)
    }

    @Test func aProfileReadBackGivesTheRunsOwnSummary() throws {
        let folder = NSTemporaryDirectory() + "cadence-profile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = run(11)
        let stats = FrameStats(targetPeriod: original.targetPeriod)
        let writer = try CSVProfileWriter(path: folder + "/p.csv", about: original.header!)
        for sample in original.samples {
            stats.record(sample)
            writer.record(sample)
        }
        // What the run records event by event, which the CSV cannot hold.
        for event in 1...50 {
            stats.recordInputLatency(UInt64(event) * 100_000)
            stats.recordInputPhases(waiting: UInt64(event) * 50_000, frame: 2_000_000)
        }
        try writer.finish()
        let read = try FrameProfile.load(folder + "/p.csv")
        #expect(read.header == original.header)
        #expect(read.samples.count == original.samples.count)
        let (a, b) = (stats.summary().figures, read.summary().figures)
        #expect(a.map(\.name) == b.map(\.name))
        for (x, y) in zip(a, b) where !FrameSummary.perEventFigures.contains(x.name) {
            #expect(abs(x.value - y.value) < 0.001, "\(x.name): \(x.value) against \(y.value)")
        }
        #expect(zip(a, b).contains { $0.name == "input-p50" && $0.value > 0 && $1.value == 0 })
        // So the comparison's table leaves them out, and says where they are.
        let text = try FrameComparison(base: read, new: read, resamples: 100).text
        #expect(!text.contains("input-p50") && !text.contains("input-events"))
        #expect(text.contains("input latencies by event and pointer error are in each run's --summary"))

        let columns = CSVProfileWriter.header.split(separator: ",").count
        for (text, line, reason) in [
            ("", 1, "column line"), ("frame,start_ms\n0,1\n", 1, "no 'interval_ms' column"),
            (CSVProfileWriter.header + "\n1,2,3\n", 2, "3 fields"),
            (CSVProfileWriter.header + "\n" + String(repeating: "x,", count: columns - 1) + "x\n", 2, "not a number"),
            (
                CSVProfileWriter.header + "\n1,2,3,0,0,0,0,0,0,0,0,0,1,0,0,,0,0,0,shown"
                    + String(repeating: ",", count: columns - 20) + "\n", 2,
                "'display' is not"
            ),
        ] {
            try text.write(toFile: folder + "/bad.csv", atomically: true, encoding: .utf8)
            do {
                _ = try FrameProfile.load(folder + "/bad.csv")
                Issue.record("\(text) was read")
            } catch {
                #expect(error.description.hasPrefix("\(folder)/bad.csv:\(line): "), "\(error.description)")
                #expect(error.description.contains(reason), "\(error.description)")
            }
        }
    }
}

@Suite struct FrameProfileDisplayTests {
    @Test func aProfileReadBackJudgesEachFrameByItsOwnPeriod() throws {
        let folder = NSTemporaryDirectory() + "cadence-period-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A run that follows the display's measured rate: its first steady frames held to the display's refresh,
        // the rest to a longer period (a compositor repainting slower than its refresh). One frame is shown more
        // than 1.5 refreshes after the one before but within 1.5 of the longer period, so no display hitch, as
        // the run itself says; the profile read back must not judge it by the first period, which the CSV's run
        // columns carry.
        let about = ProfileHeader(
            scene: "retarget", targetPeriod: 16_666_667, driver: "wayland", renderer: "opengl", objectCount: 1)
        let stats = FrameStats(targetPeriod: about.targetPeriod)
        let writer = try CSVProfileWriter(path: folder + "/p.csv", about: about)
        var (start, shown): (UInt64, UInt64) = (1_000_000_000, 1_030_000_000)
        for index in 0..<200 {
            let period: UInt64 = index < 50 ? 16_666_667 : 21_600_000
            var phases = FramePhases()
            phases.update = 2_000_000
            var sample = FrameSample(
                index: index, start: start, interval: index == 0 ? 0 : period, phases: phases, period: period)
            shown += index == 120 ? 30_000_000 : period
            sample.display = .presented(at: shown, refresh: 16_666_667)
            stats.record(sample)
            writer.record(sample)
            start += period
        }
        try writer.finish()
        let read = try FrameProfile.load(folder + "/p.csv")
        #expect(read.samples[150].period == 21_600_000)
        let live = try #require(stats.summary().display)
        let back = try #require(read.summary().display)
        #expect(live.hitches == 0 && back.hitches == 0, "live \(live.hitches), read back \(back.hitches)")
        let comparison = try FrameComparison(base: read, new: read, allowMismatch: true, resamples: 100)
        #expect(comparison.tested.first { $0.name == "display-hitch-ratio" }?.new == 0)
    }
}

@Suite struct FrameGateTests {
    @Test func conditionsParseAndMalformedOnesSayWhatIsAllowed() throws {
        #expect(try FrameGate(parsing: "p99>18ms", comparing: false).test == .figure("p99", .greater, 18))
        #expect(
            try FrameGate(parsing: "hitch-ratio >= 5", comparing: false).test
                == .figure("hitch-ratio", .greaterOrEqual, 5))
        #expect(try FrameGate(parsing: "janks>0", comparing: false).test == .figure("janks", .greater, 0))
        #expect(try FrameGate(parsing: "low-1<55fps", comparing: false).test == .figure("low-1", .less, 55))
        #expect(try FrameGate(parsing: "p99-delta>1ms", comparing: true).test == .delta("p99", .greater, 1))
        #expect(try FrameGate(parsing: "slower", comparing: true).test == .slower(nil))
        #expect(try FrameGate(parsing: "busy-slower", comparing: true).test == .slower("busy"))
        for (text, comparing, says) in [
            ("p99", false, "expected FIGURE>VALUE"), ("p98>1ms", false, "no figure 'p98'"),
            ("p99>fast", false, "not a number"), ("p99>18fps", false, "in ms, not 'fps'"),
            ("janks>0ms", false, "a count"), ("slower", false, "expected FIGURE>VALUE"),
            ("p99>1ms", true, "differences"), ("frames-slower", true, "a comparison tests"),
            ("p99>nan", false, "not a number"),
        ] {
            do {
                _ = try FrameGate(parsing: text, comparing: comparing)
                Issue.record("'\(text)' was accepted")
            } catch {
                #expect(error.description.contains(says), "\(text): \(error.description)")
            }
        }
    }

    @Test func aGateFailsWhenItsConditionHoldsAndSaysByHowMuch() throws {
        let stats = FrameStats(targetPeriod: 10_000_000)
        for index in 0...100 {
            stats.record(
                FrameSample(
                    index: index, start: 0, interval: index == 50 ? 25_000_000 : 10_000_000, phases: FramePhases()))
        }
        let summary = stats.summary()
        let failing = try FrameGate(parsing: "hitches>0", comparing: false).failure(of: summary)
        #expect(failing == "hitches>0: hitches is 1.000, 1.000 over 0", "\(failing ?? "passed")")
        #expect(try FrameGate(parsing: "p50>10.5ms", comparing: false).failure(of: summary) == nil)
        let over = try FrameGate(parsing: "p50>=10ms", comparing: false).failure(of: summary)
        #expect(over?.contains("p50 is 10.00") == true, "\(over ?? "passed")")

        let comparison = try FrameComparison(base: run(1), new: run(2, busyShift: 2), resamples: 300)
        #expect(
            try FrameGate(parsing: "slower", comparing: true).failure(of: comparison)?.contains("busy is slower by +")
                == true)
        #expect(try FrameGate(parsing: "p50-slower", comparing: true).failure(of: comparison) == nil)
        let delta = try FrameGate(parsing: "busy-delta>1ms", comparing: true).failure(of: comparison)
        #expect(
            delta?.contains("busy-delta is") == true && delta?.contains("over 1 ms") == true, "\(delta ?? "passed")")
        #expect(try FrameGate(parsing: "busy-delta>3ms", comparing: true).failure(of: comparison) == nil)
    }
}
