import Testing
@testable import Harness

@Suite struct InputStampTests {
    @Test func eachEventTakesTheTimeOfTheFirstStampThatAgreesWithIt() {
        var matcher = InputStampMatcher(tolerance: 1)
        matcher.add([
            InputStamp(kind: .motion, time: 100, position: Point(10.4, 20.7)),
            // The toolkit leaves the second of these out: the same whole pixel.
            InputStamp(kind: .motion, time: 110, position: Point(30.2, 20.0)),
            InputStamp(kind: .motion, time: 120, position: Point(30.9, 20.0)),
            InputStamp(kind: .button, time: 130, position: Point(30.9, 20.0), pressed: true),
            InputStamp(kind: .key, time: 140, pressed: true),
        ])
        let events: [InputEvent] = [
            .mouseMoved(to: Point(10, 20), dragging: false), .mouseMoved(to: Point(30, 20), dragging: false),
            .mouseDown(.left, at: Point(30, 20)), .keyDown(.space), .mouseUp(.left, at: Point(30, 20)),
        ]
        var times: [UInt64] = [1_000, 1_000, 1_000, 1_000, 1_000]
        matcher.stamp(events, times: &times, in: 0..<5, now: 1_000)
        // The second motion matches the first stamp at its pixel; the button-up has no stamp yet, and the motion
        // stamp passed over is dropped at the next motion matched, or after the maximum wait.
        #expect(times == [100, 110, 130, 140, 1_000])
        #expect(matcher.matched == 4 && matcher.unmatched == 1)
        // A stamp read before its event waits for it; one older than the maximum wait is dropped.
        matcher.add([InputStamp(kind: .button, time: 1_500, position: Point(30, 20), pressed: false)])
        var later: [UInt64] = [1_600]
        matcher.stamp([.mouseUp(.left, at: Point(30, 20))], times: &later, in: 0..<1, now: 1_600)
        #expect(later == [1_500])
    }

    @Test func aStampOnAnotherClockIsNotTaken() {
        var matcher = InputStampMatcher(tolerance: 1)
        let event: [InputEvent] = [.keyDown(.space)]
        // After the toolkit's own time: not the clock it was taken for.
        matcher.add([InputStamp(kind: .key, time: 5_000, pressed: true)])
        var times: [UInt64] = [4_000]
        matcher.stamp(event, times: &times, in: 0..<1, now: 4_000)
        #expect(times == [4_000] && matcher.unmatched == 1)
        // More than the maximum wait before it: not taken either.
        matcher.add([InputStamp(kind: .key, time: 1, pressed: true)])
        var old: [UInt64] = [InputStampMatcher.maximumWait + 2]
        matcher.stamp(event, times: &old, in: 0..<1, now: InputStampMatcher.maximumWait + 2)
        #expect(old == [InputStampMatcher.maximumWait + 2] && matcher.unmatched == 2)
    }
}
