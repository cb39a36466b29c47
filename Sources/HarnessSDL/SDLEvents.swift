import CSDL2
import Foundation
import Harness

/// SDL's events as the harness's ``InputEvent``s, with the time each happened on the loop's clock.
enum SDLEvents {
    /// Appends every pending event the harness knows to `events` and its time to `times` (monotonic ns).
    /// Returns whether the window's size changed.
    /// Mouse positions are multiplied by `scale`, axis by axis: SDL gives them in window coordinates
    /// (pixels on X11, the compositor's points on Wayland), scenes take them in the layout's points.
    static func poll(into events: inout [InputEvent], times: inout [UInt64], scale: Point = Point(1, 1)) -> Bool {
        var event = SDL_Event()
        var resized = false
        // SDL stamps events in milliseconds since its start (SDL_GetTicks, on CLOCK_MONOTONIC as the loop's
        // clock is): an event's age now, subtracted from the monotonic clock's reading now.
        let nowTicks = SDL_GetTicks()
        let now = MonotonicClock().now()
        while SDL_PollEvent(&event) != 0 {
            if let input = inputEvent(from: event) {
                events.append(scale == Point(1, 1) ? input : input.scaled(by: scale))
                let stamp = event.common.timestamp
                let age = stamp <= nowTicks ? UInt64(nowTicks - stamp) * 1_000_000 : 0
                // (A stamp of 0 is SDL's first millisecond, not a missing stamp: SDL stamps every event.)
                times.append(age > now ? 0 : now - age)
            }
            if event.type == SDL_WINDOWEVENT.rawValue,
                event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
            {
                resized = true
            }
        }
        return resized
    }

    static func inputEvent(from event: SDL_Event) -> InputEvent? {
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_KEYDOWN.rawValue where event.key.repeat == 0:
            return .keyDown(key(for: event.key.keysym.sym))
        case SDL_KEYUP.rawValue:
            return .keyUp(key(for: event.key.keysym.sym))
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            guard let button = MouseButton(rawValue: Int(event.button.button)) else { return nil }
            let point = Point(Double(event.button.x), Double(event.button.y))
            return event.type == SDL_MOUSEBUTTONDOWN.rawValue
                ? .mouseDown(button, at: point) : .mouseUp(button, at: point)
        case SDL_MOUSEMOTION.rawValue:
            let dragging = event.motion.state & cadence_SDL_BUTTON_MASK(Int32(SDL_BUTTON_LEFT)) != 0
            return .mouseMoved(to: Point(Double(event.motion.x), Double(event.motion.y)), dragging: dragging)
        default:
            return nil
        }
    }

    static func key(for code: SDL_Keycode) -> Key {
        switch code {
        case Int32(SDLK_ESCAPE.rawValue): return .escape
        case Int32(SDLK_SPACE.rawValue): return .space
        case Int32(SDLK_PERIOD.rawValue): return .period
        case Int32(SDLK_LEFTBRACKET.rawValue): return .leftBracket
        case Int32(SDLK_RIGHTBRACKET.rawValue): return .rightBracket
        case Int32(SDLK_TAB.rawValue): return .tab
        case Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue): return .enter
        case Int32(SDLK_F11.rawValue): return .f11
        case Int32(SDLK_UP.rawValue): return .up
        case Int32(SDLK_DOWN.rawValue): return .down
        case Int32(SDLK_LEFT.rawValue): return .left
        case Int32(SDLK_RIGHT.rawValue): return .right
        case Int32(SDLK_0.rawValue)...Int32(SDLK_9.rawValue): return .digit(Int(code - Int32(SDLK_0.rawValue)))
        case Int32(SDLK_a.rawValue)...Int32(SDLK_z.rawValue): return .letter(Character(Unicode.Scalar(UInt8(code))))
        default: return .other(code)
        }
    }

    static func keycode(for key: Key) -> SDL_Keycode {
        switch key {
        case .escape: return Int32(SDLK_ESCAPE.rawValue)
        case .space: return Int32(SDLK_SPACE.rawValue)
        case .period: return Int32(SDLK_PERIOD.rawValue)
        case .leftBracket: return Int32(SDLK_LEFTBRACKET.rawValue)
        case .rightBracket: return Int32(SDLK_RIGHTBRACKET.rawValue)
        case .tab: return Int32(SDLK_TAB.rawValue)
        case .enter: return Int32(SDLK_RETURN.rawValue)
        case .f11: return Int32(SDLK_F11.rawValue)
        case .up: return Int32(SDLK_UP.rawValue)
        case .down: return Int32(SDLK_DOWN.rawValue)
        case .left: return Int32(SDLK_LEFT.rawValue)
        case .right: return Int32(SDLK_RIGHT.rawValue)
        case let .digit(d): return Int32(SDLK_0.rawValue) + Int32(max(0, min(9, d)))
        case let .letter(c): return Int32(c.asciiValue ?? 0)
        case let .other(code): return code
        }
    }
}
