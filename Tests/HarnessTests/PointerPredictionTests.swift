import Testing
@testable import Harness

@Suite struct PointerPredictionTests {
    static let ms: UInt64 = 1_000_000

    /// A drag along x at `speed` points a second, an event every `gap` ms from t = 1 s, for `count` events.
    func drag(speed: Double, gap: UInt64 = 8, count: Int) -> PointerPredictor {
        var predictor = PointerPredictor()
        let start: UInt64 = 1_000 * Self.ms
        predictor.observe(.mouseDown(.left, at: Point(100, 50)), at: start)
        for index in 1...count {
            let time = start + UInt64(index) * gap * Self.ms
            let x = 100 + speed * Double(time - start) / 1e9
            predictor.observe(.mouseMoved(to: Point(x, 50), dragging: true), at: time)
        }
        return predictor
    }

    @Test func aSteadyDragIsCarriedToTheDisplayTime() throws {
        let predictor = drag(speed: 1_000, count: 10)
        let newest = try #require(predictor.newest)
        #expect(newest.position == Point(180, 50))
        // 30 ms ahead at 1,000 points a second: 30 points further, asked 4 ms after the newest event.
        let predicted = try #require(
            predictor.predicted(at: newest.time + 30 * Self.ms, now: newest.time + 4 * Self.ms))
        #expect(abs(predicted.x - 210) < 1e-6 && abs(predicted.y - 50) < 1e-6)
        // The horizon is capped.
        let far = try #require(predictor.predicted(at: newest.time + 500 * Self.ms, now: newest.time + 4 * Self.ms))
        let cap = Double(PointerPredictor.maximumHorizon) / 1e9 * 1_000
        #expect(abs(far.x - (180 + cap)) < 1e-6)
    }

    @Test func noPredictionThroughAStopATurnOrWithoutADrag() throws {
        var predictor = drag(speed: 1_000, count: 10)
        let newest = try #require(predictor.newest)
        // No event for 1.5 gaps (12 ms here): stopped.
        #expect(predictor.predicted(at: newest.time + 30 * Self.ms, now: newest.time + 11 * Self.ms) != newest.position)
        #expect(predictor.predicted(at: newest.time + 30 * Self.ms, now: newest.time + 13 * Self.ms) == newest.position)
        // A step at right angles to the motion: a sharp turn.
        let turn = newest.time + 8 * Self.ms
        predictor.observe(.mouseMoved(to: newest.position + Point(0, 8), dragging: true), at: turn)
        #expect(predictor.predicted(at: turn + 30 * Self.ms, now: turn + 2 * Self.ms) == newest.position + Point(0, 8))
        // Released: a pointer that moves without a button is not predicted.
        var released = drag(speed: 1_000, count: 10)
        let last = try #require(released.newest)
        released.observe(.mouseUp(.left, at: last.position), at: last.time + 1)
        #expect(released.predicted(at: last.time + 30 * Self.ms, now: last.time + 2 * Self.ms) == last.position)
        #expect(PointerPredictor().predicted(at: 1, now: 1) == nil)
    }

    @Test func theErrorAtDisplayIsAgainstWhereThePointerWasThen() {
        let stats = FrameStats(targetPeriod: 16_000_000)
        var track = PointerErrorTrack()
        track.observe(Point(0, 0), at: 0)
        track.observe(Point(100, 0), at: 80 * Self.ms)
        // Shown at 40 ms, drawn at x = 40: the pointer was at 50 then.
        track.shown(at: 40 * Self.ms, drawn: Point(40, 0))
        // Shown at 150 ms, drawn at 110: past the last event, unknown until it has rested 100 ms.
        track.shown(at: 150 * Self.ms, drawn: Point(110, 0))
        track.resolve(now: 200 * Self.ms, into: stats)
        #expect(stats.summary().pointerFrames == 1)
        track.resolve(now: 250 * Self.ms, into: stats)
        let summary = stats.summary()
        #expect(summary.pointerFrames == 2 && summary.pointerErrorAtRestMax == 10)
        #expect(abs(summary.pointerErrorP50 - 10) < 0.05)
    }
}
