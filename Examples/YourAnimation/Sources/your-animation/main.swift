// The whole harness (window, pacing, profiler, record and replay, screenshots, every option of `cadence`)
// with this package's scene and animation added: `swift run your-animation --help` lists the scene
// beside the built-in ones, and the inspector offers `anticipate` as a lane kind.
//
// Live edit needs nothing more: `swift run your-animation anticipate --live`, then change
// AnticipateAnimation's `progress(at:)` and save. The window shows the new motion after the rebuild,
// still on the same scene, clock and inspector lanes.
import CadenceCLI
import Harness
import YourAnimationScenes

CadenceCommand.main(adding: [.anticipate], animations: [.anticipate])
