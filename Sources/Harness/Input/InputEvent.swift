/// A key the harness reacts to, independent of SDL's key codes.
public enum Key: Hashable, Sendable {
    /// Esc: quit.
    case escape
    /// Space: pause or resume.
    case space
    /// `.`: advance one frame while paused.
    case period
    /// `[`: slower.
    case leftBracket
    /// `]`: faster.
    case rightBracket
    /// Tab: next scene.
    case tab
    /// Return / Enter.
    case enter
    /// Arrow keys.
    case up, down, left, right
    /// F11: fullscreen.
    case f11
    /// A digit key, 0–9.
    case digit(Int)
    /// A letter key, lower-case `a`–`z`.
    case letter(Character)
    /// Any other key, by the platform's key code.
    case other(Int32)
}

/// A mouse button.
public enum MouseButton: Int, Hashable, Sendable {
    /// The primary button.
    case left = 1
    /// The middle button.
    case middle = 2
    /// The secondary button.
    case right = 3
}

/// Input the harness understands, produced by the platform layer (SDL) or by a replay file.
public enum InputEvent: Hashable, Sendable {
    /// The window was asked to close (its close button). Signals end a run through ``StopRequest``.
    case quit
    /// A key went down.
    case keyDown(Key)
    /// A key went up.
    case keyUp(Key)
    /// A mouse button went down at a point.
    case mouseDown(MouseButton, at: Point)
    /// A mouse button went up at a point.
    case mouseUp(MouseButton, at: Point)
    /// The pointer moved; `dragging` is true while the left button is held.
    case mouseMoved(to: Point, dragging: Bool)
}
