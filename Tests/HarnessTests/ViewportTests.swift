import Testing
@testable import Harness

@Suite struct ViewportTests {
    let viewport = Viewport(size: Size(width: 640, height: 360), margin: 100)

    @Test func segmentsAreClippedExactlyAndNonFiniteOnesDropped() throws {
        let (a, b) = try #require(viewport.clip(Point(100, 50), Point(1e200, 50)))
        #expect(a == Point(100, 50) && b == Point(740, 50), "cut at the right edge of the margin")
        let (c, d) = try #require(viewport.clip(Point(-1e300, -1e300), Point(1e300, 1e300)))
        #expect(abs(c.x - c.y) < 1e-6 && abs(d.x - d.y) < 1e-6, "the diagonal keeps its slope")
        #expect(c.x >= -100 && d.x <= 740 && d.y <= 460)
        #expect(viewport.clip(Point(.nan, 0), Point(1, 1)) == nil)
        #expect(viewport.clip(Point(0, 0), Point(.infinity, 1)) == nil)
        #expect(viewport.clip(Point(-500, -500), Point(-400, 900)) == nil, "wholly outside")
        let (e, f) = try #require(viewport.clip(Point(1, 2), Point(3, 4)))
        #expect(e == Point(1, 2) && f == Point(3, 4), "a segment inside is untouched")
    }

    @Test func rectanglesAndCirclesAreCutOrDropped() {
        #expect(viewport.clip(Rect(x: 10, y: 10, width: 1e200, height: 5)) == Rect(x: 10, y: 10, width: 730, height: 5))
        #expect(viewport.clip(Rect(x: .nan, y: 0, width: 1, height: 1)) == nil)
        #expect(viewport.clip(Rect(x: 5000, y: 0, width: 1, height: 1)) == nil)
        #expect(viewport.clip(Rect(x: 1, y: 2, width: 3, height: 4)) == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(viewport.shows(circle: Point(320, 180), radius: 30))
        #expect(!viewport.shows(circle: Point(1e200, 180), radius: 30))
        #expect(!viewport.shows(circle: Point(320, 180), radius: 1e200))
        #expect(!viewport.shows(circle: Point(320, 180), radius: .nan))
    }
}
