import Foundation
import Testing
@testable import Harness
@testable import HarnessSDL

/// What a clip keeps, how its colours are chosen and how it is shrunk: no SDL, no encoder.
@Suite struct ClipTests {
    @Test func thirtyFramesASecondFromSixtyKeepsEveryOtherFrameAndAddsUpToTrueTime() throws {
        let schedule = try ClipOptions(path: "a.gif").schedule(step: 1 / 60, frames: 120)
        #expect(schedule.framesPerSecond == 30, "a GIF of a 60 Hz run defaults to 30 fps")
        #expect((0..<120).filter(schedule.keeps) == Array(stride(from: 0, to: 120, by: 2)))
        #expect(schedule.frameCount == 60)
        let delays = (0..<60).map(schedule.delayInHundredths(ofFrame:))
        #expect(Set(delays) == [3, 4], "3.33 hundredths a frame, as 3, 3 and 4")
        #expect(delays.reduce(0, +) == 200, "60 frames at 30 fps last exactly 2 s")
    }

    @Test func anyRateDropsFramesEvenlyAndNeverInventsOne() throws {
        let schedule = try ClipOptions(path: "a.mp4", framesPerSecond: 25).schedule(step: 1 / 60, frames: 600)
        let kept = (0..<600).filter(schedule.keeps)
        #expect(kept.count == 250 && schedule.frameCount == 250, "10 s at 25 fps")
        let gaps = Set(zip(kept.dropFirst(), kept).map { $0 - $1 })
        #expect(gaps == [2, 3], "every kept frame is 2 or 3 run frames after the last: \(gaps)")
        #expect(
            try ClipOptions(path: "a.mp4").schedule(step: 1 / 60, frames: 10).frameCount == 10, "video: every frame")
        #expect(ClipFormat.gif.defaultFramesPerSecond(runRate: 144) == 48)
        #expect(ClipFormat.gif.defaultFramesPerSecond(runRate: 50) == 50)
        #expect(throws: HarnessError.self) {
            try ClipOptions(path: "a.mp4", framesPerSecond: 61).schedule(step: 1 / 60, frames: 10)
        }
    }

    @Test func startAndEndCutTheRunAndTheClipStartsAtItsFirstFrame() throws {
        let schedule = try ClipOptions(path: "a.gif", framesPerSecond: 30, start: 31, end: 91)
            .schedule(step: 1 / 60, frames: 200)
        #expect((0..<200).filter(schedule.keeps) == Array(stride(from: 31, to: 91, by: 2)))
        #expect(throws: HarnessError.self) {
            try ClipOptions(path: "a.gif", start: 20).schedule(step: 1 / 60, frames: 20)
        }
    }

    @Test func badClipOptionsAreRefusedWithWhatWouldWork() {
        func message(_ options: ClipOptions, frames: Int? = nil) -> String {
            do {
                try options.validate(frames: frames)
                return ""
            } catch {
                return error.description
            }
        }
        let unknown = message(ClipOptions(path: "out/run.avi"))
        #expect(unknown.contains("'.avi'") && unknown.contains(".gif") && unknown.contains(".mp4"), "\(unknown)")
        #expect(unknown.contains("ffmpeg"), "it says what the video formats need: \(unknown)")
        #expect(message(ClipOptions(path: "run")).contains("unknown clip format"))
        #expect(message(ClipOptions(path: "run.png")).contains("unknown clip format"), "a still is --screenshot's")
        #expect(message(ClipOptions(path: "a.gif", scale: .nan)).contains("--clip-scale"))
        #expect(message(ClipOptions(path: "a.gif", scale: 1.5)).contains("--clip-scale"))
        #expect(message(ClipOptions(path: "a.gif", scale: 0)).contains("--clip-scale"))
        #expect(message(ClipOptions(path: "a.gif", framesPerSecond: .infinity)).contains("--clip-fps"))
        #expect(message(ClipOptions(path: "a.gif", framesPerSecond: 60)).contains("50 fps at most"))
        #expect(message(ClipOptions(path: "a.gif", start: -1)).contains("--clip-start"))
        #expect(message(ClipOptions(path: "a.gif", start: 5, end: 5)).contains("--clip-end"))
        #expect(message(ClipOptions(path: "a.gif", start: 30), frames: 30).contains("past the run's last frame"))
        #expect(message(ClipOptions(path: "a.gif", end: 31), frames: 30).contains("past the run's end"))
        #expect(
            message(ClipOptions(path: "a.GIF", scale: 0.5, framesPerSecond: 25, start: 2, end: 9), frames: 30) == "")
    }

    @Test func aVideoFormatWithoutFFmpegIsRefusedNamingThePackage() throws {
        for format in [ClipFormat.mp4, .webm, .apng] {
            #expect(throws: HarnessError.self) { try format.checkEncoderAvailable(path: "/nonexistent") }
            do {
                try format.checkEncoderAvailable(path: "/nonexistent:/also-not")
            } catch {
                #expect(error.description.contains("apt install ffmpeg"), "\(error.description)")
            }
        }
        try ClipFormat.gif.checkEncoderAvailable(path: "/nonexistent")
    }

    @Test func aClipOfAtMost255ColoursKeepsEveryColourExactly() {
        var picture = ClipPicture(width: 64, height: 4)
        for index in picture.pixels.indices {
            picture.pixels[index] = 0xFF00_0000 | UInt32(index % 100) << 16 | UInt32(index % 5) << 8 | 0x40
        }
        var census = ColorCensus()
        census.count(picture)
        let palette = ClipPalette(census)
        var indices: [UInt8] = []
        palette.indices(of: picture, into: &indices)
        for (pixel, index) in zip(picture.pixels, indices) {
            #expect(palette.colors[Int(index)] == pixel & 0xFF_FFFF)
        }
        #expect(palette.colors.count == census.distinct && census.distinct == 100)
    }

    @Test func aClipOfManyColoursKeepsTheDrawnColoursExactlyAndTheRestClose() {
        // A flat background, three scene colours on small areas, and a 4,096-shade gradient between them.
        var picture = ClipPicture(width: 256, height: 64)
        let scene: [UInt32] = [0xFF6B6B, 0x50C8E6, 0xFAE65A]
        for y in 0..<64 {
            for x in 0..<256 {
                let gradient = UInt32(x) << 16 | UInt32((y * 4) & 0xFF) << 8 | UInt32(255 - x)
                let color: UInt32 = y < 32 ? 0x12141A : y < 36 ? scene[x % 3] : gradient
                picture.pixels[y * 256 + x] = 0xFF00_0000 | color
            }
        }
        var census = ColorCensus()
        census.count(picture)
        #expect(census.distinct > 4000)
        let palette = ClipPalette(census, drawn: Set(scene + [0x12141A]))
        #expect(palette.colors.count <= ClipPalette.maximumCount)
        var indices: [UInt8] = []
        palette.indices(of: picture, into: &indices)
        var worst = 0
        for (pixel, index) in zip(picture.pixels, indices) {
            let color = pixel & 0xFF_FFFF
            let mapped = palette.colors[Int(index)]
            if scene.contains(color) || color == 0x12141A { #expect(mapped == color, "a drawn colour is kept exactly") }
            let channels = [16, 8, 0].map { shift in abs(Int(color >> shift & 0xFF) - Int(mapped >> shift & 0xFF)) }
            worst = max(worst, channels.max()!)
        }
        #expect(worst <= 24, "every shade lands near itself (worst channel error \(worst))")
        let again = ClipPalette(census, drawn: Set(scene + [0x12141A]))
        #expect(again.colors == palette.colors, "the same clip gives the same palette")
    }

    @Test func theCensusCountsEveryPixelThroughItsGrowth() {
        var census = ColorCensus()
        for color in 0..<5000 { census.add(UInt32(color), color % 3 + 1) }
        census.add(7, 10)
        #expect(census.distinct == 5000)
        let counted = census.colors
        #expect(counted.count == 5000)
        #expect(counted.first! == (color: 7, count: 12), "most frequent first")
        let counts = counted.reduce(0) { $0 + $1.count }
        let added = (0..<5000).reduce(0) { (sum: Int, color: Int) in sum + color % 3 + 1 } + 10
        #expect(counts == added)
    }

    @Test func shrinkingAveragesTheCoveredPixelsAndFullSizeCopies() {
        var source = [UInt32](repeating: 0, count: 8 * 4)
        for y in 0..<4 {
            for x in 0..<8 { source[y * 8 + x] = (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 }
        }
        var half = ClipPicture(width: 4, height: 2)
        source.withUnsafeBufferPointer {
            ClipScaler(from: (8, 4), to: (4, 2)).scale($0, stride: 8, into: &half)
        }
        #expect(half.pixels.allSatisfy { $0 == 0xFF80_8080 }, "a checkerboard halves to mid grey")
        var same = ClipPicture(width: 8, height: 4)
        source.withUnsafeBufferPointer { ClipScaler(from: (8, 4), to: (8, 4)).scale($0, stride: 8, into: &same) }
        #expect(same.pixels == source)
        #expect(ClipPicture.size(width: 1280, height: 720, scale: 0.5) == (640, 360))
        #expect(ClipPicture.size(width: 1281, height: 721, scale: 0.3) == (384, 216), "even sizes for yuv420p")
    }
}
