import Cadence
import Testing
@testable import Harness
import Tweening

/// A user's scene: a dot that goes where it is clicked, hit-tested against the size it is given.
private final class DotScene: Scene {
    let name: String
    let title = "Dot"
    let hint = "click"
    private(set) var clicks: [(Point, Size)] = []

    init(name: String = "dot") { self.name = name }

    func handle(_ event: InputEvent, in size: Size) -> Bool {
        guard case let .mouseDown(.left, at: point) = event else { return false }
        clicks.append((point, size))
        return true
    }
    func update(by dt: Double) {}
    func draw(into list: inout DrawList, size: Size) {}
}

private struct Refusal: Error, CustomStringConvertible {
    var description: String { "no font for the dot" }
}

private let dot = SceneCatalog.Entry(name: "dot", summary: "a dot that follows clicks") { _ in DotScene() }

/// The catalog a user's executable runs: the built-in scenes, then theirs.
struct SceneCatalogTests {
    @Test func aUsersScenesComeAfterTheBuiltInOnes() throws {
        let catalog = try SceneCatalog.builtIn.adding([dot])
        #expect(catalog.names == SceneCatalog.builtIn.names + ["dot"])
        #expect(catalog.defaultName == SceneCatalog.builtIn.defaultName)
        #expect(try catalog.make("dot", context: SceneContext(tweener: Tweener())).name == "dot")
        #expect(throws: HarnessError.unknownScene("nope", known: catalog.names)) {
            try catalog.make("nope", context: SceneContext(tweener: Tweener()))
        }
    }

    @Test(arguments: [
        ("retarget", "the scene name 'retarget' is taken by a built-in scene: choose another"),
        ("", "a scene needs a name (\"a dot that follows clicks\" has none)"),
        ("two words", "the scene name 'two words' must be one word that does not start with '-'"),
        ("--help", "the scene name '--help' must be one word that does not start with '-'"),
    ])
    func aBadOrClashingNameIsRefused(name: String, message: String) {
        let entry = SceneCatalog.Entry(name: name, summary: "a dot that follows clicks") { _ in DotScene() }
        #expect(throws: HarnessError.invalidScene(message)) { try SceneCatalog.builtIn.adding([entry]) }
    }

    @Test func twoScenesOfTheUsersWithOneNameAreRefused() {
        #expect(throws: HarnessError.invalidScene("the scene name 'dot' is taken by another scene: choose another")) {
            try SceneCatalog.builtIn.adding([dot, dot])
        }
    }

    @Test func aSceneThatThrowsWhileBeingMadeIsAClearError() throws {
        let failing = SceneCatalog.Entry(name: "failing", summary: "throws") { _ in throw Refusal() }
        let catalog = try SceneCatalog.builtIn.adding([failing])
        #expect(throws: HarnessError.sceneFailed("failing", reason: "no font for the dot")) {
            try catalog.make("failing", context: SceneContext(tweener: Tweener()))
        }
        #expect(
            HarnessError.sceneFailed("failing", reason: "no font for the dot").description
                == "the scene 'failing' could not be made: no font for the dot")
    }

    @Test func switchingToASceneThatThrowsReopensTheRunningOne() throws {
        let failing = SceneCatalog.Entry(name: "failing", summary: "throws") { _ in throw Refusal() }
        let catalog = try SceneCatalog.builtIn.adding([failing])
        let harness = try SceneHarness("hello", catalog: catalog)
        let first = harness.loop.scene
        harness.loop.switchScene(to: try #require(catalog.names.firstIndex(of: "failing")))
        let reopened = try #require(harness.loop.scene as? HelloScene)
        #expect(reopened !== first)
        // Its tweens were killed with the old instance's; the fresh one's move it again.
        let size = Size(width: 1280, height: 720)
        try harness.run(until: 2)
        let before = reopened.bouncerPosition(in: size)
        try harness.run(until: 6)
        #expect(reopened.bouncerPosition(in: size) != before)
    }

    @Test func aRunConfigurationAcceptsTheUsersScene() throws {
        var configuration = RunConfiguration(scene: "dot")
        #expect(throws: HarnessError.unknownScene("dot", known: SceneCatalog.builtIn.names)) {
            try configuration.validate()
        }
        configuration.catalog = try SceneCatalog.builtIn.adding([dot])
        try configuration.validate()
    }

    @Test func tabReachesTheUsersSceneAndWrapsBackToTheFirstBuiltIn() throws {
        let catalog = try SceneCatalog.builtIn.adding([dot])
        let last = SceneCatalog.builtIn.names.last!
        let harness = try SceneHarness(
            last, catalog: catalog,
            script: [
                RecordedEvent(frame: 1, event: .keyDown(.tab)), RecordedEvent(frame: 3, event: .keyDown(.tab)),
            ])
        try harness.run(until: 2)
        #expect(harness.loop.scene.name == "dot")
        try harness.run(until: 4)
        #expect(harness.loop.scene.name == SceneCatalog.builtIn.defaultName)
    }

    @Test func aScenesHandlerGetsTheWindowSize() throws {
        let catalog = try SceneCatalog.builtIn.adding([dot])
        let harness = try SceneHarness("dot", catalog: catalog, script: [click(100, 200, at: 1)])
        harness.backend.size = Size(width: 900, height: 500)
        try harness.run(until: 2)
        let scene = try #require(harness.loop.scene as? DotScene)
        #expect(scene.clicks.count == 1)
        #expect(scene.clicks.first?.1 == Size(width: 900, height: 500))
    }

    @Test func theHelpListStaysLegibleWhateverTheNamesLength() throws {
        let long = SceneCatalog.Entry(
            name: "a-rather-long-scene-name-of-a-user",
            summary: "a summary long enough that it has to wrap onto a second line and then onto a third one, "
                + "which must start in the summary column rather than at the left margin"
        ) { _ in DotScene() }
        let catalog = try SceneCatalog.builtIn.adding([dot, long])
        let lines = catalog.helpList(width: 80).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 })
        // A name and its summary never run together.
        let animatable = try #require(lines.first { $0.hasPrefix("  animatable ") })
        #expect(animatable.hasPrefix("  animatable  "))
        // Continuation lines start in the summary column; a name too long for it stands on its own line.
        let retarget = Array(try #require(lines.first { $0.hasPrefix("  retarget") }))
        let column = try #require((("  retarget".count)..<retarget.count).first { retarget[$0] != " " })
        let longIndex = try #require(lines.firstIndex { $0 == "  a-rather-long-scene-name-of-a-user" })
        for line in lines[(longIndex + 1)...] {
            #expect(line.prefix(column).allSatisfy { $0 == " " } && line.count > column, "\(line)")
        }
        #expect(lines.count > longIndex + 2)
    }
}
