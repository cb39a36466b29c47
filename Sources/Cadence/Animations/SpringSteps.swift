import Synchronization

/// The step matrices of one merging spring (a response and a damping fraction) for 1 … ``count`` grid
/// steps: what every motion with that spring applies, shared by all of them.
///
/// A step matrix depends only on the spring and the number of steps, and an app has few springs and
/// many values: kept per motion, the matrices would be most of a moving value's memory, and each frame
/// would read its own copy from lines no other value shares. Immutable once made, so any thread reads it without
/// a lock; ``SpringStepsRegistry`` hands them out.
@usableFromInline
final class SpringSteps: @unchecked Sendable {
    // Sendable: nothing is written after `init` returns.

    @usableFromInline let response: Double
    @usableFromInline let dampingFraction: Double
    /// How many step counts there are matrices for (1 … count).
    @usableFromInline let count: Int
    /// The matrices, for 1 … ``count`` steps.
    @usableFromInline let matrices: UnsafeMutablePointer<MotionMatrix>

    /// How many step counts a table holds: a frame of up to 32/300 s (about 107 ms) at speed 1.
    static let stepCounts = 32

    /// The table of `response` and `dampingFraction` (valid: see `SpringAnimation.isValid`).
    init(response: Double, dampingFraction: Double, count: Int = stepCounts) {
        self.response = response
        self.dampingFraction = dampingFraction
        self.count = count
        let matrices = UnsafeMutablePointer<MotionMatrix>.allocate(capacity: count)
        SpringAnimation.matrices(response: response, dampingFraction: dampingFraction, count: count) {
            (matrices + ($0 - 1)).initialize(to: $1)
        }
        self.matrices = matrices
    }

    deinit {
        matrices.deallocate()
    }

    /// Whether this is the table of `response` and `dampingFraction`.
    @inlinable @inline(__always)
    func isTable(response: Double, dampingFraction: Double) -> Bool {
        self.response == response && self.dampingFraction == dampingFraction
    }

    /// The map of `steps` grid steps (1 … ``count``).
    @inlinable @inline(__always)
    func matrix(steps: Int) -> MotionMatrix {
        matrices[steps - 1]
    }
}

/// Where motions find the ``SpringSteps`` of their spring: one table per spring, made on first use and
/// kept, up to ``capacity`` springs. A motion asks only when its spring changes (its clock keeps the
/// table), so the lock is taken once per run, not per frame.
@usableFromInline
final class SpringStepsRegistry: Sendable {
    /// The registry every spring uses.
    @usableFromInline static let shared = SpringStepsRegistry(capacity: 256)

    /// The most springs kept. Beyond it a motion makes its own matrices, as for a blend: an app that makes
    /// a spring per value (a response drawn at random per particle) costs itself time, never unbounded
    /// memory.
    let capacity: Int

    private let tables: Mutex<[Key: SpringSteps]>

    private struct Key: Hashable {
        let response: UInt64
        let dampingFraction: UInt64
    }

    init(capacity: Int) {
        self.capacity = capacity
        tables = Mutex([:])
    }

    /// The table of `response` and `dampingFraction` (valid: see `SpringAnimation.isValid`), made if
    /// there is room; `nil` if there is none.
    @usableFromInline
    func steps(response: Double, dampingFraction: Double) -> SpringSteps? {
        let key = Key(response: response.bitPattern, dampingFraction: dampingFraction.bitPattern)
        return tables.withLock { tables in
            if let table = tables[key] { return table }
            guard tables.count < capacity else { return nil }
            let table = SpringSteps(response: response, dampingFraction: dampingFraction)
            tables[key] = table
            return table
        }
    }

    /// How many springs have tables.
    var count: Int { tables.withLock { $0.count } }
}
