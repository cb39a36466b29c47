#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the harness reads the time: monotonic nanoseconds from an arbitrary origin.
///
/// The frame clock and the pacer take one so that tests can drive them with a manual clock
/// instead of waiting on the wall clock.
public protocol TimeSource: AnyObject {
    /// The current reading in nanoseconds. Never decreases.
    func now() -> UInt64
    /// Blocks until the reading is at least `deadline` (an absolute time in the same units).
    func sleep(until deadline: UInt64)
}

/// `CLOCK_MONOTONIC`, with absolute-deadline sleeps.
///
/// Not `SDL_GetPerformanceCounter`: that reads `CLOCK_MONOTONIC_RAW`, which can drift ~100 ms away from
/// `CLOCK_MONOTONIC`, and the sleeps below are on `CLOCK_MONOTONIC` (see SDL2.md).
public final class MonotonicClock: TimeSource, Sendable {
    /// Creates the clock.
    public init() {}

    /// Nanoseconds on `CLOCK_MONOTONIC`.
    public func now() -> UInt64 { Self.read(CLOCK_MONOTONIC) }

    /// Sleeps with `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)`: absolute, so errors never accumulate,
    /// and restarted after a signal interrupts it.
    public func sleep(until deadline: UInt64) {
        var request = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil) == EINTR {}
    }

    /// CPU time this thread has used, in nanoseconds: what pacing costs, as opposed to how long it waits.
    public static func threadCPUTime() -> UInt64 { read(CLOCK_THREAD_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> UInt64 {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}

/// A clock that moves only when told: for deterministic tests of everything that reads time.
public final class ManualClock: TimeSource, @unchecked Sendable {
    // Unchecked: a test drives one instance from one thread; nothing here is shared across threads.
    private var reading: UInt64

    /// Creates the clock at `start` nanoseconds.
    public init(start: UInt64 = 1_000_000_000) { reading = start }

    /// The current reading.
    public func now() -> UInt64 { reading }

    /// Jumps to the deadline when it is in the future ("sleeping" takes no real time).
    public func sleep(until deadline: UInt64) { reading = max(reading, deadline) }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: Double) { reading += UInt64((seconds * 1e9).rounded()) }
}
