import Cadence
import Harness
import YourAnimation

extension InspectorAnimation {
    /// ``AnticipateAnimation`` in the inspector: sliders for its duration and tension, copied as
    /// `.anticipate(duration: …, tension: …)`.
    public static let anticipate = InspectorAnimation(
        name: "anticipate", call: ".anticipate",
        parameters: [
            .init(name: "duration", range: 0.1...2, default: 0.6),
            .init(name: "tension", range: 0...6, default: 2),
        ]
    ) { values in .anticipate(duration: values[0], tension: values[1]) }
}

extension SceneCatalog.Entry {
    /// The anticipate scene, for ``CadenceCommand``'s catalog.
    public static let anticipate = SceneCatalog.Entry(
        name: "anticipate",
        summary: "markers wind up before they go: AnticipateAnimation at three tensions beside .snappy"
    ) { AnticipateScene(context: $0) }
}
