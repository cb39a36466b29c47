import Cadence

/// The frames an animation is driven at: the time step before each frame after the first.
struct FrameSchedule: Sendable {
    /// How the schedule is named in a message: `60 Hz`, `jittered 60 Hz`, ….
    let name: String
    /// The time from frame `index` to frame `index + 1`.
    let step: @Sendable (Int) -> TimeInterval

    /// Frames every 1/`hertz` seconds.
    static func steady(_ hertz: Int) -> FrameSchedule {
        let step = 1 / Double(hertz)
        return FrameSchedule(name: "\(hertz) Hz", step: { _ in step })
    }

    /// Frames at 60 Hz on average, each between half and one and a half of 1/60 s, from a fixed seed: the
    /// same deltas every run, so a failure can be reproduced.
    static let jittered60 = FrameSchedule(name: "jittered 60 Hz") { index in
        // SplitMix64 of the frame index: a fixed pseudo-random fraction in [0, 1).
        var z = UInt64(truncatingIfNeeded: index) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        let fraction = Double(z >> 11) / Double(1 << 53)
        return (0.5 + fraction) / 60
    }

    /// The reference: fine enough that differences of its values are the velocity to well within
    /// the tolerance, and a multiple of every steady rate checked, so their frames fall on its own.
    static let reference = steady(1_440)

    /// The rate the runtime's own checks (agreement, merging) run at.
    static let sixty = steady(60)

    /// The schedules compared with the reference.
    static let compared: [FrameSchedule] = [.steady(30), sixty, .steady(120), .steady(144), .jittered60]
}

/// What one drive of an animation across an interval saw: its progress (as returned by `animate`, in
/// the interval's units) and velocity at each frame, and how it ended.
struct Run<V: VectorArithmetic> {
    var times: [TimeInterval] = []
    var offsets: [V] = []
    var velocities: [V?] = []
    /// The time of the call that returned `nil`.
    var finishedAt: TimeInterval?
    /// The first time `isLogicallyComplete` was seen set.
    var logicallyCompleteAt: TimeInterval?
    /// The first non-finite value or velocity: when, and what.
    var nonFinite: (time: TimeInterval, what: String)?

    /// Whether the run stopped at the time limit with the animation still running.
    var stillRunning: Bool { finishedAt == nil && nonFinite == nil }

    /// Drives `animation` across `interval` as SwiftUI drives a custom animation: one context kept
    /// between calls, `animate` at time 0 and then at each frame's time, `velocity` after each `animate`.
    /// Stops when it returns `nil` or a non-finite value, or once the time passes `limit`.
    init(
        _ animation: Animation, interval: V, schedule: FrameSchedule, limit: TimeInterval,
        environment: EnvironmentValues
    ) {
        var context = AnimationContext<V>(environment: environment)
        var time = 0.0
        var frame = 0
        while true {
            guard let offset = animation.animate(value: interval, time: time, context: &context) else {
                finishedAt = time
                break
            }
            guard offset.magnitudeSquared.isFinite else {
                nonFinite = (time, "animate returned \(format(offset))")
                break
            }
            let velocity = animation.velocity(value: interval, time: time, context: context)
            if let velocity, !velocity.magnitudeSquared.isFinite {
                nonFinite = (time, "velocity returned \(format(velocity))")
                break
            }
            if logicallyCompleteAt == nil && context.isLogicallyComplete { logicallyCompleteAt = time }
            times.append(time)
            offsets.append(offset)
            velocities.append(velocity)
            if time >= limit { break }
            time += schedule.step(frame)
            frame += 1
        }
    }

    /// The progress at `time`, from the frames around it by a cubic through four of them (Catmull–Rom),
    /// or `nil` when `time` is outside the run or one of `jumps` (see ``jumps(threshold:)``) lies among
    /// those frames.
    func offset(at time: TimeInterval, jumps: Set<Int>) -> V? {
        guard let last = times.last, time >= 0, time <= last, times.count >= 2 else { return nil }
        // Frames are evenly spaced here (the reference run), so the index is a division away.
        let step = times[1] - times[0]
        var index = Int(time / step)
        index = Swift.min(Swift.max(index, 0), times.count - 2)
        while index > 0 && times[index] > time { index -= 1 }
        while index < times.count - 2 && times[index + 1] <= time { index += 1 }
        let lower = Swift.max(index - 1, 0)
        let upper = Swift.min(index + 2, times.count - 1)
        for frame in lower..<upper where jumps.contains(frame) { return nil }
        let p1 = offsets[index]
        let p2 = offsets[index + 1]
        let p0 = index > 0 ? offsets[index - 1] : p1 - (p2 - p1)
        let p3 = index + 2 < offsets.count ? offsets[index + 2] : p2 + (p2 - p1)
        let u = (time - times[index]) / (times[index + 1] - times[index])
        let u2 = u * u
        let u3 = u2 * u
        // Catmull–Rom in the basis of the four points.
        let c0 = -0.5 * u3 + u2 - 0.5 * u
        let c1 = 1.5 * u3 - 2.5 * u2 + 1
        let c2 = -1.5 * u3 + 2 * u2 + 0.5 * u
        let c3 = 0.5 * u3 - 0.5 * u2
        return p0.scaled(by: c0) + p1.scaled(by: c1) + p2.scaled(by: c2) + p3.scaled(by: c3)
    }

    /// The speed between the frames either side of `frame` (0 at the run's ends).
    func centralRate(at frame: Int) -> Double {
        guard frame >= 1, frame + 1 < offsets.count else { return 0 }
        return distance(offsets[frame + 1], offsets[frame - 1]) / (times[frame + 1] - times[frame - 1])
    }

    /// The frames `i` whose step to frame `i + 1` is a jump: more than `threshold` long and more than
    /// ten times the steps on either side of it. A repeat's restart is one; smooth motion never is.
    func jumps(threshold: Double) -> Set<Int> {
        guard offsets.count >= 2 else { return [] }
        var steps: [Double] = []
        for index in 0..<(offsets.count - 1) { steps.append(distance(offsets[index + 1], offsets[index])) }
        var result: Set<Int> = []
        for (index, step) in steps.enumerated() where step > threshold {
            let before = index > 0 ? steps[index - 1] : 0
            let after = index + 1 < steps.count ? steps[index + 1] : 0
            if step > 10 * Swift.max(before, after) { result.insert(index) }
        }
        return result
    }
}

/// The Euclidean distance between two vectors.
func distance<V: VectorArithmetic>(_ a: V, _ b: V) -> Double {
    (a - b).magnitudeSquared.squareRoot()
}

/// A vector's length.
func length<V: VectorArithmetic>(_ a: V) -> Double {
    a.magnitudeSquared.squareRoot()
}

/// The distance from `point` to the segment from `start` to `end`, with the inner product recovered from
/// squared magnitudes (all that `VectorArithmetic` offers): ⟨x, y⟩ = (|x + y|² − |x − y|²) / 4.
func distance<V: VectorArithmetic>(_ point: V, toSegmentFrom start: V, to end: V) -> Double {
    let direction = end - start
    let lengthSquared = direction.magnitudeSquared
    guard lengthSquared > 0 else { return distance(point, start) }
    let relative = point - start
    let dot = ((relative + direction).magnitudeSquared - (relative - direction).magnitudeSquared) / 4
    let along = Swift.min(Swift.max(dot / lengthSquared, 0), 1)
    return distance(point, start + direction.scaled(by: along))
}
