import CSDL2
import Harness
@testable import HarnessSDL

// The tests' way to give the backend input: events put on SDL's own queue, as a window would, so
// that they go through the backend's whole event path. Kept here, out of the production type.
extension SDLBackend {
    /// Puts an event on SDL's queue as if it came from the window: the next poll sees it.
    func push(_ input: InputEvent) {
        var event = SDL_Event()
        switch input {
        case .quit:
            event.type = SDL_QUIT.rawValue
        case let .keyDown(key), let .keyUp(key):
            if case .keyDown = input { event.type = SDL_KEYDOWN.rawValue } else { event.type = SDL_KEYUP.rawValue }
            event.key.windowID = window.windowID
            event.key.state = UInt8(event.type == SDL_KEYDOWN.rawValue ? SDL_PRESSED : SDL_RELEASED)
            event.key.keysym.sym = SDLEvents.keycode(for: key)
        case let .mouseDown(button, point), let .mouseUp(button, point):
            if case .mouseDown = input {
                event.type = SDL_MOUSEBUTTONDOWN.rawValue
            } else {
                event.type = SDL_MOUSEBUTTONUP.rawValue
            }
            event.button.windowID = window.windowID
            event.button.button = UInt8(button.rawValue)
            event.button.state = UInt8(event.type == SDL_MOUSEBUTTONDOWN.rawValue ? SDL_PRESSED : SDL_RELEASED)
            event.button.clicks = 1
            event.button.x = Int32(point.x.rounded())
            event.button.y = Int32(point.y.rounded())
        case let .mouseMoved(point, dragging):
            event.type = SDL_MOUSEMOTION.rawValue
            event.motion.windowID = window.windowID
            event.motion.state = dragging ? cadence_SDL_BUTTON_MASK(Int32(SDL_BUTTON_LEFT)) : 0
            event.motion.x = Int32(point.x.rounded())
            event.motion.y = Int32(point.y.rounded())
        }
        SDL_PushEvent(&event)
    }
}
