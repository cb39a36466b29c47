import Cadence

/// Turns parsed calls into Cadence values by calling the same functions the Swift source would.
enum Interpreter {
    typealias Failure = AnimationSpelling.ParseError

    /// The arguments of one call, matched to a signature: each parameter by label (nil for unlabelled),
    /// in order, with its default when omitted.
    struct Arguments {
        let values: [SpellingNode?]
        let offset: Int

        init(_ given: [SpellingArgument]?, labels: [String?], offset: Int, function: String) throws(Failure) {
            let given = given ?? []
            var values = [SpellingNode?](repeating: nil, count: labels.count)
            var next = 0
            for argument in given {
                // Swift's rule: arguments in parameter order, defaulted ones may be skipped.
                guard let position = labels[next...].firstIndex(where: { $0 == argument.label }) else {
                    throw Failure(
                        message:
                            "\(function) has no argument \(argument.label.map { "'\($0):'" } ?? "without a label") here",
                        offset: argument.value.offset)
                }
                values[position] = argument.value
                next = position + 1
            }
            self.values = values
            self.offset = offset
        }

        func number(_ index: Int, default value: Double? = nil) throws(Failure) -> Double {
            guard let node = values[index] else {
                guard let value else { throw Failure(message: "a required number is missing", offset: offset) }
                return value
            }
            guard case let .number(number, _) = node else {
                throw Failure(message: "expected a number", offset: node.offset)
            }
            return number
        }

        func integer(_ index: Int) throws(Failure) -> Int {
            let value = try number(index)
            guard value == value.rounded(), value.magnitude < 1e9 else {
                throw Failure(message: "expected a whole number", offset: values[index]?.offset ?? offset)
            }
            return Int(value)
        }

        func boolean(_ index: Int, default value: Bool) throws(Failure) -> Bool {
            guard let node = values[index] else { return value }
            guard case let .boolean(flag, _) = node else {
                throw Failure(message: "expected true or false", offset: node.offset)
            }
            return flag
        }

        func isGiven(_ index: Int) -> Bool { values[index] != nil }
    }

    static func labels(of arguments: [SpellingArgument]?) -> Set<String> {
        Set((arguments ?? []).compactMap(\.label))
    }

    static func animation(_ node: SpellingNode) throws(Failure) -> Animation {
        guard case let .call(base, name, arguments, closure, offset) = node, closure == nil else {
            throw Failure(message: "expected an animation", offset: node.offset)
        }
        if let base {
            return try modifier(name, on: try animation(base), arguments: arguments, offset: offset)
        }
        return try builtIn(name, arguments: arguments, offset: offset)
    }

    static func modifier(_ name: String, on base: Animation, arguments: [SpellingArgument]?, offset: Int)
        throws(Failure) -> Animation
    {
        switch name {
        case "delay":
            return base.delay(try Arguments(arguments, labels: [nil], offset: offset, function: name).number(0))
        case "speed":
            return base.speed(try Arguments(arguments, labels: [nil], offset: offset, function: name).number(0))
        case "repeatCount":
            let a = try Arguments(arguments, labels: [nil, "autoreverses"], offset: offset, function: name)
            return base.repeatCount(try a.integer(0), autoreverses: try a.boolean(1, default: true))
        case "repeatForever":
            let a = try Arguments(arguments, labels: ["autoreverses"], offset: offset, function: name)
            return base.repeatForever(autoreverses: try a.boolean(0, default: true))
        case "logicallyComplete":
            return base.logicallyComplete(
                after: try Arguments(arguments, labels: ["after"], offset: offset, function: name).number(0))
        default:
            throw Failure(message: "unknown modifier .\(name)", offset: offset)
        }
    }

    /// `.smooth`, `.snappy` or `.bouncy` (whichever `name` is) with the duration and extra bounce of
    /// `arguments` (0.5 and 0 when left out), made by the matching function: `Animation`'s or `Spring`'s.
    static func preset<Value>(
        _ name: String, _ arguments: Arguments, smooth: (Double, Double) -> Value, snappy: (Double, Double) -> Value,
        bouncy: (Double, Double) -> Value
    ) throws(Failure) -> Value {
        let (duration, extra) = (try arguments.number(0, default: 0.5), try arguments.number(1, default: 0))
        return (name == "smooth" ? smooth : name == "snappy" ? snappy : bouncy)(duration, extra)
    }

    static func builtIn(_ name: String, arguments: [SpellingArgument]?, offset: Int) throws(Failure) -> Animation {
        func args(_ labels: [String?]) throws(Failure) -> Arguments {
            try Arguments(arguments, labels: labels, offset: offset, function: "." + name)
        }
        /// The three numbers of a spring spelled with `labels`, each defaulting to its `defaults` entry.
        func numbers(_ labels: [String], _ defaults: [Double]) throws(Failure) -> (Double, Double, Double) {
            let a = try args(labels)
            return (
                try a.number(0, default: defaults[0]), try a.number(1, default: defaults[1]),
                try a.number(2, default: defaults[2])
            )
        }
        let given = labels(of: arguments)
        switch name {
        case "linear", "easeIn", "easeOut", "easeInOut":
            let curve: UnitCurve =
                switch name {
                case "linear": .linear
                case "easeIn": .easeIn
                case "easeOut": .easeOut
                default: .easeInOut
                }
            guard arguments != nil else { return .timingCurve(curve, duration: 0.35) }
            return .timingCurve(curve, duration: try args(["duration"]).number(0))
        case "timingCurve":
            if let first = arguments?.first, first.label == nil, case .call = first.value {
                let a = try args([nil, "duration"])
                return .timingCurve(try unitCurve(first.value), duration: try a.number(1, default: 0.35))
            }
            let a = try args([nil, nil, nil, nil, "duration"])
            return .timingCurve(
                try a.number(0), try a.number(1), try a.number(2), try a.number(3),
                duration: try a.number(4, default: 0.35))
        case "spring", "default", "interactiveSpring":
            // The two share their spellings; only their defaults differ (and the interactive one's bounce
            // is an extra bounce over its own 0.15).
            let interactive = name == "interactiveSpring"
            guard let arguments else { return interactive ? .interactiveSpring : .spring }
            if !interactive, let first = arguments.first, first.label == nil {
                let a = try args([nil, "blendDuration"])
                return .spring(try spring(first.value), blendDuration: try a.number(1, default: 0))
            }
            if !given.isDisjoint(with: ["response", "dampingFraction"]) {
                let (response, damping, blend) = try numbers(
                    ["response", "dampingFraction", "blendDuration"],
                    interactive ? [0.15, 0.86, 0.25] : [0.5, 0.825, 0])
                return interactive
                    ? .interactiveSpring(response: response, dampingFraction: damping, blendDuration: blend)
                    : .spring(response: response, dampingFraction: damping, blendDuration: blend)
            }
            let (duration, bounce, blend) = try numbers(
                ["duration", interactive ? "extraBounce" : "bounce", "blendDuration"],
                interactive ? [0.15, 0, 0.25] : [0.5, 0, 0])
            return interactive
                ? .interactiveSpring(duration: duration, extraBounce: bounce, blendDuration: blend)
                : .spring(duration: duration, bounce: bounce, blendDuration: blend)
        case "smooth", "snappy", "bouncy":
            guard arguments != nil else { return name == "smooth" ? .smooth : name == "snappy" ? .snappy : .bouncy }
            return try preset(
                name, try args(["duration", "extraBounce"]), smooth: Animation.smooth, snappy: Animation.snappy,
                bouncy: Animation.bouncy)
        case "interpolatingSpring":
            guard let arguments else { return .interpolatingSpring }
            if let first = arguments.first, first.label == nil {
                let a = try args([nil, "initialVelocity"])
                return .interpolatingSpring(try spring(first.value), initialVelocity: try a.number(1, default: 0))
            }
            if given.contains("stiffness") {
                let a = try args(["mass", "stiffness", "damping", "initialVelocity"])
                return .interpolatingSpring(
                    mass: try a.number(0, default: 1), stiffness: try a.number(1), damping: try a.number(2),
                    initialVelocity: try a.number(3, default: 0))
            }
            let a = try args(["duration", "bounce", "initialVelocity"])
            return .interpolatingSpring(
                duration: try a.number(0, default: 0.5), bounce: try a.number(1, default: 0),
                initialVelocity: try a.number(2, default: 0))
        case "decay":
            guard arguments != nil else { return .decay }
            let a = try args(["decelerationRate", "restFraction"])
            return .decay(decelerationRate: try a.number(0), restFraction: try a.number(1, default: 0.001))
        case "keyframes":
            let a = try args([nil, "startTime"])
            guard let timeline = a.values[0] else {
                throw Failure(message: ".keyframes needs a KeyframeTimeline", offset: offset)
            }
            return .keyframes(try keyframeTimeline(timeline), startTime: try a.number(1, default: 0))
        default:
            throw Failure(message: "unknown animation .\(name)", offset: offset)
        }
    }

    static func unitCurve(_ node: SpellingNode) throws(Failure) -> UnitCurve {
        guard case let .call(nil, name, arguments, nil, offset) = node else {
            throw Failure(message: "expected a UnitCurve", offset: node.offset)
        }
        switch name {
        case "linear" where arguments == nil: return .linear
        case "easeIn" where arguments == nil: return .easeIn
        case "easeOut" where arguments == nil: return .easeOut
        case "easeInOut" where arguments == nil: return .easeInOut
        case "circularEaseIn" where arguments == nil: return .circularEaseIn
        case "circularEaseOut" where arguments == nil: return .circularEaseOut
        case "circularEaseInOut" where arguments == nil: return .circularEaseInOut
        case "bezier":
            let a = try Arguments(
                arguments, labels: ["startControlPoint", "endControlPoint"], offset: offset, function: ".bezier")
            return .bezier(
                startControlPoint: try unitPoint(a.values[0], offset: offset),
                endControlPoint: try unitPoint(a.values[1], offset: offset))
        default: throw Failure(message: "unknown UnitCurve .\(name)", offset: offset)
        }
    }

    static func unitPoint(_ node: SpellingNode?, offset: Int) throws(Failure) -> UnitPoint {
        guard let node, case let .call(nil, "UnitPoint", arguments, nil, at) = node else {
            throw Failure(message: "expected UnitPoint(x:y:)", offset: node?.offset ?? offset)
        }
        let a = try Arguments(arguments, labels: ["x", "y"], offset: at, function: "UnitPoint")
        return UnitPoint(x: try a.number(0), y: try a.number(1))
    }

    static func spring(_ node: SpellingNode) throws(Failure) -> Spring {
        guard case let .call(base, name, arguments, nil, offset) = node else {
            throw Failure(message: "expected a Spring", offset: node.offset)
        }
        func args(_ labels: [String?]) throws(Failure) -> Arguments {
            try Arguments(arguments, labels: labels, offset: offset, function: "Spring")
        }
        // `.smooth`, `.snappy`, `.bouncy` (and `Spring.smooth(…)`, read as a member of the type).
        if base == nil, name == "smooth" || name == "snappy" || name == "bouncy" {
            return try preset(
                name, try args(["duration", "extraBounce"]), smooth: Spring.smooth, snappy: Spring.snappy,
                bouncy: Spring.bouncy)
        }
        guard base == nil, name == "Spring" else {
            throw Failure(message: "expected a Spring, found \(name)", offset: offset)
        }
        let given = labels(of: arguments)
        if given.contains("stiffness") {
            let a = try args(["mass", "stiffness", "damping", "allowOverDamping"])
            return Spring(
                mass: try a.number(0, default: 1), stiffness: try a.number(1), damping: try a.number(2),
                allowOverDamping: try a.boolean(3, default: false))
        }
        if given.contains("settlingDuration") {
            let a = try args(["settlingDuration", "dampingRatio", "epsilon"])
            return Spring(
                settlingDuration: try a.number(0), dampingRatio: try a.number(1),
                epsilon: try a.number(2, default: 0.001))
        }
        if given.contains("response") {
            let a = try args(["response", "dampingRatio"])
            return Spring(response: try a.number(0), dampingRatio: try a.number(1))
        }
        let a = try args(["duration", "bounce"])
        return Spring(duration: try a.number(0, default: 0.5), bounce: try a.number(1, default: 0))
    }

    /// One keyframe of a `Double` track.
    enum Keyframe {
        case linear(Double, duration: Double)
        case cubic(Double, duration: Double, start: Double?, end: Double?)
        case spring(Double, duration: Double?, spring: Spring, start: Double?)
        case move(Double)
    }

    static func keyframeTimeline(_ node: SpellingNode) throws(Failure) -> KeyframeTimeline<Double> {
        guard case let .call(nil, "KeyframeTimeline", arguments, closure?, offset) = node else {
            throw Failure(message: "expected KeyframeTimeline(initialValue:) { … }", offset: node.offset)
        }
        let initial = try Arguments(arguments, labels: ["initialValue"], offset: offset, function: "KeyframeTimeline")
            .number(0)
        var frames: [Keyframe] = []
        for statement in closure { frames.append(try keyframe(statement)) }
        return KeyframeTimeline(initialValue: initial) {
            KeyframeTrack {
                for frame in frames {
                    switch frame {
                    case let .linear(to, duration): LinearKeyframe(to, duration: duration)
                    case let .cubic(to, duration, start, end):
                        CubicKeyframe(to, duration: duration, startVelocity: start, endVelocity: end)
                    case let .spring(to, duration, spring, start):
                        SpringKeyframe(to, duration: duration, spring: spring, startVelocity: start)
                    case let .move(to): MoveKeyframe(to)
                    }
                }
            }
        }
    }

    static func keyframe(_ node: SpellingNode) throws(Failure) -> Keyframe {
        guard case let .call(nil, name, arguments, nil, offset) = node else {
            throw Failure(message: "expected a keyframe", offset: node.offset)
        }
        func args(_ labels: [String?]) throws(Failure) -> Arguments {
            try Arguments(arguments, labels: labels, offset: offset, function: name)
        }
        switch name {
        case "LinearKeyframe":
            let a = try args([nil, "duration"])
            return .linear(try a.number(0), duration: try a.number(1))
        case "CubicKeyframe":
            let a = try args([nil, "duration", "startVelocity", "endVelocity"])
            return .cubic(
                try a.number(0), duration: try a.number(1),
                start: a.isGiven(2) ? try a.number(2) : nil, end: a.isGiven(3) ? try a.number(3) : nil)
        case "SpringKeyframe":
            let a = try args([nil, "duration", "spring", "startVelocity"])
            let spring = try a.values[2].map { (node) throws(Failure) in try Interpreter.spring(node) } ?? Spring()
            return .spring(
                try a.number(0), duration: a.isGiven(1) ? try a.number(1) : nil, spring: spring,
                start: a.isGiven(3) ? try a.number(3) : nil)
        case "MoveKeyframe":
            return .move(try args([nil]).number(0))
        default:
            throw Failure(message: "unknown keyframe \(name)", offset: offset)
        }
    }
}
