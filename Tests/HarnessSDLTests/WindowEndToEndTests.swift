import Foundation
import Testing
@testable import Harness
@testable import HarnessSDL
import Tweening

/// The `cadence` executable built beside this test bundle.
/// The `cadence` the child-process tests run: `$CADENCE_EXECUTABLE` (`make test` passes the release build, the one
/// `make run` and users run), else the one built beside the tests.
var cadenceExecutable: String {
    if let path = ProcessInfo.processInfo.environment["CADENCE_EXECUTABLE"], !path.isEmpty { return path }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cadence")
        .path
}

extension CommandRunTests {
    @Test func realClicksUnderXvfbRetargetTheMarkersAndEscQuits() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: cadenceExecutable), "build the cadence product first")
        let folder = NSTemporaryDirectory() + "cadence-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = """
            set -u
            \(windowHelpers)
            "$CADENCE" retarget --record "$OUT/input.jsonl" --summary "$OUT/summary.txt" --frames 3000 \
              --clip "$OUT/live.gif" --clip-scale 0.25 2>"$OUT/log.txt" &
            pid=$!
            opened "$OUT/log.txt"
            wid=$(xdotool search --name "Cadence" | head -1)
            xdotool mousemove --window "$wid" 300 200 click 1
            sleep 1.5
            import -window root "$OUT/screen.png"
            xdotool key --window "$wid" Escape
            finish "$OUT/log.txt"
            """
        let (status, output) = try await underXvfb(script, environment: ["CADENCE": cadenceExecutable, "OUT": folder])
        #expect(status == 0, "\(output)")
        let recording = try InputScript.load(folder + "/input.jsonl")
        #expect(
            recording.events.contains { $0.event == .mouseDown(.left, at: Point(300, 200)) }, "\(recording.jsonLines)")
        #expect(recording.events.contains { $0.event == .keyDown(.escape) })
        #expect(
            FileManager.default.fileExists(atPath: folder + "/summary.txt"), "Esc ends the run cleanly, summary written"
        )
        // The clip of a windowed run is rendered from its recording after the run: the click is in it.
        #expect(output.contains("rendered offline after the run"), "\(output)")
        let clip = try decodePNG(folder + "/live.gif")
        #expect(clip.width == 320 && clip.height == 180, "a quarter of 1280×720")
        let screen = try decodePNG(folder + "/screen.png")
        // After 1.5 s every marker has settled in its place in the row around the click.
        let colors = RetargetScene(context: SceneContext(tweener: Tweener())).markers.map(\.color)
        for (index, color) in colors.enumerated() {
            let place = Point(300, 200) + RetargetScene.offset(index, of: colors.count)
            #expect(screen[Int(place.x), Int(place.y)] == color, "marker \(index) sits where the real click sent it")
        }
    }

    @Test func sigtermEndsAWindowedRunCleanly() async throws {
        let folder = NSTemporaryDirectory() + "cadence-term-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = """
            \(windowHelpers)
            launch "$OUT/log.txt" hello --summary "$OUT/summary.txt"
            kill -TERM $pid
            wait $pid
            """
        let (status, output) = try await underXvfb(script, environment: ["CADENCE": cadenceExecutable, "OUT": folder])
        #expect(status == 128 + SIGTERM, "an interrupted run says so in its exit status: \(output)")
        let summary = try String(contentsOfFile: folder + "/summary.txt", encoding: .utf8)
        #expect(summary.contains("frames:") && summary.contains("interrupted at frame"), "\(summary)")
    }

    /// C in the inspector under a real X server: the lane's spelling reaches stdout and SDL's clipboard
    /// accepts it (the loop logs which). Headless, see ``SDLTests/headlessThereIsNoClipboard()``.
    @Test func copyAsSwiftReachesStdoutAndTheX11Clipboard() async throws {
        let script = """
            \(windowHelpers)
            log=$(mktemp)
            trap 'rm -f "$log"' EXIT
            "$CADENCE" inspector --frames 3000 2>"$log" &
            pid=$!
            opened "$log"
            wid=$(xdotool search --name "Cadence" | head -1)
            xdotool key --window "$wid" c
            sleep 0.5
            xdotool key --window "$wid" Escape
            finish "$log"
            """
        let (status, output) = try await underXvfb(script, environment: ["CADENCE": cadenceExecutable])
        #expect(status == 0, "\(output)")
        #expect(output.contains(".spring(duration: 0.5, bounce: 0.25)\n"), "\(output)")
        #expect(output.contains("copied to the clipboard"), "\(output)")
    }
}

extension CommandRunTests {
    /// A windowed run's summary, recomputed field by field from its own per-frame CSV: the steady frames
    /// are the rows after the first two with `paced` 1, and every figure but the warm-up line is over them.
    @Test func aWindowedRunsSummaryAgreesWithItsCSV() async throws {
        let folder = NSTemporaryDirectory() + "cadence-summary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = """
            "$CADENCE" hello --frames 90 --summary "$OUT/summary.txt" --profile "$OUT/frames.csv" >/dev/null
            """
        let (status, output) = try await underXvfb(script, environment: ["CADENCE": cadenceExecutable, "OUT": folder])
        #expect(status == 0, "\(output)")
        let summary = try String(contentsOfFile: folder + "/summary.txt", encoding: .utf8)
        let rows = try String(contentsOfFile: folder + "/frames.csv", encoding: .utf8)
            .split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let columns = (CSVProfileWriter.header + "," + ProfileHeader.columns).split(separator: ",").map(String.init)
        func column(_ name: String, _ row: [String]) -> Double { Double(row[columns.firstIndex(of: name)!])! }

        let throttled = rows.filter { column("throttled", $0) == 1 }
        let steady = rows.filter { column("frame", $0) > 1 && column("paced", $0) == 1 && column("throttled", $0) == 0 }
        let warmUp = rows.filter { !(column("frame", $0) > 1 && column("paced", $0) == 1) }
        func numbers(after label: String) -> [Double] {
            guard let line = summary.split(separator: "\n").first(where: { $0.hasPrefix(label) }) else { return [] }
            return line.dropFirst(label.count).split(whereSeparator: { " :=+;(),".contains($0) })
                .compactMap { Double($0) }
        }
        // Typed apart: inside #expect this literal is slow to type-check.
        let counts: [Double] = [90, Double(warmUp.count), Double(steady.count), Double(throttled.count)]
        #expect(numbers(after: "frames") == counts, "\(summary)")
        #expect(steady.count > 40, "most of a 90-frame run is steady: \(summary)")

        let warmUpMax = warmUp.map { column("interval_ms", $0) }.max() ?? 0
        let warmUpLine = numbers(after: "warm-up")
        #expect(warmUpLine.first == Double(warmUp.count))
        #expect(abs((warmUpLine.last ?? -1) - warmUpMax) < 0.002, "\(summary)")

        // HdrHistogram keeps three significant digits: its values lie within 0.1 % of the exact ones.
        let intervals = steady.map { column("interval_ms", $0) }.sorted()
        let values = numbers(after: "interval ms")  // p50, p90, p99, p99.9, max
        #expect(values.count == 5, "\(summary)")
        for (percentile, value) in zip([50.0, 90, 99, 99.9, 100], values) {
            let rank = max(Int((percentile / 100 * Double(intervals.count)).rounded(.up)), 1)
            let exact = intervals[rank - 1]
            #expect(abs(value - exact) <= exact * 0.002 + 0.002, "p\(percentile): \(value) against \(exact)")
        }

        // The period from the profile's own column (the summary rounds it further). The CSV rounds each
        // interval to its last decimal: a frame within that of a threshold may fall on either side of it, and
        // under a paced X server frames land near whole periods, so near twice one (a jank) often enough.
        let period = column("run_target_period_ms", try #require(steady.first))
        #expect(abs((numbers(after: "deviation from").first ?? 0) - period) < 0.0005, "\(summary)")
        let rounding = 0.0001
        let steadyIntervals = steady.map { column("interval_ms", $0) }
        func frames(over threshold: Double) -> ClosedRange<Int> {
            steadyIntervals.filter { $0 > threshold + rounding }
                .count...steadyIntervals.filter { $0 > threshold - rounding }.count
        }
        let line = numbers(after: "missed deadlines")  // missed deadlines, janks
        #expect(line.count == 2, "\(summary)")
        #expect(frames(over: period * 1.05).contains(Int(line.first ?? -1)), "\(summary)")
        #expect(frames(over: period * 2).contains(Int(line.last ?? -1)), "\(summary)")

        let meanBusy = steady.map { column("busy_ms", $0) }.reduce(0, +) / Double(steady.count)
        #expect(abs((numbers(after: "mean ms per frame").first ?? -1) - meanBusy) < 0.002, "\(summary)")

        // Hitches, stalls, overrun and lows, each by its definition from the rows.
        for row in steady {
            let interval = column("interval_ms", row)
            let isHitch = interval > period * 1.5 && interval < 100
            let either = abs(interval - period * 1.5) <= rounding
            let lateBy = column("late_ms", row)
            #expect(
                abs(lateBy - (isHitch ? interval - period : 0)) < 0.002
                    || either && abs(lateBy - (isHitch ? 0 : interval - period)) < 0.002, "\(row)")
            #expect(column("stall", row) == (interval >= 100 && interval > period * 1.5 ? 1 : 0))
            #expect(abs(column("overrun_ms", row) - (column("busy_ms", row) - period)) < 0.002)
        }
        let late = steady.map { column("late_ms", $0) }.filter { $0 > 0 }
        let seconds = steady.map { column("interval_ms", $0) }.reduce(0, +) / 1000
        let hitchLine = numbers(after: "hitches")  // count, late ms, ratio
        #expect(hitchLine.count == 3 && hitchLine[0] == Double(late.count), "\(summary)")
        #expect(abs(hitchLine[1] - late.reduce(0, +)) < 0.01 && abs(hitchLine[2] - late.reduce(0, +) / seconds) < 0.01)
        #expect(numbers(after: "stalls").first == Double(steady.filter { column("stall", $0) == 1 }.count))
        let busy = steady.map { column("busy_ms", $0) }.sorted()
        let overruns = numbers(after: "frame overrun ms")  // p50, p90, p95, p99
        #expect(overruns.count == 4, "\(summary)")
        for (percentile, value) in zip([50.0, 90, 95, 99], overruns) {
            let exact = busy[max(Int((percentile / 100 * Double(busy.count)).rounded(.up)), 1) - 1]
            #expect(abs(value - (exact - period)) <= exact * 0.002 + 0.002, "overrun p\(percentile): \(value)")
        }
        let lows = numbers(after: "lows fps")  // 1 % low, 0.1 % low
        #expect(lows.count == 2 && abs(lows[0] - 1000 / values[2]) < 0.01 && abs(lows[1] - 1000 / values[3]) < 0.01)
    }
}
