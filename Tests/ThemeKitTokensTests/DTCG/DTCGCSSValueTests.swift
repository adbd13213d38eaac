import Foundation
import Testing
import ThemeKitTokens

@Suite struct DTCGCSSValueTests {
    @Test("string colours may be any CSS colour ThemeKit reads: rgb(), hsl(), named")
    func cssColorStrings() throws {
        let document = try dtcg(
            """
            {"c": {"$type": "color",
              "a": {"$value": "rgb(0 85 255 / 50%)"}, "b": {"$value": "hsl(120, 100%, 25%)"},
              "n": {"$value": "rebeccapurple"}, "h": {"$value": "#0af"}}}
            """)
        let result = try DTCGImporter(policy: .strict).pack(document: document)
        #expect(result.pack.colors["c.a"]?.light.hex == "#0055FF80")
        #expect(result.pack.colors["c.b"]?.light.hex == "#008000")
        #expect(result.pack.colors["c.n"]?.dark.hex == "#663399")
        #expect(result.pack.colors["c.h"]?.light.hex == "#00AAFF")
    }

    @Test("an unsupported CSS colour function is an error at the token's path saying what to use")
    func unsupportedFunction() throws {
        let document = try dtcg(#"{"c": {"$type": "color", "a": {"$value": "lab(50% 40 59.5)"}}}"#, source: "t.json")
        let error = importFailure { () throws(ThemePackError) in
            try DTCGImporter(policy: .strict).pack(document: document)
        }
        let issue = try #require(error?.issues.first)
        #expect(issue.path == "c.a.$value")
        #expect(issue.source == "t.json")
        #expect(issue.reason.hasPrefix("'lab(…)' is a CSS colour function ThemeKit does not support"))
    }

    @Test("a CSS font stack in a typography value becomes an ordered family list; the first real family is used")
    func fontStack() throws {
        let document = try dtcg(
            """
            {"font": {"$type": "fontFamily", "$value": "-apple-system, 'Segoe UI', \\"Helvetica Neue\\", sans-serif"},
             "type": {"body": {"$type": "typography", "$value": {
               "fontFamily": "'Segoe UI', 'Segoe UI Web (West European)', -apple-system, sans-serif",
               "fontSize": "16px", "fontWeight": 400}}}}
            """)
        let set = DTCGTokenSet(documents: [document])
        #expect(
            set.resolved["font"]?.value == .fontFamily(["-apple-system", "Segoe UI", "Helvetica Neue", "sans-serif"]))
        guard case .typography(let body)? = set.resolved["type.body"]?.value else {
            Issue.record("type.body did not resolve")
            return
        }
        #expect(body.fontFamily == ["Segoe UI", "Segoe UI Web (West European)", "-apple-system", "sans-serif"])
        let result = try DTCGImporter(policy: .strict).pack(document: document)
        #expect(result.pack.typography["type.body"]?.family == "Segoe UI")
    }

    @Test(
        "a stack is read as a browser on an Apple platform reads it: the first family, or the system font when a keyword comes first",
        arguments: [
            ("'Inter', 'Helvetica Neue', sans-serif", "Inter", FontDesign.default),
            ("Inter, ui-monospace, serif", "Inter", .monospaced),
            ("Inter", "Inter", .default),
            // A keyword first is always available: the named families after it are never used.
            ("-apple-system, Roboto, 'Helvetica Neue', sans-serif", nil, .default),
            ("BlinkMacSystemFont, Roboto", nil, .default),
            ("ui-rounded, 'Comic Neue'", nil, .rounded),
            ("serif, Georgia", nil, .serif),
        ] as [(String, String?, FontDesign)])
    func fontStackOnApplePlatforms(stack: String, family: String?, design: FontDesign) throws {
        // The stacks have no double quote: each goes into the JSON string as it is.
        let document = try dtcg(
            #"{"body": {"$type": "typography", "$value": {"fontFamily": "\#(stack)", "fontSize": "16px"}}}"#)
        let style = try #require(try DTCGImporter(policy: .strict).pack(document: document).pack.typography["body"])
        #expect(style.family == family)
        #expect(style.design == design)
    }

    @Test("a malformed font stack is an error at the token's path")
    func malformedFontStack() throws {
        let document = try dtcg(#"{"f": {"$type": "fontFamily", "$value": "'Inter"}}"#)
        let set = DTCGTokenSet(documents: [document])
        #expect(set.resolved["f"] == nil)
        #expect(set.problems.first?.path == "f.$value")
        #expect(set.problems.first?.reason.contains("never closed") == true)
    }
}
