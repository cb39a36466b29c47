import Synchronization

/// The step matrices of one merging spring (a response and a damping fraction) for 1 … ``count`` grid
/// steps: what every motion with that spring applies, shared by all of them.
///
/// A step matrix depends only on the spring and the number of steps, and an app has few springs and
/// many values: kept per motion, the matrices would be most of a moving value's memory, and each frame
/// would read its own copy from lines no other value shares. Immutable once made, so any thread reads it
/// without a lock; ``SpringStepsRegistry`` hands them out.
@usableFromInline
final class SpringSteps: @unchecked Sendable {
    // Sendable: nothing is written after `init` returns.

    /// The spring's response, as its motions give it (a blend's intermediate responses get no table).
    @usableFromInline let response: Double
    /// The spring's damping fraction.
    @usableFromInline let dampingFraction: Double
    /// How many step counts there are matrices for (1 … count).
    @usableFromInline let count: Int
    /// The matrices, for 1 … ``count`` steps.
    @usableFromInline let matrices: UnsafeMutablePointer<MotionMatrix>

    /// How many step counts a table holds: enough for the frames of any display rate at speed 1; a longer
    /// frame makes its own matrix.
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

/// Where motions find the ``SpringSteps`` of their spring. A spring gets a table the second time a motion
/// asks for one (its first motion makes its own matrices, as before there were tables): springs made once
/// for one motion (a slider dragged through responses, a response drawn at random per particle) then never
/// fill it. Tables are kept for the life of the process, up to ``capacity`` springs, so a motion refers to
/// one without owning it; a motion asks only when its spring changes, so the lock is taken once per run,
/// not per frame.
@usableFromInline
final class SpringStepsRegistry: Sendable {
    /// The registry every spring uses.
    @usableFromInline static let shared = SpringStepsRegistry(capacity: 256)

    /// The most springs given tables. Beyond it a motion makes its own matrices, as a spring's first
    /// motion does: an app that makes a spring per value costs itself time, never unbounded memory.
    let capacity: Int

    private let state: Mutex<State>
    /// The table last handed out (its address; 0 for none), read without the lock: motions made one after
    /// another mostly ask for the same spring.
    private let lastTable = Atomic<UInt>(0)

    private struct Key: Hashable {
        let response: UInt64
        let dampingFraction: UInt64
    }

    private struct State: ~Copyable {
        var tables: [Key: SpringSteps] = [:]
        /// Springs asked for once, with no table yet; forgotten all at once when there are too many.
        var askedOnce: Set<Key> = []
    }

    init(capacity: Int) {
        self.capacity = capacity
        state = Mutex(State())
    }

    /// The table of `response` and `dampingFraction` (valid: see `SpringAnimation.isValid`), made if this
    /// is the second time it is asked for and there is room; otherwise `nil`. Unretained: the registry
    /// keeps it.
    @usableFromInline
    func steps(response: Double, dampingFraction: Double) -> Unmanaged<SpringSteps>? {
        if let last = UnsafeRawPointer(bitPattern: lastTable.load(ordering: .acquiring)) {
            let table = Unmanaged<SpringSteps>.fromOpaque(last)
            if table._withUnsafeGuaranteedRef({ $0.isTable(response: response, dampingFraction: dampingFraction) }) {
                return table
            }
        }
        let key = Key(response: response.bitPattern, dampingFraction: dampingFraction.bitPattern)
        let found: Unmanaged<SpringSteps>? = state.withLock { state in
            if let table = state.tables[key] { return Unmanaged.passUnretained(table) }
            guard state.tables.count < capacity else { return nil }
            guard state.askedOnce.remove(key) != nil else {
                if state.askedOnce.count >= 4 * capacity { state.askedOnce.removeAll(keepingCapacity: true) }
                state.askedOnce.insert(key)
                return nil
            }
            let table = SpringSteps(response: response, dampingFraction: dampingFraction)
            state.tables[key] = table
            return Unmanaged.passUnretained(table)
        }
        if let found { lastTable.store(UInt(bitPattern: found.toOpaque()), ordering: .releasing) }
        return found
    }

    /// How many springs have tables.
    var count: Int { state.withLock { $0.tables.count } }
}
