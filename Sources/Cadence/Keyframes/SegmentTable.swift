/// A track's segments, when each ends, and its first and last values: everything evaluation needs,
/// generic only in the value type, so that a track of a concrete type (`Double`, SIMD) evaluates in
/// fully specialised code.
@usableFromInline
struct SegmentTable<Value: VectorArithmetic> {
    /// The segments and when each ends, in memory of their own (freed by the owning track's `deinit`
    /// through ``deallocate()``): reading them costs no reference counting, which for arrays held by a
    /// class would cost more than evaluating a segment.
    @usableFromInline let segments: UnsafeMutablePointer<KeyframeSegment<Value>>
    @usableFromInline let ends: UnsafeMutablePointer<TimeInterval>
    @usableFromInline let count: Int
    /// The timing curves of the `.curve` segments.
    @usableFromInline let curves: UnsafeMutablePointer<UnitCurve>
    let curveCount: Int
    @usableFromInline let initial: Value
    /// The value once the track has ended.
    @usableFromInline let final: Value

    init(initial: Value, keyframes: [Keyframe<Value>]) {
        self.initial = initial
        let built = SegmentTable.build(initial: initial, keyframes: keyframes)
        count = built.segments.count
        segments = .allocate(capacity: Swift.max(count, 1))
        segments.initialize(from: built.segments, count: count)
        ends = .allocate(capacity: Swift.max(count, 1))
        ends.initialize(from: built.segments.map { $0.start + ($0.rate > 0 ? 1 / $0.rate : 0) }, count: count)
        curveCount = built.curves.count
        curves = .allocate(capacity: Swift.max(curveCount, 1))
        curves.initialize(from: built.curves, count: curveCount)
        final = built.final
    }

    /// When each segment ends, as an array.
    var endTimes: [TimeInterval] { Array(UnsafeBufferPointer(start: ends, count: count)) }

    /// Frees the segments: called once, by the owning track's `deinit`.
    func deallocate() {
        segments.deinitialize(count: count)
        segments.deallocate()
        ends.deallocate()
        curves.deinitialize(count: curveCount)
        curves.deallocate()
    }

    /// The index of the segment that shows `time` (the first that ends after it), or `count` once the
    /// track has ended.
    @inlinable @inline(__always)
    func segmentIndex(at time: TimeInterval) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low &+ high) &>> 1
            if ends[middle] > time { high = middle } else { low = middle &+ 1 }
        }
        return low
    }

    /// The value and velocity at `time`: the initial value at rest before 0 (and at a NaN time), the
    /// final value at rest once the track has ended.
    @inlinable @inline(__always)
    func sample(at time: TimeInterval) -> (value: Value, velocity: Value) {
        guard time >= 0 else { return (initial, .zero) }
        let index = segmentIndex(at: time)
        if index == count { return (final, .zero) }
        return KeyframeSegment.sample(segments + index, at: time, curves: curves)
    }

    /// The value at `time` (see ``sample(at:)``).
    @inlinable @inline(__always)
    func value(at time: TimeInterval) -> Value {
        guard time >= 0 else { return initial }
        let index = segmentIndex(at: time)
        if index == count { return final }
        return KeyframeSegment.value(segments + index, at: time, curves: curves)
    }

    // MARK: - Building

    /// A duration that is negative or not finite counts as 0.
    static func sanitized(_ duration: TimeInterval) -> TimeInterval {
        duration.isFinite && duration > 0 ? duration : 0
    }

    /// How long a keyframe lasts: its duration, or a spring's settling duration (its response if it
    /// never settles).
    static func length(of keyframe: Keyframe<Value>) -> TimeInterval {
        if let duration = keyframe.duration { return sanitized(duration) }
        if case .spring(let spring, _) = keyframe.kind {
            let settling = spring.settlingDuration
            return sanitized(settling.isFinite ? settling : spring.duration)
        }
        return 0
    }

    /// The segments of `keyframes` from `initial`, in one pass: each segment starts where the previous
    /// one ended (a cut-off spring hands over its value), an unspecified start velocity continues the
    /// previous segment's end velocity, and a cubic's unspecified end velocity looks at the next keyframe.
    static func build(initial: Value, keyframes: [Keyframe<Value>]) -> (
        segments: [KeyframeSegment<Value>], curves: [UnitCurve], final: Value
    ) {
        let keyframes = keyframes.filter { $0.to.isUsable }
        var segments: [KeyframeSegment<Value>] = []
        var curves: [UnitCurve] = []
        segments.reserveCapacity(keyframes.count)
        var from = initial
        var incoming = Value.zero
        var time: TimeInterval = 0
        for index in keyframes.indices {
            let keyframe = keyframes[index]
            let duration = length(of: keyframe)
            let rate = duration > 0 ? 1 / duration : 0
            let next = index + 1 < keyframes.count ? keyframes[index + 1] : nil
            var end = keyframe.to
            let shape: KeyframeSegment<Value>.Shape
            if duration == 0 {
                // A move, or a keyframe that takes no time: a jump, after which the value is at rest.
                shape = .hold(keyframe.to)
                incoming = .zero
            } else {
                switch keyframe.kind {
                case .move:
                    shape = .hold(keyframe.to)
                    incoming = .zero
                case .linear(let curve):
                    let delta = keyframe.to - from
                    if curve == .linear {
                        shape = .line(from: from, delta: delta)
                    } else {
                        shape = .curve(from: from, delta: delta, curve: curves.count)
                        curves.append(curve)
                    }
                    incoming = delta.scaled(by: curve.velocity(at: 1) * rate)
                case .cubic(let startVelocity, let endVelocity):
                    let m0 = finite(startVelocity) ?? incoming
                    let m1 =
                        finite(endVelocity)
                        ?? Self.endVelocity(before: next, from: from, to: keyframe.to, duration: duration)
                    let delta = keyframe.to - from
                    let d0 = m0.scaled(by: duration), d1 = m1.scaled(by: duration)
                    // Hermite: c2 = 3Δ − 2d0 − d1, c3 = −2Δ + d0 + d1.
                    let c2 = delta.scaled(by: 3) - d0.scaled(by: 2) - d1
                    let c3 = d0 + d1 - delta.scaled(by: 2)
                    shape = .cubic(from, d0, c2, c3)
                    incoming = m1
                case .spring(let spring, let startVelocity):
                    let v0 = finite(startVelocity) ?? incoming
                    let delta = keyframe.to - from
                    shape = .spring(from: from, delta: delta, v0: v0, spring: spring)
                    let (p, v) = spring.motion(time: duration)
                    end = from + delta.scaled(by: p.target) + v0.scaled(by: p.velocity)
                    incoming = delta.scaled(by: v.target) + v0.scaled(by: v.velocity)
                }
            }
            segments.append(KeyframeSegment(start: time, rate: rate, shape: shape))
            from = end
            time += duration
        }
        return (segments, curves, from)
    }

    static func finite(_ velocity: Value?) -> Value? {
        guard let velocity, velocity.isUsable else { return nil }
        return velocity
    }

    /// A cubic's end velocity when it does not give one, from the keyframe after it (see ``CubicKeyframe``).
    static func endVelocity(before next: Keyframe<Value>?, from: Value, to: Value, duration: TimeInterval) -> Value {
        guard let next else { return .zero }
        let nextDuration = length(of: next)
        // Catmull-Rom: the slope from the previous keyframe to the next.
        func catmullRom() -> Value {
            let span = duration + nextDuration
            return span > 0 ? (next.to - from).scaled(by: 1 / span) : .zero
        }
        guard nextDuration > 0, next.to.isUsable else { return .zero }
        switch next.kind {
        case .move:
            return .zero
        case .linear(let curve):
            return (next.to - to).scaled(by: curve.velocity(at: 0) / nextDuration)
        case .cubic(let startVelocity, _):
            return finite(startVelocity) ?? catmullRom()
        case .spring(_, let startVelocity):
            return finite(startVelocity) ?? catmullRom()
        }
    }
}
