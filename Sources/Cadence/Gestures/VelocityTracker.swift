/// Estimates how fast a pointer (or anything sampled over time) is moving, from its recent positions:
/// the velocity to hand to an animation when a drag ends.
///
/// Add a sample for every pointer event with ``addSample(_:at:)``, and ask ``velocity(at:)`` when the
/// gesture ends (or every frame, to show it). Samples live in a ring buffer allocated once, at
/// ``init(capacity:horizon:stopThreshold:)``: adding one and estimating allocate nothing.
///
/// **The estimate.** A least-squares fit of position against time over the *window*: the newest
/// samples within ``horizon`` (100 ms) of the newest one, at most ``capacity`` (20) of them, stopping
/// at a gap of more than ``stopThreshold`` (40 ms) between two samples (the pointer had stopped). With
/// four or more samples in the window the fit is a quadratic (as Android's and Flutter's trackers fit),
/// with two or three a straight line; the velocity is the fit's slope at the newest sample's time. It is
/// `.zero` with fewer than two samples, when the newest sample is more than ``stopThreshold`` older
/// than the time asked about, and when the samples of the last ``stopThreshold`` all sit on the newest
/// position: a pointer that has not moved for 40 ms is at rest.
///
/// **Error bounds** (W is the window's span, at most ``horizon``; n the samples in it):
/// - *Exact* (to rounding, relative error below 1e-9) when the position is a polynomial of degree ≤ 2
///   in time — constant velocity or constant acceleration — whatever the timing of the samples (60 Hz,
///   1 kHz, jittered, coalesced); with only two or three samples, for degree ≤ 1.
/// - *Smooth motion*: the error is at most about 0.1·W²·max|x‴| (the fit's residual cubic term), so a
///   motion that decelerates as e^(−λt) is estimated within a relative 0.1·(λW)²·e^(λW) (3 % at
///   λ = 5/s over a full 100 ms window).
/// - *Noise*: the estimate is a fixed linear combination Σwᵢxᵢ of the positions, so independent
///   position noise of standard deviation σ gives an estimate whose standard deviation is exactly
///   σ·‖w‖ (``weights(at:)`` gives w), at most σ·√(192/n)/W for evenly spaced samples (σ·√(12/n)/W for
///   a straight-line fit): for whole-pixel rounding (σ ≈ 0.3 px) at 60 Hz (7 samples over 100 ms),
///   about 12 px/s; at 1 kHz (20 samples over 19 ms), at most 49 px/s.
///
/// **Bad input** is ignored: a sample with a NaN or infinite time or component, and a sample older
/// than the newest one. A sample at the same time as the newest replaces it (events coalesced into one
/// timestamp: the last position wins). A NaN or infinite query time gives `.zero`.
public struct VelocityTracker<Value: VectorArithmetic> {
    /// How far back samples count, in seconds (0.1 by default, as Android's and Flutter's).
    public let horizon: TimeInterval
    /// The gap, in seconds, after which the pointer is taken to have stopped (0.04 by default): between
    /// the newest sample and the query, or between two samples (older samples are then ignored).
    public let stopThreshold: TimeInterval
    /// The most samples kept (20 by default).
    public let capacity: Int

    /// One sample: when, and where.
    @usableFromInline
    struct Sample {
        @usableFromInline var time: TimeInterval
        @usableFromInline var position: Value

        @inlinable
        init(time: TimeInterval, position: Value) {
            self.time = time
            self.position = position
        }
    }

    /// The ring, one array of samples, held twice: slot `i` is at `i` and again at `i + capacity`. So the
    /// samples before any slot, newest first, lie below its upper copy without a wrap, and
    /// ``velocity(at:)`` walks them as one contiguous run (an add writes two slots instead of one).
    @usableFromInline var samples: ContiguousArray<Sample>
    /// Index of the oldest sample.
    @usableFromInline var start = 0
    /// How many samples are stored.
    @usableFromInline var storedCount = 0

    /// Creates an empty tracker.
    ///
    /// - Parameters:
    ///   - capacity: The most samples kept; at least 2 (a smaller value is raised to 2).
    ///   - horizon: How far back samples count, seconds; a value that is not positive and finite means 0.1.
    ///   - stopThreshold: The gap that means the pointer stopped, seconds; a value that is not positive
    ///     and finite means 0.04.
    public init(capacity: Int = 20, horizon: TimeInterval = 0.1, stopThreshold: TimeInterval = 0.04) {
        self.capacity = Swift.max(capacity, 2)
        self.horizon = horizon > 0 && horizon.isFinite ? horizon : 0.1
        self.stopThreshold = stopThreshold > 0 && stopThreshold.isFinite ? stopThreshold : 0.04
        samples = ContiguousArray(repeating: Sample(time: 0, position: .zero), count: 2 * self.capacity)
    }

    /// The number of samples stored (at most ``capacity``).
    @inlinable
    public var count: Int { storedCount }

    /// The newest sample, if any.
    @inlinable
    public var newest: (time: TimeInterval, position: Value)? {
        guard storedCount > 0 else { return nil }
        let index = slot(storedCount - 1)
        return (samples[index].time, samples[index].position)
    }

    /// The storage index of the `i`-th stored sample, oldest first.
    @inlinable @inline(__always)
    func slot(_ i: Int) -> Int {
        let index = start + i
        return index < capacity ? index : index - capacity
    }

    /// Records that the pointer was at `position` at `time` (seconds, on any clock that only moves
    /// forward). See the type's documentation for what is ignored.
    @inlinable
    public mutating func addSample(_ position: Value, at time: TimeInterval) {
        guard time.isFinite, position.magnitudeSquared.isFinite else { return }
        if storedCount > 0 {
            let newestIndex = slot(storedCount - 1)
            let newestTime = samples[newestIndex].time
            if time < newestTime { return }
            if time == newestTime {
                write(Sample(time: time, position: position), at: newestIndex)
                return
            }
        }
        let index: Int
        if storedCount < capacity {
            index = slot(storedCount)
            storedCount += 1
        } else {
            index = start
            start = start + 1 < capacity ? start + 1 : 0
        }
        write(Sample(time: time, position: position), at: index)
    }

    /// Stores `sample` in slot `index` and its upper copy: one uniqueness check for both writes
    /// (benchmark row "VelocityTracker addSample, SIMD2<Double>").
    @inlinable @inline(__always)
    mutating func write(_ sample: Sample, at index: Int) {
        let upper = index + capacity
        samples.withUnsafeMutableBufferPointer { samples in
            samples[index] = sample
            samples[upper] = sample
        }
    }

    /// Forgets every sample (a new gesture begins). Keeps the storage.
    @inlinable
    public mutating func reset() {
        start = 0
        storedCount = 0
    }

    /// The estimated velocity, in units per second, as of `time` (usually now, or the time of the
    /// release): the fit's slope at the newest sample, or `.zero` if the newest sample is more than
    /// ``stopThreshold`` older than `time` or there are fewer than two samples in the window.
    @inlinable
    public func velocity(at time: TimeInterval) -> Value {
        guard storedCount >= 2, time.isFinite else { return .zero }
        return samples.withUnsafeBufferPointer { estimate(at: time, samples: $0) }
    }

    /// ``velocity(at:)`` over the ring's storage: three walks of up to ``capacity`` samples, newest first,
    /// down from the newest sample's upper copy, with no wrap (benchmark row "VelocityTracker
    /// velocity(at:), 20 samples, SIMD2<Double>").
    @inlinable
    func estimate(at time: TimeInterval, samples: UnsafeBufferPointer<Sample>) -> Value {
        let newestIndex = slot(storedCount - 1)
        let newestTime = samples[newestIndex].time
        guard time - newestTime <= stopThreshold else { return .zero }
        let newestPosition = samples[newestIndex].position
        // The k-th sample before the newest is at `top - k`.
        let top = newestIndex + capacity
        // A pointer that has sent events without moving for the stop threshold is at rest too.
        for index in stride(from: top - 1, to: top - storedCount, by: -1) {
            guard samples[index].position == newestPosition else { break }
            if newestTime - samples[index].time >= stopThreshold { return .zero }
        }
        // The window, newest first: within the horizon, and no gap longer than the stop threshold.
        var n = 1
        var later = newestTime
        var s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        // τ in units of the horizon, so the moments stay well scaled.
        let unit = 1 / horizon
        while n < storedCount {
            let t = samples[top - n].time
            if newestTime - t > horizon || later - t > stopThreshold { break }
            let u = (t - newestTime) * unit
            let u2 = u * u
            s1 += u; s2 += u2; s3 += u2 * u; s4 += u2 * u2
            later = t
            n += 1
        }
        guard n >= 2 else { return .zero }
        let s0 = Double(n)
        // Weights wᵢ with velocity = Σ wᵢ (xᵢ − x_newest) / horizon (Σ wᵢ = 0, so the reference cancels).
        var c0 = 0.0, c1 = 0.0, c2 = 0.0
        var quadratic = false
        if n >= 4 {
            // Normal equations M·y = e with M = [[s0,s1,s2],[s1,s2,s3],[s2,s3,s4]], e = (0, 1, 0): the
            // derivative at u = 0 of the fitted a + b·u + c·u² is b = yᵀ·(Aᵀx).
            let m00 = s2 * s4 - s3 * s3, m01 = s2 * s3 - s1 * s4, m02 = s1 * s3 - s2 * s2
            let det = s0 * m00 + s1 * m01 + s2 * m02
            if det > 1e-12 * s0 * s2 * s4 {
                // y = M⁻¹·e: the second column of the adjugate over the determinant.
                let inverse = 1 / det
                c0 = m01 * inverse
                c1 = (s0 * s4 - s2 * s2) * inverse
                c2 = (s1 * s2 - s0 * s3) * inverse
                quadratic = true
            }
        }
        if !quadratic {
            // Straight line: slope = Σ(uᵢ − ū)(xᵢ − x₀) / Σ(uᵢ − ū)².
            let mean = s1 / s0
            let spread = s2 - s1 * mean
            guard spread > 0 else { return .zero }
            c0 = -mean / spread
            c1 = 1 / spread
            c2 = 0
        }
        var sum = Value.zero
        for index in stride(from: top - 1, to: top - n, by: -1) {
            let u = (samples[index].time - newestTime) * unit
            let weight = c0 + u * (c1 + u * c2)
            sum += (samples[index].position - newestPosition).scaled(by: weight)
        }
        return sum.scaled(by: unit)
    }

    /// The weights wᵢ of the estimate `Σ wᵢ·xᵢ` at `time`, newest sample first (empty when the
    /// estimate is `.zero` by rule): for error analysis, e.g. the noise bound σ·‖w‖.
    public func weights(at time: TimeInterval) -> [Double] {
        guard storedCount >= 2, time.isFinite else { return [] }
        // The estimate is linear in the positions: probe it with unit impulses on a scalar copy, on top
        // of a moving baseline (so that the stillness rule does not take over).
        var probe = VelocityTracker<Double>(capacity: capacity, horizon: horizon, stopThreshold: stopThreshold)
        func estimate(impulse: Int?) -> Double {
            probe.reset()
            for i in 0..<storedCount {
                let t = samples[slot(i)].time
                probe.addSample(t + (i == storedCount - 1 - (impulse ?? -1) ? 1 : 0), at: t)
            }
            return probe.velocity(at: time)
        }
        let baseline = estimate(impulse: nil)
        var result: [Double] = []
        for impulse in 0..<storedCount { result.append(estimate(impulse: impulse) - baseline) }
        while let last = result.last, last == 0, result.count > 1 { result.removeLast() }
        return result.allSatisfy { $0 == 0 } ? [] : result
    }
}

extension VelocityTracker: Sendable where Value: Sendable {}

extension VelocityTracker.Sample: Sendable where Value: Sendable {}
