/// Turns readings of a monotonic clock into the `dt` each frame feeds to the animation engines.
///
/// Per tick, in order:
/// 1. **Measure** the raw interval since the previous tick (or use `fixedDelta` in deterministic mode).
/// 2. **Lag smoothing** (as GSAP does): an interval longer than `lagThreshold` (a stall, a breakpoint,
///    a dragged window) is replaced by `adjustedLag`, so animations do not jump to their end.
/// 3. **Pause and step**: while paused `dt` is 0, except for a frame requested with ``step()``, which
///    advances by one nominal frame.
/// 4. **Time scale**: the result is multiplied by `timeScale` (0.1×–4×) for slow-motion inspection.
public final class FrameClock {
    /// Settings of a frame clock.
    public struct Configuration: Sendable, Equatable {
        /// Intervals longer than this (seconds) count as lag. Default 0.5.
        public var lagThreshold: Double
        /// The interval used instead of a lagging one (seconds). Default 0.033.
        public var adjustedLag: Double
        /// When set, every tick advances by exactly this (seconds) whatever the wall clock says.
        public var fixedDelta: Double?
        /// The nominal frame interval used by ``FrameClock/step()`` when no fixed delta is set. Default 1/60.
        public var nominalDelta: Double

        /// Creates a configuration; the defaults are GSAP's lag smoothing (500 ms / 33 ms) at 60 fps.
        public init(
            lagThreshold: Double = 0.5, adjustedLag: Double = 0.033, fixedDelta: Double? = nil,
            nominalDelta: Double = 1.0 / 60.0
        ) {
            self.lagThreshold = lagThreshold
            self.adjustedLag = adjustedLag
            self.fixedDelta = fixedDelta
            self.nominalDelta = nominalDelta
        }

        /// Throws ``HarnessError/invalidOption(_:)`` naming the first setting that is NaN, infinite,
        /// or zero or negative (a lag threshold or adjusted lag may be 0; a fixed or nominal delta may not).
        public func validate() throws(HarnessError) {
            for (name, value, zeroAllowed) in [
                ("lagThreshold", lagThreshold, true), ("adjustedLag", adjustedLag, true),
                ("fixedDelta", fixedDelta ?? 1, false), ("nominalDelta", nominalDelta, false),
            ] {
                guard value.isFinite, zeroAllowed ? value >= 0 : value > 0 else {
                    throw .invalidOption(
                        "FrameClock.Configuration.\(name) must be a finite number of seconds \(zeroAllowed ? "≥ 0" : "> 0") (got \(value))"
                    )
                }
            }
        }

        /// This configuration with every invalid setting (see ``validate()``) replaced by its default
        /// (an invalid fixed delta by none).
        public var sanitized: Configuration {
            let defaults = Configuration()
            func valid(_ value: Double, zeroAllowed: Bool) -> Bool {
                value.isFinite && (zeroAllowed ? value >= 0 : value > 0)
            }
            return Configuration(
                lagThreshold: valid(lagThreshold, zeroAllowed: true) ? lagThreshold : defaults.lagThreshold,
                adjustedLag: valid(adjustedLag, zeroAllowed: true) ? adjustedLag : defaults.adjustedLag,
                fixedDelta: fixedDelta.flatMap { valid($0, zeroAllowed: false) ? $0 : nil },
                nominalDelta: valid(nominalDelta, zeroAllowed: false) ? nominalDelta : defaults.nominalDelta)
        }
    }

    /// The range ``timeScale`` is kept in.
    public static let timeScaleRange: ClosedRange<Double> = 0.1...4

    /// The clock's settings.
    public let configuration: Configuration
    /// Where time is read.
    public let source: TimeSource

    /// Multiplies every `dt`. Values outside ``timeScaleRange`` (and NaN) are clamped into it.
    public var timeScale: Double = 1 {
        didSet {
            timeScale =
                timeScale.isNaN
                ? 1 : min(max(timeScale, Self.timeScaleRange.lowerBound), Self.timeScaleRange.upperBound)
        }
    }
    /// While true, ticks return 0 (except a requested ``step()``).
    public var isPaused = false

    /// The measured interval of the last tick, seconds, before smoothing and scaling.
    public private(set) var rawDelta: Double = 0
    /// How long the last frame was, as the run counts time: the fixed delta under a fixed `dt` (so that
    /// replays count the same), else the measured interval; before pausing and time scaling. What a
    /// scene reads to count time that passes while the clock is paused (its `dt` is then 0).
    public var frameInterval: Double { configuration.fixedDelta ?? rawDelta }
    /// The `dt` the last tick returned.
    public private(set) var delta: Double = 0
    /// The sum of every `dt` returned: the animation time.
    public private(set) var elapsed: Double = 0
    /// Ticks so far.
    public private(set) var frameCount = 0

    private var lastReading: UInt64?
    private var stepRequested = false

    /// Creates a clock reading `source`. An invalid setting in `configuration` (NaN, infinite, negative:
    /// see ``Configuration/validate()``) is replaced by its default (``Configuration/sanitized``), so that
    /// ``tick()`` always returns a finite `dt` ≥ 0; validate first to refuse one instead.
    public init(source: TimeSource, configuration: Configuration = .init()) {
        self.source = source
        self.configuration = configuration.sanitized
    }

    /// Sets the animation time already elapsed, as a live reload's next build does to go on from the last.
    public func resume(elapsed: Double) {
        if elapsed.isFinite, elapsed >= 0 { self.elapsed = elapsed }
    }

    /// Advances the clock as a recorded frame did, whatever its time source says: a live reload's replay of
    /// the session (see ``SceneHistory``), where `dt` and the unscaled `interval` are the recorded ones.
    func replay(dt: Double, interval: Double) {
        rawDelta = interval
        advance(by: dt)
    }

    /// Asks the next tick to advance one nominal frame even though the clock is paused.
    public func step() { stepRequested = true }

    /// Reads the clock and returns this frame's `dt` (seconds, ≥ 0, finite).
    @discardableResult
    public func tick() -> Double { tick(at: source.now()) }

    /// Returns this frame's `dt` (seconds, ≥ 0, finite) for `reading`, a reading of ``source`` taken
    /// earlier in the frame. ``FrameLoop`` passes the frame's start, so that `dt` is the interval
    /// between frame starts, the one its statistics record: reading the clock again after the input
    /// would add the time polling took, which varies from frame to frame, to the animation's time.
    /// A reading earlier than the last tick's measures 0.
    @discardableResult
    public func tick(at reading: UInt64) -> Double {
        let raw = lastReading.map { reading > $0 ? Double(reading - $0) / 1e9 : 0 } ?? 0
        lastReading = max(reading, lastReading ?? reading)
        rawDelta = raw

        var dt = configuration.fixedDelta ?? (raw > configuration.lagThreshold ? configuration.adjustedLag : raw)
        if isPaused {
            dt = stepRequested ? (configuration.fixedDelta ?? configuration.nominalDelta) : 0
        }
        dt *= timeScale
        advance(by: dt)
        return dt
    }

    /// Ends a tick (or a replayed frame) that advanced animation time by `dt`.
    private func advance(by dt: Double) {
        delta = dt
        elapsed += dt
        frameCount += 1
        stepRequested = false
    }
}
