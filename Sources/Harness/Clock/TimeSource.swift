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
    /// Blocks until the reading is at least `deadline` (an absolute time in the same units), or until
    /// ``stopRequest`` is set.
    func sleep(until deadline: UInt64)
    /// The signal that asks the run on this source to stop, or nil: every wait of the run (the pacer's,
    /// the frame loop's) ends early for it. By default the process's ``StopRequest``; a test gives a run
    /// a request of its own, so that stopping it stops no other.
    var stopRequest: Int32? { get }
    /// CPU time the process has used, in nanoseconds (every thread): what tells a present that waits from
    /// one that works. A source that cannot attribute it (a test's clock) gives 0.
    func processorTime() -> UInt64
    /// How long the calling thread has waited, ready to run, for a core, in nanoseconds since it started: what
    /// tells a machine whose cores are shared with other work. A source that cannot tell gives 0.
    func runQueueTime() -> UInt64
}

extension TimeSource {
    /// The process's ``StopRequest/pending``.
    public var stopRequest: Int32? { StopRequest.pending }
    /// 0: a source that cannot tell.
    public func runQueueTime() -> UInt64 { 0 }
}

/// `CLOCK_MONOTONIC`, with absolute-deadline sleeps.
///
/// Not `SDL_GetPerformanceCounter`: that reads `CLOCK_MONOTONIC_RAW`, which can drift ~100 ms away from
/// `CLOCK_MONOTONIC`, and the sleeps below are on `CLOCK_MONOTONIC` (SDL's own clock is `CLOCK_MONOTONIC` here too, so the two agree).
public final class MonotonicClock: TimeSource, Sendable {
    /// Creates the clock.
    public init() {}

    /// Nanoseconds on `CLOCK_MONOTONIC`.
    public func now() -> UInt64 { Self.read(CLOCK_MONOTONIC) }

    /// The longest single sleep: a stop request that lands just before a sleep starts is seen within this.
    public static let sleepSlice: UInt64 = 20_000_000

    /// Sleeps with `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)` (absolute, so errors never accumulate),
    /// in slices of at most ``sleepSlice``, and returns early once a ``StopRequest`` is pending: a signal
    /// interrupts the sleep (`EINTR`), and one that arrives between two checks is seen at the next slice.
    public func sleep(until deadline: UInt64) {
        while StopRequest.pending == nil {
            let now = now()
            guard now < deadline else { return }
            let wake = min(deadline, now &+ Self.sleepSlice)
            var request = timespec(tv_sec: Int(wake / 1_000_000_000), tv_nsec: Int(wake % 1_000_000_000))
            _ = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil)
        }
    }

    /// CPU time this thread has used, in nanoseconds: what pacing costs, as opposed to how long it waits.
    public static func threadCPUTime() -> UInt64 { read(CLOCK_THREAD_CPUTIME_ID) }

    /// `CLOCK_PROCESS_CPUTIME_ID`: every thread's, a software GL's rasteriser threads included.
    public func processorTime() -> UInt64 { Self.read(CLOCK_PROCESS_CPUTIME_ID) }

    /// The kernel's scheduler statistics for this thread (`/proc/thread-self/schedstat`: its second field is the
    /// time spent waiting on a run queue); 0 where the kernel does not keep them.
    public func runQueueTime() -> UInt64 {
        #if os(Linux)
        let descriptor = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &buffer) { bytes -> UInt64 in
            let count = Glibc.read(descriptor, bytes.baseAddress, bytes.count)
            guard count > 0 else { return 0 }
            // "<on cpu ns> <waiting ns> <slices>": the second number.
            let fields = bytes.prefix(count).split(separator: UInt8(ascii: " "), maxSplits: 2)
            guard fields.count >= 2 else { return 0 }
            var value: UInt64 = 0
            for digit in fields[1] {
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return 0 }
                value = value &* 10 &+ UInt64(digit - UInt8(ascii: "0"))
            }
            return value
        }
        #else
        return 0
        #endif
    }

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

    /// How far each reading moves the clock on (nanoseconds; 0 by default): a clock that also moves by itself,
    /// as a real one does, for a test of code that spins on it.
    public var tick: UInt64 = 0
    /// How many times the clock has been read.
    public private(set) var readings = 0

    /// The current reading (then moved on by ``tick``).
    public func now() -> UInt64 {
        readings += 1
        defer { reading = reading > UInt64.max - tick ? UInt64.max : reading + tick }
        return reading
    }

    /// Jumps to the deadline when it is in the future ("sleeping" takes no real time).
    public func sleep(until deadline: UInt64) { reading = max(reading, deadline) }
    /// 0: the process's work is not on this clock.
    public func processorTime() -> UInt64 { 0 }
    /// What a test says the thread has waited for a core (nanoseconds): 0 unless set.
    public var runQueue: UInt64 = 0
    /// ``runQueue``.
    public func runQueueTime() -> UInt64 { runQueue }

    /// Moves the clock forward by `seconds`. The clock never goes backwards: zero, negative and NaN
    /// amounts leave it where it is, and a move past the end of its range stops at the end.
    public func advance(by seconds: Double) {
        let nanoseconds = (seconds * 1e9).rounded()
        guard nanoseconds > 0 else { return }
        let room = UInt64.max - reading
        reading = nanoseconds >= Double(room) ? UInt64.max : reading + UInt64(nanoseconds)
    }
}
