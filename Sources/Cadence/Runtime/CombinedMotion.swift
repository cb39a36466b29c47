/// What a merging animation is given as `previous` when the value is running a combination of
/// animations: the combination's motion at the moment of the merge, as one animation.
///
/// A merging animation asks `previous` for its progress and velocity at the merge time
/// (``SpringAnimation`` does exactly that), so a frozen snapshot of both is all it needs; the
/// combination itself cannot be handed over, because its entries each have their own context.
/// The snapshot answers with the same progress and velocity whatever it is asked, and never finishes.
/// It has no type a merging animation could recognise (`previous.base as? Self` fails), so a
/// combination is taken over only by animations that merge with anything, such as springs.
@usableFromInline
struct CombinedMotion: CustomAnimation {
    /// The frozen values. A class so that the snapshot can hold a value of any type and stay
    /// `Sendable`: it is immutable once made.
    @usableFromInline
    final class Snapshot: @unchecked Sendable {
        @usableFromInline let offset: Any
        @usableFromInline let velocity: Any

        @inlinable
        init(offset: Any, velocity: Any) {
            self.offset = offset
            self.velocity = velocity
        }
    }

    @usableFromInline let snapshot: Snapshot

    @inlinable
    init<Value: VectorArithmetic>(offset: Value, velocity: Value) {
        snapshot = Snapshot(offset: offset, velocity: velocity)
    }

    /// The combination's progress along its cumulative interval at the merge time.
    @inlinable
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        snapshot.offset as? V
    }

    /// The combination's velocity at the merge time.
    @inlinable
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        snapshot.velocity as? V
    }

    /// Two snapshots are equal only when they are the same snapshot.
    @inlinable
    static func == (lhs: CombinedMotion, rhs: CombinedMotion) -> Bool {
        lhs.snapshot === rhs.snapshot
    }

    /// Hashes the snapshot's identity.
    @inlinable
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(snapshot))
    }
}
