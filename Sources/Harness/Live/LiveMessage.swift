import Foundation

/// One compiler diagnostic of a failed build, as `swift build` prints it: `file:line:column: error: message`.
public struct BuildDiagnostic: Codable, Sendable, Equatable {
    /// The source file, as the compiler named it.
    public var file: String
    /// The 1-based line and column.
    public var line: Int, column: Int
    /// The compiler's message.
    public var message: String

    /// Creates a diagnostic.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `Sources/Module/File.swift:12:5: cannot find 'x' in scope`, with `file` relative to `base` when under it.
    public func text(relativeTo base: String? = nil) -> String {
        var name = file
        if let base, name.hasPrefix(base + "/") { name.removeFirst(base.count + 1) }
        return "\(name):\(line):\(column): \(message)"
    }

    /// The errors in a build's output, in order, each once (the compiler may print one twice, once per
    /// module step); notes, warnings and the source excerpts around them are skipped.
    public static func errors(in output: String) -> [BuildDiagnostic] {
        var found: [BuildDiagnostic] = []
        for line in output.split(whereSeparator: \.isNewline) {
            guard let diagnostic = parse(line), !found.contains(diagnostic) else { continue }
            found.append(diagnostic)
        }
        return found
    }

    /// `file:line:column: error: message`, or nil for any other line.
    static func parse(_ line: Substring) -> BuildDiagnostic? {
        guard let marker = line.range(of: ": error: ") else { return nil }
        let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard location.count >= 3, let column = Int(location[location.count - 1]),
            let number = Int(location[location.count - 2])
        else { return nil }
        let file = location.dropLast(2).joined(separator: ":")
        guard !file.isEmpty else { return nil }
        return BuildDiagnostic(
            file: file, line: number, column: column, message: String(line[marker.upperBound...]))
    }
}

/// What the `--live` supervisor tells the running build, one JSON object per line on its standard input.
public enum LiveMessage: Codable, Sendable, Equatable {
    /// A save was seen; the build of it runs.
    case building
    /// The build failed: its first errors (at most ``LiveMessage/shownErrors``) and how many there were.
    case failed(errors: [BuildDiagnostic], total: Int, package: String)
    /// The build succeeded without changing the program, or the errors were fixed in a build that did: the
    /// banner goes.
    case cleared
    /// Something the user should know, shown over the scene until the next build (a crash of a newer build).
    case notice(String)
    /// Save the state and end the run: the next build takes over.
    case stop

    /// How many errors the banner lists.
    public static let shownErrors = 5

    /// The message as one line of JSON, newline included.
    public var line: Data {
        var data = (try? JSONEncoder().encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }
}
