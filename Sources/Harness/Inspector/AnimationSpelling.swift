import Cadence

/// Reads a Swift spelling of a built-in animation back into the `Animation` it makes: what the
/// inspector's Copy as Swift writes (``AnimationSpec/swiftSpelling``), and what a person writes by hand.
///
/// The grammar is the part of Swift these expressions use: an optional `Animation` before the leading
/// dot, one built-in (`.spring(duration: 0.4, bounce: 0.25)`, `.easeIn`, `.timingCurve(…)`,
/// `.spring(Spring(mass: 1, stiffness: 170, damping: 15))`, `.interpolatingSpring(…)`, `.decay(…)`,
/// `.keyframes(KeyframeTimeline(initialValue: 0.0) { … })`, `.smooth`/`.snappy`/`.bouncy`, …) and any
/// number of modifiers (`.delay`, `.speed`, `.repeatCount`, `.repeatForever`, `.logicallyComplete`).
/// Omitted arguments take the defaults the Swift functions have. Numbers are Swift literals (`-0.5`,
/// `1e-3`, `170`); NaN and infinite numbers cannot be written in Swift source and are refused.
public enum AnimationSpelling {
    /// Why a spelling was refused.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What was wrong.
        public let message: String
        /// The character offset where it was noticed.
        public let offset: Int
        /// The message with its offset.
        public var description: String { "\(message) at character \(offset)" }
    }

    /// The animation `text` spells.
    /// - Throws: ``ParseError`` for text outside the grammar, an unknown function or argument label, or
    ///   a number that is not finite.
    public static func parse(_ text: String) throws(ParseError) -> Animation {
        var parser = Parser(text)
        let expression = try parser.expression()
        try parser.end()
        return try Interpreter.animation(expression)
    }
}

// MARK: - Syntax

/// A parsed expression: a number, a Boolean, a call (`name(arguments) { closure }`, or `name` alone), or
/// a member access on another expression (`base.name(arguments)`; a nil base is the leading dot).
indirect enum SpellingNode {
    case number(Double, offset: Int)
    case boolean(Bool, offset: Int)
    case call(base: SpellingNode?, name: String, arguments: [SpellingArgument]?, closure: [SpellingNode]?, offset: Int)

    var offset: Int {
        switch self {
        case let .number(_, offset), let .boolean(_, offset), let .call(_, _, _, _, offset): offset
        }
    }
}

/// One argument: its label (nil when unlabelled) and value.
struct SpellingArgument {
    let label: String?
    let value: SpellingNode
}

struct Parser {
    let characters: [Character]
    var index = 0

    init(_ text: String) { characters = Array(text) }

    func fail(_ message: String) -> AnimationSpelling.ParseError {
        AnimationSpelling.ParseError(message: message, offset: index)
    }

    mutating func skipSpace() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    mutating func peek() -> Character? {
        skipSpace()
        return index < characters.count ? characters[index] : nil
    }

    mutating func expect(_ character: Character) throws(AnimationSpelling.ParseError) {
        guard peek() == character else { throw fail("expected '\(character)'") }
        index += 1
    }

    mutating func end() throws(AnimationSpelling.ParseError) {
        guard peek() == nil else { throw fail("unexpected '\(characters[index])'") }
    }

    mutating func identifier() throws(AnimationSpelling.ParseError) -> String {
        skipSpace()
        let start = index
        while index < characters.count,
            characters[index].isLetter || characters[index] == "_"
                || (index > start && characters[index].isNumber)
        {
            index += 1
        }
        guard index > start else { throw fail("expected a name") }
        return String(characters[start..<index])
    }

    /// `[Type] .member(args) { closure } .member(args)…`, a number, or `true`/`false`.
    mutating func expression() throws(AnimationSpelling.ParseError) -> SpellingNode {
        guard let first = peek() else { throw fail("expected an expression") }
        var node: SpellingNode
        if first.isNumber || first == "-" || first == "+" {
            return try number()
        } else if first == "." {
            index += 1
            node = try call(base: nil)
        } else {
            let start = index
            let name = try identifier()
            if name == "true" || name == "false" { return .boolean(name == "true", offset: start) }
            if name == "Animation" && peek() == "." {
                index += 1
                node = try call(base: nil)
            } else {
                index = start
                node = try call(base: nil)
            }
        }
        while peek() == "." {
            index += 1
            node = try call(base: node)
        }
        return node
    }

    mutating func call(base: SpellingNode?) throws(AnimationSpelling.ParseError) -> SpellingNode {
        skipSpace()
        let offset = index
        let name = try identifier()
        var arguments: [SpellingArgument]?
        if peek() == "(" {
            index += 1
            var list: [SpellingArgument] = []
            if peek() != ")" {
                repeat {
                    if peek() == "," { index += 1 }
                    list.append(try argument())
                } while peek() == ","
            }
            try expect(")")
            arguments = list
        }
        var closure: [SpellingNode]?
        if peek() == "{" {
            index += 1
            var statements: [SpellingNode] = []
            while let next = peek(), next != "}" {
                if next == ";" {
                    index += 1
                    continue
                }
                statements.append(try expression())
            }
            try expect("}")
            closure = statements
        }
        return .call(base: base, name: name, arguments: arguments, closure: closure, offset: offset)
    }

    mutating func argument() throws(AnimationSpelling.ParseError) -> SpellingArgument {
        skipSpace()
        let start = index
        if let first = peek(), first.isLetter {
            let name = try identifier()
            if peek() == ":" {
                index += 1
                return SpellingArgument(label: name, value: try expression())
            }
            index = start
        }
        return SpellingArgument(label: nil, value: try expression())
    }

    mutating func number() throws(AnimationSpelling.ParseError) -> SpellingNode {
        skipSpace()
        let start = index
        if index < characters.count, characters[index] == "-" || characters[index] == "+" { index += 1 }
        while index < characters.count {
            let c = characters[index]
            let afterExponent = index > start && (characters[index - 1] == "e" || characters[index - 1] == "E")
            if c.isNumber || c == "." || c == "e" || c == "E" || c == "_" || (afterExponent && (c == "-" || c == "+")) {
                index += 1
            } else {
                break
            }
        }
        let text = String(characters[start..<index]).replacingOccurrences(of: "_", with: "")
        guard let value = Double(text), value.isFinite else {
            index = start
            throw fail("'\(text)' is not a finite number")
        }
        return .number(value, offset: start)
    }
}
