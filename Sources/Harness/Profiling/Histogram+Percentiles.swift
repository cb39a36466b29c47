import Histogram

extension Histogram<UInt64> {
    /// `valueAtPercentile` of each of `percentiles`, from one walk of the recorded values instead of one
    /// walk each: the same numbers. The library's own walk is not specialised for this module, and a
    /// summary asks for a dozen percentiles, which the profiler overlay does twice a second (benchmark row
    /// "Frame loop, stress scene, headless SDL").
    /// - Parameter percentiles: Percentiles from 0 to 100, in any order.
    /// - Returns: The value at each percentile, in the order asked; all 0 when nothing was recorded.
    func values(atPercentiles percentiles: [Double]) -> [UInt64] {
        var values = [UInt64](repeating: 0, count: percentiles.count)
        guard totalCount > 0 else { return values }
        // The count each percentile needs, as `valueAtPercentile` rounds it, smallest first.
        var wanted: [(count: UInt64, index: Int)] = []
        for (index, percentile) in percentiles.enumerated() {
            if percentile == 0 {
                values[index] = min
            } else if percentile >= 100 {
                values[index] = maxRecorded
            } else {
                let share = Swift.min(Swift.max(percentile.nextDown, 0), 100)
                wanted.append((Swift.max(1, UInt64((share * Double(totalCount) / 100).rounded(.up))), index))
            }
        }
        wanted.sort { $0.count < $1.count }
        var next = 0
        for step in recordedValues() where next < wanted.count {
            while next < wanted.count, wanted[next].count <= step.totalCountToThisValue {
                values[wanted[next].index] = Swift.max(Swift.min(step.value, maxRecorded), min)
                next += 1
            }
        }
        return values
    }
}
