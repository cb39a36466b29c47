import Cadence

/// When an `AnimatedValue`'s completions were called, on its own clock.
private final class CompletionTimes {
    var clock = 0.0
    var logical: TimeInterval?
}

extension LawChecker {
    /// A value at rest on `from`, reading this check's environment.
    func restingValue() -> AnimatedValue<V> {
        let value = AnimatedValue(from)
        value.environment = environment
        return value
    }

    // MARK: - Agreement, and the runtime's completions

    /// Runs an `AnimatedValue` at 60 Hz beside `direct`, the animation called directly at the same
    /// frames, and compares what it shows; checks when it calls the logical completion.
    mutating func checkAgreement(with direct: Run<V>, speed: Double) {
        let value = restingValue()
        let times = CompletionTimes()
        value.set(to, animation: animation, completionCriteria: .logicallyComplete) { times.logical = times.clock }
        let step = 1.0 / 60
        for (frame, time) in direct.times.enumerated() {
            if frame > 0 {
                times.clock = time
                value.update(by: step)
            }
            let expected = from + direct.offsets[frame]
            let error = distance(value.presentation, expected)
            if error > tolerance * range {
                report(
                    .agreement, at: time,
                    "an AnimatedValue shows \(format(value.presentation)) where animate's progress gives "
                        + "\(format(expected)) (off by \(format(error)))")
                return
            }
            if let velocity = direct.velocities[frame], distance(value.velocity, velocity) > velocityTolerance * speed {
                report(
                    .agreement, at: time,
                    "an AnimatedValue reports a velocity of \(format(value.velocity)) where velocity returns "
                        + "\(format(velocity))")
                return
            }
        }
        guard let end = direct.finishedAt, direct.nonFinite == nil else { return }
        times.clock = end
        value.update(by: step)
        if value.isAnimating {
            report(.agreement, at: end, "an AnimatedValue is still animating after animate returned nil")
        } else if value.presentation != to {
            report(
                .agreement, at: end,
                "an AnimatedValue shows \(format(value.presentation)), not its target \(format(to)), once finished")
        } else if let logical = times.logical, logical > end {
            report(
                .completion, at: logical,
                "an AnimatedValue called its logical completion at t = \(format(logical)) s, after removing the "
                    + "animation at t = \(format(end)) s")
        } else if times.logical == nil {
            report(
                .completion, at: end, "an AnimatedValue removed the animation without calling its logical completion")
        }
    }

    // MARK: - Merging

    /// Retargets an `AnimatedValue` running the animation to `to + (to − from)` with the same animation,
    /// a fifth and half of the way through its run (or at 0.25 s and 0.5 s if it does not finish); where
    /// it merges, what is shown must not jump.
    mutating func checkMerging(_ run: Run<V>, speed: Double) {
        guard run.nonFinite == nil, run.times.count > 2 else { return }
        let frames: [Int] =
            if let end = run.finishedAt {
                [0.2, 0.5].map { Swift.max(1, Int((end * $0 * 60).rounded())) }
            } else {
                [15, 30]
            }
        for frame in frames where frame < run.times.count {
            let value = restingValue()
            value.set(to, animation: animation)
            for _ in 0..<frame { value.update(by: 1.0 / 60) }
            guard value.isAnimating else { continue }
            let before = value.presentation
            let velocityBefore = value.velocity
            let newTarget = to + interval
            value.set(newTarget, animation: animation)
            guard value.activeAnimationCount == 1 else { continue }
            let after = value.presentation
            let time = run.times[frame]
            if distance(after, before) > tolerance * range {
                report(
                    .merging, at: time,
                    "retargeted to \(format(newTarget)) mid-flight, it merges and the value jumps from \(format(before)) "
                        + "to \(format(after))")
                return
            }
            guard run.velocities[frame] != nil else { continue }
            let velocityAfter = value.velocity
            if distance(velocityAfter, velocityBefore) > velocityTolerance * speed {
                report(
                    .merging, at: time,
                    "retargeted to \(format(newTarget)) mid-flight, it merges and the velocity jumps from "
                        + "\(format(velocityBefore)) to \(format(velocityAfter))")
                return
            }
        }
    }
}
