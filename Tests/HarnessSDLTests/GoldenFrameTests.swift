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

    static func render(_ scene: String, into folder: String, scale: Double = 1, weston: Bool = false) throws -> Image {
        if weston {
            let path = folder + "/\(scene)-weston.png"
            let script = """
                "$CADENCE" \(scene) --unpaced --fixed-dt \(fixedDelta) --frames \(frames[scene] ?? 60) \\
                  --replay Assets/replays/\(scene).jsonl --screenshot "$OUT" >/dev/null
                """
            let (status, output) = try underWeston(
                script, options: ["--scale", String(format: "%g", scale)],
                environment: ["CADENCE": cadenceExecutable, "OUT": path])
            guard status == 0 else { throw HarnessError.platform("the run under weston failed: \(output)") }
            return try SDLBackend.loadPNG(path)
        }
        var configuration = RunConfiguration(
            scene: scene, frames: frames[scene] ?? 60, headless: true,
            screenshotPath: folder + "/\(scene).png", fixedDelta: fixedDelta, unpaced: true)
        configuration.replayPath = root.appendingPathComponent("Assets/replays/\(scene).jsonl").path
        configuration.scale = scale
        _ = try HarnessRun.run(configuration)
        return try SDLBackend.loadPNG(folder + "/\(scene).png")
    }

    static func diff(_ actual: Image, _ reference: Image) -> Image {
        Image(
            width: reference.width, height: reference.height,
            pixels: zip(actual.pixels, reference.pixels).map { a, r in
                a == r ? Color(r.r / 4, r.g / 4, r.b / 4) : Color(255, 0, 0)
            })
    }
}

extension SDLTests {
    @Test func everySceneDrawsItsGoldenFrameAfterAFixedDtReplay() throws {
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
        for (scene, rendered, scale, weston) in Golden.cases {
            let image = try Golden.render(rendered, into: folder, scale: scale, weston: weston)
            let hash = Golden.hash(image)
            lines.append("\(scene) \(hash)")
            if update {
                try FileManager.default.createDirectory(atPath: out + "/golden", withIntermediateDirectories: true)
                try SDLBackend.savePNG(image, to: out + "/golden/\(scene).png")
                continue
            }
            // The same run twice must draw the same pixels: nothing on screen may depend on the wall clock.
            let again = try Golden.render(rendered, into: folder, scale: scale, weston: weston)
            #expect(Golden.hash(again) == hash, "\(scene): two fixed-dt replays drew different frames")
            guard let golden = expected[scene] else {
                Issue.record("\(scene) has no golden hash in Assets/golden/hashes.txt: run `make golden`")
                continue
            }
            if hash != golden {
                try FileManager.default.createDirectory(
                    atPath: out + "/golden-failures", withIntermediateDirectories: true)
                try SDLBackend.savePNG(image, to: out + "/golden-failures/\(scene).png")
                var note = "wrote out/golden-failures/\(scene).png"
                if let reference = try? SDLBackend.loadPNG(out + "/golden/\(scene).png"),
                    reference.width == image.width, reference.height == image.height
                {
                    let diff = Golden.diff(image, reference)
                    try SDLBackend.savePNG(diff, to: out + "/golden-failures/\(scene).diff.png")
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
