import Testing
@testable import Harness

@Suite struct FrameClockTests {
    @Test func measuresTheIntervalBetweenTicks() {
        let time = ManualClock()
        let clock = FrameClock(source: time)
        #expect(clock.tick() == 0, "the first tick has nothing to measure against")
        time.advance(by: 0.016)
        #expect(abs(clock.tick() - 0.016) < 1e-9)
        time.advance(by: 0.020)
        #expect(abs(clock.tick() - 0.020) < 1e-9)
        #expect(abs(clock.elapsed - 0.036) < 1e-9)
        #expect(clock.frameCount == 3)
    }

    @Test func ticksAtAGivenReadingMeasureFromItAndNeverBackwards() {
        let time = ManualClock(start: 1_000_000_000)
        let clock = FrameClock(source: time)
        clock.tick(at: 1_000_000_000)
        time.advance(by: 0.5)
        #expect(abs(clock.tick(at: 1_016_000_000) - 0.016) < 1e-12, "the reading given, not the clock's now")
        #expect(clock.tick(at: 1_010_000_000) == 0, "a reading before the last tick's measures 0")
        #expect(abs(clock.tick(at: 1_020_000_000) - 0.004) < 1e-12, "and the next measures from the later one")
        #expect(abs(clock.elapsed - 0.020) < 1e-12)
    }

    @Test func lagLongerThanTheThresholdIsReplacedByTheAdjustedStep() {
        let time = ManualClock()
        let clock = FrameClock(source: time, configuration: .init(lagThreshold: 0.5, adjustedLag: 0.033))
        clock.tick()
        time.advance(by: 2.0)
        #expect(clock.tick() == 0.033)
        #expect(abs(clock.rawDelta - 2.0) < 1e-9, "the raw interval is still reported")
        time.advance(by: 0.49)
        #expect(abs(clock.tick() - 0.49) < 1e-9, "under the threshold nothing is smoothed")
    }

    @Test func timeScaleMultipliesAndIsClampedToItsRange() {
        let time = ManualClock()
        let clock = FrameClock(source: time)
        clock.tick()
        clock.timeScale = 0.25
        time.advance(by: 0.02)
        #expect(abs(clock.tick() - 0.005) < 1e-12)
        clock.timeScale = 10
        #expect(clock.timeScale == 4)
        clock.timeScale = 0
        #expect(clock.timeScale == 0.1)
        clock.timeScale = .nan
        #expect(clock.timeScale == 1)
    }

    @Test func pausedClockReturnsZeroUntilAStepIsRequested() {
        let time = ManualClock()
        let clock = FrameClock(source: time, configuration: .init(nominalDelta: 1.0 / 60))
        clock.tick()
        clock.isPaused = true
        time.advance(by: 0.016)
        #expect(clock.tick() == 0)
        clock.step()
        time.advance(by: 0.5)
        #expect(abs(clock.tick() - 1.0 / 60) < 1e-12, "a step advances one nominal frame whatever the wall clock did")
        time.advance(by: 0.016)
        #expect(clock.tick() == 0, "a step is used once")
        clock.isPaused = false
        time.advance(by: 0.010)
        #expect(abs(clock.tick() - 0.010) < 1e-9)
    }

    @Test func fixedDeltaIgnoresTheWallClock() {
        let time = ManualClock()
        let clock = FrameClock(source: time, configuration: .init(fixedDelta: 0.01))
        #expect(clock.tick() == 0.01)
        time.advance(by: 3)
        #expect(clock.tick() == 0.01)
        clock.timeScale = 0.5
        #expect(clock.tick() == 0.005)
    }
}

@Suite struct PacerTests {
    @Test func selfPacingHitsAbsoluteDeadlines() {
        let time = ManualClock()
        let pacer = Pacer(targetRate: 50, source: time, spinMargin: 0, detectVsync: false)
        #expect(pacer.mode == .selfPaced)
        var frameStarts: [UInt64] = []
        for i in 0..<10 {
            frameStarts.append(time.now())
            time.advance(by: i % 2 == 0 ? 0.005 : 0.012)  // uneven work
            pacer.waitForNextFrame()
        }
        // The first deadline is one period after the first wait; from then on every frame starts on the grid.
        #expect(time.now() - frameStarts[1] == 9 * 20_000_000, "errors do not accumulate: nine deadlines, nine periods")
        let intervals = zip(frameStarts.dropFirst(2), frameStarts.dropFirst()).map { $0 - $1 }
        #expect(intervals.allSatisfy { $0 == 20_000_000 })
    }

    /// A frame that overruns starts the next one at the next deadline of the same grid, as a display would
    /// show it at its next refresh: busy 1.1, 2.5 and 4 periods, the next frame starts 2, 3 and 4 periods
    /// after it, and the one after that a single period later (no burst of catch-up frames).
    @Test(arguments: [(1.1, 2), (2.5, 3), (4.0, 4), (50.0, 50), (0.5, 1)])
    func aFrameThatOverranIsFollowedAtTheNextDeadlineOfTheGrid(busy periods: Double, next expected: Int) {
        let period: UInt64 = 10_000_000
        let time = ManualClock()
        let pacer = Pacer(targetRate: 100, source: time, spinMargin: 0, detectVsync: false)
        pacer.waitForNextFrame()
        let started = time.now()
        time.advance(by: periods * 0.01)
        pacer.waitForNextFrame()
        #expect(time.now() - started == UInt64(expected) * period, "the next frame, on the grid")
        let following = time.now()
        pacer.waitForNextFrame()
        #expect(time.now() - following == period, "then one period, not a burst")
    }

    @Test func presentsThatBlockForHalfAPeriodAreTakenAsVsync() {
        let time = ManualClock()
        let pacer = Pacer(targetRate: 60, source: time)
        #expect(pacer.mode == .detecting)
        for _ in 0..<Pacer.detectionFrames {
            time.advance(by: 1.0 / 60)
            pacer.observePresent(nanoseconds: 16_000_000, endingAt: time.now())
        }
        #expect(pacer.mode == .vsync)
        #expect(pacer.waitForNextFrame() == 0, "with vsync the pacer does not wait")
    }

    @Test func presentsThatReturnAtOnceLeaveThePacerInCharge() {
        let time = ManualClock()
        let pacer = Pacer(targetRate: 60, source: time)
        for _ in 0..<Pacer.detectionFrames {
            time.advance(by: 0.001)
            pacer.observePresent(nanoseconds: 200_000, endingAt: time.now())
        }
        #expect(pacer.mode == .selfPaced)
    }

    @Test func simulatedVsyncOnASixteenMillisecondGridIsNotTrusted() {
        // SDL under Xvfb blocks presents on a 16 ms grid (62.5 fps): blocking, but not at the target rate.
        let time = ManualClock()
        let pacer = Pacer(targetRate: 60, source: time)
        for _ in 0..<Pacer.detectionFrames {
            time.advance(by: 0.016)
            pacer.observePresent(nanoseconds: 15_500_000, endingAt: time.now())
        }
        #expect(pacer.mode == .selfPaced)
    }

    @Test func invalidRatesGiveAnUnpacedLoop() {
        for rate in [nil, 0, -5, .nan, .infinity] as [Double?] {
            let pacer = Pacer(targetRate: rate, source: ManualClock())
            #expect(pacer.mode == .unpaced)
            #expect(pacer.waitForNextFrame() == 0)
        }
    }
}

@Suite struct ClockRobustnessTests {
    @Test func anyPositiveRateGivesAPeriodWithoutTrapping() {
        let time = ManualClock()
        for rate in [1e-300, 5e-11, 1e-3, 1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude] {
            let pacer = Pacer(targetRate: rate, source: time, detectVsync: false)
            #expect(pacer.period >= 1 && pacer.period <= Pacer.longestPeriod, "rate \(rate)")
        }
        #expect(Pacer(targetRate: 1e-300, source: time).period == Pacer.longestPeriod)
    }

    @Test func aManualClockNeverGoesBackwardsNorTraps() {
        let time = ManualClock(start: 5)
        time.advance(by: -1)
        time.advance(by: .nan)
        time.advance(by: -.infinity)
        #expect(time.now() == 5)
        time.advance(by: .infinity)
        #expect(time.now() == .max, "a move past the end stops at the end")
        time.advance(by: 1)
        #expect(time.now() == .max)
    }

    @Test func fpsBelowOneOrAboveAThousandIsRefused() {
        for fps in [1e-300, 0.5, 0.999, 1000.5, 1e300] {
            #expect(
                throws: HarnessError.invalidOption("--fps must be between 1 and 1000 frames per second (got \(fps))")
            ) {
                try RunConfiguration(fps: fps).validate()
            }
        }
        for fps in [1.0, 24, 1000] { #expect(throws: Never.self) { try RunConfiguration(fps: fps).validate() } }
    }
}

@Suite struct FrameClockConfigurationTests {
    @Test func nanNegativeAndInfiniteSettingsAreRefusedOrReplaced() {
        let bad: [FrameClock.Configuration] = [
            .init(fixedDelta: .nan), .init(fixedDelta: -1), .init(fixedDelta: .infinity), .init(fixedDelta: 0),
            .init(lagThreshold: .nan), .init(lagThreshold: -1), .init(adjustedLag: .infinity), .init(adjustedLag: -0.1),
            .init(nominalDelta: .nan), .init(nominalDelta: -1 / 60),
        ]
        for configuration in bad {
            #expect(throws: HarnessError.self) { try configuration.validate() }
            let time = ManualClock()
            let clock = FrameClock(source: time, configuration: configuration)
            for _ in 0..<3 {
                time.advance(by: 0.7)
                let dt = clock.tick()
                #expect(dt.isFinite && dt >= 0, "\(configuration) gave dt \(dt)")
            }
            clock.isPaused = true
            clock.step()
            let stepped = clock.tick()
            #expect(stepped.isFinite && stepped > 0, "a step is a finite positive frame")
        }
        #expect(throws: Never.self) { try FrameClock.Configuration().validate() }
        #expect(FrameClock.Configuration(fixedDelta: 0.01).sanitized == FrameClock.Configuration(fixedDelta: 0.01))
    }
}

/// A display that refreshes at `rate` on a manual clock: a present blocks until its next refresh.
final class SimulatedDisplay: RenderBackend {
    let time: ManualClock
    let period: Double
    var size = Size(width: 320, height: 240)
    private var refreshes = 0

    init(rate: Double, time: ManualClock) {
        self.time = time
        period = 1e9 / rate
    }

    func pollEvents(into events: inout [InputEvent], times: inout [UInt64]) {}
    func render(_ list: DrawList) { time.advance(by: 0.002) }
    func saveScreenshot(to path: String) throws(HarnessError) {}
    func present() {
        let start = Double(time.now())
        repeat { refreshes += 1 } while Double(refreshes) * period <= start
        time.sleep(until: UInt64((Double(refreshes) * period).rounded()))
    }
}

@Suite struct DisplayFollowingTests {
    /// SDL reports a whole number of hertz; the pacer follows the rate the presents are measured at.
    @Test(arguments: [(59.94, 60.0), (120, 120), (144, 144), (240, 240), (62.5, 60)])
    func thePacerFollowsTheDisplaysMeasuredRate(display: Double, reported: Double) throws {
        let time = ManualClock(start: 0)
        var plan = HarnessSession.Plan(scene: "hello", rate: reported, detectsVSync: true)
        plan.followsDisplay = true
        let session = try HarnessSession(backend: SimulatedDisplay(rate: display, time: time), time: time, plan: plan)
        try session.loop.run(frames: 400)
        let period = 1e9 / display
        #expect(session.pacer.mode == .vsync)
        #expect(abs(Double(session.pacer.period) - period) <= 1, "\(session.pacer.period) ns against \(period)")
        let summary = session.stats.summary()
        #expect(abs(summary.intervalP50 - period / 1e6) <= period / 1e6 * 0.001, "p50 \(summary.intervalP50) ms")
        #expect(summary.missedDeadlines == 0 && summary.hitches == 0, "\(summary.text)")
        #expect(abs(summary.targetPeriodMs - period / 1e6) < 1e-5, "the summary's period is the display's")
    }

    @Test func anAskedRateTheDisplayDoesNotKeepIsSelfPaced() throws {
        let time = ManualClock(start: 0)
        let plan = HarnessSession.Plan(scene: "hello", rate: 60, detectsVSync: true)
        let session = try HarnessSession(backend: SimulatedDisplay(rate: 62.5, time: time), time: time, plan: plan)
        try session.loop.run(frames: 60)
        #expect(session.pacer.mode == .selfPaced && session.pacer.period == 16_666_667, "--fps 60 is kept")
    }

    @Test func aThrottledStretchIsNotTakenForANewRate() {
        let time = ManualClock(start: 0)
        let pacer = Pacer(targetRate: 60, source: time, followsDisplay: true)
        for _ in 0..<Pacer.detectionFrames {
            time.advance(by: 1.0 / 60)
            pacer.observePresent(nanoseconds: 15_000_000, endingAt: time.now())
        }
        for _ in 0..<(Pacer.followWindow * 2) {
            time.advance(by: 0.166)
            pacer.observePresent(nanoseconds: 160_000_000, endingAt: time.now())
        }
        #expect(pacer.mode == .vsync && abs(Double(pacer.period) - 1e9 / 60) < 1)
    }
}
