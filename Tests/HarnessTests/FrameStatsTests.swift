import Testing
@testable import Harness

@Suite struct FrameStatsTests {
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
        #expect(summary.text.contains("missed deadlines: 3"))
    }
}
