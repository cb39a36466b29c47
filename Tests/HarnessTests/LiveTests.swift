import Foundation
import Testing
import Tweening

@testable import Harness

#if canImport(Glibc)
import Glibc
#endif

/// The harness side of `--live`: build errors read and drawn, messages read from a pipe, the state saved and
/// put back, the inspector's lanes handed over. The supervisor and whole sessions are checked end to end by
/// Scripts/live-session (LiveEditTests).
@Suite struct LiveTests {
    /// A fresh state folder, removed by the caller.
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "cadence-live-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func buildErrorsAreReadOnceEachAndNothingElse() {
        let output = """
            Building for debugging...
            [4/5] Compiling YourAnimation AnticipateAnimation.swift
            /p/Sources/A/A.swift:23:50: error: cannot find 'tensio' in scope
            21 |     /// The fraction of the way
            23 |         let value = u * u * ((tension + 1) * u - tensio)
               |                                                  `- error: cannot find 'tensio' in scope
            /p/Sources/A/A.swift:30:5: warning: variable 'x' was never used
            /p/Sources/A/A.swift:23:50: error: cannot find 'tensio' in scope
            /p/Sources/A/B.swift:1:1: note: found this candidate
            /p/Sources/A/C:D.swift:7:12: error: expected ')' in expression list
            error: fatalError
            """
        let errors = BuildDiagnostic.errors(in: output)
        #expect(
            errors == [
                BuildDiagnostic(
                    file: "/p/Sources/A/A.swift", line: 23, column: 50, message: "cannot find 'tensio' in scope"),
                BuildDiagnostic(
                    file: "/p/Sources/A/C:D.swift", line: 7, column: 12, message: "expected ')' in expression list"),
            ])
        #expect(errors[0].text(relativeTo: "/p") == "Sources/A/A.swift:23:50: cannot find 'tensio' in scope")
        #expect(errors[0].text(relativeTo: "/elsewhere") == "/p/Sources/A/A.swift:23:50: cannot find 'tensio' in scope")
    }

    @Test func aFailedBuildIsDrawnOverTheSceneUntilABuildSucceeds() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let link = LiveLink(directory: directory, build: 3, input: -1) { _ in }
        var list = DrawList()
        link.draw(into: &list, size: Size(width: 1280, height: 720))
        #expect(list.commands.isEmpty, "nothing to say, nothing drawn")

        link.handle(.building)
        link.draw(into: &list, size: Size(width: 1280, height: 720))
        #expect(list.texts == ["Building…"])

        let error = BuildDiagnostic(
            file: "/p/Sources/A.swift", line: 23, column: 50, message: "cannot find 'x' in scope")
        link.handle(.failed(errors: [error], total: 7, package: "/p"))
        list.removeAll()
        link.draw(into: &list, size: Size(width: 1280, height: 720))
        #expect(list.texts.contains { $0.hasPrefix("Build failed (7 errors): build 3 keeps running") })
        #expect(list.texts.contains("Sources/A.swift:23:50: cannot find 'x' in scope"))
        #expect(list.texts.contains { $0.contains("6 more") })
        #expect(!list.texts.contains("Building…"))

        // A narrow window wraps every line inside it.
        list.removeAll()
        link.draw(into: &list, size: Size(width: 300, height: 720))
        for case let .text(text, at: point, size: _, _) in list.commands {
            #expect(point.x + Double(text.count) * 8.6 <= 300, "'\(text)' runs out of a 300-point window")
        }

        link.handle(.cleared)
        list.removeAll()
        link.draw(into: &list, size: Size(width: 1280, height: 720))
        #expect(list.commands.isEmpty)
    }

    @Test func messagesArriveThroughAPipeWholeLinesAtATime() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let link = LiveLink(directory: directory, build: 1, input: fds[0]) { _ in }
        link.poll()
        #expect(!link.isBuilding && !link.stopRequested, "an empty pipe does not block")
        let building = LiveMessage.building.line
        let stop = LiveMessage.stop.line
        var bytes = [UInt8](building) + [UInt8]("not json\n".utf8) + [UInt8](stop.prefix(4))
        write(fds[1], &bytes, bytes.count)
        link.poll()
        #expect(link.isBuilding)
        #expect(!link.stopRequested, "half a line waits for the rest")
        var rest = [UInt8](stop.dropFirst(4))
        write(fds[1], &rest, rest.count)
        link.poll()
        #expect(link.stopRequested)

        // The supervisor killed: its end of the pipe closes, and the build ends rather than outlive it.
        var more: [Int32] = [0, 0]
        #expect(pipe(&more) == 0)
        defer { close(more[0]) }
        var logged: [String] = []
        let orphan = LiveLink(directory: directory, build: 2, input: more[0]) { logged.append($0) }
        orphan.poll()
        #expect(!orphan.stopRequested)
        close(more[1])
        orphan.poll()
        #expect(orphan.stopRequested && logged == ["live: the supervisor went away; build 2 ends"])
    }

    @Test func theStateASessionSavedIsWhereTheNextBuildOpens() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let backend = FakeBackend()
        let first = LiveLink(directory: directory, build: 0, input: -1) { _ in }
        var options = LoopOptions()
        options.live = first
        let session = try HarnessSession(
            backend: backend, time: ManualClock(),
            plan: .init(scene: "inspector", fixedDelta: 0.01, paced: false, options: options))
        let loop = session.loop
        let inspector = try #require(loop.scene as? InspectorScene)
        inspector.edit(lane: 1) { $0.setKind(.decay) }
        inspector.edit(lane: 1) { $0.set(0, to: 0.998) }
        backend.pending = [
            [.keyDown(.letter("b")), .keyDown(.letter("l")), .keyDown(.letter("p"))], [.keyDown(.space)],
        ]
        try loop.run(frames: 30)
        let saved = try #require(LiveState.load(from: directory))
        #expect(saved.build == 0 && saved.scene == "inspector" && saved.frame == 30)
        #expect(saved.paused && saved.showsProfiler && saved.elapsed > 0)

        var logged: [String] = []
        let next = LiveLink(directory: directory, build: 1, input: -1) { logged.append($0) }
        #expect(next.restored == saved)
        #expect(next.sceneName(requested: "retarget", catalog: .builtIn) == "inspector")
        let after = try HarnessSession(
            backend: FakeBackend(), time: ManualClock(),
            plan: .init(scene: "inspector", fixedDelta: 0.01, paced: false))
        next.restore(into: after.loop)
        #expect(after.loop.frameIndex == 30 && after.loop.clock.isPaused && after.loop.showsProfiler)
        #expect(after.loop.clock.elapsed == saved.elapsed)
        let restored = try #require(after.loop.scene as? InspectorScene)
        #expect(restored.lanes[1].spec.kind == .decay && restored.lanes[1].spec.value(0) == 0.998)
        #expect(restored.selectedLane == 1 && restored.loops)

        // A build without the scene opens the one asked for, and says so.
        let smaller = try SceneCatalog.builtIn.adding([])
        var state = saved
        state.scene = "gone"
        try OutputFile.write(state.encoded(), to: LiveState.path(in: directory))
        let third = LiveLink(directory: directory, build: 2, input: -1) { logged.append($0) }
        #expect(third.sceneName(requested: "retarget", catalog: smaller) == "retarget")
        #expect(third.notices == ["The scene 'gone' is not in this build: showing 'retarget'."])
        #expect(logged.contains { $0.contains("'gone' is not in build 2") })
    }

    @Test func anInspectorLaneKeepsItsKindWhileTheBuildHasIt() throws {
        let wobble = InspectorAnimation(
            name: "wobble", call: ".wobble",
            parameters: [
                .init(name: "duration", range: 0.1...2, default: 0.6), .init(name: "depth", range: 0...1, default: 0.2),
            ]
        ) { values in .linear(duration: values[0]) }
        let scene = InspectorScene(context: SceneContext(tweener: Tweener(), animations: [wobble]))
        scene.edit(lane: 0) { spec in
            spec.set(0, to: 1.2)
            spec.set(1, to: 0.5)
            spec.set(3, to: 2)  // speed, the modifiers' second slider after wobble's two
        }
        let data = try #require(scene.liveState())

        // The next build changed wobble: depth is gone, a new slider comes with its default.
        let changed = InspectorAnimation(
            name: "wobble", call: ".wobble",
            parameters: [
                .init(name: "duration", range: 0.1...2, default: 0.6),
                .init(name: "spring", range: 0...1, default: 0.3),
            ]
        ) { values in .linear(duration: values[0]) }
        let next = InspectorScene(context: SceneContext(tweener: Tweener(), animations: [changed]))
        next.restoreLiveState(data)
        let spec = next.lanes[0].spec
        #expect(spec.label == "wobble" && spec.value(0) == 1.2 && spec.value(1) == 0.3 && spec.speed == 2)

        // A build without wobble: lane A opens on its default kind, with the modifiers kept.
        let without = InspectorScene(context: SceneContext(tweener: Tweener()))
        without.restoreLiveState(data)
        #expect(without.lanes[0].spec.kind == .springDurationBounce && without.lanes[0].spec.client == nil)
        #expect(without.lanes[0].spec.value(0) == AnimationSpec(kind: .springDurationBounce).value(0))
        #expect(without.lanes[0].spec.speed == 2)
        without.restoreLiveState(Data("garbage".utf8))
        #expect(without.lanes[0].spec.speed == 2, "unreadable state changes nothing")
    }

    @Test func aRecordingGoesOnInTheNextBuildWithOneHeader() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/input.jsonl"
        let header = ReplayHeader(scene: "hello", fps: nil, fixedDt: 0.01)
        let first = try RecordingWriter(path: path, header: header, appending: true)
        first.append([.keyDown(.space)], frame: 3)
        try first.finish()
        let second = try RecordingWriter(path: path, header: header, appending: true)
        second.append([.keyDown(.letter("p"))], frame: 40)
        try second.finish()
        let script = try InputScript.load(path)
        #expect(script.events.map(\.frame) == [3, 40])
        #expect(script.header?.scene == "hello")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.components(separatedBy: "\"cadence\"").count == 2, "one header line: \(text)")
    }
}
