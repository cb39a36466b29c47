import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Output files (screenshots, summaries, profiles, traces, recordings, clips) are checked before a run
/// starts and never destroy what is at their path:
///
/// - `-` is standard output, written directly whatever it is;
/// - a **symlink** is followed to the file it names (written through, never replaced);
/// - a **device** or a **FIFO** (`/dev/null`, a named pipe, `/dev/stdout` when it is a pipe) is opened and
///   written directly, with no temporary file, so it stays what it is;
/// - a **regular file** (or a new one) is written to a hidden temporary sibling and renamed into place, so
///   a failed or interrupted write never leaves a partial file.
///
/// Folders and sockets are refused.
public enum OutputFile {
    /// The path that means standard output (`--profile -`), as Unix tools spell it.
    public static let standardOutput = "-"

    /// Where an output path really leads.
    public struct Target: Sendable, Equatable {
        /// The path as asked for.
        public var path: String
        /// The path after following symlinks: the file that is written (or created).
        public var resolved: String
        /// True for a device or FIFO: written directly, never replaced. False for a regular or new file.
        public var isDirect: Bool
        /// True when a FIFO (not a device) is at the resolved path.
        public var isFIFO: Bool

        /// A canonical spelling of ``resolved`` (its folder's real path + its name), for telling whether
        /// two outputs are the same file.
        public var identity: String {
            let url = URL(fileURLWithPath: resolved)
            let folder = url.deletingLastPathComponent().path
            guard let real = realpath(folder, nil) else { return url.standardizedFileURL.path }
            defer { free(real) }
            return URL(fileURLWithPath: String(cString: real)).appendingPathComponent(url.lastPathComponent).path
        }
    }

    /// Follows `path` through symlinks (up to 40) to the file an output would be written to, and says
    /// how it would be written.
    /// - Throws: ``HarnessError/unwritablePath(_:reason:)`` for an empty path, a folder, a socket or a
    ///   symlink loop.
    public static func resolve(_ path: String) throws(HarnessError) -> Target {
        if path.isEmpty { throw .unwritablePath(path, reason: "the path is empty") }
        if path == standardOutput {
            // Whatever standard output is (a pipe, a terminal, a file the shell opened), it is written
            // directly, never replaced by a renamed file, and never shared with another output.
            let target = try resolve("/dev/stdout")
            return Target(path: path, resolved: target.resolved, isDirect: true, isFIFO: true)
        }
        var current = path
        for _ in 0..<40 {
            var info = stat()
            if lstat(current, &info) != 0 {
                if errno == ENOENT { return Target(path: path, resolved: current, isDirect: false, isFIFO: false) }
                throw .unwritablePath(path, reason: String(cString: strerror(errno)))
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(current, &buffer, buffer.count - 1)
                guard count >= 0 else { throw .unwritablePath(path, reason: String(cString: strerror(errno))) }
                let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if current.hasPrefix("/proc/"), !destination.hasPrefix("/") {
                    // An open file's link (/dev/stdout → /proc/self/fd/1 → "pipe:[…]") names no path: the
                    // node is the open pipe or socket itself, reached through the link.
                    guard stat(current, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else {
                        throw .unwritablePath(path, reason: "it is \(destination), not a file, a device or a pipe")
                    }
                    return Target(path: path, resolved: current, isDirect: true, isFIFO: true)
                }
                current =
                    destination.hasPrefix("/")
                    ? destination
                    : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).path
            case S_IFREG:
                return Target(path: path, resolved: current, isDirect: false, isFIFO: false)
            case S_IFCHR, S_IFBLK:
                return Target(path: path, resolved: current, isDirect: true, isFIFO: false)
            case S_IFIFO:
                return Target(path: path, resolved: current, isDirect: true, isFIFO: true)
            case S_IFDIR:
                throw .unwritablePath(path, reason: "it is a directory")
            default:
                throw .unwritablePath(path, reason: "it is not a file, a device or a FIFO")
            }
        }
        throw .unwritablePath(path, reason: "too many levels of symbolic links")
    }

    /// Throws unless an output can be written at `path`. For a regular or new file: its folder exists and
    /// is writable (a probe file is created and removed beside it; nothing is left behind). For a device
    /// or FIFO: it is writable (it is not opened, so a FIFO's reader sees nothing yet).
    public static func checkWritable(_ path: String) throws(HarnessError) {
        let target = try resolve(path)
        if target.isDirect {
            guard access(target.resolved, W_OK) == 0 else {
                throw .unwritablePath(path, reason: String(cString: strerror(errno)))
            }
            return
        }
        let folder = URL(fileURLWithPath: target.resolved).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unwritablePath(path, reason: "the folder '\(folder)' does not exist")
        }
        let probe = temporaryPath(for: target.resolved)
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .unwritablePath(path, reason: "the folder '\(folder)' is not writable") }
        close(fd)
        unlink(probe)
    }

    /// The hidden sibling a regular file is first written to before being renamed into place:
    /// `.NAME.PID.tmp`, so that a later run can tell whose it was (see ``removeStaleTemporaries(in:)``).
    public static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
    }

    /// Removes hidden temporary files (`.NAME.PID.tmp`, see ``temporaryPath(for:)``) in `folder` whose
    /// process no longer exists: what a run killed by SIGKILL, a crash or the OOM killer left behind.
    /// Files of live processes (another run writing now) are left alone. Returns the names removed.
    @discardableResult
    public static func removeStaleTemporaries(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 3, let pid = Int32(parts[parts.count - 1]), pid > 0, pid != getpid() else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Writes `data` as the whole output at `path` (see the type's rules for symlinks, devices and FIFOs).
    public static func write(_ data: Data, to path: String) throws(HarnessError) {
        try produce(path) { (destination: String) throws(HarnessError) in
            let fd = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw .unwritablePath(path, reason: String(cString: strerror(errno))) }
            defer { close(fd) }
            let failure: Int32? = data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += written
                }
                return nil
            }
            if let failure { throw .outputFailed(path, reason: String(cString: strerror(failure))) }
        }
    }

    /// Produces the output at `path` with `body`, which is handed the path to write to: a temporary sibling
    /// (renamed into place when `body` returns, removed when it throws) for a regular or new file; the
    /// device or FIFO itself otherwise. `body` must create or truncate what it is handed.
    public static func produce(_ path: String, _ body: (String) throws(HarnessError) -> Void) throws(HarnessError) {
        let output = try begin(path)
        do {
            try body(output.destination)
        } catch {
            output.discard()
            throw error
        }
        try output.commit()
    }

    /// An output written over a while (a clip, frame by frame), by the same rules as ``produce(_:_:)``:
    /// write to ``destination``, then ``commit()``, or ``discard()`` when the output failed.
    public struct Pending: Sendable {
        /// Where the output really leads.
        public let target: Target
        /// What to create or truncate and write: a temporary sibling, or the device or FIFO itself.
        public let destination: String

        /// Puts the finished output in place (renames the temporary file; nothing for a device or FIFO).
        public func commit() throws(HarnessError) {
            guard !target.isDirect else { return }
            try OutputFile.commit(destination, to: target.resolved, reportedAs: target.path)
        }

        /// Removes what was written (the temporary file; nothing for a device or FIFO).
        public func discard() {
            guard !target.isDirect else { return }
            unlink(destination)
        }
    }

    /// Starts an output at `path` that is written over a while (see ``Pending``).
    public static func begin(_ path: String) throws(HarnessError) -> Pending {
        let target = try resolve(path)
        return Pending(
            target: target, destination: target.isDirect ? target.resolved : temporaryPath(for: target.resolved))
    }

    /// Renames a finished temporary file into place (atomic on one file system). `path` must be a resolved
    /// regular-file path (see ``resolve(_:)``): a symlink there would be replaced.
    public static func commit(_ temporary: String, to path: String, reportedAs shown: String? = nil)
        throws(HarnessError)
    {
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .outputFailed(shown ?? path, reason: reason)
        }
    }

    /// Flushes and closes a stdio stream; returns why the output failed (the first error a write or the
    /// flush met: a full disk, a closed pipe), or nil when every byte was written.
    public static func closeStream(_ file: UnsafeMutablePointer<FILE>) -> String? {
        var reason: String?
        if fflush(file) != 0 {
            reason = String(cString: strerror(errno))
        } else if ferror(file) != 0 {
            reason = "a write failed"
        }
        if fclose(file) != 0, reason == nil { reason = String(cString: strerror(errno)) }
        return reason
    }
}
