import ArgumentParser
import Foundation
import Testing
@testable import CadenceCLI
@testable import Harness

// SplitMix64 is Harness's: seedable, so a fuzz run is the same on every run and every machine, and a
// failure names its seed and case.

/// Seeded fuzzing of the two ways input reaches the harness: replay files and the command line. Every
/// mutated input must be accepted or refused with a message naming the problem; never a crash or a hang
/// (the time limit is that hang's bound, far above what either test takes on a loaded machine).
@Suite(.timeLimit(.minutes(5))) struct FuzzTests {
    static let seed: UInt64 = 20

    static let validLines = [
        #"{"cadence":"input","fixedDt":0.0166666666667,"scene":"retarget","version":1}"#,
        #"{"event":{"button":1,"type":"mouseDown","x":640,"y":360},"frame":3}"#,
        #"{"event":{"dragging":true,"type":"mouseMoved","x":650.5,"y":370},"frame":4}"#,
        #"{"event":{"button":3,"type":"mouseUp","x":1,"y":2},"frame":4}"#,
        #"{"event":{"key":"space","type":"keyDown"},"frame":9}"#,
        #"{"event":{"key":"code:1073741906","type":"keyUp"},"frame":10}"#,
        #"{"event":{"type":"quit"},"frame":12}"#,
        "# a comment", "",
    ]
    static let tokens = [
        "1e400", "-1", "-0", "1e200", "NaN", "null", "true", "[", "]", "{", "}", "\"", ":", ",", "\\u0000",
        "12345678901234567890", "0.5", "\"frame\"", "\"event\"", "\"type\"", "\"x\"", "\u{FFFF}", "é", "\t",
        "[1,2,3]", "{}", "\"cadence\"", "\"version\":99", "9".padding(toLength: 400, withPad: "9", startingAt: 0),
    ]

    static func mutate(_ line: String, _ rng: inout SplitMix64) -> String {
        var bytes = Array(line.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where !bytes.isEmpty:  // flip a byte
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            case 1 where !bytes.isEmpty:  // truncate
                bytes.removeLast(Int.random(in: 1...bytes.count, using: &rng))
            case 2:  // insert a token
                let at = Int.random(in: 0...bytes.count, using: &rng)
                bytes.insert(contentsOf: Array(tokens.randomElement(using: &rng)!.utf8), at: at)
            case 3 where bytes.count > 2:  // delete a range
                let from = Int.random(in: 0..<bytes.count - 1, using: &rng)
                bytes.removeSubrange(from..<min(bytes.count, from + Int.random(in: 1...8, using: &rng)))
            case 4:  // replace a number with a token
                if let digit = bytes.firstIndex(where: { (48...57).contains($0) }) {
                    var end = digit
                    while end < bytes.count, (48...57).contains(bytes[end]) || bytes[end] == 46 { end += 1 }
                    bytes.replaceSubrange(digit..<end, with: Array(tokens.randomElement(using: &rng)!.utf8))
                }
            default:  // splice another line in
                let other = Array(validLines.randomElement(using: &rng)!.utf8)
                bytes.insert(
                    contentsOf: other.prefix(Int.random(in: 0...other.count, using: &rng)),
                    at: Int.random(in: 0...bytes.count, using: &rng))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func mutatedReplayFilesAreAcceptedOrRefusedByLine() {
        var rng = SplitMix64(seed: Self.seed)
        var refused = 0
        for index in 0..<5_000 {
            let lines = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
                let line = Self.validLines.randomElement(using: &rng)!
                return Bool.random(using: &rng) ? Self.mutate(line, &rng) : line
            }
            let text = lines.joined(separator: "\n")
            do {
                let script = try InputScript(jsonLines: text, source: "fuzz")
                // What is accepted is sane: frames in order, coordinates finite and bounded.
                #expect(
                    zip(script.events, script.events.dropFirst()).allSatisfy { $0.frame <= $1.frame }, "case \(index)")
                #expect(
                    script.events.allSatisfy {
                        $0.frame >= 0 && ($0.event.point.map { abs($0.x) <= 100_000 && abs($0.y) <= 100_000 } ?? true)
                    },
                    "case \(index): \(text)")
                // And it survives its own round trip.
                #expect((try? InputScript(jsonLines: script.jsonLines)) == script, "case \(index): \(text)")
            } catch {
                refused += 1
                guard case let .corruptReplay(source, line, reason) = error else {
                    Issue.record("case \(index): wrong error \(error)")
                    continue
                }
                #expect(
                    source == "fuzz" && (1...lines.count).contains(line) && !reason.isEmpty,
                    "case \(index): \(error.description)")
            }
        }
        #expect(refused > 1_000 && refused < 5_000, "the mutations exercise both outcomes (\(refused) refused)")
    }

    @Test func mutatedCommandLinesAreAcceptedOrRefusedWithAMessage() throws {
        let folder = NSTemporaryDirectory() + "cadence-fuzz-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data((Self.validLines.joined(separator: "\n") + "\n").utf8).write(
            to: URL(fileURLWithPath: folder + "/good.jsonl"))
        try Data("[1,2,3]\n".utf8).write(to: URL(fileURLWithPath: folder + "/bad.jsonl"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.csv", withDestinationPath: "a.csv")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()

        let flags = [
            "--frames", "--fps", "--fixed-dt", "--time-scale", "--count", "--screenshot", "--summary", "--profile",
            "--trace", "--record", "--replay", "--screenshot-every", "--headless", "--unpaced", "--profiler", "--nope",
            "-x", "--",
        ]
        let values = [
            "0", "1", "-1", "60", "1e-300", "1e300", "nan", "inf", "-inf", "1e400", "12345678901234567890", "0.5", "-0",
            "", " ", "abc", "retarget", "stress", "nope", folder + "/a.csv", folder + "/link.csv", folder + "/dir",
            folder + "/missing/x.png", folder + "/good.jsonl", folder + "/bad.jsonl", folder + "/a.csv/", folder,
        ]
        var rng = SplitMix64(seed: Self.seed)
        var accepted = 0
        // Each case parses and validates a whole command line, and a refusal renders its message with the
        // usage: 600 cases are 4 of every flag and value on average.
        for index in 0..<600 {
            var arguments: [String] = []
            if Bool.random(using: &rng) {
                arguments.append(["hello", "retarget", "stress", "nope"].randomElement(using: &rng)!)
            }
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                arguments.append(flags.randomElement(using: &rng)!)
                for _ in 0..<Int.random(in: 0...2, using: &rng) { arguments.append(values.randomElement(using: &rng)!) }
            }
            do {
                let command = try CadenceCommand.parseAsRoot(CadenceCommand.joiningNegativeNumbers(arguments))
                guard let command = command as? CadenceCommand else { continue }
                try command.runConfiguration.validate()
                accepted += 1
            } catch {
                let message = CadenceCommand.fullMessage(for: error)
                #expect(
                    !message.isEmpty || CadenceCommand.exitCode(for: error) == .success,
                    "case \(index) \(arguments): empty message")
                #expect(!message.contains("NSCocoaErrorDomain"), "case \(index) \(arguments): \(message)")
                // A negative number after a numeric option is a value, never a missing one.
                let beforeSeparator = Array(arguments.prefix(while: { $0 != "--" }))
                for (flag, next) in zip(beforeSeparator, beforeSeparator.dropFirst())
                where CadenceCommand.numericOptions.contains(flag) && next.hasPrefix("-") && Double(next) != nil
                    && beforeSeparator.filter({ $0 == flag }).count == 1
                {
                    #expect(!message.contains("Missing value for '\(flag)"), "case \(index) \(arguments): \(message)")
                }
            }
        }
        #expect(accepted > 10, "some command lines are valid (\(accepted))")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before, "validation wrote nothing")
    }
}
