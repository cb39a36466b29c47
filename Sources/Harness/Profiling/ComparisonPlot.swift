import Foundation

/// `cadence compare BASE NEW --plot PATH`: both runs' distributions in one picture, the frame interval and
/// the busy time, each run's share of steady frames by bin drawn as a line in its colour with its p50 and
/// p99 marked, and the verdicts above.
public enum ComparisonPlot {
    /// The colours of the two runs.
    static let baseColor = Color(120, 170, 255)
    static let newColor = Color(255, 160, 60)

    /// Draws `comparison` at `size`.
    public static func draw(_ comparison: FrameComparison, size: Size = FramePlot.size) -> DrawList {
        var list = DrawList()
        list.clear(.background)
        let (base, new) = comparison.steady
        let width = Double(size.width)
        let text = width - 2 * FramePlot.margin
        list.text(
            TextLayout.fitting(
                "cadence compare: \(name(comparison.base)) (base) against \(name(comparison.new)) (new)", width: text,
                size: .large),
            at: Point(24, 14), size: .large, .text)
        var y = 46.0
        for line in comparison.verdictLines + ["verdict: \(comparison.verdict.rawValue)"] {
            for piece in TextLayout.wrap(line, width: text, indent: 2, separator: "   ") {
                list.text(piece, at: Point(24, y), size: .small, line.hasPrefix("verdict") ? .text : .dimText)
                y += 18
            }
        }
        let entries = [
            (TextLayout.fitting("base: " + name(comparison.base), width: width / 2 - 64), baseColor),
            (TextLayout.fitting("new: " + name(comparison.new), width: width / 2 - 64), newColor),
            ("frame budget", FramePlot.budgetColor),
        ]
        let rows = FramePlot.flow(entries.map(\.0), width: width - 64 - FramePlot.margin)
        let top = y + 40
        let panel = (width - 64 * 2 - 48) / 2
        let height = Double(size.height) - top - 72 - Double(rows.count) * 18
        let period = Double(comparison.base.targetPeriod) / 1e6
        drawPanel(
            into: &list, area: Rect(x: 64, y: top, width: panel, height: height),
            title: "frame interval, ms (steady frames)", titleWidth: panel + 80, base.interval, new.interval,
            mark: period)
        drawPanel(
            into: &list, area: Rect(x: 64 + panel + 48 + 40, y: top, width: panel - 40, height: height),
            title: "busy time, ms (all but waiting)", titleWidth: panel, base.busy, new.busy,
            mark: period)
        var index = 0
        for (row, xs) in rows.enumerated() {
            let legendY = Double(size.height) - 40 - Double(rows.count - 1 - row) * 18
            for x in xs {
                list.fill(Rect(x: 64 + x, y: legendY + 3, width: 14, height: 12), entries[index].1)
                list.text(entries[index].0, at: Point(64 + x + 22, legendY), size: .small, .text)
                index += 1
            }
        }
        return list
    }

    private static func name(_ profile: FrameProfile) -> String {
        URL(fileURLWithPath: profile.path).lastPathComponent
    }

    /// One distribution panel: both runs' shares of frames in 60 bins from 0 to a round top (above both
    /// runs' p99.9 and the budget), as lines; ticks at each run's p50 (short) and p99 (long).
    private static func drawPanel(
        into list: inout DrawList, area: Rect, title: String, titleWidth: Double, _ a: [Double], _ b: [Double],
        mark: Double
    ) {
        list.fill(area, Color(24, 26, 33))
        list.text(TextLayout.fitting(title, width: titleWidth), at: Point(area.x, area.y - 22), size: .small, .dimText)
        let (a, b) = (a.sorted(), b.sorted())
        let tail = [a, b].filter { !$0.isEmpty }.map { FrameComparison.nearestRank($0, 0.999) }
        let top = max(1, (max(tail.max() ?? 1, mark) * 1.15).rounded(.up))
        let step = FramePlot.gridStep(top)
        var gridline = 0.0
        while gridline <= top {
            let x = area.x + gridline / top * area.width
            list.line(Point(x, area.y), Point(x, area.y + area.height), .grid)
            list.text(
                String(format: "%.0f", gridline), at: Point(x - 6, area.y + area.height + 6), size: .small, .dimText)
            gridline += step
        }
        if mark > 0, mark <= top {
            let x = area.x + mark / top * area.width
            list.line(Point(x, area.y), Point(x, area.y + area.height), FramePlot.budgetColor)
        }
        let bins = 60
        func shares(_ values: [Double]) -> [Double] {
            var counts = [Double](repeating: 0, count: bins)
            for value in values { counts[min(bins - 1, Int(value / top * Double(bins)))] += 1 }
            return counts.map { $0 / Double(max(values.count, 1)) }
        }
        let (sa, sb) = (shares(a), shares(b))
        let highest = max(sa.max() ?? 0, sb.max() ?? 0, 1e-9)
        let binWidth = area.width / Double(bins)
        for (share, values, color) in [(sa, a, baseColor), (sb, b, newColor)] {
            var points: [Point] = [Point(area.x, area.y + area.height)]
            for (bin, fraction) in share.enumerated() {
                let y = area.y + area.height - fraction / highest * area.height
                points.append(Point(area.x + Double(bin) * binWidth, y))
                points.append(Point(area.x + Double(bin + 1) * binWidth, y))
            }
            points.append(Point(area.x + area.width, area.y + area.height))
            list.polyline(points, color)
            for (p, length) in [(0.5, 10.0), (0.99, 22.0)] where !values.isEmpty {
                let value = FrameComparison.nearestRank(values, p)
                let x = area.x + min(value, top) / top * area.width
                list.line(Point(x, area.y), Point(x, area.y + length), color)
            }
        }
    }
}
