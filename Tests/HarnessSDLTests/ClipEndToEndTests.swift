import Foundation
import Testing
@testable import Harness
@testable import HarnessSDL

/// Runs a command-line tool (ImageMagick's `identify`, `ffprobe`) and returns its standard output.
private func tool(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = try ChildPipe()
    process.standardOutput = pipe.writing
    process.standardError = FileHandle.nullDevice
    try launch(process, handingOver: pipe.writing)
    let data = pipe.reading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// The demo replay of the retarget scene at the fixed step of the golden frames, headless.
private func replayed(_ frames: Int) -> [String] {
    [
        "retarget", "--headless", "--unpaced", "--fixed-dt", "0.0166666666667", "--frames", "\(frames)",
        "--replay", "Assets/replays/retarget.jsonl",
    ]
}

extension CommandRunTests {
    @Test func aGIFOfAReplayIsTheSameByteForByteWithTheFramesSizeAndTimeAsked() async throws {
        let scratch = try ScratchFolder()
        let (first, second) = (scratch.path + "/a.gif", scratch.path + "/b.gif")
        for path in [first, second] {
            let run = try await runCadence(replayed(30) + ["--clip", path, "--clip-scale", "0.25"])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("15 frames, 320×180 at 30 fps (0.50 s)"), "\(run.output)")
        }
        let (a, b) = (
            try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second))
        )
        #expect(a == b, "the same replay gives the same GIF")
        #expect(a.count < 400_000)
        let frames = try tool(["identify", "-format", "%W %H %T\n", first]).split(separator: "\n")
        #expect(frames.count == 15, "every other frame of 30")
        #expect(frames.allSatisfy { $0.hasPrefix("320 180 ") }, "\(frames.prefix(3))")
        let hundredths = frames.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        #expect(hundredths.reduce(0, +) == 50, "it plays for 0.5 s, as the run did")
        #expect(scratch.contents == ["a.gif", "b.gif"], "no temporary file is left")
    }

    @Test func aVideoHasEveryFrameAndALosslessClipIsWhatTheRunDrew() async throws {
        let scratch = try ScratchFolder()
        let video = scratch.path + "/run.mp4"
        let run = try await runCadence(replayed(30) + ["--clip", video])
        #expect(run.status == 0, "\(run.output)")
        let probe = try tool([
            "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=nb_read_frames,width,height,r_frame_rate", "-of", "csv=p=0", video,
        ])
        #expect(probe.trimmingCharacters(in: .whitespacesAndNewlines) == "1280,720,60/1,30", "\(probe)")

        // APNG is lossless: its frames are exactly the run's screenshots of the same frames.
        let shots = scratch.path + "/shots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let lossless = scratch.path + "/run.apng"
        let again = try await runCadence(
            replayed(41) + ["--clip", lossless, "--clip-start", "20", "--screenshot-every", "20", shots])
        #expect(again.status == 0, "\(again.output)")
        _ = try tool(["ffmpeg", "-v", "error", "-i", lossless, scratch.path + "/clip-%02d.png"])
        for (clipFrame, runFrame) in [(1, 20), (21, 40)] {
            let fromClip = try decodePNG(scratch.path + String(format: "/clip-%02d.png", clipFrame))
            let fromRun = try decodePNG(shots + String(format: "/frame-%06d.png", runFrame))
            let differing = zip(fromClip.pixels, fromRun.pixels).filter { $0.r != $1.r || $0.g != $1.g || $0.b != $1.b }
            #expect(
                fromClip.width == fromRun.width && differing.isEmpty,
                "clip frame \(clipFrame) is run frame \(runFrame) (\(differing.count) pixels differ)")
        }
    }

    @Test func aClipThatCannotBeMadeIsRefusedOrFailsLeavingNothing() async throws {
        let scratch = try ScratchFolder()
        let short = ["hello", "--headless", "--unpaced", "--fixed-dt", "0.0166666666667", "--frames", "30"]

        let unknown = try await runCadence(short + ["--clip", scratch.path + "/run.avi"])
        #expect(unknown.status == 2 && unknown.output.contains(".gif (built in), .mp4"), "\(unknown.output)")

        let noFFmpeg = try await runCadence(
            short + ["--clip", scratch.path + "/run.mp4"], environment: ["PATH": "/nonexistent"])
        #expect(noFFmpeg.status == 2 && noFFmpeg.output.contains("apt install ffmpeg"), "\(noFFmpeg.output)")
        #expect(!noFFmpeg.output.contains("frames:"), "refused before the first frame")

        let tooFast = try await runCadence(short + ["--clip", scratch.path + "/run.mp4", "--clip-fps", "90"])
        #expect(tooFast.status == 2 && tooFast.output.contains("never invents"), "\(tooFast.output)")
        #expect(!tooFast.output.contains("frames:"), "refused before the first frame")

        let shared = try await runCadence(
            short + ["--clip", scratch.path + "/x.gif", "--screenshot", scratch.path + "/x.gif"])
        #expect(shared.status == 2 && shared.output.contains("both write to"), "\(shared.output)")

        // An ffmpeg that dies after reading a little: exit 1 with its words, and no file.
        let fake = scratch.path + "/bin"
        try FileManager.default.createDirectory(atPath: fake, withIntermediateDirectories: true)
        try "#!/bin/sh\nhead -c 1000 >/dev/null\necho 'encoder gave up' >&2\nexit 1\n"
            .write(toFile: fake + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(fake + "/ffmpeg", 0o755)
        let dying = try await runCadence(
            short + ["--clip", scratch.path + "/dies.mp4", "--summary", scratch.path + "/summary.txt"],
            environment: ["PATH": fake + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        #expect(dying.status == 1 && dying.output.contains("encoder gave up"), "\(dying.output)")
        #expect(
            FileManager.default.fileExists(atPath: scratch.path + "/summary.txt"), "the run's own outputs are written")

        // A full disk, through a link to /dev/full: exit 1, the device left as it was.
        for name in ["full.gif", "full.mp4"] {
            let link = try scratch.symlink(name, to: "/dev/full")
            let full = try await runCadence(short + ["--clip", link])
            #expect(full.status == 1 && full.output.contains("No space left on device"), "\(name): \(full.output)")
            #expect(nodeKind(link) == S_IFLNK)
        }
        #expect(scratch.contents == ["bin", "full.gif", "full.mp4", "summary.txt"], "nothing half-written")
    }

    @Test func aSignalEndsTheRunAndTheClipShowsWhatRan() async throws {
        let scratch = try ScratchFolder()
        let clip = scratch.path + "/until-term.gif"
        let run = try await runCadence(
            ["hello", "--headless", "--fixed-dt", "0.0166666666667", "--clip", clip, "--clip-scale", "0.25"],
            signal: SIGTERM, after: 0.5)
        #expect(run.status == 128 + SIGTERM, "\(run.output)")
        let ran = run.output.split(separator: "\n").first { $0.hasPrefix("interrupted at frame") }
            .flatMap { Int($0.split(separator: " ")[3]) }
        let frames = try tool(["identify", clip]).split(separator: "\n").count
        #expect(ran != nil && frames == ((ran ?? 0) + 1) / 2, "every other frame of the \(ran ?? -1) run: \(frames)")
    }
}
