import Cadence
import Testing

/// How fast `VariableSpeedRotation` turns, in turns per second, read on every call.
private struct RotationSpeedKey: EnvironmentKey {
    static var defaultValue: Double { 1 }
}

extension EnvironmentValues {
    fileprivate var rotationSpeed: Double {
        get { self[RotationSpeedKey.self] }
        set { self[RotationSpeedKey.self] = newValue }
    }
}

/// Its progress so far, and when it was last called (`nil` before the first call).
private struct RotationProgress: AnimationStateKey {
    var turns = 0.0
    var lastTime: TimeInterval?
    static var defaultValue: Self { .init() }
}

/// A stateful client as published: a rotation whose speed comes from the environment on every call and
/// whose progress is kept in `context.state`, integrated from one call to the next. Its first call
/// marks the start, so what it shows depends on whether it was called at time 0.
private struct VariableSpeedRotation: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        var progress = context.state[RotationProgress.self]
        if let last = progress.lastTime { progress.turns += (time - last) * context.environment.rotationSpeed }
        progress.lastTime = time
        context.state[RotationProgress.self] = progress
        // `value` is one full turn (360°): the rotation ends after it.
        return progress.turns >= 1 ? nil : value.scaled(by: progress.turns)
    }
}

/// Every call a client receives, in order.
private final class CallLog: @unchecked Sendable {
    var times: [TimeInterval] = []
}

/// A linear animation over one second that writes each call's time to a log.
private struct LoggingAnimation: CustomAnimation {
    let log: CallLog
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        log.times.append(time)
        return time >= 1 ? nil : value.scaled(by: time)
    }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.log === rhs.log }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(log)) }
}

/// A client animation is called as SwiftUI calls it: at time 0 when it starts, then once per update,
/// whether or not anyone read the value in between.
struct ClientCallSequenceTests {
    /// Runs the rotation for `frames` frames of 0.25 s, optionally reading the value between `set` and
    /// the first update, and returns what it shows after each frame.
    private func rotate(frames: Int, readBeforeFirstUpdate: Bool) -> [Double] {
        let angle = AnimatedValue(0.0)
        angle.environment.rotationSpeed = 4.0 / 3
        angle.set(360, animation: Animation(VariableSpeedRotation()))
        if readBeforeFirstUpdate { _ = angle.presentation }
        return (0..<frames).map { _ in
            angle.update(by: 0.25)
            return angle.presentation
        }
    }

    @Test func aStatefulClientShowsTheSameWhetherOrNotTheValueWasRead() {
        let unread = rotate(frames: 3, readBeforeFirstUpdate: false)
        let read = rotate(frames: 3, readBeforeFirstUpdate: true)
        #expect(unread == read)
        // SwiftUI's sequence: called at 0, then at 0.25 s, at 4/3 turn a second: a third of a turn.
        #expect(abs(unread[0] - 120) < 1e-9)
        #expect(abs(unread[1] - 240) < 1e-9)
    }

    @Test func aNewAnimationIsCalledAtZeroThenOncePerUpdate() {
        let log = CallLog()
        let value = AnimatedValue(0.0)
        value.set(1, animation: Animation(LoggingAnimation(log: log)))
        value.update(by: 0.25)
        value.update(by: 0.25)
        #expect(log.times == [0, 0.25, 0.5])
    }

    @Test func aReadBeforeTheFirstUpdateIsTheCallAtZero() {
        let log = CallLog()
        let value = AnimatedValue(0.0)
        value.set(1, animation: Animation(LoggingAnimation(log: log)))
        #expect(value.presentation == 0)
        value.update(by: 0.25)
        #expect(log.times == [0, 0.25])
    }

    @Test func anUpdateOfZeroAfterASetIsTheCallAtZero() {
        let log = CallLog()
        let value = AnimatedValue(0.0)
        value.set(1, animation: Animation(LoggingAnimation(log: log)))
        value.update(by: 0)
        value.update(by: 0.5)
        #expect(log.times == [0, 0.5])
    }

    @Test func aCombinedAnimationStartsAtZeroWhileTheFirstGoesOn() {
        let first = CallLog()
        let second = CallLog()
        let value = AnimatedValue(0.0)
        value.set(1, animation: Animation(LoggingAnimation(log: first)))
        value.update(by: 0.25)
        value.set(2, animation: Animation(LoggingAnimation(log: second)))
        value.update(by: 0.25)
        // The running animation is evaluated with the new one at the change's time, then both at the update.
        #expect(first.times == [0, 0.25, 0.25, 0.5])
        #expect(second.times == [0, 0.25])
    }
}
