import Foundation
import Testing

extension CommandRunTests {
    /// `your-animation --live` on a scratch copy of Examples/YourAnimation (Scripts/live-session check, which
    /// `make example` runs in part): after an edit of the animation's constants, the frames are the edited
    /// code's (the last frame equals a fresh run of the edited code over as many frames, and differs from the
    /// old code's) with the scene, time scale, frame count and recording kept; a build error is reported while
    /// the old build runs on, and its fix reloads; a trap restarts the last build that ran with its state;
    /// under Xvfb, the inspector's lanes, the time scale and the profiler set with keys survive a reload.
    /// The first run builds Cadence into the scratch copy; timing is printed, not asserted.
    @Test func aLiveSessionReloadsEditsSurvivesBuildErrorsAndTraps() async throws {
        let run = try await runChild(
            "/usr/bin/env", ["python3", Golden.root.appendingPathComponent("Scripts/live-session").path, "check"],
            directory: Golden.root, timeout: 1500)
        #expect(run.status == 0, "\(run.output)")
        for line in [
            "build 1 drew its first frame", "a build error was reported while build 1 ran on",
            "build 3 trapped; build 2 was back with the state", "the frames are the edited code's", "live-session: ok",
        ] {
            #expect(run.output.contains(line), "\(line): \(run.output)")
        }
    }
}
