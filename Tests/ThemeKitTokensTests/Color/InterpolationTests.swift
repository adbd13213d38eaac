import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct OKLabTests {
    @Test("sRGB primaries convert to Ottosson's published OKLab values")
    func referenceValues() {
        let red = OKLabColor(ThemeColor(red: 1, green: 0, blue: 0))
        #expect(abs(red.lightness - 0.62796) < 1e-4)
        #expect(abs(red.a - 0.22486) < 1e-4)
        #expect(abs(red.b - 0.12585) < 1e-4)
        let green = OKLabColor(ThemeColor(red: 0, green: 1, blue: 0))
        #expect(abs(green.lightness - 0.86644) < 1e-4)
        #expect(abs(green.a + 0.23389) < 1e-4)
        #expect(abs(green.b - 0.17950) < 1e-4)
        let blue = OKLabColor(ThemeColor(red: 0, green: 0, blue: 1))
        #expect(abs(blue.lightness - 0.45201) < 1e-4)
        #expect(abs(blue.a + 0.03246) < 1e-4)
        #expect(abs(blue.b + 0.31153) < 1e-4)
    }

    @Test("white is lightness 1 and black lightness 0, both without chroma, and both convert back")
    func whiteAndBlack() {
        let white = ThemeColor(red: 1, green: 1, blue: 1)
        let whiteLab = OKLabColor(white)
        #expect(abs(whiteLab.lightness - 1) < 1e-6)
        #expect(abs(whiteLab.a) < 1e-6)
        #expect(abs(whiteLab.b) < 1e-6)
        #expect(ThemeColor(whiteLab).isApproximatelyEqual(to: white, tolerance: 1e-6))
        let black = ThemeColor(red: 0, green: 0, blue: 0)
        #expect(OKLabColor(black) == OKLabColor(lightness: 0, a: 0, b: 0))
        #expect(ThemeColor(OKLabColor(black)) == black)
    }

    @Test("random colours round-trip through OKLab, alpha included")
    func randomRoundTrip() {
        var random = SeededRandom(seed: 0x0C1AB)
        for _ in 0..<1_000 {
            let color = ThemeColor(
                red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                blue: .random(in: 0...1, using: &random), alpha: .random(in: 0...1, using: &random))
            #expect(ThemeColor(OKLabColor(color)).isApproximatelyEqual(to: color, tolerance: 1e-6))
        }
    }

    @Test("out-of-gamut OKLab values are clamped into sRGB")
    func outOfGamutClamps() {
        let color = ThemeColor(OKLabColor(lightness: 0.7, a: 0.4, b: 0.4))
        for component in [color.red, color.green, color.blue] {
            #expect((0...1).contains(component))
        }
        #expect(color.red == 1)
    }
}

@Suite struct InterpolationTests {
    private static let black = ThemeColor(red: 0, green: 0, blue: 0)
    private static let white = ThemeColor(red: 1, green: 1, blue: 1)

    @Test("fractions at or beyond the ends return the endpoints exactly", arguments: ColorInterpolationSpace.allCases)
    func endpointsAreExact(space: ColorInterpolationSpace) throws {
        let start = try ThemeColor(hex: "#12345678")
        let end = try ThemeColor(hex: "#FEDCBA")
        #expect(start.interpolated(to: end, fraction: 0, in: space) == start)
        #expect(start.interpolated(to: end, fraction: 1, in: space) == end)
        #expect(start.interpolated(to: end, fraction: -3, in: space) == start)
        #expect(start.interpolated(to: end, fraction: 7, in: space) == end)
        #expect(start.interpolated(to: end, fraction: .nan, in: space) == start)
        #expect(start.interpolated(to: end, fraction: .infinity, in: space) == end)
    }

    @Test(
        "the black–white midpoint depends on the space",
        arguments: [
            (ColorInterpolationSpace.srgb, "#808080"), (.linearSRGB, "#BCBCBC"), (.oklab, "#636363"),
        ]
    )
    func midpoints(space: ColorInterpolationSpace, expected: String) {
        #expect(Self.black.interpolated(to: Self.white, fraction: 0.5, in: space).hex == expected)
    }

    @Test("OKLab is the default space and its midpoint is lightness 0.5, unlike sRGB's")
    func oklabMidpointDiffers() {
        let oklab = Self.black.interpolated(to: Self.white, fraction: 0.5)
        let srgb = Self.black.interpolated(to: Self.white, fraction: 0.5, in: .srgb)
        #expect(oklab == Self.black.interpolated(to: Self.white, fraction: 0.5, in: .oklab))
        #expect(abs(OKLabColor(oklab).lightness - 0.5) < 1e-6)
        #expect(!oklab.isApproximatelyEqual(to: srgb, tolerance: 0.05))
        #expect(srgb.red == 0.5)
    }

    @Test("alpha is interpolated linearly in every space", arguments: ColorInterpolationSpace.allCases)
    func alphaIsLinear(space: ColorInterpolationSpace) {
        let clear = ThemeColor(red: 1, green: 0, blue: 0, alpha: 0)
        let opaque = ThemeColor(red: 1, green: 0, blue: 0, alpha: 1)
        for fraction in [0.1, 0.25, 0.5, 0.9] {
            #expect(abs(clear.interpolated(to: opaque, fraction: fraction, in: space).alpha - fraction) < 1e-12)
        }
    }

    @Test(
        "fading to a transparent colour keeps the visible colour (premultiplied)",
        arguments: ColorInterpolationSpace.allCases)
    func premultipliedFade(space: ColorInterpolationSpace) {
        let red = ThemeColor(red: 1, green: 0, blue: 0)
        let clearBlue = ThemeColor(red: 0, green: 0, blue: 1, alpha: 0)
        let middle = red.interpolated(to: clearBlue, fraction: 0.5, in: space)
        #expect(middle.isApproximatelyEqual(to: ThemeColor(red: 1, green: 0, blue: 0, alpha: 0.5), tolerance: 1e-6))
    }

    @Test("interpolating between two transparent colours blends their straight components")
    func bothTransparent() {
        let first = ThemeColor(red: 0, green: 0, blue: 0, alpha: 0)
        let second = ThemeColor(red: 1, green: 1, blue: 1, alpha: 0)
        let middle = first.interpolated(to: second, fraction: 0.5, in: .srgb)
        #expect(middle == ThemeColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0))
    }

    @Test(
        "interpolation runs the same both ways and stays in range for random colours",
        arguments: ColorInterpolationSpace.allCases)
    func reversible(space: ColorInterpolationSpace) {
        var random = SeededRandom(seed: 77)
        for _ in 0..<500 {
            let first = ThemeColor(
                red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                blue: .random(in: 0...1, using: &random))
            let second = ThemeColor(
                red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                blue: .random(in: 0...1, using: &random))
            let fraction = Double.random(in: 0...1, using: &random)
            let forward = first.interpolated(to: second, fraction: fraction, in: space)
            let backward = second.interpolated(to: first, fraction: 1 - fraction, in: space)
            #expect(forward.isApproximatelyEqual(to: backward, tolerance: 1e-9))
        }
    }

    @Test("sRGB interpolation is a plain per-component blend")
    func srgbIsPlainBlend() throws {
        let start = try ThemeColor(hex: "#000080")
        let end = try ThemeColor(hex: "#FF8000")
        let quarter = start.interpolated(to: end, fraction: 0.25, in: .srgb)
        #expect(abs(quarter.red - 0.25) < 1e-12)
        #expect(abs(quarter.green - 0.25 * 128 / 255) < 1e-12)
        #expect(abs(quarter.blue - 0.75 * 128 / 255) < 1e-12)
    }
}
