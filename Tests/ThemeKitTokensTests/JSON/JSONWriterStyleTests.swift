import Foundation
import Testing
import ThemeKitTokens

@Suite struct JSONWriterStyleTests {
    @Test("the Xcode style writes \" : \" and empty containers on their own blank line")
    func xcodeStyle() {
        let value: JSONNode = .object(["b": [], "a": .object(["y": 1, "x": [.object([:])]])])
        let text = JSONWriter(sortedKeys: true, indent: 2, style: .xcode).string(from: value)
        #expect(
            text == """
                {
                  "a" : {
                    "x" : [
                      {

                      }
                    ],
                    "y" : 1
                  },
                  "b" : [

                  ]
                }

                """)
    }

    @Test("the style does not change compact output, and the default is the standard style")
    func compactIgnoresStyle() {
        let value: JSONNode = .object(["b": 1, "a": [], "c": .object([:])])
        #expect(
            JSONWriter(sortedKeys: false, indent: 0, style: .xcode).string(from: value)
                == JSONWriter(sortedKeys: false, indent: 0).string(from: value))
        #expect(JSONWriter().style == .standard)
    }

    @Test("Xcode-style output reads back to the same value")
    func xcodeRoundTrip() throws {
        let value: JSONNode = .object(["k": [[], .object([:]), "s", 1.5, true, nil]])
        let text = JSONWriter(style: .xcode).string(from: value)
        #expect(try JSONReader().read(text).value == value)
    }
}
