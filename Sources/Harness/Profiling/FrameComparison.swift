import Foundation

/// `cadence compare BASE NEW`: two runs' profiles side by side, and whether the second is slower.
///
/// Every summary figure is shown for both runs with its difference. Four figures say whether motion got
/// worse: the median and 99th-percentile frame interval, the mean busy time and the hitch ratio (the last
/// only when both runs were paced); when both profiles have display times (see ``PresentationFeedback``),
/// two more: the 99th-percentile display interval and the display hitch ratio (see ``DisplayTrack``), and a
/// third when both runs showed input (``minimumInputFrames`` frames or more): the median of the frames'
/// input-to-display (each frame's longest). For each, the difference NEW − BASE gets a confidence interval from a
/// **circular block bootstrap**: each run's steady frames are resampled in blocks of √n consecutive frames
/// (frame times are correlated: a slow stretch lasts many frames, and resampling single frames would make
/// the intervals too narrow), the figure is computed on each resample, and the interval is the spread of
/// the resampled differences. The intervals are **95 % family-wise**: each of the k figures gets
/// 1 − 0.05 / k (Bonferroni), so two runs of the same code are called different at most one time in twenty.
/// A figure is *slower* when its whole interval is above zero, *faster* when below, else *no difference
/// detected*; the run's verdict is slower, faster, mixed or no difference detected.
///
/// The bootstrap's figures are computed exactly on the profile's values (nearest-rank percentiles), the
/// table's from ``FrameStats`` as the run printed them (HdrHistogram, within 0.1 %).
public struct FrameComparison: Sendable {
    /// What a figure's difference, or a comparison, comes to.
    public enum Verdict: String, Sendable {
        /// Worse in NEW: the whole confidence interval is above zero.
        case slower
        /// Better in NEW: the whole interval is below zero.
        case faster
        /// The interval holds zero.
        case noDifference = "no difference detected"
        /// Some figures slower, some faster.
        case mixed
    }

    /// A figure the verdict is made of.
    public struct Tested: Sendable {
        /// Its name in the summary and in conditions (`p50`, `p99`, `busy`, `hitch-ratio`).
        public var name: String
        /// Its unit.
        public var unit: String
        /// Its value in each run, computed exactly on the steady frames.
        public var base: Double, new: Double
        /// The confidence interval of NEW − BASE.
        public var low: Double, high: Double
        /// What the interval says.
        public var verdict: Verdict

        /// NEW − BASE.
        public var difference: Double { new - base }
    }

    /// The two runs.
    public let base: FrameProfile, new: FrameProfile
    /// Their summaries, as each run printed it.
    public let baseSummary: FrameSummary, newSummary: FrameSummary
    /// The figures tested, with their intervals and verdicts.
    public let tested: [Tested]
    /// Each interval's confidence (0.9875 for four figures).
    public let confidence: Double
    /// Bootstrap resamples drawn.
    public let resamples: Int
    /// Frames per bootstrap block in each run.
    public let blocks: (base: Int, new: Int)
    /// Both runs' steady frames, as resampled (and as the plot draws them).
    let steady: (base: Steady, new: Steady)

    /// The fewest steady frames a profile must have to be compared.
    public static let minimumSteadyFrames = 100
    /// Steady frames that showed input each run needs for input-to-display to be tested.
    public static let minimumInputFrames = 20
    /// How far apart (percent) two runs' rates may be and still be compared: two runs that followed one
    /// display's measured rate (no `--fps`) differ by a little.
    public static let rateTolerancePercent: UInt64 = 10

    /// Compares two profiles.
    /// - Parameters:
    ///   - base: the run before the change.
    ///   - new: the run after it.
    ///   - allowMismatch: compare runs of different scenes or frame rates anyway.
    ///   - resamples: bootstrap resamples (2,000 by default).
    ///   - seed: the resampling's seed, so that a comparison prints the same every time.
    /// - Throws: ``HarnessError/invalidOption(_:)`` when the runs are of different scenes or rates (unless
    ///   `allowMismatch`), or one has too few steady frames.
    public init(
        base: FrameProfile, new: FrameProfile, allowMismatch: Bool = false, resamples: Int = 2000, seed: UInt64 = 1
    ) throws(HarnessError) {
        if !allowMismatch { try Self.checkComparable(base, new) }
        self.base = base
        self.new = new
        baseSummary = base.summary()
        newSummary = new.summary()
        let (a, b) = (Steady(base), Steady(new))
        for (profile, frames) in [(base, a), (new, b)] where frames.count < Self.minimumSteadyFrames {
            throw .invalidOption(
                "\(profile.path) has \(frames.count) steady frames: at least \(Self.minimumSteadyFrames) are needed to compare"
            )
        }
        // Positions in `Steady.statistics`; the hitch ratios only when both runs were paced, the display
        // figures only when both have display times.
        var positions = [0, 1, 2]
        let paced = base.targetPeriod > 0 && new.targetPeriod > 0
        if paced { positions.append(3) }
        if a.hasDisplay && b.hasDisplay { positions += paced ? [4, 5] : [4] }
        // Input-to-display only where both runs showed enough input for a median (a drag, a replay).
        if a.hasDisplay && b.hasDisplay && a.inputFrames >= Self.minimumInputFrames
            && b.inputFrames >= Self.minimumInputFrames
        {
            positions.append(6)
        }
        let names = positions.map { Steady.names[$0] }
        let units = positions.map { Steady.units[$0] }
        self.resamples = max(resamples, 100)
        confidence = 1 - 0.05 / Double(names.count)
        blocks = (a.block, b.block)
        steady = (a, b)
        var generator = SplitMix64(seed: seed)
        var differences = [[Double]](repeating: [], count: names.count)
        for _ in 0..<self.resamples {
            let (x, y) = (a.statistics(a.resample(using: &generator)), b.statistics(b.resample(using: &generator)))
            for (index, position) in positions.enumerated() { differences[index].append(y[position] - x[position]) }
        }
        let (allA, allB) = (a.statistics(Array(0..<a.count)), b.statistics(Array(0..<b.count)))
        let (pointA, pointB) = (positions.map { allA[$0] }, positions.map { allB[$0] })
        let tail = (1 - confidence) / 2
        tested = names.indices.map { index in
            let sorted = differences[index].sorted()
            let low = sorted[Int((tail * Double(sorted.count)).rounded(.down))]
            let high = sorted[min(sorted.count - 1, Int(((1 - tail) * Double(sorted.count)).rounded(.up)) - 1)]
            let verdict: Verdict = low > 0 ? .slower : high < 0 ? .faster : .noDifference
            return Tested(
                name: names[index], unit: units[index], base: pointA[index], new: pointB[index], low: low, high: high,
                verdict: verdict)
        }
    }

    /// Throws unless the two runs are of the same scene at the same rate, saying why.
    public static func checkComparable(_ base: FrameProfile, _ new: FrameProfile) throws(HarnessError) {
        guard let a = base.header, let b = new.header else {
            let which = base.header == nil ? base.path : new.path
            throw .invalidOption(
                "\(which) has no '# cadence profile:' line naming its scene and rate, so the runs cannot be checked to be alike: pass --allow-mismatch to compare anyway"
            )
        }
        if a.scene != b.scene {
            throw .invalidOption(
                "the runs are of different scenes ('\(a.scene)' and '\(b.scene)'), which do different work a frame: pass --allow-mismatch to compare them anyway"
            )
        }
        // Two runs that followed one display measure its rate a little differently.
        let (slow, fast) = (max(a.targetPeriod, b.targetPeriod), min(a.targetPeriod, b.targetPeriod))
        if slow != fast && (fast == 0 || slow * 100 > fast * (100 + Self.rateTolerancePercent)) {
            throw .invalidOption(
                "the runs were held to different rates (\(rate(a.targetPeriod)) and \(rate(b.targetPeriod))), so their intervals differ by design: pass --allow-mismatch to compare them anyway"
            )
        }
    }

    /// The comparison's verdict: slower if a figure is slower and none faster, and so on.
    public var verdict: Verdict {
        let verdicts = Set(tested.map(\.verdict))
        switch (verdicts.contains(.slower), verdicts.contains(.faster)) {
        case (true, true): return .mixed
        case (true, false): return .slower
        case (false, true): return .faster
        case (false, false): return .noDifference
        }
    }

    /// One line per tested figure: `NAME: VERDICT: DIFFERENCE UNIT (CONFIDENCE % CI LOW … HIGH)`.
    public var verdictLines: [String] {
        let percent = String(format: "%g", (confidence * 100 * 100).rounded() / 100)
        return tested.map { figure in
            "\(figure.name): \(figure.verdict.rawValue): \(Self.signed(figure.difference)) \(figure.unit) (\(percent) % CI \(Self.signed(figure.low)) … \(Self.signed(figure.high)))"
        }
    }

    /// The whole report `cadence compare` prints.
    public var text: String {
        func describe(_ profile: FrameProfile, _ summary: FrameSummary) -> String {
            guard let header = profile.header else { return "\(profile.path): \(summary.steadyFrames) steady frames" }
            return
                "\(profile.path): \(header.scene), \(Self.rate(header.targetPeriod)), count \(header.objectCount), \(header.driver)/\(header.renderer), \(summary.steadyFrames) steady frames"
        }
        var lines = ["base  " + describe(base, baseSummary), "new   " + describe(new, newSummary), ""]
        lines.append(Self.row("figure", "base", "new", "new - base"))
        let newFigures = Dictionary(newSummary.figures.map { ($0.name, $0) }) { first, _ in first }
        // A profile holds each frame's longest input latency, not every event's: those figures would read 0.
        var perEvent = false
        for figure in baseSummary.figures {
            guard let other = newFigures[figure.name] else { continue }
            guard !FrameSummary.perEventFigures.contains(figure.name) else {
                perEvent = true
                continue
            }
            let name = figure.unit.isEmpty ? figure.name : "\(figure.name) \(figure.unit)"
            let count = figure.unit.isEmpty
            lines.append(
                Self.row(
                    name, Self.plain(figure.value, count: count), Self.plain(other.value, count: count),
                    Self.signed(other.value - figure.value, count: count)))
        }
        if perEvent {
            lines.append(
                "(input latencies by event and pointer error are in each run's --summary: a profile holds each frame's longest input-to-display, tested below)"
            )
        }
        let percent = String(format: "%g", (confidence * 100 * 100).rounded() / 100)
        lines.append("")
        lines.append(
            "95 % family-wise: \(tested.count) figures at \(percent) % each; circular block bootstrap, \(resamples) resamples, blocks of \(blocks.base) and \(blocks.new) frames"
        )
        lines += verdictLines
        lines.append("verdict: \(verdict.rawValue)")
        return lines.joined(separator: "\n")
    }

    private static func rate(_ period: UInt64) -> String {
        period > 0 ? String(format: "%.2f fps", 1e9 / Double(period)) : "unpaced"
    }

    private static func row(_ name: String, _ a: String, _ b: String, _ difference: String) -> String {
        func pad(_ text: String, _ width: Int) -> String {
            String(repeating: " ", count: max(0, width - text.count)) + text
        }
        return name.padding(toLength: 30, withPad: " ", startingAt: 0) + pad(a, 12) + pad(b, 12) + pad(difference, 12)
    }

    static func plain(_ value: Double, count: Bool = false) -> String {
        String(format: count ? "%.0f" : "%.3f", value)
    }

    static func signed(_ value: Double, count: Bool = false) -> String {
        let text = plain(value, count: count)
        return value >= 0 && !text.hasPrefix("-") ? "+" + text : text
    }

    /// The nearest-rank `p` quantile (0 < p ≤ 1) of `sorted`, the percentile every figure here uses.
    static func nearestRank(_ sorted: [Double], _ p: Double) -> Double {
        sorted[max(Int((p * Double(sorted.count)).rounded(.up)), 1) - 1]
    }

    /// A run's steady frames as the bootstrap resamples them.
    struct Steady {
        /// The figures ``statistics(_:)`` computes, in its order, and their units.
        static let names = [
            "p50", "p99", "busy", "hitch-ratio", "display-p99", "display-hitch-ratio", "input-to-display-p50",
        ]
        static let units = ["ms", "ms", "ms", "ms/s", "ms", "ms/s", "ms"]
        var interval: [Double] = [], busy: [Double] = [], late: [Double] = []
        /// Each frame's display interval (nil: not presented after another) and display lateness (ms).
        var displayInterval: [Double?] = [], displayLate: [Double] = []
        /// Each frame's input-to-display (its longest, ms; nil: it showed no input first).
        var inputToDisplay: [Double?] = []
        /// Frames that showed input first.
        var inputFrames = 0
        /// Whether the profile has display times.
        var hasDisplay = false
        /// Frames per block: √n, rounded.
        let block: Int
        /// The intervals in increasing order, and each frame's place in that order: a resample's
        /// percentiles then come from counting, without sorting every resample.
        private let sorted: [Double]
        private let place: [Int]

        init(_ profile: FrameProfile) {
            var track = DisplayTrack()
            // Each frame judged against its own period where the profile has it, as the run judged it
            // (``FrameStats`` keeps the last steady frame's).
            var period = profile.targetPeriod
            for sample in profile.samples {
                hasDisplay = hasDisplay || sample.display != nil
                if FrameStats.isSteady(sample), let own = sample.period { period = own }
                let shown = track.next(sample, period: sample.period ?? period)
                guard FrameStats.isSteady(sample) else { continue }
                displayInterval.append(shown.map { Double($0.interval) / 1e6 })
                displayLate.append(Double(shown?.lateBy ?? 0) / 1e6)
                inputToDisplay.append(sample.inputToDisplay > 0 ? Double(sample.inputToDisplay) / 1e6 : nil)
                if sample.inputToDisplay > 0 { inputFrames += 1 }
                interval.append(Double(sample.interval) / 1e6)
                busy.append(Double(sample.phases.busy) / 1e6)
                let lateness = FrameStats.lateness(interval: sample.interval, targetPeriod: period)
                late.append(Double(lateness.lateBy) / 1e6)
            }
            block = max(1, Int(Double(interval.count).squareRoot().rounded()))
            let values = interval
            let order = values.indices.sorted { values[$0] < values[$1] }
            sorted = order.map { values[$0] }
            var place = [Int](repeating: 0, count: order.count)
            for (position, frame) in order.enumerated() { place[frame] = position }
            self.place = place
        }

        var count: Int { interval.count }

        /// n frame indices: blocks of ``block`` consecutive frames from random starts, wrapping around.
        func resample(using generator: inout SplitMix64) -> [Int] {
            var indices: [Int] = []
            indices.reserveCapacity(count)
            while indices.count < count {
                let start = Int.random(in: 0..<count, using: &generator)
                for offset in 0..<min(block, count - indices.count) { indices.append((start + offset) % count) }
            }
            return indices
        }

        /// p50 and p99 interval (nearest rank), mean busy time, hitch ratio (ms/s), p99 display interval,
        /// display hitch ratio and the median of the frames' input-to-display of the frames at `indices` (the
        /// display figures 0 without display times).
        func statistics(_ indices: [Int]) -> [Double] {
            var counts = [Int](repeating: 0, count: sorted.count)
            var (busySum, lateSum, intervalSum, displayLateSum) = (0.0, 0.0, 0.0, 0.0)
            var (shown, input): ([Double], [Double]) = ([], [])
            for frame in indices {
                counts[place[frame]] += 1
                busySum += busy[frame]
                lateSum += late[frame]
                intervalSum += interval[frame]
                guard hasDisplay else { continue }
                displayLateSum += displayLate[frame]
                if let value = displayInterval[frame] { shown.append(value) }
                if let value = inputToDisplay[frame] { input.append(value) }
            }
            shown.sort()
            input.sort()
            let displayP99 = shown.isEmpty ? 0 : FrameComparison.nearestRank(shown, 0.99)
            let ranks = [0.5, 0.99].map { max(Int(($0 * Double(indices.count)).rounded(.up)), 1) }
            var percentiles: [Double] = []
            var seen = 0
            for (position, count) in counts.enumerated() where count > 0 {
                seen += count
                while percentiles.count < ranks.count, seen >= ranks[percentiles.count] {
                    percentiles.append(sorted[position])
                }
                if percentiles.count == ranks.count { break }
            }
            let seconds = intervalSum / 1000
            return percentiles + [
                busySum / Double(indices.count), seconds > 0 ? lateSum / seconds : 0, displayP99,
                seconds > 0 ? displayLateSum / seconds : 0, input.isEmpty ? 0 : FrameComparison.nearestRank(input, 0.5),
            ]
        }
    }
}
