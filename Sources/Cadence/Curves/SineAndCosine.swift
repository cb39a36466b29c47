#if canImport(Glibc)
import Glibc

/// glibc's `sincos`, which Swift's Glibc module does not export (it is a GNU extension).
@usableFromInline @_silgen_name("sincos")
func cSineAndCosine(_ x: Double, _ sine: UnsafeMutablePointer<Double>, _ cosine: UnsafeMutablePointer<Double>)
#elseif canImport(Darwin)
import Darwin
#endif

/// The sine and cosine of `x` from one call where the C library offers one (glibc's `sincos` shares the
/// argument reduction between the two), so that an underdamped spring's closed form costs one
/// exponential and one `sincos`. Benchmark row: "Spring value, closed form, bouncy (ζ < 1)".
@inlinable
func sineAndCosine(_ x: Double) -> (sin: Double, cos: Double) {
    #if canImport(Glibc)
    var sine = 0.0, cosine = 0.0
    cSineAndCosine(x, &sine, &cosine)
    return (sine, cosine)
    #else
    return (sin(x), cos(x))
    #endif
}
