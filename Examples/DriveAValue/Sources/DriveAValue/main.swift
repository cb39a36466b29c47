// A value and a tween driven from the program's own loop by one Tweener: a spring retargeted mid-flight
// (it keeps its velocity) and a tween with a delay and an ease. Prints a line every 10 frames.
import Cadence
import Tweening

let tweener = Tweener()
let position = AnimatedValue(SIMD2<Double>(0, 0))
tweener.drive(position)
position.set(SIMD2(300, 120), animation: .bouncy)

var opacity = 0.0
tweener.tween(from: 0.0, to: 1.0, duration: 0.6) { opacity = $0 }
    .ease(.backOut)
    .delay(0.2)

let dt = 1.0 / 60
for frame in 1...120 {
    if frame == 30 {
        print("retarget: velocity before \(position.velocity)")
        position.set(SIMD2(40, 200), animation: .spring(duration: 0.4, bounce: 0.2))
        print("retarget: velocity after  \(position.velocity)")
    }
    tweener.update(by: dt)
    if frame % 10 == 0 {
        let p = position.presentation
        print(
            "frame \(frame): position (\((p.x * 10).rounded() / 10), \((p.y * 10).rounded() / 10))  opacity \((opacity * 1000).rounded() / 1000)"
        )
    }
}
print("at rest: \(!position.isAnimating); the tweener still tracks \(tweener.count) (the driver of position)")
