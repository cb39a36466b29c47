import Cadence

/// One lane of the inspector: an ``AnimationSpec``, the curve its animation draws from 0 to 1, the
/// readouts measured on that curve, and a live value played through the runtime (which a click can
/// retarget mid-flight).
///
/// The curve is computed as the runtime computes it: `Animation.animate` and `velocity` called at
/// increasing times with one context carried along, every 1/120 s, until the animation says it has
/// finished (at most ``capacity`` samples, 10 s). Its buffers are reserved once: resampling after an
/// edit and every frame's update reuse them, so a lane that is set up never allocates per frame; an
/// edit allocates only the new `Animation` value itself (its boxes, and a keyframe timeline's storage).
public final class InspectorLane {
    /// Seconds between curve samples.
    public static let sampleInterval = 1.0 / 120
    /// The most curve samples (and live trace samples): 10 s of curve.
    public static let capacity = 1_200
    /// How close to the target counts as settled, as a fraction of the distance travelled.
    public static let settleTolerance = 0.001

    /// What the lane holds.
    public private(set) var spec: AnimationSpec
    /// `spec.animation`, built once per edit.
    public private(set) var animation: Animation
    /// `spec.unitCurve`, drawn in the timing curve's control square; built once per edit (a curve
    /// builds its solve table when made, so making one every frame would allocate).
    /// `nil` for the other kinds.
    public private(set) var timingCurve: UnitCurve?

    // Unchecked exclusivity: written only by `resample()`, one sample at a time from its sampling closure,
    // where a dynamic check per append made a re-sample half as costly again as the samples themselves
    // (benchmark row "Inspector lane: re-sample curve and readouts").
    /// The curve's values (progress from 0 towards 1), one per ``sampleInterval``.
    @exclusivity(unchecked) public private(set) var values: [Double] = []
    /// The curve's velocities (progress per second) at the same times.
    @exclusivity(unchecked) public private(set) var velocities: [Double] = []

    /// Seconds until the animation reports it has finished (the curve's length); capped at 10 s.
    public private(set) var finishTime: Double = 0
    /// Seconds until the value stays within ``settleTolerance`` of 1 for good (from the curve; a spring
    /// kind also shows `Spring.settlingDuration`, the analytic figure).
    public private(set) var settlingTime: Double = 0
    /// Seconds until the animation first reports itself logically complete (nil: it never did).
    public private(set) var logicalCompletionTime: Double?
    /// How far past 1 the value goes, as a fraction of the distance (0 when it never overshoots).
    public private(set) var peakOvershoot: Double = 0
    /// The largest speed on the curve (progress per second), for scaling the velocity plot.
    public private(set) var peakSpeed: Double = 0

    /// The live value, played by ``play()`` and retargeted by ``retarget(to:)``.
    public let live = AnimatedValue(0.0)
    // Unchecked exclusivity on the state every frame writes: only the lane's own methods write it, none
    // while another access is open, and the dynamic checks were most of what the trace added to a frame
    // (benchmark row "Inspector lane: one frame (live value + trace)").
    /// Seconds since the last ``play()``.
    @exclusivity(unchecked) public private(set) var runTime: Double = 0
    /// Times (since play) of the live trace.
    @exclusivity(unchecked) public private(set) var traceTimes: [Double] = []
    /// The live value at those times.
    @exclusivity(unchecked) public private(set) var traceValues: [Double] = []
    /// The live velocity at those times.
    @exclusivity(unchecked) public private(set) var traceVelocities: [Double] = []
    /// The live velocity just before the last retarget (nil before any retarget since play).
    public private(set) var velocityAtRetarget: Double?
    /// When (since play) the last retarget happened.
    public private(set) var retargetTime: Double?

    /// Creates a lane holding `spec`, reserves its buffers and samples its curve.
    public init(spec: AnimationSpec) {
        self.spec = spec
        animation = spec.animation
        timingCurve = spec.unitCurve
        values.reserveCapacity(Self.capacity + 1)
        velocities.reserveCapacity(Self.capacity + 1)
        traceTimes.reserveCapacity(Self.capacity)
        traceValues.reserveCapacity(Self.capacity)
        traceVelocities.reserveCapacity(Self.capacity)
        resample()
    }

    /// Replaces the spec (an edit): rebuilds the animation and the curve if it changed.
    public func setSpec(_ spec: AnimationSpec) {
        guard spec != self.spec else { return }
        self.spec = spec
        animation = spec.animation
        timingCurve = spec.unitCurve
        resample()
    }

    /// Edits the spec in place; rebuilds when it changed. Returns whether it did.
    @discardableResult
    public func edit(_ change: (inout AnimationSpec) -> Void) -> Bool {
        var copy = spec
        change(&copy)
        guard copy != spec else { return false }
        setSpec(copy)
        return true
    }

    /// The context the curve is sampled in (see `resample()`).
    private var sampleContext = AnimationContext<Double>()

    /// Samples the curve and measures the readouts, into the reserved buffers.
    public func resample() {
        values.removeAll(keepingCapacity: true)
        velocities.removeAll(keepingCapacity: true)
        // One context for every re-sample, reset rather than made anew: its state's storage is reused,
        // so a re-sample allocates nothing once the lane has sampled its kind once.
        sampleContext.reset()
        var logical: Double?
        var lastOutside = 0.0
        var high = 0.0
        var speed = 0.0
        let finished = sampleUnitMotion(
            of: animation, every: Self.sampleInterval, capacity: Self.capacity, in: &sampleContext
        ) { time, value, reported, isLogicallyComplete in
            let velocity = reported ?? 0
            if logical == nil, isLogicallyComplete { logical = time }
            if abs(value - 1) > Self.settleTolerance { lastOutside = time + Self.sampleInterval }
            high = max(high, value)
            if velocity.isFinite { speed = max(speed, abs(velocity)) }
            values.append(value)
            velocities.append(velocity.isFinite ? velocity : 0)
        }
        let time = Double(values.count) * Self.sampleInterval
        if finished {
            // The animation is done: the value rests at the target.
            values.append(1)
            velocities.append(0)
            if logical == nil { logical = time }
        }
        finishTime = Double(values.count - 1) * Self.sampleInterval
        settlingTime = finished ? min(lastOutside, finishTime) : lastOutside
        logicalCompletionTime = logical
        peakOvershoot = max(high - 1, 0)
        peakSpeed = speed
    }

    /// The curve's value at `time` (interpolated; 1 after the end).
    public func value(at time: Double) -> Double {
        guard values.count > 1, time.isFinite else { return values.last ?? 1 }
        let position = max(time, 0) / Self.sampleInterval
        guard position < Double(values.count - 1) else { return values[values.count - 1] }
        let index = Int(position)
        let fraction = position - Double(index)
        return values[index] + (values[index + 1] - values[index]) * fraction
    }

    // MARK: - Live

    /// Starts the live value from 0 towards 1 with the lane's animation, and clears the trace.
    public func play() {
        live.set(0, animation: nil)
        live.update(by: 0)
        live.set(1, animation: animation)
        runTime = 0
        velocityAtRetarget = nil
        retargetTime = nil
        traceTimes.removeAll(keepingCapacity: true)
        traceValues.removeAll(keepingCapacity: true)
        traceVelocities.removeAll(keepingCapacity: true)
        record()
    }

    /// Sends the live value to `target` mid-flight with the lane's animation (merging springs keep their
    /// velocity; others combine with the running one), noting the velocity at that moment. A target
    /// that is not finite is refused.
    public func retarget(to target: Double) {
        guard target.isFinite else { return }
        velocityAtRetarget = live.velocity
        retargetTime = runTime
        live.set(target, animation: animation)
    }

    /// Advances the live value by `dt` seconds and records it in the trace (until the trace is full).
    public func update(by dt: Double) {
        guard dt.isFinite, dt >= 0 else { return }
        live.update(by: dt)
        runTime += dt
        record()
    }

    /// Whether the live value is still moving.
    public var isAnimating: Bool { live.isAnimating }

    private func record() {
        guard traceTimes.count < Self.capacity else { return }
        traceTimes.append(runTime)
        traceValues.append(live.presentation)
        let velocity = live.velocity
        traceVelocities.append(velocity.isFinite ? velocity : 0)
    }
}
