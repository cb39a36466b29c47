/// What a benchmark is called, what one measured iteration counts, how often it runs and the goal it is
/// held to.
///
/// The benchmarks take their names, iteration counts and scaling from here, and the report divides by
/// ``itemsPerIteration`` and prints ``goal`` from here, so a suite cannot be renamed or rescaled in one
/// place and misreported in the other.
public struct Suite: Sendable, Hashable {
    /// The benchmark executable (target) that runs it.
    public let target: String
    /// The benchmark's name, as the runner and the table show it.
    public let name: String
    /// How many things one measured iteration handles (tweens updated, calls made, frames run): the
    /// report divides the per-iteration median by it.
    public let itemsPerIteration: Int
    /// What one item is, in the table ("tween", "call", "frame").
    public let item: String
    /// Measured iterations: fixed, so every run measures the same amount of work.
    public let iterations: Int
    /// Unmeasured iterations first (caches, lazily grown buffers).
    public let warmup: Int
    /// The goal this suite is held to, if any.
    public let goal: Goal?
    /// The name of the suite measured as this one's floor, in the same run.
    public let floor: String?
    /// What a peer costs for the same work (measured for the first version's notes), for context.
    public let peer: String?

    public init(
        target: String, name: String, itemsPerIteration: Int, item: String, iterations: Int, warmup: Int,
        goal: Goal? = nil, floor: String? = nil, peer: String? = nil
    ) {
        self.target = target
        self.name = name
        self.itemsPerIteration = itemsPerIteration
        self.item = item
        self.iterations = iterations
        self.warmup = warmup
        self.goal = goal
        self.floor = floor
        self.peer = peer
    }
}

/// A performance goal: a time per item or per iteration, or a ratio to the suite's floor measured in the
/// same run, and possibly no heap allocation at all.
public struct Goal: Sendable, Hashable {
    /// Whether ``nanoseconds`` bounds one item or one whole iteration, or ``ratio`` bounds the time per
    /// item divided by the floor's.
    public enum Scope: Sendable, Hashable { case perItem, perIteration, ratioToFloor }

    /// The most time allowed, in nanoseconds.
    public let nanoseconds: Double
    /// What ``nanoseconds`` bounds.
    public let scope: Scope
    /// Whether every measured iteration must make zero mallocs (checked against the maximum, not the
    /// median: one allocating frame in a thousand is still an allocating frame).
    public let allocationFree: Bool
    /// The most mallocs allowed per item, amortised over the median iteration (to two decimals, so
    /// that a buffer's O(log n) growth does not count as a second allocation per item); nil for none.
    public let mallocsPerItem: Double?

    /// The largest ratio to the floor allowed (for ``Scope/ratioToFloor``).
    public let ratio: Double

    public init(nanoseconds: Double, _ scope: Scope, allocationFree: Bool = false, mallocsPerItem: Double? = nil) {
        self.nanoseconds = nanoseconds
        self.scope = scope
        self.allocationFree = allocationFree
        self.mallocsPerItem = mallocsPerItem
        ratio = .infinity
    }

    /// At most `ratio` times the floor's time per item, measured in the same run.
    public init(ratioToFloor ratio: Double, allocationFree: Bool = false, mallocsPerItem: Double? = nil) {
        nanoseconds = .infinity
        scope = .ratioToFloor
        self.allocationFree = allocationFree
        self.mallocsPerItem = mallocsPerItem
        self.ratio = ratio
    }

    /// A goal first set as a time, `nanoseconds` per item, held as its ratio to the floor's time per item
    /// in the reference run (`floorThen`, see ``ReferenceFloors``): a machine that is twice as slow
    /// today slows the floor with the row and leaves the verdict alone.
    public static func relative(
        _ nanoseconds: Double, toFloorThen floorThen: Double, allocationFree: Bool = false,
        mallocsPerItem: Double? = nil
    ) -> Goal {
        let ratio = nanoseconds / floorThen
        // Three significant figures: enough that no verdict of the reference run changes.
        var scale = 1.0
        while ratio * scale < 100 { scale *= 10 }
        while ratio * scale >= 1_000 { scale /= 10 }
        return Goal(
            ratioToFloor: (ratio * scale).rounded() / scale, allocationFree: allocationFree,
            mallocsPerItem: mallocsPerItem)
    }
}

/// The floors, per item, of the run every goal first set as a time was restated from: the full
/// `make bench` of 20ecdd2 (`Benchmarks/RESULTS.md` there), the run the time goals were last held to. A
/// floor added since is carried into that run's terms through its ratio to libm in the first full run
/// that measured both, so that a goal keeps the time it was first set as while its verdict comes from a
/// floor of the same work.
public enum ReferenceFloors {
    /// "Floor: libm sin + cos + exp", nanoseconds per call.
    public static let libm = 15.9
    // Floors added since, each as its ratio to libm in the full run named (its Benchmarks/RESULTS.md).
    /// "Floor: linear progress over flat arrays", from cbf28da.
    public static let linear = libm * 1.57 / 21.3
    /// "Floor: VelocityTracker samples in a plain ring", from cbf28da.
    public static let sampleRing = libm * 1.83 / 21.3
    /// "Floor: VelocityTracker's fit written plainly over flat arrays", from cbf28da.
    public static let plainFit = libm * 84.0 / 21.3
    // The next two were added together; the full run that measured them first is in their commit's message.
    /// "Floor: 100,000 plain tweens made, listed and started", nanoseconds per tween.
    public static let plainCreation = libm * 55.9 / 18.4
    /// "Floor: retarget every frame, combining .easeInOut, entries appended plainly, …", per value.
    public static let plainRetarget = libm * 6.57 / 18.4
    // The rest were added or changed together; the full run that measured them first is in the message of
    // the commit that took these figures.
    /// "Floor: combining .easeInOut retargeted at 10 Hz, chained plainly, …", nanoseconds per value.
    public static let plainCombining = libm * 78.4 / 18.3
    /// "Floor: 1 kHz retarget storm chained plainly: …", nanoseconds per set + update.
    public static let plainStorm = libm * 7_180 / 18.3
    /// "Floor: 100,000 plain tweens completed in one frame", nanoseconds per tween.
    public static let plainCompletion = libm * 11.8 / 18.3
    /// "Floor: merging .spring stepped plainly, retargeted every half second, …", nanoseconds per value.
    public static let plainSprings = libm * 14.0 / 18.3
    /// "Floor: retarget every frame, merging .spring, merged plainly, …", nanoseconds per value.
    public static let plainSpringRetarget = libm * 1.65 / 18.3
}

/// Every suite, in the order the table lists them.
public enum Catalog {
    public static let all: [Suite] = TweenSuites.all + ModelSuites.all + HarnessSuites.all

    /// The suite called `name`, if any.
    public static func suite(named name: String) -> Suite? { all.first { $0.name == name } }
}

// MARK: - Tweening

/// The tween engine at three sizes, its floor, and the two bulk operations STween is quadratic at.
public enum TweenSuites {
    public static let target = "TweenBenchmarks"

    /// The sizes the per-frame update is measured at.
    public static let sizes = [1_000, 10_000, 100_000]

    /// `Tweener.update(by:)` over `count` running `Double` tweens, each writing through its closure: at most
    /// 1.3× the closure floor at every size, allocating nothing.
    public static func update(_ count: Int) -> Suite {
        Suite(
            target: target, name: "Tween update, \(count.grouped) tweens", itemsPerIteration: count, item: "tween",
            iterations: iterations(count), warmup: 10,
            goal: Goal(ratioToFloor: 1.3, allocationFree: true),
            floor: closureFloor(count).name, peer: count == 100_000 ? "STween 105–119 ns" : nil)
    }

    /// The closure floor: the same quadOut math over flat arrays, handing each value to its own closure
    /// (the same closures the tweens call), so the ratio to it is what the engine adds per tween.
    public static func closureFloor(_ count: Int) -> Suite {
        Suite(
            target: target, name: "Floor: quadOut + closure call over flat arrays, \(count.grouped)",
            itemsPerIteration: count, item: "element", iterations: iterations(count), warmup: 10)
    }

    /// The same quadOut math over flat arrays of the same size: what no tween engine can beat.
    public static func floor(_ count: Int) -> Suite {
        Suite(
            target: target, name: "Floor: quadOut over flat arrays, \(count.grouped)", itemsPerIteration: count,
            item: "element", iterations: iterations(count), warmup: 10, peer: count == 100_000 ? "1.85–2.0 ns" : nil)
    }

    /// Creating 100,000 tweens in a fresh tweener and starting each, on a heap that has the memory of
    /// earlier tweens to reuse. Each tween moves its own object through a closure capturing only that
    /// object, which Swift builds without an allocation: the mallocs counted are the engine's.
    public static let createAndStart = Suite(
        target: target, name: "Tween create + start, 100,000", itemsPerIteration: 100_000, item: "tween",
        iterations: 30, warmup: 2,
        goal: .relative(100, toFloorThen: ReferenceFloors.plainCreation, mallocsPerItem: 1),
        floor: createAndStartFloor.name, peer: "STween 1.9–2.3 s")

    /// The creation floor: per sprite, a plain object holding what a started tween needs (its clock, its
    /// values, the same closure), appended to a list that grows from empty and handed its start value, on
    /// the same steady heap. The creation row's goal, first set as 100 ns, is held to it.
    public static let createAndStartFloor = Suite(
        target: target, name: "Floor: 100,000 plain tweens made, listed and started", itemsPerIteration: 100_000,
        item: "tween", iterations: 30, warmup: 2)

    /// The same, each time into memory the process has just been given by the system (first-touch page
    /// faults included): what the first burst of a run costs.
    public static let createAndStartFresh = Suite(
        target: target, name: "Tween create + start, 100,000, into fresh memory", itemsPerIteration: 100_000,
        item: "tween", iterations: 30, warmup: 2)

    /// One update in which all 100,000 tracked tweens reach their end (and are auto-killed and untracked).
    /// Held to the same frame written plainly, its goal first set as 30 ns.
    public static let completeAll = Suite(
        target: target, name: "Tween complete all, 100,000 in one frame", itemsPerIteration: 100_000,
        item: "tween", iterations: 30, warmup: 2, goal: .relative(30, toFloorThen: ReferenceFloors.plainCompletion),
        floor: completeAllFloor.name, peer: "STween 1.7–1.9 s")

    /// Its floor: the closure floor's 100,000 tweens, each listed as running with a state, in a frame that
    /// ends them all: each moved and handed its end value through its closure, its state set, taken off the
    /// running list and listed to be freed later.
    public static let completeAllFloor = Suite(
        target: target, name: "Floor: 100,000 plain tweens completed in one frame", itemsPerIteration: 100_000,
        item: "tween", iterations: 30, warmup: 2)

    /// The update after that frame: it frees the first eighth (12,500) of the completed tweens (the
    /// tweener frees the larger of 4,096 and an eighth of those waiting per update), the cost the frame
    /// above no longer pays.
    public static let releaseAfterCompleteAll = Suite(
        target: target, name: "Tween release after complete all: the next update frees 12,500",
        itemsPerIteration: 12_500, item: "tween", iterations: 30, warmup: 2)

    public static let all: [Suite] =
        sizes.flatMap { [update($0), closureFloor($0), floor($0)] }
        + [
            createAndStartFloor, createAndStart, createAndStartFresh, completeAllFloor, completeAll,
            releaseAfterCompleteAll,
        ]

    /// 10 million tween updates per size (0.1–0.2 s at the goal), and never fewer than 200 samples.
    private static func iterations(_ count: Int) -> Int { max(200, 10_000_000 / count) }
}

// MARK: - Animation model

/// `Spring`'s closed form beside the libm calls it is made of, and every built-in animation driven
/// through `Animation` (type-erased, as a runtime calls it) at 60 fps.
public enum ModelSuites {
    public static let target = "ModelBenchmarks"

    /// Calls per iteration: each call is a few nanoseconds, too short to time one by one.
    public static let calls = 1_000

    /// A suite of ``calls`` calls an iteration.
    private static func perCall(
        _ name: String, iterations: Int = 2_000, warmup: Int = 20, goal: Goal? = nil, floor: String? = nil,
        peer: String? = nil, item: String = "call"
    ) -> Suite {
        Suite(
            target: target, name: name, itemsPerIteration: calls, item: item, iterations: iterations, warmup: warmup,
            goal: goal, floor: floor, peer: peer)
    }

    /// `Spring.value(target:initialVelocity:time:)` on `Double`, underdamped (an exponential, a sine and
    /// a cosine per call).
    public static let springUnderdamped = perCall(
        "Spring value, closed form, bouncy (ζ < 1)", goal: Goal(ratioToFloor: 1.1), floor: springValueFloor.name,
        peer: "Respring 47 ns; 6.2 ns with cross-module optimisation")

    /// The same, critically damped (one exponential per call: below the sin + cos + exp floor, so none is shown).
    public static let springCritical = perCall("Spring value, closed form, smooth (ζ = 1)")

    /// What the underdamped closed form cannot avoid: `sin`, `cos` and `exp` of one argument each. No goal is
    /// held to it any more: it is the machine's yardstick (and the peers' column is in its terms).
    public static let libm = perCall("Floor: libm sin + cos + exp", peer: "21 ns")

    /// The damped spring's closed form written plainly over a flat array of the measured frames' times
    /// (frames 1…10 at 60 fps, as the `animate` rows call it): one `exp` and one `sincos` a call, the value
    /// and the velocity of the bouncy spring. The floor of the closed-form spring rows (`Spring`'s value and
    /// `.interpolatingSpring`, each at most 1.1× it).
    public static let springFloor = perCall("Floor: damped spring closed form (exp + sincos) over flat arrays")

    /// The same closed form for the position alone, at the times the `Spring.value` row asks (one call per
    /// millisecond over the first second): that row's floor (at most 1.1× it). The frames' floor above asks
    /// for the velocity too, over the first sixth of a second, which is other work: the row's verdict
    /// against it flipped between runs.
    public static let springValueFloor = perCall(
        "Floor: damped spring closed form (exp + sincos), position over the first second")

    /// The curves the `animate` rows solve, by expression, with their control points.
    public static let bezierCurves: [(expression: String, points: (Double, Double, Double, Double))] = [
        (".easeIn", (0.42, 0, 1, 1)), (".easeOut", (0, 0, 0.58, 1)), (".easeInOut", (0.42, 0, 0.58, 1)),
        (".timingCurve(0.2, 0.8, 0.2, 1)", (0.2, 0.8, 0.2, 1)),
    ]

    /// A cubic Bézier timing curve solved the textbook way over a flat array of progresses (those of frames
    /// 1…10 at 60 fps of a 0.35 s animation, as the `animate` rows call it): Newton's method on x(s) = p from
    /// s = p (bisection if it stalls), then y(s) and the slope y′/x′. Shown for comparison, no goal is held
    /// to it: it is another algorithm, two to four Newton steps where Cadence's takes one, so its cost varies
    /// with the curve's shape, and a row's ratio to it says more about the shape than about the code.
    public static func bezierFloor(_ expression: String) -> Suite {
        perCall("Floor: cubic Bézier \(expression) solved plainly over flat arrays")
    }

    /// The same curve at the same progresses solved with Cadence's arithmetic written plainly: the table of
    /// x⁻¹ made once, the Hermite guess, one Newton step, the value and the slope. The floor of the `animate`
    /// row of the same curve (at most 1.1× it): what the row costs beyond it is the call through `Animation`
    /// and the curve types.
    public static func bezierTableFloor(_ expression: String) -> Suite {
        perCall("Floor: cubic Bézier \(expression) by Cadence's table and one Newton step, plainly")
    }

    /// The built-in animations, as the expression that makes each (the benchmark maps these to values),
    /// three modifiers, and a keyframe timeline on `Double` (linear, cubic and spring keyframes, 1 s).
    public static let animations = [
        ".linear", ".easeIn", ".easeOut", ".easeInOut", ".timingCurve(0.2, 0.8, 0.2, 1)", ".spring", ".smooth",
        ".snappy", ".bouncy", ".interactiveSpring", ".interpolatingSpring",
        ".spring.delay(0.05)", ".spring.speed(0.5)", ".easeInOut.repeatCount(3)", ".keyframes(timeline)",
    ]

    /// The merging springs among ``animations`` (stepped on SwiftUI's 1/300 s grid), held to the stepped
    /// spring floor.
    static let springs: Set<String> = [".spring", ".smooth", ".snappy", ".bouncy", ".interactiveSpring"]
    /// The springs evaluated in closed form, held to the closed-form floor.
    static let closedFormSprings: Set<String> = [".interpolatingSpring"]

    /// SwiftUI's merging spring stepped plainly (velocity Verlet at 1/300 s, five steps a 60 fps frame) over
    /// flat arrays of the runs' states, in the order the `animate` rows call them; the benchmark checks it
    /// gives `.spring`'s offsets. The floor of every merging spring's row.
    public static let springSteppedFloor = perCall(
        "Floor: merging spring stepped at 1/300 s (velocity Verlet) over flat arrays")

    /// `.spring` called at the times `.speed(0.5)` gives it (half of each frame's time: every other frame
    /// between two grid points): the floor of `.spring.speed(0.5)`'s row, which is that work and the modifier.
    /// (`.spring`'s own frames all land on grid points, which is less work.)
    public static let springAtHalfSpeedFloor = perCall("Floor: animate .spring at the times .speed(0.5) gives it")

    /// A linear animation's work written plainly over the same progresses: the value scaled by each. The
    /// floor of `.linear`'s row, whose cost is nearly all the call through `Animation`.
    public static let linearFloor = perCall("Floor: linear progress over flat arrays")

    /// `Animation.animate(value:time:context:)` on `Double`, at 60 fps frame steps, while the animation
    /// is running, each held to a floor of the same work in the same run: a curve at most 1.1× its curve
    /// solved plainly by the same arithmetic, a merging spring at most 1.1× the spring stepped plainly, `.interpolatingSpring` at
    /// most 1.1× the spring's closed form, a modifier of the spring at most 1.3× the spring at the times
    /// the modifier gives it, `.easeInOut.repeatCount(3)` at most 2.6× `.easeInOut`. `.linear` (the dispatch alone) keeps its
    /// goal first set as a time, 5 ns, against the linear floor; the keyframes have none.
    public static func animate(_ expression: String) -> Suite {
        let peers = [".easeInOut": "OpenSwiftUI 90 ns", ".spring": "OpenSwiftUI 160–170 ns (120 Hz frames)"]
        let goal: Goal?
        let floor: String?
        if bezierCurves.contains(where: { $0.expression == expression }) {
            (goal, floor) = (Goal(ratioToFloor: 1.1, allocationFree: true), bezierTableFloor(expression).name)
        } else if springs.contains(expression) {
            (goal, floor) = (Goal(ratioToFloor: 1.1, allocationFree: true), springSteppedFloor.name)
        } else if closedFormSprings.contains(expression) {
            (goal, floor) = (Goal(ratioToFloor: 1.1, allocationFree: true), springFloor.name)
        } else if expression == ".spring.speed(0.5)" {
            (goal, floor) = (Goal(ratioToFloor: 1.3, allocationFree: true), springAtHalfSpeedFloor.name)
        } else if expression.hasPrefix(".spring.") {
            (goal, floor) = (Goal(ratioToFloor: 1.3, allocationFree: true), "animate .spring, Double, 60 fps")
        } else if expression == ".easeInOut.repeatCount(3)" {
            // Its old goal, set as a time, restated as a ratio to the curve it repeats.
            (goal, floor) = (Goal(ratioToFloor: 2.6, allocationFree: true), "animate .easeInOut, Double, 60 fps")
        } else if expression == ".linear" {
            (goal, floor) = (
                .relative(5, toFloorThen: ReferenceFloors.linear, allocationFree: true), linearFloor.name
            )
        } else {
            (goal, floor) = (nil, nil)
        }
        return perCall(
            "animate \(expression), Double, 60 fps", iterations: 1_000, warmup: 10, goal: goal, floor: floor,
            peer: peers[expression])
    }

    /// How many values the `AnimatedValue` suites animate at once.
    public static let values = 10_000

    /// Every value's `update(by:)` for one 60 Hz frame, each running a merging spring (retargeted between
    /// measured frames every half second, so that none ever comes to rest). Held to the same springs
    /// stepped plainly, its goal first set as 100 ns.
    public static let valuesUnderSpring = animatedValues(
        "update, merging .spring", floor: valuesUnderSpringFloor,
        goal: .relative(100, toFloorThen: ReferenceFloors.plainSprings, allocationFree: true))

    /// Its floor: the same values, schedule and spring, each value's state (error along its interval,
    /// velocity, force) stepped by velocity Verlet at 1/300 s over flat buffers, tested for settling, and
    /// what it shows stored; checked against `AnimatedValue`'s presentations and velocities first.
    public static let valuesUnderSpringFloor = animatedValuesFloor(
        "merging .spring stepped plainly, retargeted every half second")

    /// Every value retargeted under a merging spring, one frame after the last retarget (a mouse drag).
    /// Held to the same merges written plainly, its goal first set as 200 ns.
    public static let retargetsUnderSpring = animatedValues(
        "retarget every frame, merging .spring", floor: retargetsUnderSpringFloor,
        goal: .relative(200, toFloorThen: ReferenceFloors.plainSpringRetarget))

    /// Its floor: each value's merge written plainly: its target, interval and error moved by the change,
    /// its velocity and force kept, its run's clock restarted.
    public static let retargetsUnderSpringFloor = animatedValuesFloor(
        "retarget every frame, merging .spring, merged plainly")

    /// Every value's `update(by:)` for one frame under `.easeInOut`, retargeted at 10 Hz so that each
    /// value combines about four animations at a time. Held to the same combining written plainly, its
    /// goal first set as 150 ns.
    public static let valuesUnderCombination = animatedValues(
        "update, combining .easeInOut retargeted at 10 Hz", floor: valuesUnderCombinationFloor,
        goal: .relative(150, toFloorThen: ReferenceFloors.plainCombining, allocationFree: true))

    /// The combining rows' floor: the same values, retargets and frames, each value's running entries
    /// (cumulative interval, begin time) chained plainly over flat buffers, the curve solved as the
    /// `.easeInOut` floor solves it; checked against `AnimatedValue`'s presentations and velocities first.
    public static let valuesUnderCombinationFloor = animatedValuesFloor(
        "combining .easeInOut retargeted at 10 Hz, chained plainly")

    /// Every value retargeted under `.easeInOut` once a frame: the worst case of combining (about 22
    /// animations per value, one per frame of the 0.35 s curve). Held to the same retargets written
    /// plainly, its goal first set as 500 ns.
    public static let retargetsUnderCombination = animatedValues(
        "retarget every frame, combining .easeInOut", floor: retargetsUnderCombinationFloor,
        goal: .relative(500, toFloorThen: ReferenceFloors.plainRetarget, allocationFree: true))

    /// Its floor: each value's new entry (its cumulative interval and begin time) appended plainly.
    public static let retargetsUnderCombinationFloor = animatedValuesFloor(
        "retarget every frame, combining .easeInOut, entries appended plainly")

    /// How many values the `AnimatedValues` rows animate at once.
    public static let manyValueCounts = [10_000, 100_000, 1_000_000]

    /// `AnimatedValues.update(by:)` for one 60 Hz frame of `count` values, each under a merging spring
    /// (`AnimatedField`'s grid and schedule), at most 1.3× the same springs stepped plainly, no allocation.
    public static func manyUnderSpring(_ count: Int) -> Suite {
        manyValues(
            "update, merging .spring", count: count, floor: manyUnderSpringFloor(count),
            goal: Goal(ratioToFloor: 1.3, allocationFree: true))
    }

    /// Its floor: ``valuesUnderSpringFloor``'s plain springs at `count` values (that suite itself at 10,000).
    public static func manyUnderSpringFloor(_ count: Int) -> Suite {
        count == values ? valuesUnderSpringFloor : manyValuesFloor("merging .spring stepped plainly", count: count)
    }

    /// Every one of `count` values retargeted under a merging spring by one `setAll`, one frame after the
    /// last retarget, at most 15× the same merges written plainly, no allocation. Each merge also evaluates
    /// the motion it takes over and the new one at the change, as SwiftUI does (two settle tests and the
    /// bookkeeping of two cohorts), where the floor only moves numbers; the ratio is largest where the
    /// floor's values fit in the cache.
    public static func manyRetargets(_ count: Int) -> Suite {
        manyValues(
            "retarget all, merging .spring", count: count, floor: manyRetargetsFloor(count),
            goal: Goal(ratioToFloor: 15, allocationFree: true))
    }

    /// Its floor: ``retargetsUnderSpringFloor``'s plain merges at `count` values (that suite itself at 10,000).
    public static func manyRetargetsFloor(_ count: Int) -> Suite {
        count == values
            ? retargetsUnderSpringFloor
            : manyValuesFloor("retarget every frame, merging .spring, merged plainly", count: count)
    }

    /// The built-ins of the closed form through `AnimatedValues`, each on 10,000 `SIMD2<Double>` values moving
    /// under a long run of it (none finishes within the measured frames), held to the curve's own floor per
    /// call: values started together (one cohort) at the goals of the issue that asked for them (a curve
    /// ≤ 1.2×, `.linear` ≤ 3×, `.interpolatingSpring` ≤ 1.1×, no allocation); the curve's values started one
    /// at a time (a cohort each, the worst case: every value evaluates the curve itself) are shown beside them.
    public static let manyCurves: [(expression: String, floor: Suite, ratio: Double)] = [
        (".easeInOut", bezierTableFloor(".easeInOut"), 1.2),
        (".linear", linearFloor, 3),
        (".interpolatingSpring", springFloor, 1.1),
    ]

    /// One of ``manyCurves``'s rows: started `together`, or one at a time.
    public static func manyUnderCurve(_ expression: String, together: Bool) -> Suite {
        let curve = manyCurves.first { $0.expression == expression }!
        return Suite(
            target: target,
            name: "AnimatedValues update, \(expression) started \(together ? "together" : "one at a time"), "
                + "\(values.grouped) SIMD2<Double>",
            itemsPerIteration: values, item: "value", iterations: 300, warmup: 30,
            goal: together ? Goal(ratioToFloor: curve.ratio, allocationFree: true) : nil, floor: curve.floor.name)
    }

    /// Iterations of a `count`-value suite: about 3 million values updated, and never fewer than 20.
    private static func manyIterations(_ count: Int) -> Int { max(20, 3_000_000 / count) }

    private static func manyValues(_ what: String, count: Int, floor: Suite, goal: Goal) -> Suite {
        Suite(
            target: target, name: "AnimatedValues \(what), \(count.grouped) SIMD2<Double>", itemsPerIteration: count,
            item: "value", iterations: manyIterations(count), warmup: max(3, manyIterations(count) / 10), goal: goal,
            floor: floor.name)
    }

    private static func manyValuesFloor(_ what: String, count: Int) -> Suite {
        Suite(
            target: target, name: "Floor: \(what), \(count.grouped) SIMD2<Double>", itemsPerIteration: count,
            item: "value", iterations: manyIterations(count), warmup: max(3, manyIterations(count) / 10))
    }

    /// The `AnimatedValues` rows and their floors beyond 10,000 values, in table order.
    public static let manyValueRows: [Suite] =
        manyValueCounts.flatMap { count in
            (count == values ? [] : [manyUnderSpringFloor(count)]) + [manyUnderSpring(count)]
                + (count == values ? [] : [manyRetargetsFloor(count)]) + [manyRetargets(count)]
        }
        + manyCurves.flatMap {
            [manyUnderCurve($0.expression, together: true), manyUnderCurve($0.expression, together: false)]
        }

    /// One `AnimatedValue<Double>` retargeted under `.easeInOut(duration: 0.35)` and updated by 1 ms,
    /// 10,000 times: a 1 kHz input device driving a combining animation (about 350 entries at once).
    /// Held to the same storm chained plainly, its goal first set as 15 µs.
    public static let retargetStorm = Suite(
        target: target, name: "AnimatedValue 1 kHz retarget storm: 10,000 × (set .easeInOut + update 1 ms), Double",
        itemsPerIteration: 10_000, item: "set + update", iterations: 10, warmup: 1,
        goal: .relative(15_000, toFloorThen: ReferenceFloors.plainStorm), floor: retargetStormFloor.name)

    /// Its floor: the same appends and chains of one value, written plainly.
    public static let retargetStormFloor = Suite(
        target: target, name: "Floor: 1 kHz retarget storm chained plainly: 10,000 × (append + chain 1 ms), Double",
        itemsPerIteration: 10_000, item: "set + update", iterations: 10, warmup: 1)

    /// The animations a client writes: one animation per value, set once and updated every frame (10,000
    /// values), each beside its floor, the same animation called with no runtime.
    public static let clientAnimations = ["ElasticEaseInEaseOutAnimation", "TargetAnimation"]

    /// `AnimatedValue.update(by:)` on 10,000 values of `valueType`, each running one `animation`: for a
    /// client's animation, at most 1.3× its floor (what Cadence adds to the client's own code), with no
    /// allocation. `.easeInOut` is there for scale.
    public static func oneAnimationPerValue(_ animation: String, _ valueType: String) -> Suite {
        let isClient = clientAnimations.contains(animation)
        return Suite(
            target: target, name: "AnimatedValue update, one \(animation) per value, \(values.grouped) \(valueType)",
            itemsPerIteration: values, item: "value", iterations: 300, warmup: 30,
            goal: isClient ? Goal(ratioToFloor: 1.3, allocationFree: true) : nil,
            floor: isClient ? clientFloor(animation, valueType).name : nil)
    }

    /// The client's own cost: `animate` then `velocity` on each of 10,000 contexts of `valueType`, called
    /// through `any CustomAnimation` as the runtime calls them, once a frame, with no `AnimatedValue`.
    public static func clientFloor(_ animation: String, _ valueType: String) -> Suite {
        Suite(
            target: target,
            name: "Floor: \(animation) animate + velocity through any CustomAnimation, \(values.grouped) \(valueType)",
            itemsPerIteration: values, item: "value", iterations: 300, warmup: 30)
    }

    /// The value types the client rows run on.
    public static let clientValueTypes = ["Double", "SIMD2<Double>"]

    public static let clientRows: [Suite] = clientValueTypes.flatMap { type in
        [oneAnimationPerValue(".easeInOut", type)]
            + clientAnimations.flatMap { [clientFloor($0, type), oneAnimationPerValue($0, type)] }
    }

    private static func animatedValues(_ what: String, floor: Suite, goal: Goal) -> Suite {
        Suite(
            target: target, name: "AnimatedValue \(what), \(values.grouped) SIMD2<Double>", itemsPerIteration: values,
            item: "value", iterations: 300, warmup: 30, goal: goal, floor: floor.name)
    }

    private static func animatedValuesFloor(_ what: String) -> Suite {
        Suite(
            target: target, name: "Floor: \(what), \(values.grouped) SIMD2<Double>", itemsPerIteration: values,
            item: "value", iterations: 300, warmup: 30)
    }

    /// `VelocityTracker.addSample` on `SIMD2<Double>`, 1,000 samples at 1 kHz into a full ring buffer, held to
    /// ``trackerAddSampleFloor`` (its goal first set as 100 ns), no allocation.
    public static let trackerAddSample = perCall(
        "VelocityTracker addSample, SIMD2<Double>", iterations: 1_000, warmup: 10,
        goal: .relative(100, toFloorThen: ReferenceFloors.sampleRing, allocationFree: true),
        floor: trackerAddSampleFloor.name, item: "sample")

    /// The same samples written into a plain ring: two flat arrays and a wrapping index.
    public static let trackerAddSampleFloor = perCall(
        "Floor: VelocityTracker samples in a plain ring", iterations: 1_000, warmup: 10, item: "sample")

    /// `VelocityTracker.velocity(at:)` on `SIMD2<Double>` over a full window (20 samples at 1 kHz: the
    /// quadratic fit's worst case), 1,000 estimates, held to ``trackerEstimateFloor`` (its goal first set as
    /// 1 µs), no allocation.
    public static let trackerEstimate = perCall(
        "VelocityTracker velocity(at:), 20 samples, SIMD2<Double>", iterations: 1_000, warmup: 10,
        goal: .relative(1_000, toFloorThen: ReferenceFloors.plainFit, allocationFree: true),
        floor: trackerEstimateFloor.name, item: "estimate")

    /// The same fit written plainly over flat arrays of the window: the moments, the normal equations'
    /// slope and the weighted sum, with none of the tracker's ring, stillness or gap checks. The benchmark
    /// checks that it gives the tracker's velocity.
    public static let trackerEstimateFloor = perCall(
        "Floor: VelocityTracker's fit written plainly over flat arrays", iterations: 1_000, warmup: 10, item: "estimate"
    )

    /// `KeyframeTimeline.value(time:)` on SwiftUI's documented four-track example (cubic, linear and
    /// spring keyframes on a struct of four `Double`s), at 1,000 times spread over its duration: at most
    /// 1.5× the same evaluation written plainly (``keyframeFloor``), no allocation.
    public static let keyframeTimeline = perCall(
        "KeyframeTimeline value(time:), 4 tracks (cubic, linear, spring)", iterations: 1_000, warmup: 10,
        goal: Goal(ratioToFloor: 1.5, allocationFree: true), floor: keyframeFloor.name)

    /// `KeyframeTimeline.velocity(time:)` on the same four tracks (each track's value and velocity): at most
    /// 1.5× ``keyframeVelocityFloor``, no allocation.
    public static let keyframeTimelineSample = perCall(
        "KeyframeTimeline velocity(time:), 4 tracks (value + velocity per track)", iterations: 1_000, warmup: 10,
        goal: Goal(ratioToFloor: 1.5, allocationFree: true), floor: keyframeVelocityFloor.name)

    /// The same four tracks at the same times, written plainly over flat arrays: per track, a binary search
    /// of the segments' ends, then the segment's formula (a Hermite cubic in the segment's fraction, a line,
    /// or the spring's closed form with one `exp` and one `sincos`). The benchmark checks that it computes
    /// Cadence's numbers before timing it.
    public static let keyframeFloor = perCall(
        "Floor: keyframe timeline, 4 tracks, written plainly over flat arrays", iterations: 1_000, warmup: 10)

    /// The same, each track's velocity (the derivative of the same formulas).
    public static let keyframeVelocityFloor = perCall(
        "Floor: keyframe timeline velocities, 4 tracks, written plainly over flat arrays", iterations: 1_000, warmup: 10
    )

    public static let all: [Suite] =
        [
            springUnderdamped, springValueFloor, springCritical, libm, springFloor, springSteppedFloor,
            springAtHalfSpeedFloor, linearFloor,
        ]
        + bezierCurves.flatMap { [bezierFloor($0.expression), bezierTableFloor($0.expression)] }
        + animations.map(animate)
        + [
            valuesUnderSpringFloor, valuesUnderSpring, retargetsUnderSpringFloor, retargetsUnderSpring,
            valuesUnderCombinationFloor, valuesUnderCombination,
            retargetsUnderCombinationFloor, retargetsUnderCombination, retargetStormFloor, retargetStorm,
        ]
        + manyValueRows
        + clientRows + [
            trackerAddSampleFloor, trackerAddSample, trackerEstimateFloor, trackerEstimate, keyframeFloor,
            keyframeTimeline, keyframeVelocityFloor,
            keyframeTimelineSample,
        ]
}

// MARK: - Harness

/// One frame of the harness loop, unpaced, with nothing else running.
public enum HarnessSuites {
    public static let target = "HarnessBenchmarks"

    /// The catalog name of the busy scene measured below: the stress scene, at its default 10,000
    /// objects (half tweens, half merging springs, a quarter retargeted every 0.5 s). The suite's name
    /// follows this, so the table never claims a scene that did not run.
    public static let busySceneName = "stress"

    /// An empty scene on SDL's dummy driver and software renderer: the loop as `cadence --headless` runs it.
    /// Almost all of it is SDL's software renderer clearing and presenting 1280×720 pixels.
    public static let emptySceneSDL = Suite(
        target: target, name: "Frame loop, empty scene, headless SDL", itemsPerIteration: 1, item: "frame",
        iterations: 2_000, warmup: 50)

    /// The same empty scene with a backend that draws nothing: the loop's own cost, without SDL's
    /// software rasteriser (which fills 1280×720 pixels every frame). Held to the bookkeeping an empty frame
    /// needs, written plainly: at most 2× (the loop also polls, dispatches, paces and keeps the profiler's
    /// history), allocating nothing in the median frame.
    public static let emptySceneNullBackend = Suite(
        target: target, name: "Frame loop, empty scene, no-op backend", itemsPerIteration: 1, item: "frame",
        iterations: 5_000, warmup: 50, goal: Goal(ratioToFloor: 2, mallocsPerItem: 0),
        floor: frameBookkeepingFloor.name)

    /// The floor of the row above: what every frame of the loop records, written plainly: a clock reading at
    /// each phase's end, the frame's interval, deviation and busy time recorded into HdrHistograms as the
    /// loop's statistics record them, and the heads-up display's three texts put into a reused draw list.
    public static let frameBookkeepingFloor = Suite(
        target: target, name: "Floor: a frame's clock readings, statistics and heads-up texts, written plainly",
        itemsPerIteration: 1, item: "frame", iterations: 5_000, warmup: 50)

    /// The busy scene on the headless SDL backend, as `cadence stress --headless --unpaced` runs it with a
    /// `--fixed-dt` of 1/60 s (frames 1/60 s apart on the clock the loop reads, so that every frame animates
    /// as much on any machine, in the scene's steady state): at most 1.5× the floor that does the same work
    /// plainly (``busySceneWorkFloor``: the scene's objects moved and drawn as its dots by a minimal SDL loop;
    /// what the harness's generality, the heads-up text and the profiler overlay may add), allocating nothing
    /// in the median frame. The dots alone in a minimal SDL loop (``busySceneSDLFloor``) and the scene's own
    /// frames in a bare loop on headless SDL (``bareFloor(_:sdl:)``) are measured beside it: what SDL costs
    /// for the picture, and what the loop adds to the scene.
    public static let busySceneSDL = Suite(
        target: target,
        name: "Frame loop, \(busySceneName) scene, headless SDL",
        itemsPerIteration: 1,
        // Warmed up for about two seconds of frames: the scene's first wave is at 0.5 s, and it takes a few
        // waves to reach its steady state (about half the objects moving). Measured from its first frame, the
        // row held mostly frames in which nothing had been sent yet.
        item: "frame", iterations: 600, warmup: 1_200,
        goal: Goal(ratioToFloor: 1.5, mallocsPerItem: 0), floor: busySceneWorkFloor.name)

    /// ``busySceneSDL`` with the profiler overlay hidden (P), for comparison: the difference is what the
    /// overlay (its panel, bars, percentiles and counts) costs every frame a user profiles with it shown.
    public static let busySceneSDLWithoutOverlay = Suite(
        target: target, name: "Frame loop, \(busySceneName) scene, headless SDL, profiler overlay hidden",
        itemsPerIteration: 1, item: "frame", iterations: 600, warmup: 1_200)

    /// The floor of the row above: the busy scene's frame written plainly over flat buffers. Its 10,000
    /// objects sent to the scene's targets in the scene's waves (tweens eased by the cubic in-out written out,
    /// merging springs stepped by velocity Verlet on SwiftUI's 1/300 s grid and merged on a retarget), then
    /// drawn as the scene's dots by the minimal SDL loop of ``busySceneSDLFloor``. Warmed up as long as the
    /// row, so that its frames are the same frames of the same waves. Its setup stops the run unless it puts
    /// every object where the scene shows it.
    public static let busySceneWorkFloor = Suite(
        target: target,
        name: "Floor: the \(busySceneName) scene's objects moved and drawn plainly, in a minimal SDL loop, headless",
        itemsPerIteration: 1, item: "frame", iterations: 600, warmup: 1_200)

    /// The busy scene's 10,000 dots (taken from a frame the harness drew) drawn by a minimal SDL loop on the
    /// same headless software renderer: clear, one `SDL_RenderFillRectsF` per colour, present. No scene, no
    /// loop, no text, no clipping: what SDL's software renderer costs for the scene's picture alone, for
    /// comparison (earlier builds held the stress frame to it, a floor without the scene's animation). The
    /// clear writes the surface the renderer draws into with plain stores, as the harness clears on the
    /// software renderer: the same work done the fastest plain way (see ``busySceneSDLOwnClearFloor``).
    public static let busySceneSDLFloor = Suite(
        target: target,
        name: "Floor: the \(busySceneName) scene's dots in a minimal SDL loop, headless, cleared with plain stores",
        itemsPerIteration: 1, item: "frame", iterations: 600, warmup: 30)

    /// ``busySceneSDLFloor`` cleared by `SDL_RenderClear`, as a program of SDL calls alone would: for
    /// comparison, and the floor the first builds held the stress frame to (so `make bench-compare` pairs it
    /// with theirs). SDL writes the cleared rows with streaming stores, which take the frame out of the cache, so
    /// every row of every dot drawn after it is a cache miss.
    public static let busySceneSDLOwnClearFloor = Suite(
        target: target, name: "Floor: the \(busySceneName) scene's dots in a minimal SDL loop, headless",
        itemsPerIteration: 1, item: "frame", iterations: 600, warmup: 30)

    /// The busy scene with the no-op backend: its update and draw-list cost, without SDL's rendering, its
    /// frames starting 1/60 s apart on the clock the loop reads (on the real clock, microsecond frames would
    /// all run before its first wave).
    /// Held to the scene's own frames in a bare loop: the loop, the heads-up text and the profiler overlay
    /// may add half, allocating nothing in the median frame.
    public static let busySceneNullBackend = Suite(
        target: target, name: "Frame loop, \(busySceneName) scene, no-op backend", itemsPerIteration: 1,
        item: "frame", iterations: 600, warmup: 30, goal: Goal(ratioToFloor: 1.5, mallocsPerItem: 0),
        floor: bareFloor(busySceneName).name)

    /// The floor of a scene's frame: the tweener's and the scene's update by the same delta as its row
    /// (1/60 s) and the scene's draw into a reused list, in a bare loop (no input, statistics, heads-up text,
    /// overlay or pacing). On headless SDL (`sdl`) the list is also rendered and presented.
    public static func bareFloor(_ scene: String, sdl: Bool = false) -> Suite {
        Suite(
            target: target,
            name: "Floor: the \(scene) scene's update and draw in a bare loop\(sdl ? ", headless SDL" : "")",
            itemsPerIteration: 1, item: "frame", iterations: 600, warmup: 30)
    }

    /// The animation inspector, looping so both lanes play in every frame.
    public static let inspectorSceneName = "inspector"

    /// The inspector on headless SDL: the whole frame, software rendering included. Held to its own frames
    /// in a bare loop on headless SDL: the loop and the heads-up text may add half.
    public static let inspectorSceneSDL = Suite(
        target: target, name: "Frame loop, \(inspectorSceneName) scene, headless SDL", itemsPerIteration: 1,
        item: "frame", iterations: 600, warmup: 30, goal: Goal(ratioToFloor: 1.5),
        floor: bareFloor(inspectorSceneName, sdl: true).name)

    /// The inspector with the no-op backend: its update and draw-list cost, against the same in a bare loop.
    public static let inspectorSceneNullBackend = Suite(
        target: target, name: "Frame loop, \(inspectorSceneName) scene, no-op backend", itemsPerIteration: 1,
        item: "frame", iterations: 600, warmup: 30, goal: Goal(ratioToFloor: 1.5),
        floor: bareFloor(inspectorSceneName).name)

    /// The name the inspector with a user's animation goes by in its floor's name.
    public static let inspectorUserAnimationName = "\(inspectorSceneName) (with a user animation)"

    /// The same with a user's animation (an `InspectorAnimation`) in lane A: its sliders are drawn
    /// every frame like a built-in's, so the frame must not allocate for them either (median).
    public static let inspectorUserAnimationNullBackend = Suite(
        target: target, name: "Frame loop, \(inspectorSceneName) scene with a user animation, no-op backend",
        itemsPerIteration: 1, item: "frame", iterations: 600, warmup: 30,
        goal: Goal(ratioToFloor: 1.5, mallocsPerItem: 0), floor: bareFloor(inspectorUserAnimationName).name)

    /// One inspector lane's frame: its live value advanced and recorded in the reserved trace, against the
    /// live value alone: recording may add half, and nothing is allocated once the lane is set up.
    public static let inspectorLaneFrame = Suite(
        target: target, name: "Inspector lane: one frame (live value + trace)", itemsPerIteration: 1, item: "frame",
        iterations: 1_000, warmup: 100, goal: Goal(ratioToFloor: 1.5, allocationFree: true),
        floor: inspectorLaneFrameFloor.name)

    /// The floor of the row above: an `AnimatedValue<Double>` under the same animation, updated by the same
    /// frames and read (presentation and velocity), with no trace.
    public static let inspectorLaneFrameFloor = Suite(
        target: target, name: "Floor: the lane's live value updated and read, without its trace",
        itemsPerIteration: 1, item: "frame", iterations: 1_000, warmup: 100)

    /// Re-sampling a lane's curve and readouts into its reserved buffers, as every edit does, against the
    /// same samples taken plainly: the readouts may add a third. The buffers are reused; a spring's fresh
    /// `AnimationContext` allocates its state when the spring first writes it (the runtime's, per curve,
    /// not per sample), so this row counts rather than promises zero.
    public static let inspectorLaneResample = Suite(
        target: target, name: "Inspector lane: re-sample curve and readouts", itemsPerIteration: 1, item: "re-sample",
        iterations: 1_000, warmup: 20, goal: Goal(ratioToFloor: 1.3), floor: inspectorLaneSampleFloor.name)

    /// The floor of the re-sample: the lane's `Animation` called plainly (`animate`, then `velocity`) every
    /// 1/120 s with one reset context until it finishes, into reserved arrays, with no readouts.
    public static let inspectorLaneSampleFloor = Suite(
        target: target, name: "Floor: the lane's animation sampled through Animation plainly", itemsPerIteration: 1,
        item: "re-sample", iterations: 1_000, warmup: 20)

    /// A whole edit: a slider nudged, the new `Animation` built, the lane re-sampled. The `Animation`
    /// value itself is new, so this row counts what it allocates rather than promising zero. Held to the
    /// same animation built and sampled plainly: the spec and readouts may add a third.
    public static let inspectorLaneEdit = Suite(
        target: target, name: "Inspector lane: one edit (new Animation + re-sample)", itemsPerIteration: 1,
        item: "edit", iterations: 1_000, warmup: 20, goal: Goal(ratioToFloor: 1.3),
        floor: inspectorLaneEditFloor.name)

    /// The floor of the edit: the edit's new `Animation` (`.spring(duration:bounce:)` at the nudged duration)
    /// made, then sampled as ``inspectorLaneSampleFloor`` samples.
    public static let inspectorLaneEditFloor = Suite(
        target: target, name: "Floor: a new spring Animation made and sampled plainly", itemsPerIteration: 1,
        item: "edit", iterations: 1_000, warmup: 20)

    /// The built-in scenes, by catalog name, whose live-reload replay is measured.
    public static let replayedScenes = [
        "retarget", "target", "pause", "curves", "fling", "tweens", "keyframes", "animatable", "stress", "hello",
        "inspector",
    ]

    /// Frames of session one replay row runs through: a minute at 60 frames a second.
    public static let replayFrames = 3_600

    /// What a latched frame adds to the loop's own work, with the whole busy history kept (`LatchSchedule`'s
    /// `busyHistory` frames): the schedule plans it, takes its commit (the budget is found again from the history) and its answer. A
    /// measurement, held to no goal.
    public static let latchScheduleFrame = Suite(
        target: target, name: "Latch schedule: one frame planned, committed and answered", itemsPerIteration: 1,
        item: "frame", iterations: 10_000, warmup: 1_300)

    /// A live reload's replay (`FrameLoop.fastForward(through:)`) of a recorded minute of `scene` (clicks,
    /// drags and keys through it; the stress scene at its default 10,000 objects), into a fresh instance made
    /// for each iteration: what a new build spends per frame of history before its first frame. A
    /// measurement, held to no goal; frames per second of replay are 10⁹ over its time per frame.
    public static func liveReplay(_ scene: String) -> Suite {
        Suite(
            target: target, name: "Live reload: a recorded minute replayed, \(scene)", itemsPerIteration: replayFrames,
            item: "frame", iterations: 20, warmup: 2)
    }

    public static let all: [Suite] =
        [
            emptySceneSDL, emptySceneNullBackend, frameBookkeepingFloor, busySceneSDL, busySceneSDLWithoutOverlay,
            busySceneWorkFloor, busySceneSDLFloor,
            busySceneSDLOwnClearFloor, bareFloor(busySceneName, sdl: true),
            busySceneNullBackend, bareFloor(busySceneName),
            inspectorSceneSDL, bareFloor(inspectorSceneName, sdl: true), inspectorSceneNullBackend,
            bareFloor(inspectorSceneName), inspectorUserAnimationNullBackend, bareFloor(inspectorUserAnimationName),
            inspectorLaneFrameFloor, inspectorLaneFrame, inspectorLaneSampleFloor, inspectorLaneResample,
            inspectorLaneEditFloor, inspectorLaneEdit, latchScheduleFrame,
        ] + replayedScenes.map(liveReplay)
}

extension Int {
    /// `100000` as `100,000`: how the names and the table print counts.
    public var grouped: String {
        let digits = String(self.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
