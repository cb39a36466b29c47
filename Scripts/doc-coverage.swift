// `make docs`, after DocC: fails when a public symbol declared in the repository's sources has no
// documentation comment, and prints each one. (DocC itself reports missing documentation only as a
// coverage figure, and counts symbols a type inherits from the standard library, which have none.)
//
// Usage: swift Scripts/doc-coverage.swift MODULE SYMBOL-GRAPH-FILE...
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let module = arguments.first, arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: doc-coverage MODULE SYMBOL-GRAPH-FILE...\n".utf8))
    exit(2)
}

var documented = 0
var missing: [String] = []
for path in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path),
        let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let symbols = graph["symbols"] as? [[String: Any]]
    else {
        FileHandle.standardError.write(Data("doc-coverage: cannot read the symbol graph \(path)\n".utf8))
        exit(2)
    }
    for symbol in symbols {
        // Only what this repository declares: a symbol with a source location under Sources/.
        guard let location = symbol["location"] as? [String: Any], let uri = location["uri"] as? String,
            uri.contains("/Sources/")
        else { continue }
        let names = symbol["names"] as? [String: Any]
        let title = names?["title"] as? String ?? "?"
        let pathComponents = (symbol["pathComponents"] as? [String])?.joined(separator: ".") ?? title
        let lines = ((symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]]) ?? []
        let text = lines.compactMap { $0["text"] as? String }.joined().trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
            let position = (location["position"] as? [String: Any])?["line"] as? Int ?? 0
            let file = uri.components(separatedBy: "/Sources/").last ?? uri
            missing.append("Sources/\(file):\(position + 1): \(pathComponents)")
        } else {
            documented += 1
        }
    }
}

let total = documented + missing.count
let percent = total == 0 ? 100 : Double(documented) / Double(total) * 100
print("\(module): \(documented) of \(total) public symbols documented (\(String(format: "%.1f", percent)) %)")
if !missing.isEmpty {
    for line in missing.sorted() { print("  undocumented: \(line)") }
    exit(1)
}
