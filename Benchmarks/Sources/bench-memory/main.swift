import Cadence
import BenchmarkCatalog
import CMalloc
import Tweening

// `make bench`'s memory table: heap bytes per animated value as a user's program holds them, at rest and under a
// merging spring, for `AnimatedValue`s each driven by a `Tweener` (`tweener.drive(value)`, as the README shows)
// and for one `AnimatedValues` driven the same way. Bytes are glibc's count of heap in use (`mallinfo2`: arena
// and mmapped blocks) after the values are made, less before, divided by the count: what the values and their
// drivers hold, allocator overhead included.
//
// Usage: bench-memory [--markdown]   (the table RESULTS.md appends; otherwise one line per measurement)

/// Heap bytes in use now.
func heapInUse() -> Int {
    let info = mallinfo2()
    return Int(info.uordblks) + Int(info.hblkhd)
}

/// Frames stepped after setting the springs, so that every lazily made state exists.
let frames = 3
let spring = Animation.spring
let counts = [10_000, 100_000, 1_000_000]

/// Where value `index` is sent: far enough that no spring rests within the frames stepped.
func target(_ index: Int) -> SIMD2<Double> { SIMD2(Double(index % 100) * 10 + 200, Double(index / 100) * 10 + 100) }

struct Row {
    let what: String
    let count: Int
    let atRest: Double
    let underSpring: Double
    let goal: (rest: Double, spring: Double)?
}

/// `count` `AnimatedValue`s, each driven by its own driver tween.
func singleValues(_ count: Int) -> Row {
    let before = heapInUse()
    let tweener = Tweener()
    var values: [AnimatedValue<SIMD2<Double>>] = []
    values.reserveCapacity(count)
    for index in 0..<count {
        let value = AnimatedValue(SIMD2<Double>(Double(index % 100) * 10, Double(index / 100) * 10))
        tweener.drive(value)
        values.append(value)
    }
    tweener.update(by: 1.0 / 60)
    let atRest = heapInUse() - before
    for index in values.indices { values[index].set(target(index), animation: spring) }
    for _ in 0..<frames { tweener.update(by: 1.0 / 60) }
    precondition(values.allSatisfy(\.isAnimating), "a spring rested within the frames stepped")
    let underSpring = heapInUse() - before
    withExtendedLifetime((tweener, values)) {}
    return Row(
        what: "AnimatedValue<SIMD2<Double>>, each driven by a Tweener", count: count,
        atRest: Double(atRest) / Double(count), underSpring: Double(underSpring) / Double(count),
        goal: (256, 512))
}

/// One `AnimatedValues` of `count` elements, driven by one driver tween.
func manyValues(_ count: Int) -> Row {
    let before = heapInUse()
    let tweener = Tweener()
    let values = AnimatedValues((0..<count).lazy.map { SIMD2<Double>(Double($0 % 100) * 10, Double($0 / 100) * 10) })
    tweener.drive(values)
    tweener.update(by: 1.0 / 60)
    let atRest = heapInUse() - before
    values.setAll(animation: spring) { target($0) }
    for _ in 0..<frames { tweener.update(by: 1.0 / 60) }
    precondition(values.animatingCount == count, "a spring rested within the frames stepped")
    let underSpring = heapInUse() - before
    withExtendedLifetime((tweener, values)) {}
    return Row(
        what: "AnimatedValues<SIMD2<Double>>, driven by a Tweener", count: count,
        atRest: Double(atRest) / Double(count), underSpring: Double(underSpring) / Double(count), goal: (128, 128))
}

func format(_ bytes: Double) -> String { String(Int(bytes.rounded())) }

var rows: [Row] = []
for count in counts { rows.append(singleValues(count)) }
for count in counts { rows.append(manyValues(count)) }

if CommandLine.arguments.contains("--markdown") {
    print("## Memory")
    print()
    print(
        "Heap bytes per value (glibc's heap in use after the values are made and driven, less before, divided by the "
            + "count), at rest and after three frames under `.spring`; from `bench-memory`.")
    print()
    print("| Values | Count | Bytes per value at rest | Bytes per value under .spring | Goal |")
    print("|---|---|---|---|---|")
    for row in rows {
        var goal = ""
        if let limits = row.goal {
            // One verdict per goal: a value can meet one and miss the other.
            func verdict(_ bytes: Double, _ limit: Double) -> String { bytes <= limit ? "**met**" : "**missed**" }
            goal =
                "≤ \(Int(limits.rest)) at rest: \(verdict(row.atRest, limits.rest)); "
                + "≤ \(Int(limits.spring)) under a spring: \(verdict(row.underSpring, limits.spring))"
        }
        print("| \(row.what) | \(row.count.grouped) | \(format(row.atRest)) | \(format(row.underSpring)) | \(goal) |")
    }
} else {
    for row in rows {
        print("\(row.what), \(row.count): \(format(row.atRest)) B at rest, \(format(row.underSpring)) B under .spring")
    }
}
