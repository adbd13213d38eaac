import Foundation
import Testing
import ThemeKitTokens

@Suite struct TokensStudioMathTests {
    func pack(_ text: String) throws -> DTCGImportResult {
        try DTCGImporter(policy: .strict).pack(tokensStudio: try jsonDocument(text), source: "ts.json")
    }

    func failure(_ text: String) throws -> ThemePackIssue? {
        do {
            _ = try pack(text)
            return nil
        } catch let error as ThemePackError {
            return error.issues.first { !$0.path.hasPrefix("spacing.loop") }
        }
    }

    @Test(
        "math over references and numbers with units is evaluated",
        arguments: [
            ("{spacing.base} * 2", 16.0), ("{spacing.base} + 4", 12), ("({spacing.base} + 4px) / 2", 6),
            ("{spacing.base} * 1.5 - 2px", 10), ("-{spacing.base} * -1", 8), ("{spacing.double} / 2", 8),
            ("8px * 2", 16), ("{spacing.base.value} * 3", 24), ("2 * (3 + (4 - 1)) * 1px", 12),
        ]
    )
    func arithmetic(expression: String, points: Double) throws {
        let result = try pack(
            """
            {"spacing": {"base": {"value": "8", "type": "spacing"},
              "double": {"value": "{spacing.base} * 2", "type": "spacing"},
              "x": {"value": "\(expression)", "type": "spacing"}}}
            """)
        #expect(result.pack.spacing["spacing.x"] == points)
        #expect(result.pack.spacing["spacing.base"] == 8)
    }

    @Test("rem values keep their unit through math")
    func remMath() throws {
        let result = try pack(
            """
            {"radius": {"base": {"value": "0.25rem", "type": "borderRadius"},
              "large": {"value": "{radius.base} * 2", "type": "borderRadius"}}}
            """)
        #expect(result.pack.radii["radius.large"] == 8)
    }

    @Test(
        "expressions that are not simple arithmetic are errors naming the token and the reason",
        arguments: [
            ("{spacing.base} * {spacing.base}", "multiplies two lengths"),
            ("{spacing.base} / 0", "divides by zero"),
            ("{spacing.base} + 1rem", "mixes units"),
            ("{spacing.missing} * 2", "does not exist"),
            ("{spacing.base} * 2 ;", "unexpected ';"),
            ("max({spacing.base}, 4)", "not a number or a {reference}"),
            ("({spacing.base} * 2", "'(' is not closed"),
            ("{spacing.base} ** 2", "not a number"),
            ("{spacing.loop} * 2", "refers back to itself"),
            ("{spacing.base} * 2vw", "unit 'vw'"),
        ]
    )
    func unsupported(expression: String, reason: String) throws {
        let issue = try #require(
            try failure(
                """
                {"spacing": {"x": {"value": "\(expression)", "type": "spacing"},
                  "base": {"value": "8px", "type": "spacing"},
                  "loop": {"value": "{spacing.loop2} + 1", "type": "spacing"},
                  "loop2": {"value": "{spacing.loop} + 1", "type": "spacing"}}}
                """))
        #expect(issue.source == "ts.json")
        #expect(issue.path.hasPrefix("spacing."))
        #expect(issue.reason.contains(reason), "\(issue.reason)")
    }

    @Test("deep nesting and long chains are refused, not recursed into")
    func bounds() throws {
        let nested = String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40)
        let issue = try #require(try failure(#"{"s": {"value": "\#(nested) * 1px", "type": "spacing"}}"#))
        #expect(issue.reason.contains("nests deeper than 32"))
        var chain = #"{"s0": {"value": "4px", "type": "spacing"}"#
        for index in 1...40 { chain += #", "s\#(index)": {"value": "{s\#(index - 1)} + 1", "type": "spacing"}"# }
        chain += "}"
        let chainIssue = try #require(try failure(chain))
        #expect(chainIssue.reason.contains("chain longer than 32 steps"), "\(chainIssue.reason)")
    }
}
