import Synchronization

/// A key for a custom value carried by a ``Transaction``, as SwiftUI's protocol of the same name.
///
/// ```swift
/// private struct IsDraggingKey: TransactionKey {
///     static let defaultValue = false
/// }
/// extension Transaction {
///     var isDragging: Bool {
///         get { self[IsDraggingKey.self] }
///         set { self[IsDraggingKey.self] = newValue }
///     }
/// }
/// ```
///
/// `@Entry var isDragging = false` in `extension Transaction` (from `CadenceMacros`) writes the same.
/// A transaction crosses tasks (it is the ambient value of ``withTransaction(_:_:)``), so the value
/// must be `Sendable`.
public protocol TransactionKey {
    /// The type of the value.
    associatedtype Value: Sendable

    /// The value read when nothing has been set for this key.
    static var defaultValue: Value { get }
}

/// The context of one state change: which animation the ``AnimatedValue``s changed in it take, and
/// the completions to call when they are done. SwiftUI's `Transaction`, without the view-level parts.
///
/// You rarely make one: ``withAnimation(_:_:)`` makes one for its closure. Inside the closure given
/// to ``withAnimation(_:_:)`` or ``withTransaction(_:_:)`` the transaction is *ambient*: every
/// ``AnimatedValue/set(_:)`` (a change without an explicit animation) takes its ``animation`` (or
/// jumps if it is `nil`) and its completions. Outside any such closure a `set(_:)` jumps (or takes
/// the value's ``AnimatedValue/implicitAnimation``).
///
/// **Completions** added with ``addAnimationCompletion(criteria:_:)`` are called once per call of
/// `withTransaction`, however many values changed in it: each value that took the transaction counts,
/// and the completion is called when the last of them completes per its criteria (or when the closure
/// returns, if none changed or all have completed by then). Nested transactions: the innermost wins;
/// a value changed inside an inner `withTransaction(_:_:)` takes the inner transaction only.
///
/// **Threads and tasks.** The ambient transaction is a task-local value: it is seen by the code
/// that runs inside the closure, on the calling thread, and by the child tasks (and `Task { }`) made
/// inside it, never by another thread or task running at the same time, nor by a `Task.detached`.
/// Completions are called on the thread that updates the value whose animation completes last.
public struct Transaction: Sendable {
    /// The animation the values changed in this transaction take; `nil` makes them jump.
    public var animation: Animation?

    /// Whether a value's own ``AnimatedValue/implicitAnimation`` is kept from replacing ``animation``
    /// (SwiftUI: `.animation(_:value:)` modifiers are ignored). `false` by default.
    public var disablesAnimations: Bool = false

    /// Whether the change comes from a continuous interaction (a drag, a scroll) that produces a
    /// sequence of values. Carried for your own code to read: `AnimatedValue` treats every change alike.
    public var isContinuous: Bool = false

    /// Whether the values changed in this transaction should track their velocity, for a spring to
    /// take over smoothly. Carried for your own code to read: an ``AnimatedValue`` always tracks it
    /// (see ``AnimatedValue/velocity``).
    public var tracksVelocity: Bool = false

    /// The custom values set through ``subscript(_:)``.
    var storage = SendableBoxes()

    /// The completions added, in order, each with its criteria.
    var completions: [TransactionCompletion] = []

    /// Creates a transaction without animation.
    public init() {}

    /// Creates a transaction with `animation`.
    public init(animation: Animation?) {
        self.animation = animation
    }

    /// The value set for `key`, or `key.defaultValue` if none is.
    public subscript<K: TransactionKey>(key: K.Type) -> K.Value {
        get { storage.value(for: ObjectIdentifier(key), as: K.Value.self) ?? K.defaultValue }
        set { storage.setValue(newValue, for: ObjectIdentifier(key)) }
    }

    /// Adds a completion, called once when every value changed in this transaction has completed per
    /// `criteria`, or when the transaction's closure returns if none changed.
    ///
    /// The completion is called once per `withTransaction`/`withAnimation` call that makes the
    /// transaction ambient. It runs on the thread that updates the last value to complete (or that
    /// runs the closure), after that value's state is consistent: it may change values again.
    public mutating func addAnimationCompletion(
        criteria: AnimationCompletionCriteria = .logicallyComplete, _ completion: @escaping () -> Void
    ) {
        completions.append(TransactionCompletion(criteria: criteria, body: UncheckedCompletion(body: completion)))
    }
}

/// A completion added to a transaction.
struct TransactionCompletion: Sendable {
    let criteria: AnimationCompletionCriteria
    let body: UncheckedCompletion
}

/// A completion closure carried across tasks. Unchecked because SwiftUI's completions are plain
/// `() -> Void`; the rule is documented on ``Transaction``: it runs where the last value completes.
struct UncheckedCompletion: @unchecked Sendable {
    let body: () -> Void
}

/// The values of a transaction's keys: a list, as transactions carry few.
struct SendableBoxes: Sendable {
    private var entries: [(key: ObjectIdentifier, value: any Sendable)] = []

    func value<T>(for key: ObjectIdentifier, as type: T.Type) -> T? {
        entries.first { $0.key == key }?.value as? T
    }

    mutating func setValue(_ value: some Sendable, for key: ObjectIdentifier) {
        if let i = entries.firstIndex(where: { $0.key == key }) {
            entries[i].value = value
        } else {
            entries.append((key, value))
        }
    }
}

/// One ambient transaction: what `withTransaction` makes visible to its closure. Its groups count
/// the values that took each completion.
final class AmbientTransaction: Sendable {
    let transaction: Transaction
    let groups: [CompletionGroup]

    /// A transaction with its own groups, one per completion.
    convenience init(_ transaction: Transaction) {
        self.init(transaction, groups: transaction.completions.map(CompletionGroup.init))
    }

    /// A transaction counting into `groups`: its own, or an outer call's (the key-path form of
    /// `withTransaction`), so that the outer call's completions still fire once.
    init(_ transaction: Transaction, groups: [CompletionGroup]) {
        self.transaction = transaction
        self.groups = groups
    }

    /// The transaction the current task or thread runs in, if any.
    @TaskLocal static var current: AmbientTransaction?
}

/// Calls one completion when every value that took it has completed and the closure has returned:
/// a count of holders, the closure being one. Locked, because child tasks may change values on
/// other threads. Fires once: a value changed after that (by a `Task` made in the closure that runs
/// later) takes the animation but no longer counts.
final class CompletionGroup: Sendable {
    let criteria: AnimationCompletionCriteria
    private let body: UncheckedCompletion
    private let state = Mutex((holders: 1, fired: false))

    init(_ completion: TransactionCompletion) {
        criteria = completion.criteria
        body = completion.body
    }

    /// One more value takes the completion; `false` if it has already been called.
    func retain() -> Bool {
        state.withLock { state in
            guard !state.fired else { return false }
            state.holders += 1
            return true
        }
    }

    /// A holder is done; the last one calls the completion.
    func release() {
        let isLast = state.withLock { state -> Bool in
            state.holders -= 1
            guard state.holders == 0, !state.fired else { return false }
            state.fired = true
            return true
        }
        if isLast { body.body() }
    }
}

/// Runs `body` with `transaction` as the ambient transaction, and returns its result.
///
/// Every ``AnimatedValue/set(_:)`` inside `body` (a change without an explicit animation) takes the
/// transaction's animation and completions; see ``Transaction``. The transaction's completions are
/// called once each, when every value changed in `body` has completed (or when `body` returns, if
/// none changed). If `body` throws, the error is rethrown, and the values changed before the throw
/// keep their animations and count for the completions as usual.
///
/// - Parameters:
///   - transaction: The transaction; the innermost of nested calls wins.
///   - body: The changes to make. Runs at once, on the calling thread.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    let ambient = AmbientTransaction(transaction)
    defer { for group in ambient.groups { group.release() } }
    return try AmbientTransaction.$current.withValue(ambient, operation: body)
}

/// Runs `body` in the ambient transaction (or a new one) with one property set to `value`, as
/// `withTransaction(\.disablesAnimations, true) { ... }`.
///
/// Starts from the ambient transaction's properties and values (a new `Transaction()` outside any),
/// without its completions: those stay with the call that added them, and still count the values
/// changed here.
@discardableResult
public func withTransaction<Result, Value>(
    _ keyPath: WritableKeyPath<Transaction, Value>, _ value: Value, _ body: () throws -> Result
) rethrows -> Result {
    guard let outer = AmbientTransaction.current else {
        var transaction = Transaction()
        transaction[keyPath: keyPath] = value
        return try withTransaction(transaction, body)
    }
    var transaction = outer.transaction
    transaction[keyPath: keyPath] = value
    let ambient = AmbientTransaction(transaction, groups: outer.groups)
    return try AmbientTransaction.$current.withValue(ambient, operation: body)
}

/// Runs `body` with `animation` as the ambient transaction's animation, and returns its result:
/// every ``AnimatedValue/set(_:)`` inside animates with it.
///
/// ```swift
/// withAnimation(.spring) {
///     offset.set(100)
///     opacity.set(1)
/// }
/// ```
///
/// - Parameters:
///   - animation: The animation; `nil` makes the changes jump. `.default` when omitted.
///   - body: The changes to make. Runs at once; a thrown error is rethrown.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body` with `animation`, and calls `completion` once, when every value changed in `body` has
/// completed per `completionCriteria` (or when `body` returns, if none changed).
///
/// ```swift
/// withAnimation(.smooth) {
///     x.set(100)
///     y.set(50)
/// } completion: {
///     print("both arrived")   // once, after the later of the two
/// }
/// ```
///
/// - Parameters:
///   - animation: The animation; `nil` makes the changes jump (the completion is then called when
///     `body` returns). `.default` when omitted.
///   - completionCriteria: When a value counts as completed.
///   - body: The changes to make. Runs at once; a thrown error is rethrown (the completion is still
///     called, once the values changed before the throw complete).
///   - completion: Called once, on the thread that updates the last value to complete.
@discardableResult
public func withAnimation<Result>(
    _ animation: Animation? = .default,
    completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result,
    completion: @escaping () -> Void
) rethrows -> Result {
    var transaction = Transaction(animation: animation)
    transaction.addAnimationCompletion(criteria: completionCriteria, completion)
    return try withTransaction(transaction, body)
}
