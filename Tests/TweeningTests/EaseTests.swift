import Foundation
import Testing
import Tweening

struct EaseTests {
    /// easings.net formulas evaluated independently (Python, double precision) at 0.25, 0.5, 0.75
    /// with the standard overshoot 1.70158.
    static let reference: [(String, Ease, [Double])] = [
        ("linear", .linear, [0.25, 0.5, 0.75]),
        ("sineIn", .sineIn, [0.07612046748871326, 0.2928932188134524, 0.6173165676349102]),
        ("sineOut", .sineOut, [0.3826834323650898, 0.7071067811865475, 0.9238795325112867]),
        ("sineInOut", .sineInOut, [0.1464466094067262, 0.49999999999999994, 0.8535533905932737]),
        ("quadIn", .quadIn, [0.0625, 0.25, 0.5625]),
        ("quadOut", .quadOut, [0.4375, 0.75, 0.9375]),
        ("quadInOut", .quadInOut, [0.125, 0.5, 0.875]),
        ("cubicIn", .cubicIn, [0.015625, 0.125, 0.421875]),
        ("cubicOut", .cubicOut, [0.578125, 0.875, 0.984375]),
        ("cubicInOut", .cubicInOut, [0.0625, 0.5, 0.9375]),
        ("quartIn", .quartIn, [0.00390625, 0.0625, 0.31640625]),
        ("quartOut", .quartOut, [0.68359375, 0.9375, 0.99609375]),
        ("quartInOut", .quartInOut, [0.03125, 0.5, 0.96875]),
        ("quintIn", .quintIn, [0.0009765625, 0.03125, 0.2373046875]),
        ("quintOut", .quintOut, [0.7626953125, 0.96875, 0.9990234375]),
        ("quintInOut", .quintInOut, [0.015625, 0.5, 0.984375]),
        ("expoIn", .expoIn, [0.005524271728019903, 0.03125, 0.1767766952966369]),
        ("expoOut", .expoOut, [0.8232233047033631, 0.96875, 0.99447572827198]),
        ("expoInOut", .expoInOut, [0.015625, 0.5, 0.984375]),
        ("circIn", .circIn, [0.031754163448145745, 0.1339745962155614, 0.3385621722338523]),
        ("circOut", .circOut, [0.6614378277661477, 0.8660254037844386, 0.9682458365518543]),
        ("circInOut", .circInOut, [0.0669872981077807, 0.5, 0.9330127018922193]),
        ("backIn", .backIn, [-0.06413656250000001, -0.08769750000000004, 0.18259031249999969]),
        ("backOut", .backOut, [0.8174096875000002, 1.0876975, 1.0641365625]),
        ("backInOut", .backInOut, [-0.09968184375, 0.5, 1.09968184375]),
        ("elasticIn", .elasticIn, [-0.005524271728019903, -0.015625000000000045, 0.08838834764831832]),
        ("elasticOut", .elasticOut, [0.9116116523516816, 1.015625, 1.00552427172802]),
        ("elasticInOut", .elasticInOut, [0.011969444423734044, 0.5, 0.988030555576266]),
        ("bounceIn", .bounceIn, [0.02734375, 0.234375, 0.52734375]),
        ("bounceOut", .bounceOut, [0.47265625, 0.765625, 0.97265625]),
        ("bounceInOut", .bounceInOut, [0.1171875, 0.5, 0.8828125]),
    ]

    @Test func everyBuiltInEaseHasAReferenceRow() {
        #expect(Self.reference.count == Ease.allBuiltIn.count)
    }

    /// Tolerance 1e-12: the same formulas through a different libm and evaluation order differ by a
    /// few ulps at most.
    @Test(arguments: 0..<31)
    func easeMatchesEasingsNetAtQuarters(row: Int) {
        let (name, ease, expected) = Self.reference[row]
        for (x, value) in zip([0.25, 0.5, 0.75], expected) {
            #expect(abs(ease(x) - value) <= 1e-12, "\(name)(\(x)) = \(ease(x)), expected \(value)")
        }
    }

    @Test(arguments: 0..<31)
    func easeStartsAtExactlyZeroAndEndsAtExactlyOne(row: Int) {
        let (name, ease, _) = Self.reference[row]
        #expect(ease(0) == 0, "\(name)(0)")
        #expect(ease(1) == 1, "\(name)(1)")
        #expect(ease(-0.5) == 0, "\(name) clamps below 0")
        #expect(ease(1.5) == 1, "\(name) clamps above 1")
        #expect(ease(.nan) == 0, "\(name) sends NaN to the start")
    }

    /// The `out` form of every family is the `in` form turned around: out(x) = 1 − in(1 − x).
    @Test func outIsInTurnedAround() {
        let pairs: [(Ease, Ease)] = [
            (.sineIn, .sineOut), (.quadIn, .quadOut), (.cubicIn, .cubicOut), (.quartIn, .quartOut),
            (.quintIn, .quintOut), (.expoIn, .expoOut), (.circIn, .circOut), (.backIn, .backOut),
            (.elasticIn, .elasticOut), (.bounceIn, .bounceOut),
        ]
        for (easeIn, easeOut) in pairs {
            for step in 1..<64 {
                let x = Double(step) / 64
                #expect(abs(easeOut(x) - (1 - easeIn(1 - x))) <= 1e-12, "\(easeIn)/\(easeOut) at \(x)")
            }
        }
    }

    @Test func expoInOutIsTheRealInOutNotExpoOut() {
        #expect(Ease.expoInOut(0.25) == 0.015625)
        #expect(Ease.expoInOut(0.25) != Ease.expoOut(0.25))
    }

    @Test func backEasesUseTheOvershootTheyAreGiven() {
        #expect(Ease.backIn.value(at: 0.5, overshoot: 0) == 0.125)  // c1 = 0: plain cubic
        let tweener = Tweener()
        tweener.defaults.overshoot = 0
        tweener.defaults.ease = .backIn
        var shown = -1.0
        let tween = tweener.tween(from: 0.0, to: 8.0, duration: 1) { shown = $0 }
        #expect(tween.overshoot == 0)
        tweener.update(by: 0.5)
        #expect(shown == 1)
    }

    @Test func customEaseIsCalledUnchanged() {
        let steps = Ease.custom { ($0 * 4).rounded(.down) / 4 }
        #expect(steps(0.3) == 0.25)
        #expect(steps(1.5) == 1.5)
    }

    /// A tween stores its ease compactly; reading it back gives the same curve for every built-in.
    @Test(arguments: 0..<31)
    func tweenGivesBackTheEaseItWasGiven(row: Int) {
        let (name, ease, expected) = Self.reference[row]
        let tween = PropertyTween(from: 0.0, to: 1.0) { _ in }.ease(ease)
        #expect(tween.ease(0.5) == ease(0.5), "\(name)")
        #expect(abs(tween.ease(0.25) - expected[0]) <= 1e-12, "\(name)")
    }

    @Test func tweenWithACustomEaseAppliesIt() {
        let tweener = manualTweener()
        var shown = -1.0
        let tween = tweener.tween(from: 0.0, to: 10.0, duration: 1) { shown = $0 }
            .ease(.custom { $0 < 0.5 ? 0 : 1 })
        tween.start()
        tween.update(by: 0.25)
        #expect(shown == 0)
        tween.update(by: 0.5)
        #expect(shown == 10)
        if case .custom = tween.ease {} else { Issue.record("the custom ease was not kept") }
    }
}
