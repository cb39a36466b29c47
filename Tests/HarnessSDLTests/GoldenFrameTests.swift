import Foundation
import Testing
@testable import Harness
@testable import HarnessSDL

/// Golden frames: every scene, after its demo replay (`Assets/replays/<scene>.jsonl`) under a fixed `dt`
/// with the software renderer (and the retarget scene also under weston with OpenGL, see ``cases``), must
/// draw exactly the pixels whose hash is in `Assets/golden/hashes.txt`.
///
/// `make golden` (`CADENCE_GOLDEN_UPDATE=1`) rewrites the hashes and saves the frames as reference PNGs in
/// `out/golden/`. A failing scene writes what it drew to `out/golden-failures/<scene>.png` and, when a
/// reference PNG is there, `<scene>.diff.png`: changed pixels in red over a dimmed copy of the reference.
enum Golden {
    /// The repository's root (this file is in Tests/HarnessSDLTests/).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let hashesPath = root.appendingPathComponent("Assets/golden/hashes.txt").path
    /// Frames per scene: where the demo input has something worth seeing (as `make shots`).
    static let frames = [
        "retarget": 92, "target": 60, "pause": 100, "curves": 70, "tweens": 90, "stress": 95, "hello": 45, "fling": 100,
        "keyframes": 90, "inspector": 90,
    ]
    static let fixedDelta = 0.0166666666667

    /// FNV-1a (64-bit) over every pixel's RGBA bytes, as 16 hex digits.
    static func hash(_ image: Image) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in image.pixels {
            for byte in [c.r, c.g, c.b, c.a] {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        return String(format: "%016llx", hash)
    }

    /// `scene hash` lines.
    static func load() -> [String: String] {
        guard let text = try? String(contentsOfFile: hashesPath, encoding: .utf8) else { return [:] }
        var table: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2 { table[String(parts[0])] = String(parts[1]) }
        }
        return table
    }

    /// What has a golden frame, by the name in hashes.txt: every scene at scale 1, and the retarget scene at
    /// 2 pixels a point (text rasterised at twice its size), headless and in a native Wayland window under
    /// `weston --scale=2` (OpenGL, which draws edges a little differently from the software renderer).
    static var cases: [(name: String, scene: String, scale: Double, weston: Bool)] {
        SceneCatalog.builtIn.names.map { ($0, $0, 1, false) } + [
            ("retarget@2x", "retarget", 2, false), ("retarget@2x-weston", "retarget", 2, true),
        ]
    }

    /// Runs `scene` (by the `cadence` command, headless with the software renderer, or under weston) and
    /// reads the frame it drew last.
    static func render(_ scene: String, into folder: String, scale: Double = 1, weston: Bool = false) async throws
        -> Image
    {
        let path = folder + "/\(scene)@\(String(format: "%g", scale))\(weston ? "-weston" : "").png"
        let run = [
            scene, "--unpaced", "--fixed-dt", "\(fixedDelta)", "--frames", "\(frames[scene] ?? 60)", "--replay",
            "Assets/replays/\(scene).jsonl", "--screenshot", path,
        ]
        if weston {
            // weston's own --scale gives the window its pixels a point.
            let script = "\"$CADENCE\" " + run.map { "'\($0)'" }.joined(separator: " ") + " >/dev/null"
            let (status, output) = try await underWeston(
                script, options: ["--scale", String(format: "%g", scale)], environment: ["CADENCE": cadenceExecutable])
            guard status == 0 else { throw HarnessError.platform("the run under weston failed: \(output)") }
        } else {
            let result = try await runChild(
                cadenceExecutable, run + ["--headless", "--scale", String(format: "%g", scale)], directory: root)
            guard result.status == 0 else { throw HarnessError.platform("the headless run failed: \(result.output)") }
        }
        return try decodePNG(path)
    }

    static func diff(_ actual: Image, _ reference: Image) -> Image {
        Image(
            width: reference.width, height: reference.height,
            pixels: zip(actual.pixels, reference.pixels).map { a, r in
                a == r ? Color(r.r / 4, r.g / 4, r.b / 4) : Color(255, 0, 0)
            })
    }
}

extension CommandRunTests {
    /// Every case is run once, in parallel: a frame that depended on the wall clock would miss its hash (and
    /// ``SDLTests/aReplayWithAFixedDeltaDrawsIdenticalFrames()`` runs one replay twice).
    @Test func everySceneDrawsItsGoldenFrameAfterAFixedDtReplay() async throws {
        let update = ProcessInfo.processInfo.environment["CADENCE_GOLDEN_UPDATE"] == "1"
        let folder = NSTemporaryDirectory() + "cadence-golden-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = Golden.root.appendingPathComponent("out").path
        let expected = Golden.load()
        var lines = [
            "# Golden frames: FNV-1a of the RGBA pixels after each scene's demo replay at --fixed-dt \(Golden.fixedDelta).",
            "# Regenerate with `make golden` (and look at out/golden/*.png before committing).",
        ]
        let rendered = try await withThrowingTaskGroup(of: (Int, Image).self) { group in
            for (index, (_, scene, scale, weston)) in Golden.cases.enumerated() {
                group.addTask { (index, try await Golden.render(scene, into: folder, scale: scale, weston: weston)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }.sorted { $0.0 < $1.0 }.map(\.1)
        }
        for ((scene, _, _, _), image) in zip(Golden.cases, rendered) {
            let hash = Golden.hash(image)
            lines.append("\(scene) \(hash)")
            if update {
                try FileManager.default.createDirectory(atPath: out + "/golden", withIntermediateDirectories: true)
                try encodePNG(image, to: out + "/golden/\(scene).png")
                continue
            }
            guard let golden = expected[scene] else {
                Issue.record("\(scene) has no golden hash in Assets/golden/hashes.txt: run `make golden`")
                continue
            }
            if hash != golden {
                try FileManager.default.createDirectory(
                    atPath: out + "/golden-failures", withIntermediateDirectories: true)
                try encodePNG(image, to: out + "/golden-failures/\(scene).png")
                var note = "wrote out/golden-failures/\(scene).png"
                if let reference = try? decodePNG(out + "/golden/\(scene).png"),
                    reference.width == image.width, reference.height == image.height
                {
                    let diff = Golden.diff(image, reference)
                    try encodePNG(diff, to: out + "/golden-failures/\(scene).diff.png")
                    let changed = zip(image.pixels, reference.pixels).filter { $0 != $1 }.count
                    note += " and \(scene).diff.png (\(changed) pixels differ from out/golden/\(scene).png)"
                }
                Issue.record(
                    "\(scene): frame hash \(hash), golden \(golden); \(note). If the change is intended, run `make golden`."
                )
            }
        }
        if update {
            try FileManager.default.createDirectory(
                atPath: (Golden.hashesPath as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: Golden.hashesPath))
        }
    }
}
