import Foundation

/// A run's profile read back from the CSV `--profile` wrote: what it was a run of and every frame, for
/// `cadence compare`.
public struct FrameProfile: Sendable {
    /// Where it was read from.
    public var path: String
    /// What the run was (nil for a profile with neither the run's columns nor the comment line of profiles written before 0.1.0).
    public var header: ProfileHeader?
    /// Every frame, as the run recorded it (times to the CSV's 0.1 µs).
    public var samples: [FrameSample]

    /// A profile of `samples`.
    public init(path: String, header: ProfileHeader?, samples: [FrameSample]) {
        self.path = path
        self.header = header
        self.samples = samples
    }

    /// The period the run was held to, in nanoseconds (0: unpaced or unknown).
    public var targetPeriod: UInt64 { header?.targetPeriod ?? 0 }

    /// The run's figures, computed by ``FrameStats`` as the run itself computed them (but input-to-present
    /// and input-to-display, whose per-event latencies the CSV does not hold).
    public func summary() -> FrameSummary {
        let stats = FrameStats(targetPeriod: targetPeriod, historyLength: 1)
        for sample in samples { stats.record(sample) }
        return stats.summary()
    }

    /// Reads a profile written by `--profile`.
    /// - Throws: ``HarnessError/unreadableProfile(_:line:reason:)`` for a file that cannot be read, has no
    ///   column line, lacks a column or has a bad row (the first one, with its line number).
    public static func load(_ path: String) throws(HarnessError) -> FrameProfile {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadableProfile(path, line: 0, reason: "cannot read the file (\(error.localizedDescription))")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var skipped = 0
        var header: ProfileHeader?
        if let first = lines.first, first.hasPrefix("#") {
            header = ProfileHeader(line: first)
            skipped = 1
        }
        guard skipped < lines.count, lines[skipped].hasPrefix("frame,") else {
            throw .unreadableProfile(path, line: skipped + 1, reason: "expected the column line of a --profile CSV")
        }
        let columns = lines[skipped].split(separator: ",").map(String.init)
        let needed = ["frame", "start_ms", "interval_ms"] + FramePhases.names.map { $0 + "_ms" } + ["paced"]
        if let missing = needed.first(where: { !columns.contains($0) }) {
            throw .unreadableProfile(path, line: skipped + 1, reason: "no '\(missing)' column")
        }
        let index = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
        var samples: [FrameSample] = []
        samples.reserveCapacity(lines.count - skipped - 1)
        for (offset, line) in lines.dropFirst(skipped + 1).enumerated() {
            let lineNumber = skipped + 2 + offset
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == columns.count else {
                throw .unreadableProfile(
                    path, line: lineNumber, reason: "\(fields.count) fields where the column line has \(columns.count)")
            }
            func number(_ name: String) throws(HarnessError) -> Double {
                guard let column = index[name], let value = Double(fields[column]), value.isFinite, value >= 0 else {
                    throw .unreadableProfile(path, line: lineNumber, reason: "'\(name)' is not a number of 0 or more")
                }
                return value
            }
            func nanoseconds(_ name: String) throws(HarnessError) -> UInt64 {
                let ms = try number(name)
                guard ms < 3.6e9 else {
                    throw .unreadableProfile(path, line: lineNumber, reason: "'\(name)' is too large")
                }
                return UInt64((ms * 1e6).rounded())
            }
            var phases = FramePhases()
            (phases.input, phases.update, phases.draw) = (
                try nanoseconds("input_ms"), try nanoseconds("update_ms"), try nanoseconds("draw_ms")
            )
            (phases.render, phases.present, phases.wait) = (
                try nanoseconds("render_ms"), try nanoseconds("present_ms"), try nanoseconds("wait_ms")
            )
            let frame = try number("frame")
            guard frame == frame.rounded(), frame < 1e12 else {
                throw .unreadableProfile(path, line: lineNumber, reason: "'frame' is not a frame number")
            }
            if header == nil, samples.isEmpty { header = ProfileHeader(row: fields, column: index) }
            var sample = FrameSample(
                index: Int(frame), start: try nanoseconds("start_ms"), interval: try nanoseconds("interval_ms"),
                phases: phases, paced: try number("paced") != 0,
                throttled: index["throttled"] == nil ? false : try number("throttled") != 0)
            if index["input_events"] != nil, index["input_to_present_ms"] != nil {
                sample.inputEvents = Int(Swift.min(try number("input_events"), 1e9))
                sample.inputLatency = try nanoseconds("input_to_present_ms")
            }
            if let column = index["input_wait_ms"], !fields[column].isEmpty {
                sample.inputWait = try nanoseconds("input_wait_ms")
            }
            // The frame's own period (profiles since it was added): what its lateness is judged against.
            if let column = index["period_ms"], !fields[column].isEmpty {
                sample.period = try nanoseconds("period_ms")
            }
            // The latch schedule's plan (profiles since it was added): empty when the frame was not latched.
            if let column = index["lead_ms"], !fields[column].isEmpty, index["drawn_ahead"] != nil {
                sample.plan = LatchPlan(
                    lead: try nanoseconds("lead_ms"), budget: try nanoseconds("budget_ms"),
                    headroom: try nanoseconds("headroom_ms"), margin: try nanoseconds("margin_ms"),
                    ahead: try number("drawn_ahead") != 0)
            }
            // Display columns (profiles since they were added): empty when the frame had no answer.
            if let column = index["display"], !fields[column].isEmpty {
                guard let outcome = PresentationFeedback.Outcome(rawValue: String(fields[column])) else {
                    throw .unreadableProfile(
                        path, line: lineNumber, reason: "'display' is not presented, discarded or pending")
                }
                switch outcome {
                case .presented:
                    sample.display = .presented(
                        at: try nanoseconds("presented_ms"), refresh: try nanoseconds("refresh_ms"),
                        sequence: UInt64(Swift.min(try number("display_seq"), 1e18)),
                        flags: .init(rawValue: UInt32(Swift.min(try number("display_flags"), 15))))
                    sample.inputToDisplay = try nanoseconds("input_to_display_ms")
                case .discarded: sample.display = .discarded
                case .pending: sample.display = .pending
                }
            }
            samples.append(sample)
        }
        return FrameProfile(path: path, header: header, samples: samples)
    }
}
