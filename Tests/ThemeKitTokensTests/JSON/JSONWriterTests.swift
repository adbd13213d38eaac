import Foundation
import Testing
import ThemeKitTokens

@Suite struct JSONWriterTests {
    @Test("writes canonical JSON with sorted keys and two-space indentation")
    func writesCanonical() {
        let value: JSONNode = .object(["b": [1, 2.5, nil], "a": .object(["y": true, "x": "q\"\n"])])
        let text = JSONWriter().string(from: value)
        #expect(
            text == """
                {
                  "a": {
                    "x": "q\\"\\n",
                    "y": true
                  },
                  "b": [
                    1,
                    2.5,
                    null
                  ]
                }

                """)
    }

    @Test("writes compact JSON in document order when asked")
    func writesCompact() {
        let value: JSONNode = .object(["b": 1, "a": [], "c": .object([:])])
        #expect(JSONWriter(sortedKeys: false, indent: 0).string(from: value) == #"{"b":1,"a":[],"c":{}}"#)
    }

    @Test(
        "formats numbers in their shortest round-trip form",
        arguments: [
            (0.0, "0"), (-0.0, "0"), (12, "12"), (-3, "-3"), (0.5, "0.5"), (1e20, "1e+20"), (1.5e-7, "1.5e-07"),
            (0.1 + 0.2, "0.30000000000000004"), (.infinity, "null"), (.nan, "null"),
        ] as [(Double, String)])
    func formatsNumbers(number: Double, text: String) {
        #expect(JSONWriter.format(number) == text)
    }

    @Test("escapes control characters and line separators")
    func escapesStrings() {
        #expect(JSONWriter.quoted("a\u{01}b\u{2028}\\") == #""a\u0001b\u2028\\""#)
        #expect(JSONWriter.quoted("é😀") == "\"é😀\"")
    }

    @Test("every value read back from its own output is equal to the original")
    func roundTrips() throws {
        let value: JSONNode = .object([
            "text": "tab\t quote\" slash\\ nul\u{0} emoji😀", "numbers": [0, -1, 1e-300, 1.7976931348623157e308, 0.1],
            "nested": [[[.object(["k": nil])]]], "flags": [true, false],
        ])
        for writer in [JSONWriter(), JSONWriter(sortedKeys: false, indent: 0)] {
            let back = try JSONReader().read(writer.string(from: value))
            #expect(back.value == (writer.sortedKeys ? value.sortedByKey() : value))
        }
    }

    @Test("paths write plain keys after dots and other keys in brackets")
    func formatsPaths() {
        let path = JSONPath.root.appending("colors").appending("brand.primary").appending(index: 2).appending("$value")
        #expect(path.description == #"colors["brand.primary"][2].$value"#)
        #expect(JSONPath.root.description == "$")
    }
}
