import Testing
import ThemeKitTokens

@Suite struct DimensionTests {
    @Test(
        "parses legacy strings and converts to points (px = pt, rem = 16 pt)",
        arguments: [
            ("4px", 4.0), ("0.25rem", 4), ("-1.5px", -1.5), ("1e1px", 10), ("0", 0), ("624.9375rem", 9_999),
        ])
    func parses(text: String, points: Double) throws {
        #expect(try Dimension(parsing: text).points == points)
    }

    @Test(
        "rejects malformed strings with a reason",
        arguments: [
            ("4", DimensionError.missingUnit("4")), ("4pt", .unsupportedUnit("pt", in: "4pt")),
            ("4em", .unsupportedUnit("em", in: "4em")), ("px", .malformed("px")), ("nanpx", .malformed("nanpx")),
            ("infrem", .malformed("infrem")), ("1e400px", .notFinite("1e400px")), ("0x10px", .malformed("0x10px")),
        ])
    func rejects(text: String, error: DimensionError) {
        #expect(throws: error) { try Dimension(parsing: text) }
    }

    @Test("writes its string form")
    func describes() {
        #expect(Dimension(value: 0.25, unit: .rem).description == "0.25rem")
        #expect(Dimension(value: 4, unit: .px).description == "4px")
    }
}
