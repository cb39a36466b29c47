// The `CustomAnimation` requirement pages: the three methods with the signatures as documented.
import Cadence

struct DocumentedSignaturesAnimation: CustomAnimation {
    var duration: TimeInterval = 1

    func animate<V>(
        value: V,
        time: TimeInterval,
        context: inout AnimationContext<V>
    ) -> V? where V: VectorArithmetic {
        time >= duration ? nil : value.scaled(by: time / duration)
    }

    func velocity<V>(
        value: V,
        time: TimeInterval,
        context: AnimationContext<V>
    ) -> V? where V: VectorArithmetic {
        value.scaled(by: 1 / duration)
    }

    func shouldMerge<V>(
        previous: Animation,
        value: V,
        time: TimeInterval,
        context: inout AnimationContext<V>
    ) -> Bool where V: VectorArithmetic {
        false
    }
}
