import Cadence

/// Runs one animation through every law and keeps the first violation of each.
struct LawChecker<V: VectorArithmetic> {
    let animation: Animation
    let from: V
    let to: V
    let tolerance: Double
    let velocityTolerance: Double
    let timeLimit: TimeInterval
    let runsForever: Bool
    let environment: EnvironmentValues
    let laws: Set<AnimationLaw>
    private(set) var violations: [AnimationLaw: AnimationLawViolation] = [:]

    init(
        animation: Animation, from: V, to: V, tolerance: Double, velocityTolerance: Double,
        timeLimit: TimeInterval, runsForever: Bool, environment: EnvironmentValues, laws: Set<AnimationLaw>
    ) {
        self.laws = laws.union([.input])
        self.animation = animation
        self.from = from
        self.to = to
        self.tolerance = tolerance
        self.velocityTolerance = velocityTolerance
        self.timeLimit = timeLimit
        self.runsForever = runsForever
        self.environment = environment
    }

    var interval: V { to - from }
    var range: Double { length(interval) }

    /// Keeps `details` as the violation of `law`, unless one was kept already.
    mutating func report(_ law: AnimationLaw, at time: TimeInterval?, _ details: String) {
        if laws.contains(law) && violations[law] == nil {
            violations[law] = AnimationLawViolation(law: law, time: time, details: details)
        }
    }

    /// What the value shows for a progress along the interval.
    func shown(_ offset: V) -> String { format(from + offset) }

    mutating func check() {
        guard checkInput() else { return }
        let reference = Run(
            animation, interval: interval, schedule: .reference, limit: timeLimit, environment: environment)
        let jumps = reference.jumps(threshold: 100 * tolerance * range)
        let speed = peakSpeed(of: reference, jumps: jumps)
        checkFinite(reference, schedule: .reference)
        checkCompletion(reference)
        checkEnd(reference)
        checkVelocity(reference, jumps: jumps, speed: speed)
        var sixty: Run<V>?
        for schedule in FrameSchedule.compared {
            let run = Run(animation, interval: interval, schedule: schedule, limit: timeLimit, environment: environment)
            checkFinite(run, schedule: schedule)
            compare(run, at: schedule, with: reference, jumps: jumps)
            if schedule.name == FrameSchedule.sixty.name { sixty = run }
        }
        // The runtime's own checks run at 60 Hz, against the run made above.
        guard let sixty else { return }
        checkAgreement(with: sixty, speed: speed)
        checkMerging(sixty, speed: speed)
    }

    // MARK: - Input

    /// Whether the check can run; reports why not.
    mutating func checkInput() -> Bool {
        let bad: String? =
            if !from.magnitudeSquared.isFinite || !to.magnitudeSquared.isFinite {
                "from (\(format(from))) and to (\(format(to))) must be finite"
            } else if !(range > 0) {
                "from and to are both \(format(from)): the interval is empty, so there is no motion to check"
            } else if !(tolerance > 0 && tolerance < 1) {
                "tolerance must be between 0 and 1 (a fraction of |to − from|), not \(tolerance)"
            } else if !(velocityTolerance > 0 && velocityTolerance < 1) {
                "velocityTolerance must be between 0 and 1 (a fraction of the peak speed), not \(velocityTolerance)"
            } else if !(timeLimit > 0 && timeLimit.isFinite) {
                "timeLimit must be positive and finite, not \(timeLimit)"
            } else {
                nil
            }
        if let bad { report(.input, at: nil, bad) }
        return bad == nil
    }

    // MARK: - Finite

    mutating func checkFinite(_ run: Run<V>, schedule: FrameSchedule) {
        guard let (time, what) = run.nonFinite else { return }
        report(.finite, at: time, "\(what) at \(schedule.name), across the interval \(format(interval))")
    }

    // MARK: - Completion and end

    mutating func checkCompletion(_ run: Run<V>) {
        guard run.nonFinite == nil else { return }
        if runsForever, let end = run.finishedAt {
            report(.completion, at: end, "it finished, although runsForever is true")
        } else if !runsForever, run.stillRunning, let last = run.offsets.last {
            report(
                .completion, at: run.times.last,
                "still running at the time limit, showing \(shown(last)) on the way to \(format(to)); raise timeLimit "
                    + "(\(format(timeLimit)) s), or pass runsForever: true for an animation that never finishes")
        }
    }

    mutating func checkEnd(_ run: Run<V>) {
        guard run.finishedAt != nil, let last = run.offsets.last else { return }
        let gap = distance(last, interval)
        let lastStep = run.offsets.count >= 2 ? distance(last, run.offsets[run.offsets.count - 2]) : 0
        guard gap > tolerance * range + 2 * lastStep else { return }
        report(
            .end, at: run.times.last,
            "its last value, \(shown(last)), is \(format(gap)) from to (\(format(to))) when it finishes, where one "
                + "frame moves it \(format(lastStep)); the value would jump to \(format(to))")
    }

    // MARK: - Velocity

    /// The largest rate of change of the values between frames, outside jumps, or `|to − from|` per
    /// second if that is larger: the scale of velocity errors.
    func peakSpeed(of run: Run<V>, jumps: Set<Int>) -> Double {
        var peak = range
        for index in 1..<Swift.max(run.offsets.count - 1, 1)
        where !jumps.contains(index - 1) && !jumps.contains(index) {
            let rate = run.centralRate(at: index)
            peak = Swift.max(peak, rate)
        }
        return peak
    }

    /// Each reported velocity against the rates of change of the values over the frames on either side
    /// of it: it must lie between the two (to within the tolerance), as the true rate does for smooth
    /// motion, and as each side's own rate does at a corner made by design (a delay's start, a reversal).
    mutating func checkVelocity(_ run: Run<V>, jumps: Set<Int>, speed: Double) {
        guard run.offsets.count >= 3 else { return }
        for index in 1..<(run.offsets.count - 1) {
            guard let reported = run.velocities[index], !jumps.contains(index - 1), !jumps.contains(index) else {
                continue
            }
            let before = (run.offsets[index] - run.offsets[index - 1])
                .scaled(by: 1 / (run.times[index] - run.times[index - 1]))
            let after = (run.offsets[index + 1] - run.offsets[index])
                .scaled(by: 1 / (run.times[index + 1] - run.times[index]))
            let error = distance(reported, toSegmentFrom: before, to: after)
            guard error > velocityTolerance * speed else { continue }
            let rate = before + (after - before).scaled(by: 0.5)
            guard !isUnresolvedSteepness(reported: reported, rate: rate, in: run, at: index) else { continue }
            report(
                .velocity, at: run.times[index],
                "it reports a velocity of \(format(reported)), but its values change at \(format(rate)) per second "
                    + "there (off by \(format(error)), more than \(format(velocityTolerance)) of its peak speed "
                    + "\(format(speed)))")
            return
        }
    }

    /// Whether frame `index` sits on a vertical tangent the frames cannot resolve (a circular curve's
    /// midpoint): the rate of change peaks sharply there, and the velocity reported is steeper still, in
    /// the same direction. No difference of values confirms an infinite slope, so such a velocity
    /// passes; a wrong velocity on smooth motion has no such peak.
    func isUnresolvedSteepness(reported: V, rate: V, in run: Run<V>, at index: Int) -> Bool {
        let speed = length(rate)
        guard length(reported) > 10 * speed, speed > 0 else { return false }
        let dot = ((reported + rate).magnitudeSquared - (reported - rate).magnitudeSquared) / 4
        guard dot > 0.99 * length(reported) * speed else { return false }
        return speed > 1.5 * Swift.max(run.centralRate(at: index - 2), run.centralRate(at: index + 2))
    }

    // MARK: - Frame-rate independence

    mutating func compare(_ run: Run<V>, at schedule: FrameSchedule, with reference: Run<V>, jumps: Set<Int>) {
        guard run.nonFinite == nil, reference.nonFinite == nil, let referenceEnd = reference.times.last else { return }
        let reached = reference.finishedAt
        for (index, time) in run.times.enumerated() {
            let expected: V
            if let reached, time >= reached {
                expected = interval
            } else if time <= referenceEnd, let value = reference.offset(at: time, jumps: jumps) {
                expected = value
            } else {
                continue
            }
            let error = distance(run.offsets[index], expected)
            guard error > tolerance * range else { continue }
            report(
                .frameRateIndependence, at: time,
                "at \(schedule.name) it shows \(shown(run.offsets[index])) where at \(FrameSchedule.reference.name) it "
                    + "shows \(shown(expected)) (off by \(format(error)), more than \(format(tolerance)) of |to − from|)"
            )
            return
        }
        switch (run.finishedAt, reference.finishedAt) {
        case (let end?, _):
            // Finished here: from then on the value shows `to`, so the reference must be there too.
            for (index, time) in reference.times.enumerated() where time > end {
                let error = distance(reference.offsets[index], interval)
                guard error > tolerance * range else { continue }
                report(
                    .frameRateIndependence, at: time,
                    "it finishes at t = \(format(end)) s at \(schedule.name), but at "
                        + "\(FrameSchedule.reference.name) it still shows \(shown(reference.offsets[index])) at "
                        + "t = \(format(time)) s (\(format(error)) from to)")
                return
            }
        case (nil, let referenceEnd?) where run.stillRunning:
            report(
                .frameRateIndependence, at: referenceEnd,
                "it finishes at t = \(format(referenceEnd)) s at \(FrameSchedule.reference.name) but is still running "
                    + "at the time limit at \(schedule.name)")
        default:
            break
        }
    }
}
