import Foundation

/// Something that receives every frame's sample as it is recorded and writes it out at the end.
public protocol FrameSink: AnyObject {
    /// Receives one frame.
    func record(_ sample: FrameSample)
    /// Finishes the output (flushes, closes, renames into place).
    func finish() throws(HarnessError)
}

/// Streams lines to the output (C stdio buffering, so the per-frame cost is a formatted write into a
/// buffer). A regular file is written to a hidden temporary sibling and renamed into place on
/// ``finish()``, so a run that fails leaves no partial file at the destination; a device or FIFO is
/// written directly, and a symlink is written through (see ``OutputFile``).
final class StreamingFile {
    let path: String
    private let temporary: String?
    private let target: OutputFile.Target
    private var file: UnsafeMutablePointer<FILE>?

    init(path: String) throws(HarnessError) {
        self.path = path
        target = try OutputFile.resolve(path)
        temporary = target.isDirect ? nil : OutputFile.temporaryPath(for: target.resolved)
        let destination = temporary ?? target.resolved
        let fd =
            target.isDirect
            ? open(destination, O_WRONLY | O_CLOEXEC)
            : open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0, let file = fdopen(fd, "w") else {
            throw .unwritablePath(path, reason: String(cString: strerror(errno)))
        }
        self.file = file
    }

    deinit {
        if let file {
            fclose(file)
            if let temporary { unlink(temporary) }
        }
    }

    func write(_ string: String) {
        guard let file else { return }
        fputs(string, file)
    }

    func finish() throws(HarnessError) {
        guard let file else { return }
        self.file = nil
        if let reason = OutputFile.closeStream(file) {
            if let temporary { unlink(temporary) }
            throw .outputFailed(path, reason: reason)
        }
        if let temporary { try OutputFile.commit(temporary, to: target.resolved, reportedAs: path) }
    }
}

/// What a profile is a run of, so that `cadence compare` can tell two runs of different scenes or rates
/// apart: the last columns of every row (``columns``: `run_scene`, `run_target_period_ms`, …), so that the
/// column line is a profile's first line and any CSV reader (`csv.DictReader`, `pandas.read_csv`, a
/// spreadsheet) reads it as it is. Profiles written before Cadence 0.1.0 began with these facts as a comment
/// line instead (``line``); ``FrameProfile/load(_:)`` reads both.
public struct ProfileHeader: Sendable, Equatable {
    /// The scene the run started in.
    public var scene: String
    /// The period the pacer held to, in nanoseconds (0: unpaced).
    public var targetPeriod: UInt64
    /// SDL's video driver and renderer.
    public var driver: String, renderer: String
    /// Objects in scenes that scale (`--count`).
    public var objectCount: Int
    /// The SDL library the run used, the display scale and the refresh rate SDL reported (0: none).
    public var sdlVersion: String, scale: Double, refreshRate: Double

    /// A header.
    public init(
        scene: String, targetPeriod: UInt64, driver: String, renderer: String, objectCount: Int,
        sdlVersion: String = "", scale: Double = 1, refreshRate: Double = 0
    ) {
        self.sdlVersion = sdlVersion
        self.scale = scale
        self.refreshRate = refreshRate
        self.scene = scene
        self.targetPeriod = targetPeriod
        self.driver = driver
        self.renderer = renderer
        self.objectCount = objectCount
    }

    static let prefix = "# cadence profile:"

    /// The names of the run's columns, which follow the per-frame ones (``CSVProfileWriter/header``).
    public static let columns =
        "run_scene,run_target_period_ms,run_driver,run_renderer,run_count,run_sdl,run_scale,run_refresh_hz"

    /// The run's columns of a row, in the order of ``columns`` (a comma or a line break in a name becomes
    /// `_`: the profile's fields are never quoted).
    public var fields: String {
        let plain = { (text: String) in
            String(text.map { $0 == "," || $0 == "\n" || $0 == "\r" || $0 == "\"" ? "_" : $0 })
        }
        return [
            plain(scene), String(format: "%.6f", Double(targetPeriod) / 1e6), plain(driver), plain(renderer),
            String(objectCount), plain(sdlVersion), String(format: "%g", scale), String(format: "%g", refreshRate),
        ].joined(separator: ",")
    }

    /// Reads the run's columns of a row (`column` gives a column's index by name); nil when the row has
    /// none, as a profile written before Cadence 0.1.0 does.
    init?(row fields: [Substring], column: [String: Int]) {
        self.init(reading: { name in column["run_" + name].map { String(fields[$0]) } })
    }

    /// The one reading of both shapes: `value` gives a fact by its name (`scene`, `target_period_ms`, …).
    private init?(reading value: (String) -> String?) {
        guard let scene = value("scene"), let period = value("target_period_ms").flatMap(Double.init),
            period.isFinite, period >= 0, period < 3.6e9, let count = value("count").flatMap(Int.init)
        else { return nil }
        self.init(
            scene: scene, targetPeriod: UInt64((period * 1e6).rounded()), driver: value("driver") ?? "",
            renderer: value("renderer") ?? "", objectCount: count,
            sdlVersion: value("sdl").map { $0 == "-" ? "" : $0 } ?? "",
            scale: value("scale").flatMap(Double.init) ?? 1, refreshRate: value("refresh_hz").flatMap(Double.init) ?? 0)
    }

    /// The comment line that profiles written before Cadence 0.1.0 began with (still read by ``init(line:)``).
    public var line: String {
        Self.prefix
            + " scene=\(scene) target_period_ms=\(String(format: "%.6f", Double(targetPeriod) / 1e6)) driver=\(driver) renderer=\(renderer) count=\(objectCount)"
            + " sdl=\(sdlVersion.isEmpty ? "-" : sdlVersion) scale=\(String(format: "%g", scale)) refresh_hz=\(String(format: "%g", refreshRate))"
    }

    /// Reads a header line; nil when `line` is not one.
    public init?(line: String) {
        guard line.hasPrefix(Self.prefix) else { return nil }
        var fields: [String: String] = [:]
        for pair in line.dropFirst(Self.prefix.count).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        self.init(reading: { fields[$0] })
    }
}

/// `--profile frames.csv`: the column line, then one row per frame, times in milliseconds, each ending
/// with the run's columns (``ProfileHeader/columns``).
///
/// Rows are written from the first steady frame on (the warm-up rows wait in memory until then), so
/// that the run's period is the one the steady frames were held to: a pacer that follows a display's
/// measured rate changes it at the end of the warm-up.
public final class CSVProfileWriter: FrameSink {
    private let file: StreamingFile
    private var about: ProfileHeader
    private var pending: [String]? = []
    /// `,` + the run's columns + the line's end, fixed when the header is written.
    private var runFields = ""
    private var displayTrack = DisplayTrack()

    /// The columns, in order. `overrun_ms` (busy − period) is empty in an unpaced run; `late_ms` is how
    /// late a hitch was (0 for other frames) and `stall` marks stalls (see
    /// ``FrameStats/lateness(interval:targetPeriod:)``; both only for steady frames); `throttled` marks
    /// the frames of a hidden or covered window (see ``FrameSample/throttled``).
    ///
    /// The display columns (see ``PresentationFeedback``) are empty, never 0, in a run without display times
    /// and for frames that were not presented: `display` is `presented`, `discarded` or `pending`;
    /// `presented_ms` when the frame was shown (on the clock of `start_ms`); `display_interval_ms` since the
    /// frame presented before it and `display_late_ms` how late that was (see ``DisplayTrack``; steady frames
    /// only, 0 when on time); `present_to_display_ms` from the return of the present call; `refresh_ms`,
    /// `display_seq` and `display_flags` as the compositor gave them; `input_to_display_ms` the longest
    /// input-to-display latency of the events the frame showed first. `input_wait_ms` is the longest time one of
    /// the frame's events waited to be read (see ``FrameSample/inputWait``; empty without events), `period_ms`
    /// the period the frame was held to (see ``FrameSample/period``: a run that follows the display's measured
    /// rate changes it, and the display hitches are judged against it; empty when not known). The last five
    /// say how the latch schedule placed the frame (see ``LatchPlan``; empty when it was not latched): its lead
    /// before the display time it aimed at, the busy budget, headroom and margin the lead is made of, and
    /// `drawn_ahead` 1 for a frame drawn ahead.
    public static let header =
        "frame,start_ms,interval_ms,input_ms,update_ms,draw_ms,render_ms,present_ms,wait_ms,busy_ms,tweens,animations,paced,input_events,input_to_present_ms,overrun_ms,late_ms,stall,throttled,"
        + "display,presented_ms,display_interval_ms,display_late_ms,present_to_display_ms,refresh_ms,display_seq,display_flags,input_to_display_ms,"
        + "input_wait_ms,period_ms,lead_ms,budget_ms,headroom_ms,margin_ms,drawn_ahead"

    /// Opens the output (written to a temporary file until ``finish()``); `about` fills the run's columns.
    public init(path: String, about: ProfileHeader) throws(HarnessError) {
        file = try StreamingFile(path: path)
        self.about = about
    }

    public func record(_ sample: FrameSample) {
        let p = sample.phases
        let ms = { (ns: UInt64) in String(format: "%.4f", Double(ns) / 1e6) }
        let steady = FrameStats.isSteady(sample)
        let period = sample.period ?? about.targetPeriod
        let late = FrameStats.lateness(interval: sample.interval, targetPeriod: period)
        let overrun = period > 0 ? String(format: "%.4f", (Double(p.busy) - Double(period)) / 1e6) : ""
        let fields =
            [
                String(sample.index), String(format: "%.4f", Double(sample.start) / 1e6), ms(sample.interval),
                ms(p.input), ms(p.update), ms(p.draw), ms(p.render), ms(p.present), ms(p.wait), ms(p.busy),
                String(sample.tweens), String(sample.animations), sample.paced ? "1" : "0", String(sample.inputEvents),
                ms(sample.inputLatency), overrun, ms(steady ? late.lateBy : 0), steady && late.stall ? "1" : "0",
                sample.throttled ? "1" : "0",
            ] + displayFields(sample, steady: steady, period: period) + [
                sample.inputEvents > 0 ? ms(sample.inputWait) : "", sample.period.map(ms) ?? "",
            ]
            + (sample.plan.map { [ms($0.lead), ms($0.budget), ms($0.headroom), ms($0.margin), $0.ahead ? "1" : "0"] }
                ?? Self.noPlan)
        let row = fields.joined(separator: ",")
        guard pending != nil else {
            // Two writes into the stream's buffer rather than a third string a frame.
            file.write(row)
            file.write(runFields)
            return
        }
        pending?.append(row)
        if steady {
            about.targetPeriod = period
            writeHeader()
        }
    }

    /// The nine display columns of a row (empty without an answer).
    private func displayFields(_ sample: FrameSample, steady: Bool, period: UInt64) -> [String] {
        let shown = displayTrack.next(sample, period: period)
        guard let display = sample.display else { return Self.noDisplay }
        guard display.outcome == .presented else { return [display.outcome.rawValue] + Self.noDisplay.dropFirst() }
        let ms = { (ns: UInt64) in String(format: "%.4f", Double(ns) / 1e6) }
        let latency = display.time - Swift.min(sample.presentEnd, display.time)
        return [
            display.outcome.rawValue, ms(display.time), shown.map { ms($0.interval) } ?? "",
            shown.map { ms(steady ? $0.lateBy : 0) } ?? "", ms(latency), ms(display.refresh), String(display.sequence),
            String(display.flags.rawValue), ms(sample.inputToDisplay),
        ]
    }

    /// The display columns of a frame without an answer.
    private static let noDisplay = [String](repeating: "", count: 9)
    /// The plan columns of a frame the latch schedule did not place.
    private static let noPlan = [String](repeating: "", count: 5)

    private func writeHeader() {
        guard let rows = pending else { return }
        pending = nil
        runFields = "," + about.fields + "\n"
        file.write(Self.header + "," + ProfileHeader.columns + "\n" + rows.map { $0 + runFields }.joined())
    }

    public func finish() throws(HarnessError) {
        writeHeader()
        try file.finish()
    }
}

/// `--trace trace.json`: Chrome's trace-event format, which Perfetto and chrome://tracing open.
///
/// Each frame is a complete (`"ph":"X"`) slice named `frame`, with one nested slice per phase
/// (input, update, draw, render, present, wait) on the same track, and a counter event (`"ph":"C"`)
/// named `active` carrying the tween and animation counts; a steady frame that came late is an instant
/// event named `hitch` or `stall` with its interval and lateness; a counter named `throttled` goes to 1
/// where a stretch of throttled frames begins and back to 0 where it ends. With display times (see
/// ``PresentationFeedback``), a second track named `display` has a slice per presented frame, from the
/// presented time of the frame before it to its own (so a frame shown late is a long slice named after it),
/// an instant `display hitch` or `display stall` where one was shown late (see ``DisplayTrack``) and an
/// instant `discarded` at the present of a frame never shown. A track named `input` has a slice `waiting to
/// be read` per frame that read input, from its oldest event to its start (see ``FrameSample/inputWait``).
/// Times are microseconds from the first frame.
public final class ChromeTraceWriter: FrameSink {
    private let file: StreamingFile
    private let targetPeriod: UInt64
    private var origin: UInt64?
    private var first = true
    private var throttled = false
    private var displayTrack = DisplayTrack()
    private var namedDisplayTrack = false
    private var namedInputTrack = false

    /// Opens the output (written to a temporary file until ``finish()``) for a run held to `targetPeriod`
    /// nanoseconds a frame (0: unpaced), which tells hitches and stalls; `platform` (the driver, SDL's
    /// version, the scale, the refresh rate) labels the process.
    public init(path: String, targetPeriod: UInt64 = 0, platform: String = "") throws(HarnessError) {
        file = try StreamingFile(path: path)
        self.targetPeriod = targetPeriod
        file.write("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n")
        emit(#"{"name":"process_name","ph":"M","pid":1,"args":{"name":"cadence"}}"#)
        emit(#"{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"frame loop"}}"#)
        if !platform.isEmpty {
            let label = platform.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"")
            emit(#"{"name":"process_labels","ph":"M","pid":1,"args":{"labels":"\#(label)"}}"#)
        }
    }

    public func record(_ sample: FrameSample) {
        let origin = self.origin ?? sample.start
        self.origin = origin
        let us = { (ns: UInt64) in String(format: "%.3f", Double(ns) / 1000) }
        let ms = { (ns: UInt64) in String(format: "%.3f", Double(ns) / 1e6) }
        var ts = sample.start - origin
        let total = sample.phases.busy + sample.phases.wait
        emit(
            #"{"name":"frame","cat":"frame","ph":"X","pid":1,"tid":1,"ts":\#(us(ts)),"dur":\#(us(total)),"args":{"frame":\#(sample.index)}}"#
        )
        for (index, name) in FramePhases.names.enumerated() {
            let duration = sample.phases[index]
            emit(#"{"name":"\#(name)","cat":"phase","ph":"X","pid":1,"tid":1,"ts":\#(us(ts)),"dur":\#(us(duration))}"#)
            ts += duration
        }
        emit(
            #"{"name":"active","ph":"C","pid":1,"ts":\#(us(sample.start - origin)),"args":{"tweens":\#(sample.tweens),"animations":\#(sample.animations)}}"#
        )
        if sample.inputWait > 0 {
            if !namedInputTrack {
                namedInputTrack = true
                emit(#"{"name":"thread_name","ph":"M","pid":1,"tid":3,"args":{"name":"input"}}"#)
            }
            // From the oldest of the frame's events to the frame's start (never before the trace's origin).
            let from = Swift.max(sample.start - Swift.min(sample.inputWait, sample.start), origin)
            emit(
                #"{"name":"waiting to be read","cat":"input","ph":"X","pid":1,"tid":3,"ts":\#(us(from - origin)),"dur":\#(us(sample.start - from)),"args":{"frame":\#(sample.index)}}"#
            )
        }
        if FrameStats.isSteady(sample) {
            let late = FrameStats.lateness(interval: sample.interval, targetPeriod: sample.period ?? targetPeriod)
            if late.lateBy > 0 || late.stall {
                // An instant event on the frame loop's track, at the start of the frame that came late.
                let name = late.stall ? "stall" : "hitch"
                emit(
                    #"{"name":"\#(name)","cat":"timing","ph":"i","s":"t","pid":1,"tid":1,"ts":\#(us(sample.start - origin)),"args":{"interval_ms":\#(ms(sample.interval)),"late_ms":\#(ms(late.lateBy))}}"#
                )
            }
        }
        if sample.throttled != throttled {
            throttled = sample.throttled
            emit(
                #"{"name":"throttled","ph":"C","pid":1,"ts":\#(us(sample.start - origin)),"args":{"throttled":\#(throttled ? 1 : 0)}}"#
            )
        }
        recordDisplay(sample, origin: origin)
        if let plan = sample.plan {
            // The latch schedule's lead and its parts, a counter track stamped at the frame's start.
            emit(
                #"{"name":"latch lead ms","ph":"C","pid":1,"ts":\#(us(sample.start - origin)),"args":{"budget":\#(ms(plan.budget)),"headroom":\#(ms(plan.headroom)),"margin":\#(ms(plan.margin))}}"#
            )
        }
        if sample.inputEvents > 0 {
            // A counter track of its own, stamped at the present that showed the input.
            let presented = sample.start - origin + sample.phases.busy
            emit(
                #"{"name":"input-to-present ms","ph":"C","pid":1,"ts":\#(us(presented)),"args":{"longest":\#(String(format: "%.3f", Double(sample.inputLatency) / 1e6)),"events":\#(sample.inputEvents)}}"#
            )
        }
    }

    private func recordDisplay(_ sample: FrameSample, origin: UInt64) {
        guard let display = sample.display else { return }
        if !namedDisplayTrack {
            namedDisplayTrack = true
            emit(#"{"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"display"}}"#)
        }
        let us = { (ns: UInt64) in String(format: "%.3f", Double(ns) / 1000) }
        let ms = { (ns: UInt64) in String(format: "%.3f", Double(ns) / 1e6) }
        let shown = displayTrack.next(sample, period: sample.period ?? targetPeriod)
        switch display.outcome {
        case .presented:
            // Before the first frame (a warm-up present answered late) would be a negative time: left out.
            guard display.time >= origin else { return }
            let latency = display.time - Swift.min(sample.presentEnd, display.time)
            if let shown, shown.interval <= display.time - origin {
                emit(
                    #"{"name":"frame \#(sample.index) shown","cat":"display","ph":"X","pid":1,"tid":2,"ts":\#(us(display.time - origin - shown.interval)),"dur":\#(us(shown.interval)),"args":{"frame":\#(sample.index),"display_interval_ms":\#(ms(shown.interval)),"present_to_display_ms":\#(ms(latency))}}"#
                )
                if FrameStats.isSteady(sample), shown.lateBy > 0 || shown.stall {
                    emit(
                        #"{"name":"\#(shown.stall ? "display stall" : "display hitch")","cat":"display","ph":"i","s":"t","pid":1,"tid":2,"ts":\#(us(display.time - origin)),"args":{"frame":\#(sample.index),"display_interval_ms":\#(ms(shown.interval)),"late_ms":\#(ms(shown.lateBy))}}"#
                    )
                }
            }
        case .discarded, .pending:
            emit(
                #"{"name":"\#(display.outcome.rawValue)","cat":"display","ph":"i","s":"t","pid":1,"tid":2,"ts":\#(us(sample.presentEnd - origin)),"args":{"frame":\#(sample.index)}}"#
            )
        }
    }

    public func finish() throws(HarnessError) {
        file.write("\n]}\n")
        try file.finish()
    }

    private func emit(_ event: String) {
        file.write(first ? event : ",\n" + event)
        first = false
    }
}
