import CCGIF
import Foundation
import Harness

/// Animated GIFs through cgif: one palette for the whole clip (see ``ClipPalette``), so every frame is
/// surveyed first; cgif then encodes each frame as the rectangle that changed, its unchanged pixels
/// transparent. It loops forever.
final class GIFEncoder: ClipEncoder {
    let surveysFirst = true
    private let output: OutputFile.Pending
    private let size: (width: Int, height: Int)
    private var census = ColorCensus()
    private var drawnColors = Set<UInt32>()
    private var palette: ClipPalette?
    private var indices: [UInt8] = []
    private let sink: Sink
    private var gif: OpaquePointer?
    private var paletteBytes: UnsafeMutablePointer<UInt8>?
    private var done = false

    /// Where cgif's bytes go: an open file descriptor, and the first write error.
    private final class Sink {
        let fd: Int32
        var failure: Int32?
        init(fd: Int32) { self.fd = fd }
    }

    /// Opens `output`'s destination for a GIF of `size`.
    init(output: OutputFile.Pending, size: (width: Int, height: Int)) throws(HarnessError) {
        guard size.width <= Int(UInt16.max), size.height <= Int(UInt16.max) else {
            throw .invalidOption("--clip: a GIF is at most 65535 pixels a side (got \(size.width)×\(size.height))")
        }
        self.output = output
        self.size = size
        let fd = open(output.destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .unwritablePath(output.target.path, reason: String(cString: strerror(errno))) }
        sink = Sink(fd: fd)
    }

    deinit { cancel() }

    func survey(_ picture: ClipPicture, drawn: DrawList) {
        census.count(picture)
        for command in drawn.commands {
            let color: Color
            switch command {
            case let .clear(c), let .fillRect(_, c), let .fillRects(_, c), let .strokeRect(_, c), let .line(_, _, c),
                let .polyline(_, c), let .circle(_, _, c), let .dots(_, _, c), let .text(_, _, _, c):
                color = c
            }
            if color.a == 255 { drawnColors.insert(UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)) }
        }
    }

    func append(_ picture: ClipPicture, delayInHundredths: Int) throws(HarnessError) {
        if gif == nil { try start() }
        palette!.indices(of: picture, into: &indices)
        let result = indices.withUnsafeMutableBufferPointer { data in
            var frame = CGIF_FrameConfig()
            frame.pImageData = data.baseAddress
            frame.delay = UInt16(clamping: delayInHundredths)
            frame.genFlags = UInt32(CGIF_FRAME_GEN_USE_TRANSPARENCY | CGIF_FRAME_GEN_USE_DIFF_WINDOW)
            return cgif_addframe(gif, &frame)
        }
        if result != CGIF_OK.rawValue { throw failure(result) }
    }

    func finish() throws(HarnessError) {
        if gif == nil { try start() }
        let result = cgif_close(gif)
        gif = nil
        let closed = close(sink.fd)
        done = true
        release()
        if result != CGIF_OK.rawValue || closed != 0 {
            output.discard()
            throw failure(result == CGIF_OK.rawValue ? CGIF_EWRITE.rawValue : result)
        }
        try output.commit()
    }

    func cancel() {
        guard !done else { return }
        done = true
        if let gif { cgif_close(gif) }
        gif = nil
        close(sink.fd)
        release()
        output.discard()
    }

    /// Chooses the palette from the survey and writes the GIF's header.
    private func start() throws(HarnessError) {
        let palette = ClipPalette(census, drawn: drawnColors)
        self.palette = palette
        let bytes = palette.rgbBytes
        // cgif reads the palette when it writes the header and frames: it must outlive the GIF.
        let stored = UnsafeMutablePointer<UInt8>.allocate(capacity: max(3, bytes.count))
        stored.initialize(repeating: 0, count: max(3, bytes.count))
        stored.update(from: bytes, count: bytes.count)
        paletteBytes = stored
        var config = CGIF_Config()
        config.pGlobalPalette = stored
        config.numGlobalPaletteEntries = UInt16(max(1, palette.colors.count))
        config.attrFlags = UInt32(CGIF_ATTR_IS_ANIMATED)
        config.numLoops = UInt16(CGIF_INFINITE_LOOP)
        config.width = UInt16(size.width)
        config.height = UInt16(size.height)
        config.pContext = Unmanaged.passUnretained(sink).toOpaque()
        config.pWriteFn = { context, data, count in
            let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
            var offset = 0
            while offset < count {
                let written = write(sink.fd, data! + offset, count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    sink.failure = errno
                    return -1
                }
                offset += written
            }
            return 0
        }
        guard let made = cgif_newgif(&config) else { throw failure(CGIF_EALLOC.rawValue) }
        gif = made
    }

    private func release() {
        paletteBytes?.deallocate()
        paletteBytes = nil
    }

    private func failure(_ result: Int32) -> HarnessError {
        if let errorNumber = sink.failure {
            return .outputFailed(output.target.path, reason: String(cString: strerror(errorNumber)))
        }
        return .outputFailed(output.target.path, reason: "cgif failed (error \(result))")
    }
}
