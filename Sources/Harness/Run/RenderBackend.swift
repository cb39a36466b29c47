/// What the frame loop needs from a platform: input, drawing, presenting and screenshots.
///
/// `HarnessSDL` implements it with SDL2; tests implement it with a recording fake.
public protocol RenderBackend: AnyObject {
    /// The drawable size in pixels.
    var size: Size { get }
    /// Appends every input event that arrived since the last call to `events`, and to `times` when each
    /// happened, in monotonic nanoseconds (`CLOCK_MONOTONIC`, the frame loop's clock), or 0 when the
    /// backend cannot tell (the loop then counts the event from the start of the frame that polled it).
    /// The frame loop measures input-to-present latency from these times.
    func pollEvents(into events: inout [InputEvent], times: inout [UInt64])
    /// Renders a draw list into the back buffer.
    func render(_ list: DrawList)
    /// Writes the back buffer as a PNG (called after ``render(_:)`` and before ``present()``).
    func saveScreenshot(to path: String) throws(HarnessError)
    /// Shows the back buffer.
    func present()
    /// Turns waiting for vsync in ``present()`` on or off (called when the pacer finds presents unpaced).
    func setVSync(_ enabled: Bool)
    /// Puts `text` on the system clipboard. Returns whether it did (headless runs have no clipboard).
    @discardableResult
    func setClipboardText(_ text: String) -> Bool
    /// Switches the window between fullscreen (on its display, at the display's size) and its own size
    /// (F11); the new size arrives as the backend's ``size`` after the next poll.
    func toggleFullscreen()
    /// Whether the display has shown the window (or asked it for a frame) since the last call, without
    /// presenting or waiting: asked instead of presenting while the ``Pacer`` finds presents throttled (a
    /// hidden or covered window), to see the window shown again. Nil when the backend cannot tell (the
    /// pacer then presents a probe now and then).
    func displayShowedFrame() -> Bool?
    /// Whether the compositor has repainted with the last frame presented (its frame callback came): a frame
    /// committed now goes into the next repaint instead of replacing that one. Nil when the backend cannot tell;
    /// asked only of backends with display times, whose frames the latch schedule may draw ahead.
    func lastFrameLatched() -> Bool?
    /// Where the backend's display times come from, or why it has none (asked once, before the first frame).
    var displayTimes: DisplayTimes { get }
    /// Asks the display to say when the frame about to be presented is shown (called just before
    /// ``present()``, only when ``displayTimes`` is available). Returns whether it asked: the frame's answer
    /// then comes, once, through ``collectPresentationFeedback(into:)``.
    func requestPresentationFeedback(frame: Int) -> Bool
    /// Appends the answers that arrived since the last call, without waiting (in the order they came).
    func collectPresentationFeedback(into answers: inout [PresentationAnswer])
    /// Where the window is, how big and whether fullscreen (nil without a window): what a live reload
    /// reopens the next build's window with.
    var placement: WindowPlacement? { get }
    /// Where the times of ``pollEvents(into:times:)`` come from, as the summary says it.
    var inputTimeSource: String { get }
}

extension RenderBackend {
    /// Backends without vsync ignore the request.
    public func setVSync(_ enabled: Bool) {}
    /// Backends without a clipboard copy nothing.
    @discardableResult
    public func setClipboardText(_ text: String) -> Bool { false }
    /// Backends without a window stay as they are.
    public func toggleFullscreen() {}
    /// Backends that cannot tell leave it to the pacer's probes.
    public func displayShowedFrame() -> Bool? { nil }
    /// Backends that cannot tell: frames are not drawn ahead.
    public func lastFrameLatched() -> Bool? { nil }
    /// Backends that do not say otherwise have no display times.
    public var displayTimes: DisplayTimes { .unavailable(reason: "this backend reports no presentation times") }
    /// Backends without display times ask nothing.
    public func requestPresentationFeedback(frame: Int) -> Bool { false }
    /// Backends without display times answer nothing.
    public func collectPresentationFeedback(into answers: inout [PresentationAnswer]) {}
    /// Backends without a window have no placement.
    public var placement: WindowPlacement? { nil }
    /// Backends that do not say otherwise stamp events when they poll them.
    public var inputTimeSource: String { "the frame's poll" }
}
