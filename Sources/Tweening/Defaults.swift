import Foundation

/// The values a new tween starts with.
///
/// **Why a value and not global variables.** STween keeps its defaults in global mutable state. Under
/// Swift 6 strict concurrency that is a data race, and under parallel tests a test that changes a
/// default leaks into every other test. Here `Defaults` is a `Sendable` struct: the immutable
/// ``standard`` is the global starting point, and each ``Tweener`` holds its own copy in
/// ``Tweener/defaults``, which it copies into every tween it creates (including the `overshoot` of
/// back eases and the auto-kill flag). Changing one tweener's defaults never affects another
/// tweener, and never changes tweens that already exist.
///
/// ```swift
/// let tweener = Tweener()
/// tweener.defaults.ease = .linear
/// tweener.defaults.autoKillCompletedTweens = false
/// tweener.defaults.reset()        // back to Defaults.standard
/// ```
///
/// Durations and delays follow the same rule as on tweens: negative or NaN values are clamped to 0.
public struct Defaults: Sendable {
    /// The ease of new tweens: `.quadOut`.
    public var ease: Ease
    /// The duration of new tweens, in seconds: 0.3. Negative or NaN values are stored as 0.
    public var duration: TimeInterval {
        get { storedDuration }
        set { storedDuration = TimeClamp.nonNegative(newValue) }
    }
    /// The delay of new tweens, in seconds: 0. Negative or NaN values are stored as 0.
    public var delay: TimeInterval {
        get { storedDelay }
        set { storedDelay = TimeClamp.nonNegative(newValue) }
    }
    /// The overshoot (c1) of the back eases in new tweens: 1.70158.
    public var overshoot: Double
    /// Whether new tweens start by themselves on their tweener's next update: `true`.
    public var autoStartTweens: Bool
    /// Whether a tween that completes is killed (and untracked) right after: `true`.
    public var autoKillCompletedTweens: Bool

    private var storedDuration: TimeInterval
    private var storedDelay: TimeInterval

    /// The starting point of every tweener's defaults: `.quadOut`, 0.3 s, no delay, overshoot
    /// 1.70158, auto-start and auto-kill on.
    public static let standard = Defaults()

    /// Creates the standard defaults.
    public init() {
        ease = .quadOut
        storedDuration = 0.3
        storedDelay = 0
        overshoot = Ease.standardOvershoot
        autoStartTweens = true
        autoKillCompletedTweens = true
    }

    /// Puts every value back to ``standard``.
    public mutating func reset() {
        self = .standard
    }
}

/// What a tween copies from ``Defaults`` when it is created, flattened once per tweener rather than
/// once per tween: a ``Tweener`` rebuilds it when its `defaults` change, so creating a tween reads a
/// few plain fields (the ease as its payload-free code) with no exclusivity check on the tweener's
/// `defaults` property.
@usableFromInline
struct TweenTemplate {
    @usableFromInline let easeCode: Ease.Code?
    /// The function of a custom ease (`easeCode` is then nil).
    @usableFromInline let customEase: (@Sendable (Double) -> Double)?
    @usableFromInline let duration: TimeInterval
    @usableFromInline let delay: TimeInterval
    @usableFromInline let overshoot: Double
    @usableFromInline let autoKill: Bool
    @usableFromInline let autoStart: Bool
    /// The list of the tweener that creates the tween, if any. Unowned: the template is copied into
    /// every tween, and the tween itself holds the list strongly.
    @usableFromInline unowned(unsafe) let list: TweenList?

    @usableFromInline
    init(_ defaults: Defaults, list: TweenList? = nil) {
        self.list = list
        easeCode = defaults.ease.code
        customEase = defaults.ease.customFunction
        duration = defaults.duration
        delay = defaults.delay
        overshoot = defaults.overshoot
        autoKill = defaults.autoKillCompletedTweens
        autoStart = defaults.autoStartTweens
    }
}

/// The one rule for time inputs (durations, delays, time scales): NaN and negatives become 0.
@usableFromInline
enum TimeClamp {
    @usableFromInline
    static func nonNegative(_ value: Double) -> Double {
        value > 0 ? value : 0
    }
}
