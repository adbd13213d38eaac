import Testing
import ThemeKitTokens

@Suite struct ThemeColorCSSTests {
    @Test(
        "rgb(), rgba(), hsl() and hsla() in comma and space syntax give the colour CSS gives",
        arguments: [
            ("rgb(0, 85, 255)", "#0055FF"),
            ("rgb(0,85,255)", "#0055FF"),
            ("rgba(0, 85, 255, 0.5)", "#0055FF80"),
            ("rgba(0, 85, 255, 50%)", "#0055FF80"),
            ("rgb(0 85 255 / 50%)", "#0055FF80"),
            ("rgb(0 85 255 / .5)", "#0055FF80"),
            ("RGB( 0  85 255 )", "#0055FF"),
            ("rgba(0 85 255)", "#0055FF"),
            ("rgb(100%, 0%, 0%)", "#FF0000"),
            ("rgb(100% 50% 0)", "#FF8000"),
            ("rgb(300, -5, 0)", "#FF0000"),
            ("rgb(none 255 0)", "#00FF00"),
            ("rgb(2.55e2 0 0)", "#FF0000"),
            ("hsl(120, 100%, 50%)", "#00FF00"),
            ("hsl(120 100% 50%)", "#00FF00"),
            ("hsl(120deg 100 50)", "#00FF00"),
            ("hsl(0.5turn, 100%, 25%)", "#008080"),
            ("hsl(200grad 100% 25%)", "#008080"),
            ("hsl(3.141592653589793rad 100% 25%)", "#008080"),
            ("hsl(-120, 100%, 50%)", "#0000FF"),
            ("hsl(600, 100%, 50%)", "#0000FF"),
            ("hsla(240deg, 100%, 50%, 0.25)", "#0000FF40"),
            ("hsl(240 100% 50% / 25%)", "#0000FF40"),
            ("hsl(0, 0%, 100%)", "#FFFFFF"),
            ("hsl(30, 50%, 60%)", "#CC9966"),
        ]
    )
    func functions(css: String, expected: String) throws {
        #expect(try ThemeColor(css: css).hex == expected)
    }

    @Test(
        "named colours are read in any case, and transparent is transparent black",
        arguments: [
            ("red", "#FF0000"), ("RebeccaPurple", "#663399"), ("cornflowerblue", "#6495ED"),
            ("lightgoldenrodyellow", "#FAFAD2"), ("grey", "#808080"), ("darkslategrey", "#2F4F4F"),
            ("transparent", "#00000000"), ("WHITE", "#FFFFFF"),
        ]
    )
    func namedColors(css: String, expected: String) throws {
        #expect(try ThemeColor(css: css).hex == expected)
    }

    @Test("hex strings parse as they do with init(hex:)")
    func hexIsDelegated() throws {
        #expect(try ThemeColor(css: "#0af").hex == "#00AAFF")
        #expect(try ThemeColor(css: "#0055FF80") == ThemeColor(hex: "#0055FF80"))
        #expect(throws: CSSColorError.invalidHex(.invalidLength("#12345", digits: 5))) {
            try ThemeColor(css: "#12345")
        }
    }

    @Test(
        "unsupported CSS colour functions are named in an exact error",
        arguments: [
            ("lab(50% 40 59.5)", "lab"), ("color-mix(in srgb, red, blue)", "color-mix"), ("var(--x)", "var"),
            ("oklch(0.7 0.1 200)", "oklch"), ("color(display-p3 1 0 0)", "color"), ("LCH(50% 30 20)", "lch"),
            ("hwb(0 0% 0%", "hwb"),
        ]
    )
    func unsupportedFunctions(css: String, function: String) {
        #expect(throws: CSSColorError.unsupportedFunction(css, function: function)) { try ThemeColor(css: css) }
    }

    @Test("the unsupported-function error says what to use instead")
    func unsupportedFunctionMessage() {
        let error = CSSColorError.unsupportedFunction("lab(50% 40 59.5)", function: "lab")
        #expect(
            error.description
                == "'lab(…)' is a CSS colour function ThemeKit does not support; use hex, rgb(), hsl() or a named colour "
                + "(in 'lab(50% 40 59.5)')")
    }

    @Test(
        "malformed arguments are rejected with the reason",
        arguments: [
            ("rgb(0, 85)", "takes three components"),
            ("rgb(0 85 255, 0.5)", "cannot be mixed"),
            ("rgb(0, 85 255)", "cannot be mixed"),
            ("rgb(0 0 0 0.5)", "follows a '/'"),
            ("rgb(0 0 / 0 / 1)", "'/' may appear once"),
            ("rgb(1px 2 3)", "unit 'px'"),
            ("rgb(0, 50%, 0)", "all numbers or all percentages"),
            ("rgb(none, 0, 0)", "'none' is allowed only"),
            ("rgb()", "no arguments"),
            ("rgb(0 0 0", "not closed"),
            ("rgb(0 0 0 / 1 2)", "more than four values"),
            ("rgb(a b c)", "'a' is not a number"),
            ("rgb(calc(1) 0 0)", "'calc(…)' inside a colour function"),
            ("hsl(120, 100, 50)", "must be a percentage"),
            ("hsl(1px 100% 50%)", "unit 'px'"),
            ("rgb(0,,0,0)", "is not a number"),
            ("rgb(0, 0, 0,)", "a value is missing"),
        ]
    )
    func malformed(css: String, reason: String) {
        do {
            let color = try ThemeColor(css: css)
            Issue.record("\(css) parsed as \(color)")
        } catch {
            guard case .invalidArguments(let value, let actual) = error else {
                Issue.record("\(css): \(error)")
                return
            }
            #expect(value == css)
            #expect(actual.contains(reason), "\(actual)")
        }
    }

    @Test("unknown words, contextual keywords, whitespace and overlong strings are errors")
    func otherErrors() {
        #expect(throws: CSSColorError.unknownName("blurple")) { try ThemeColor(css: "blurple") }
        #expect(throws: CSSColorError.contextualKeyword("currentColor")) { try ThemeColor(css: "currentColor") }
        #expect(throws: CSSColorError.surroundingWhitespace(" red")) { try ThemeColor(css: " red") }
        #expect(throws: CSSColorError.empty) { try ThemeColor(css: "") }
        let long = "rgb(" + String(repeating: "0", count: 300) + " 0 0)"
        #expect(throws: CSSColorError.tooLong(long, limit: ThemeColor.maxCSSLength)) { try ThemeColor(css: long) }
    }
}
