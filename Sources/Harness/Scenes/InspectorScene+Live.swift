import Foundation

/// The inspector keeps its lanes across a live reload: each lane's kind by name, its sliders by name, the
/// lane and sliders the keyboard edits, and looping (slow motion is the clock's time scale, which the
/// reload keeps anyway).
extension InspectorScene: LiveReloadable {
    /// One lane as plain values that any build can read.
    struct LaneState: Codable, Equatable {
        /// The kind picker's label, or your animation's name.
        var kind: String
        /// The animation's own sliders, by parameter name.
        var values: [String: Double]
        /// The modifiers' sliders, by name (`delay`, `speed`, `repeatCount`, `autoreverses`).
        var modifiers: [String: Double]
    }

    /// The scene's state, as plain values.
    struct State: Codable, Equatable {
        var lanes: [LaneState]
        var selectedLane: Int
        var focusedSlider: [Int]
        var loops: Bool
    }

    /// The lanes, the keyboard's focus and looping, as JSON.
    public func liveState() -> Data? {
        let lanes = lanes.map { lane in
            let spec = lane.spec
            let own = spec.parameters
            var values: [String: Double] = [:]
            var modifiers: [String: Double] = [:]
            for index in 0..<spec.sliderCount {
                if index < own.count {
                    values[own[index].name] = spec.value(index)
                } else {
                    modifiers[spec.parameter(index).name] = spec.value(index)
                }
            }
            return LaneState(kind: spec.label, values: values, modifiers: modifiers)
        }
        let state = State(lanes: lanes, selectedLane: selectedLane, focusedSlider: focusedSlider, loops: loops)
        return try? JSONEncoder().encode(state)
    }

    /// Takes back what ``liveState()`` wrote: a lane whose kind this build still has gets it back with the
    /// sliders it still has (a new slider keeps its default); a lane whose kind is gone keeps the kind it
    /// opened with, and its modifiers.
    public func restoreLiveState(_ data: Data) {
        guard let state = try? JSONDecoder().decode(State.self, from: data) else { return }
        for (index, saved) in zip(lanes.indices, state.lanes) {
            lanes[index].edit { spec in
                if let kind = AnimationSpec.Kind.allCases.first(where: { $0.label == saved.kind }) {
                    spec.setKind(kind)
                } else if let client = animations.first(where: { $0.name == saved.kind }) {
                    spec.setClient(client)
                }
                let keepsKind = spec.label == saved.kind
                for slider in 0..<spec.sliderCount {
                    let own = slider < spec.parameters.count
                    let name = spec.parameter(slider).name
                    guard let value = own ? (keepsKind ? saved.values[name] : nil) : saved.modifiers[name] else {
                        continue
                    }
                    spec.set(slider, to: value)
                }
            }
            focusedSlider[index] = min(
                max(state.focusedSlider.indices.contains(index) ? state.focusedSlider[index] : 0, 0),
                lanes[index].spec.sliderCount - 1)
            lanes[index].play()
            refreshReadouts(index)
        }
        selectedLane = lanes.indices.contains(state.selectedLane) ? state.selectedLane : 0
        loops = state.loops
        restTime = 0
    }
}
