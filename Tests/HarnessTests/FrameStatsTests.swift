import Foundation
import Histogram
import Testing

@testable import Harness

@Suite struct FrameStatsTests {
    /// The one-walk percentiles are HdrHistogram's own, at every percentile a summary asks for and at the
    /// edges, in any order, over values spread across many buckets (and over an empty histogram).
    @Test func percentilesFromOneWalkAreTheLibrarysOwn() {
        var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        #expect(histogram.values(atPercentiles: [50, 99]) == [0, 0])
        var seed: UInt64 = 0x2026
        for _ in 0..<5_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // 1 µs to about 1 s, log-spread: frames, hitches and stalls.
            let value = UInt64(1_000 * pow(2.0, Double(seed >> 11) / Double(1 << 53) * 20))
            histogram.record(value)
        }
        let percentiles = [99.9, 50, 0, 90, 95, 99, 100, 0.01, 33.3, 99.99, 50]
        #expect(histogram.values(atPercentiles: percentiles) == percentiles.map { histogram.valueAtPercentile($0) })
    }

    @Test func percentilesAndMissedDeadlinesComeFromTheRecordedIntervals() {
        let stats = FrameStats(targetPeriod: 10_000_000, historyLength: 50)
        var phases = FramePhases()
        phases.update = 1_000_000
        // 97 frames on time, two 11 ms frames (missed by 10 %), one 25 ms frame (a jank).
        let intervals: [UInt64] = [0] + Array(repeating: 10_000_000, count: 96) + [11_000_000, 11_000_000, 25_000_000]
        for (index, interval) in intervals.enumerated() {
            stats.record(FrameSample(index: index, start: 0, interval: interval, phases: phases))
        }
        let summary = stats.summary()
        #expect(summary.frames == 100)
        // HdrHistogram keeps 3 significant digits: values are equivalent within 0.1 %.
        #expect(abs(summary.intervalP50 - 10) < 0.01)
        #expect(abs(summary.intervalMax - 25) < 0.03)
        #expect(abs(summary.deviationMax - 15) < 0.02)
        #expect(summary.missedDeadlines == 3)
        #expect(summary.janks == 1)
        #expect(abs(summary.meanPhaseMs["update"]! - 1) < 1e-9)
        #expect(stats.recent.count == 50)
        #expect(stats.recent.last?.interval == 25_000_000, "the history ends with the newest frame")
        #expect(stats.recent.map(\.index) == Array(50..<100), "the last 50 frames, oldest first")
        var positions: [Int] = []
        stats.forEachRecent { position, _ in positions.append(position) }
        #expect(positions == Array(0..<50))
        #expect(summary.text.contains("missed deadlines: 3"))
    }

    /// 1,000 steady frames at 60 Hz (period 16,666,667 ns) with known hitches, a stall and known busy times,
    /// after the two warm-up frames (the second one's interval holds a slow first present).
    @Test func hitchesStallsOverrunAndLowsOfAKnownSequence() {
        let period: UInt64 = 16_666_667
        let stats = FrameStats(targetPeriod: period)
        var intervals = [UInt64](repeating: period, count: 1002)
        intervals[0] = 0
        intervals[1] = 53_000_000  // the first present: warm-up, in no figure below
        intervals[101] = 25_000_001  // 1.5 periods and a hair: a hitch, late by interval − period
        intervals[201] = 33_333_334  // two periods: a hitch, one period late
        intervals[301] = 50_000_000  // three periods: a hitch, two periods late
        intervals[401] = 25_000_000  // under 1.5 periods (25,000,000.5): on time
        intervals[501] = 150_000_000  // a stall, not a hitch
        var busy = [UInt64](repeating: 4_000_000, count: 1002)
        busy[1] = 40_000_000
        for index in 1...10 { busy[index * 97 + 1] = 20_000_000 }  // 1 % of the frames overrun: busy > period
        for (index, interval) in intervals.enumerated() {
            var phases = FramePhases()
            phases.draw = busy[index]
            stats.record(FrameSample(index: index, start: 0, interval: interval, phases: phases))
        }
        let summary = stats.summary()
        #expect(summary.steadyFrames == 1000)
        #expect(summary.hitches == 3, "the frame a hair under 1.5 periods is not one, the stall is apart")
        let late = Double(25_000_001 - period + 33_333_334 - period + 50_000_000 - period) / 1e6
        #expect(abs(summary.hitchTotalMs - late) < 1e-9)
        let seconds = Double(intervals.dropFirst(2).reduce(0, +)) / 1e9
        #expect(abs(summary.hitchRatio - late / seconds) < 1e-9, "exact: sums, not a histogram")
        #expect(summary.stalls == 1 && summary.stallMaxMs == 150 && summary.stallTotalMs == 150)
        // Percentiles come from HdrHistogram: within 0.1 % of the exact value.
        #expect(abs(summary.overrunP50 - (4 - 16.666667)) < 0.005)
        #expect(abs(summary.overrunP90 - (4 - 16.666667)) < 0.005)
        #expect(abs(summary.overrunP99 - (4 - 16.666667)) < 0.005, "ten overruns are exactly the top 1 %")
        #expect(abs(summary.overrunP95 - (4 - 16.666667)) < 0.005)
        // p99 of the intervals is a 60 Hz frame (the six long frames are under 1 %); p99.9 is the 50 ms hitch.
        #expect(abs(summary.low1Fps - 60) < 0.06)
        #expect(abs(summary.low01Fps - 20) < 0.02)
        #expect(summary.text.contains("hitches: 3  late ms: \((late * 1000).rounded() / 1000)"))
        #expect(summary.text.contains("stalls: 1  total ms: 150.0  longest ms: 150.0"))

        // The same frames unpaced: no hitches, no overrun, the stall still a stall.
        let unpaced = FrameStats(targetPeriod: 0)
        for (index, interval) in intervals.enumerated() {
            unpaced.record(FrameSample(index: index, start: 0, interval: interval, phases: FramePhases()))
        }
        #expect(unpaced.summary().hitches == 0 && unpaced.summary().stalls == 1)
        #expect(summary.warmUpFrames == 2 && summary.warmUpIntervalMaxMs == 53, "the start-up is warm-up")
        #expect(!unpaced.summary().text.contains("hitches"), "an unpaced run has no deadline to be late for")
    }

    @Test func theOverrunPercentilesReachTheSlowFrames() {
        let stats = FrameStats(targetPeriod: 10_000_000)
        for index in 0...101 {  // two warm-up frames, then 100 steady ones
            var phases = FramePhases()
            phases.render = index > 96 ? 14_000_000 : 2_000_000  // the five slowest overrun the 10 ms period
            stats.record(FrameSample(index: index, start: 0, interval: 10_000_000, phases: phases))
        }
        let summary = stats.summary()
        #expect(abs(summary.overrunP50 + 8) < 0.005 && abs(summary.overrunP90 + 8) < 0.005)
        #expect(abs(summary.overrunP99 - 4) < 0.02, "\(summary.overrunP99)")
        #expect(abs(summary.overrunP95 + 8) < 0.005, "95 of 100 frames finish 8 ms early")
    }

    @Test func theOverrunCountsOnlyFramesThatHadAPeriod() {
        // Unpaced frames busy for three periods, then frames that carry a period and finish early.
        let stats = FrameStats(targetPeriod: 0)
        for index in 0..<20 {
            var phases = FramePhases()
            phases.update = index < 10 ? 30_000_000 : 2_000_000
            stats.record(
                FrameSample(
                    index: index, start: 0, interval: 10_000_000, phases: phases,
                    period: index < 10 ? nil : 10_000_000))
        }
        #expect(stats.busy.totalCount == 10, "the unpaced frames had no period to overrun")
        #expect(abs(stats.summary().overrunP99 + 8) < 0.005, "\(stats.summary().overrunP99)")
    }
}
