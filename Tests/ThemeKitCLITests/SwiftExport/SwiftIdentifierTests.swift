import Testing

@testable import ThemeKitCLI

@Suite struct SwiftIdentifierTests {
    @Test(
        "token names become lowerCamelCase identifiers",
        arguments: [
            ("color.background.brand", "colorBackgroundBrand"), ("Brand/Primary", "brandPrimary"),
            ("text-primary", "textPrimary"), ("textPrimary", "textPrimary"), ("025", "_025"),
            ("space.050", "space050"), ("URL", "url"), ("base.color.blue.0", "baseColorBlue0"),
            ("AccentColor", "accentColor"), ("gray1400", "gray1400"),
        ])
    func property(_ name: String, _ expected: String) {
        #expect(SwiftIdentifier.property(name) == expected)
    }

    @Test("names with no ASCII letter or digit have no identifier of their own")
    func noIdentifier() {
        #expect(SwiftIdentifier.property("背景") == nil)
        #expect(SwiftIdentifier.property("--") == nil)
    }

    @Test("unique names get suffixes for clashes, reserved words and names taken by the type")
    func unique() {
        #expect(
            SwiftIdentifier.unique(["bg-default", "bgDefault", "背景", "色", "self", "byName"], taken: ["byName"]) == [
                "bgDefault", "bgDefault_2", "token", "token_2", "self_", "byName_2",
            ])
    }

    @Test("keywords are escaped with backticks")
    func keywords() {
        #expect(SwiftIdentifier.escaped("default") == "`default`")
        #expect(SwiftIdentifier.escaped("primary") == "primary")
    }

    @Test("string literals escape quotes, backslashes and control characters")
    func stringLiterals() {
        #expect(SwiftIdentifier.stringLiteral("a\"b\\c\nd\u{7}") == #""a\"b\\c\nd\u{7}""#)
        #expect(SwiftIdentifier.stringLiteral("\\(x)") == #""\\(x)""#)
    }

    @Test("bidi controls are escaped in string literals and shown visibly in comments (no Trojan Source)")
    func bidiControls() {
        let text = "a\u{202E}b\u{2066}c\u{200F}d\u{061C}"
        #expect(SwiftIdentifier.stringLiteral(text) == #""a\u{202E}b\u{2066}c\u{200F}d\u{61C}""#)
        #expect(SwiftIdentifier.comment(text) == #"a\u{202E}b\u{2066}c\u{200F}d\u{61C}"#)
        #expect(SwiftIdentifier.comment("x\ny\u{7}") == "x y ")
    }

    @Test("numbers are written so that they read back exactly")
    func numbers() {
        #expect(SwiftIdentifier.number(4) == "4")
        #expect(SwiftIdentifier.number(106.0 / 255) == "\(106.0 / 255)")
        #expect(Double(SwiftIdentifier.number(106.0 / 255)) == 106.0 / 255)
        #expect(SwiftIdentifier.number(-0.4) == "-0.4")
        // A subnormal decimal literal makes the compiler warn that it "underflows and loses precision". `Swift.`
        // keeps a generated type named `Double` from shadowing the one meant.
        #expect(SwiftIdentifier.number(Double(bitPattern: 0x7E8)) == "Swift.Double(bitPattern: 0x00000000000007E8)")
        #expect(SwiftIdentifier.number(-Double(bitPattern: 0x7E8)) == "Swift.Double(bitPattern: 0x80000000000007E8)")
        #expect(SwiftIdentifier.number(.leastNormalMagnitude) == "\(Double.leastNormalMagnitude)")
    }

    @Test("type prefixes are UpperCamelCase and never a ThemeKit type name, a keyword or a module name")
    func typePrefix() {
        #expect(SwiftIdentifier.typePrefix("Ocean Blue") == "OceanBlue")
        #expect(SwiftIdentifier.typePrefix("2024 theme") == "Theme2024Theme")
        #expect(SwiftIdentifier.typePrefix("∞") == "Theme")
        #expect(SwiftSourceGenerator.defaultPrefix(for: .init(id: "a", name: "Theme")) == "GeneratedTheme")
        #expect(SwiftSourceGenerator.defaultPrefix(for: .init(id: "a", name: "theme pack")) == "GeneratedThemePack")
        #expect(SwiftSourceGenerator.defaultPrefix(for: .init(id: "a", name: "self")) == "GeneratedSelf")
        #expect(SwiftSourceGenerator.defaultPrefix(for: .init(id: "a", name: "Type")) == "GeneratedType")
        #expect(SwiftSourceGenerator.defaultPrefix(for: .init(id: "a", name: "swift")) == "GeneratedSwift")
        // Types the app names unqualified get `Generated` in front, so the app's own `String` and `Color`
        // still mean Swift's and SwiftUI's.
        #expect(SwiftSourceGenerator.defaultPrefix(for: .init(id: "a", name: "String")) == "GeneratedString")
        #expect(SwiftSourceGenerator.defaultPrefix(for: .init(id: "a", name: "color")) == "GeneratedColor")
        #expect(SwiftSourceGenerator.defaultPrefix(for: .init(id: "a", name: "Strings")) == "Strings")
    }
}
