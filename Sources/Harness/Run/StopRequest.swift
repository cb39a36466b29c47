#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A request, from a signal, to end the run: SIGTERM, SIGINT and SIGHUP all end a run cleanly (every
/// output finished and written, the summary saying where it stopped) and the process then exits with
/// 128 + the signal's number, as a shell expects of a process a signal ended.
///
/// The handlers only store the signal's number (async-signal-safe). Everything that waits in the harness
/// (``MonotonicClock/sleep(until:)``, the ``Pacer``'s spin, the ``FrameLoop``) looks at ``pending``, so a
/// request ends even a 1 fps run within a few milliseconds.
public enum StopRequest {
    /// The signals that end a run.
    public static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    private static let received = Atomic<Int32>(0)

    /// The number of the signal that asked the run to stop, or nil.
    public static var pending: Int32? {
        let value = received.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// Records a request as a signal handler would (tests and the window's close button use other paths).
    public static func request(_ signal: Int32) { received.store(signal, ordering: .relaxed) }

    /// Forgets any request.
    public static func reset() { received.store(0, ordering: .relaxed) }

    /// Previously installed handlers, to put back with ``restore(_:)``.
    public struct SavedHandlers: @unchecked Sendable {
        // Unchecked: plain C structs, only handed back to sigaction on the thread that saved them.
        fileprivate var actions: [(Int32, sigaction)]
    }

    /// Clears any earlier request, installs handlers for ``signals`` without `SA_RESTART` (so that a
    /// blocking call returns `EINTR` when one arrives) and unblocks them on the calling thread (a parent may
    /// have started the process with them blocked). Returns what was there before.
    ///
    /// SIGINT and SIGHUP that the process was started ignoring (`nohup`, a shell's background job) stay
    /// ignored, as the shell asked; SIGTERM is always handled.
    public static func install() -> SavedHandlers {
        reset()
        var saved: [(Int32, sigaction)] = []
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals {
            var old = sigaction()
            sigaction(signal, nil, &old)
            if signal != SIGTERM, unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == 1 /* SIG_IGN */ {
                continue
            }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { StopRequest.received.store($0, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
            saved.append((signal, old))
            sigaddset(&unblock, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        return SavedHandlers(actions: saved)
    }

    /// Puts back the handlers ``install()`` replaced.
    public static func restore(_ saved: SavedHandlers) {
        for (signal, old) in saved.actions {
            var action = old
            sigaction(signal, &action, nil)
        }
    }

    /// The conventional name of a signal (`SIGTERM`), or its number.
    public static func name(of signal: Int32) -> String {
        switch signal {
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(signal)"
        }
    }
}
