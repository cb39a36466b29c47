import Cadence
import Foundation

/// Where the pointer will be when a frame is shown: its recent motion carried forward to the frame's expected
/// display time, so that an object that follows the pointer is drawn where the pointer is when the user sees
/// it, not where it was when the frame read its input.
///
/// The velocity is `VelocityTracker`'s fit over the pointer's last 100 ms (a quadratic with four samples
/// or more, so a pointer slowing down is carried forward less). The prediction is the newest position
/// when carrying forward would guess:
/// - through a **stop**: no event for 1.5 of the recent gaps between events (at least 8 ms), or the tracker
///   finds the pointer at rest;
/// - through a **sharp turn**: the newest step between events points more than 45° away from the one
///   before it;
/// - with **too few** samples (under three), or without a button held when `whileDragging` (a drag is where
///   an object follows the pointer).
/// The horizon (display time − newest event) is capped at ``maximumHorizon``.
public struct PointerPredictor: Sendable {
    /// The furthest ahead of its newest event a position is carried (nanoseconds).
    public static let maximumHorizon: UInt64 = 50_000_000
    /// The largest angle between the newest step and the one before it that is still carried forward.
    public static let sharpTurnDegrees = 45.0

    /// The newest pointer position and when it happened (nil before the first).
    public private(set) var newest: (time: UInt64, position: Point)?
    /// Whether a button is held (a drag).
    public private(set) var pressed = false
    private var tracker = VelocityTracker<Point>()
    /// The median of the last eight gaps between events (nanoseconds; 0 before two events), kept as events
    /// come so that a prediction sorts nothing.
    private var typicalGap: UInt64 = 0
    /// Sorted copies of `gaps`, in a buffer kept from event to event.
    private var sortedGaps: [UInt64] = []
    /// The two positions before the newest, newest first.
    private var previous: Point?, beforePrevious: Point?
    private var gaps: [UInt64] = []

    /// A predictor that has seen no pointer.
    public init() {}

    /// Takes one input event and when it happened (monotonic nanoseconds); events other than the pointer's
    /// are ignored.
    public mutating func observe(_ event: InputEvent, at time: UInt64) {
        let point: Point
        switch event {
        case let .mouseMoved(to: to, dragging: _): point = to
        case let .mouseDown(_, at: at):
            point = at
            pressed = true
            tracker.reset()
            gaps.removeAll(keepingCapacity: true)
            typicalGap = 0
        case let .mouseUp(_, at: at):
            point = at
            pressed = false
        default: return
        }
        if let newest, time > newest.time {
            if gaps.count == 8 { gaps.removeFirst() }
            gaps.append(time - newest.time)
            typicalGap = gaps.median(sortingIn: &sortedGaps)
        }
        beforePrevious = previous
        previous = newest?.position
        newest = (time, point)
        tracker.addSample(point, at: Double(time) / 1e9)
    }

    /// The pointer carried forward to `display` (monotonic nanoseconds), asked at `now`; the newest position
    /// when it must not be (see the type's rules); nil before any pointer event.
    public func predicted(at display: UInt64, now: UInt64, whileDragging: Bool = true) -> Point? {
        guard let newest else { return nil }
        guard !whileDragging || pressed, tracker.count >= 3, display > newest.time else { return newest.position }
        if now > newest.time && (now - newest.time) * 2 > Swift.max(typicalGap * 3, 16_000_000) {
            return newest.position
        }
        let velocity = tracker.velocity(at: Double(now) / 1e9)
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        guard speed > 0, speed.isFinite else { return newest.position }
        if let previous, let beforePrevious {
            let (step, before) = (newest.position - previous, previous - beforePrevious)
            let lengths =
                (step.x * step.x + step.y * step.y).squareRoot()
                * (before.x * before.x + before.y * before.y).squareRoot()
            if lengths > 0, (step.x * before.x + step.y * before.y) / lengths < cos(Self.sharpTurnDegrees * .pi / 180) {
                return newest.position
            }
        }
        let horizon = Double(Swift.min(display - newest.time, Self.maximumHorizon)) / 1e9
        return newest.position + velocity * horizon
    }
}

/// Pointer error at display: for each frame shown during a drag, the distance between where the frame drew the
/// pointer and where the pointer was at the frame's presented time (from the pointer's events on either side
/// of that time, so a frame's error is known once the next event, or the stop, has come).
struct PointerErrorTrack {
    /// Frames shown, waiting for the pointer's position at their presented time: (presented time, drawn).
    private var waiting: [(time: UInt64, drawn: Point)] = []
    private var samples: [(time: UInt64, position: Point)] = []
    /// A pointer with no event for this long after a frame's presented time was at rest there.
    static let restAfter: UInt64 = 100_000_000

    /// A pointer event, in order.
    mutating func observe(_ position: Point, at time: UInt64) {
        if let last = samples.last, time < last.time { return }
        samples.append((time, position))
        if samples.count > 512 { samples.removeFirst(256) }
    }

    /// Whether frames wait for the pointer's position at their presented time.
    var isWaiting: Bool { !waiting.isEmpty }

    /// A frame shown at `time` that drew the pointer at `drawn`.
    mutating func shown(at time: UInt64, drawn: Point) { waiting.append((time, drawn)) }

    /// Resolves every waiting frame whose truth is known at `now`, recording into `stats`.
    mutating func resolve(now: UInt64, into stats: FrameStats) {
        while let first = waiting.first {
            guard let truth = position(at: first.time, now: now) else { return }
            waiting.removeFirst()
            let gap = first.drawn - truth.position
            stats.recordPointerError((gap.x * gap.x + gap.y * gap.y).squareRoot(), atRest: truth.atRest)
        }
    }

    /// The pointer's position at `time`: between the events on either side, or the last event's when none came
    /// after it for ``restAfter`` (the pointer at rest); nil while that is not yet known.
    private func position(at time: UInt64, now: UInt64) -> (position: Point, atRest: Bool)? {
        guard let after = samples.firstIndex(where: { $0.time >= time }) else {
            guard let last = samples.last, now > time, now - time >= Self.restAfter else { return nil }
            return (last.position, true)
        }
        guard after > 0 else { return (samples[after].position, false) }
        let (a, b) = (samples[after - 1], samples[after])
        // A pause: the pointer sat at `a` until it moved on towards `b`.
        if b.time - a.time >= Self.restAfter { return (a.position, true) }
        let span = Double(b.time - a.time)
        let share = span > 0 ? Double(time - a.time) / span : 1
        return (a.position + (b.position - a.position) * share, false)
    }
}
