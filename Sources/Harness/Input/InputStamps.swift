/// When the compositor says an input event happened: its own timestamp, taken when it sent the event, before
/// the event waited in the connection for the frame that reads it.
public struct InputStamp: Hashable, Sendable {
    /// What the compositor sent.
    public enum Kind: Hashable, Sendable {
        /// The pointer moved to ``InputStamp/position``.
        case motion
        /// A pointer button went down (``InputStamp/pressed``) or up, with the pointer at ``InputStamp/position``.
        case button
        /// A key went down (``InputStamp/pressed``) or up.
        case key
    }

    /// What the compositor sent.
    public var kind: Kind
    /// When (monotonic nanoseconds, the frame loop's clock).
    public var time: UInt64
    /// Where the pointer was, in the scene's points (motion and button).
    public var position: Point
    /// Whether a button or key went down.
    public var pressed: Bool

    /// A stamp of `kind` at `time`.
    public init(kind: Kind, time: UInt64, position: Point = Point(0, 0), pressed: Bool = false) {
        (self.kind, self.time, self.position, self.pressed) = (kind, time, position, pressed)
    }
}

/// Gives each input event the compositor's time for it, where one of the compositor's stamps matches it.
///
/// The toolkit's events and the compositor's stamps are two copies of one stream, read side by side: each
/// event is matched to the first waiting stamp of its kind (motion, button, key) that agrees with it (the same
/// position within `tolerance` for motion, the same direction for buttons and keys); stamps passed over are
/// events the toolkit left out (a motion to the pixel it was already on). Stamps that match nothing wait for
/// the next poll (the compositor's copy can be read a little before the toolkit's), for at most
/// ``maximumWait``. A stamp after the event's own time, or more than ``maximumWait`` before it, is not taken:
/// it is not on the clock it was assumed to be on.
public struct InputStampMatcher: Sendable {
    /// How long a stamp may wait for its event, and how much older than the toolkit's time it may be.
    public static let maximumWait: UInt64 = 1_000_000_000

    /// How far apart (points) a motion's position and its stamp's may be.
    public var tolerance: Double
    /// Events given the compositor's time, and events left with the toolkit's, since the start.
    public private(set) var matched = 0, unmatched = 0
    private var waiting: [InputStamp] = []

    /// A matcher with nothing waiting.
    public init(tolerance: Double = 1) { self.tolerance = tolerance }

    /// Adds stamps, in the order the compositor sent them.
    public mutating func add(_ stamps: [InputStamp]) { waiting += stamps }

    /// Replaces `times[i]` with the compositor's time for each event `events[i]` in `range` that a stamp
    /// matches; `now` drops stamps that waited too long.
    public mutating func stamp(_ events: [InputEvent], times: inout [UInt64], in range: Range<Int>, now: UInt64) {
        for index in range {
            guard let (kind, position, pressed) = Self.shape(of: events[index]) else { continue }
            let found = waiting.firstIndex { stamp in
                guard stamp.kind == kind else { return false }
                switch kind {
                case .motion:
                    return abs(stamp.position.x - position.x) <= tolerance
                        && abs(stamp.position.y - position.y) <= tolerance
                case .button, .key: return stamp.pressed == pressed
                }
            }
            guard let found else {
                unmatched += 1
                continue
            }
            let stamp = waiting[found]
            // Stamps of this kind before the match are events the toolkit left out (removed in place: this runs
            // for every event a frame polls).
            for position in stride(from: found, through: 0, by: -1) where waiting[position].kind == kind {
                waiting.remove(at: position)
            }
            let own = times[index]
            if own == 0 || (stamp.time <= own && own - stamp.time <= Self.maximumWait) {
                times[index] = stamp.time
                matched += 1
            } else {
                unmatched += 1
            }
        }
        waiting.removeAll { now > $0.time && now - $0.time > Self.maximumWait }
    }

    private static func shape(of event: InputEvent) -> (InputStamp.Kind, Point, Bool)? {
        switch event {
        case let .mouseMoved(to: point, dragging: _): return (.motion, point, false)
        case let .mouseDown(_, at: point): return (.button, point, true)
        case let .mouseUp(_, at: point): return (.button, point, false)
        case .keyDown: return (.key, Point(0, 0), true)
        case .keyUp: return (.key, Point(0, 0), false)
        default: return nil
        }
    }
}
