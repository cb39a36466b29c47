import Foundation
import Harness

#if canImport(Glibc)
import Glibc
#endif

/// Watches a package's sources with inotify: every directory under the package (but build folders and
/// hidden ones) for a Swift file or `Package.swift` written, created, renamed into place or removed.
///
/// Directories are watched, not files, because editors save by writing a temporary file and renaming it
/// over the original, which a watch on the file would lose. A directory created later is watched as it
/// appears.
final class SourceWatcher {
    /// The package's directory.
    let root: String
    /// The inotify descriptor, for `poll`.
    let descriptor: Int32
    private var directories: [Int32: String] = [:]
    /// Where events are read into, kept for the watcher's life (the supervisor asks many times a second).
    private static let bufferSize = 64 * 1024
    private let buffer = UnsafeMutableRawPointer.allocate(byteCount: SourceWatcher.bufferSize, alignment: 8)

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

    /// Starts watching `root` and every directory below it.
    init(root: String) throws(HarnessError) {
        self.root = root
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw HarnessError.platform("--live cannot watch files: inotify: \(String(cString: strerror(errno)))")
        }
        add(root)
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// Whether a directory's name keeps it out of the watch: build products, SwiftPM's and editors' state.
    static func skips(directory name: String) -> Bool { name.hasPrefix(".") }

    /// Whether a change to the file called `name` can change the program.
    static func matters(file name: String) -> Bool {
        name.hasSuffix(".swift") && !name.hasPrefix(".")
    }

    private func add(_ directory: String) {
        let watch = inotify_add_watch(descriptor, directory, Self.mask)
        guard watch >= 0 else { return }
        directories[watch] = directory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where !Self.skips(directory: name) {
            var isDirectory: ObjCBool = false
            let path = directory + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                add(path)
            }
        }
    }

    /// The source files changed since the last call (paths), without waiting; directories that appeared
    /// are watched from now on (and the Swift files already in them count as changed).
    func changes() -> [String] {
        var changed: [String] = []
        while true {
            let count = read(descriptor, buffer, Self.bufferSize)
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let event = (buffer + offset).assumingMemoryBound(to: inotify_event.self).pointee
                let nameStart = buffer + offset + MemoryLayout<inotify_event>.size
                let name =
                    event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
                guard let directory = directories[event.wd], !name.isEmpty else { continue }
                let path = directory + "/" + name
                if event.mask & UInt32(IN_ISDIR) != 0 {
                    if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !Self.skips(directory: name) {
                        add(path)
                        changed.append(path)
                    }
                } else if Self.matters(file: name) {
                    changed.append(path)
                }
            }
        }
        return changed
    }
}
