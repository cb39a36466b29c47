import Foundation

/// Output files (screenshots, summaries, traces) are checked before a run starts and written atomically,
/// so a bad path fails at once and a failed or interrupted write never leaves a partial file behind.
public enum OutputFile {
    /// Throws unless a file can be created at `path`: its folder exists and is writable, and `path`
    /// itself is not a folder. Creates and removes a probe file beside it; leaves nothing behind.
    public static func checkWritable(_ path: String) throws(HarnessError) {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if path.isEmpty { throw .unwritablePath(path, reason: "the path is empty") }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unwritablePath(path, reason: "it is a directory")
        }
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unwritablePath(path, reason: "the folder '\(folder)' does not exist")
        }
        let probe = temporaryPath(for: path)
        guard FileManager.default.createFile(atPath: probe, contents: Data()) else {
            throw .unwritablePath(path, reason: "the folder '\(folder)' is not writable")
        }
        try? FileManager.default.removeItem(atPath: probe)
    }

    /// The hidden sibling a file is first written to before being renamed into place.
    public static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
    }

    /// Writes `data` to a temporary sibling and renames it over `path`.
    public static func write(_ data: Data, to path: String) throws(HarnessError) {
        let temporary = temporaryPath(for: path)
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
            try commit(temporary, to: path)
        } catch let error as HarnessError {
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw .unwritablePath(path, reason: error.localizedDescription)
        }
    }

    /// Renames a finished temporary file into place (atomic on one file system).
    public static func commit(_ temporary: String, to path: String) throws(HarnessError) {
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw .unwritablePath(path, reason: reason)
        }
    }
}
