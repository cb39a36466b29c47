/// Everything a run of the harness is asked to do, checked before anything starts.
public struct RunConfiguration: Sendable, Equatable {
    /// The scene's command-line name.
    public var scene: String
    /// Stop after this many frames (`nil`: run until quit).
    public var frames: Int?
    /// No window: SDL's dummy driver and the software renderer.
    public var headless: Bool
    /// Write the last frame here as a PNG.
    public var screenshotPath: String?
    /// Write the frame-timing summary here.
    public var summaryPath: String?
    /// Target frames per second; `nil`: the display's refresh rate when known, else 60.
    public var fps: Double?
    /// Every frame advances by exactly this many seconds (deterministic runs).
    public var fixedDelta: Double?
    /// Run frames back to back without pacing.
    public var unpaced: Bool
    /// Window width in pixels.
    public var width: Int
    /// Window height in pixels.
    public var height: Int

    /// Creates a configuration; the defaults are the default scene, windowed, at the display's rate, 1280×720.
    public init(scene: String = SceneCatalog.defaultName, frames: Int? = nil, headless: Bool = false,
                screenshotPath: String? = nil, summaryPath: String? = nil, fps: Double? = nil,
                fixedDelta: Double? = nil, unpaced: Bool = false, width: Int = 1280, height: Int = 720) {
        self.scene = scene
        self.frames = frames
        self.headless = headless
        self.screenshotPath = screenshotPath
        self.summaryPath = summaryPath
        self.fps = fps
        self.fixedDelta = fixedDelta
        self.unpaced = unpaced
        self.width = width
        self.height = height
    }

    /// Throws the first problem found: an unknown scene, an out-of-range number, an unwritable output path.
    /// Checks every output path before the run starts, so a bad path never costs a run.
    public func validate() throws(HarnessError) {
        guard SceneCatalog.names.contains(scene) else { throw .unknownScene(scene) }
        if let fps, !(fps.isFinite && fps > 0 && fps <= 1000) {
            throw .invalidOption("--fps must be a number of frames per second in (0, 1000] (got \(fps))")
        }
        if let frames, frames < 0 { throw .invalidOption("--frames must be 0 or more (got \(frames))") }
        if let fixedDelta, !(fixedDelta.isFinite && fixedDelta > 0 && fixedDelta <= 1) {
            throw .invalidOption("--fixed-dt must be a number of seconds in (0, 1] (got \(fixedDelta))")
        }
        guard (64...16384).contains(width), (64...16384).contains(height) else {
            throw .invalidOption("--width and --height must be between 64 and 16384 pixels (got \(width)×\(height))")
        }
        for path in [screenshotPath, summaryPath].compactMap({ $0 }) { try OutputFile.checkWritable(path) }
    }
}
