import Foundation
import Testing
import ThemeKitTokens

/// Every issue names where it is: a user cannot fix what an empty path points to.
/// (Found by the `dtcg` fuzz target: Fuzz/Regressions/dtcg/crash-522eb28f….)
@Suite struct IssuePathTests {
    @Test(
        "a token or group with an empty name is reported with a path that is not empty",
        arguments: [
            #"{"": {"$type": "number", "$value": 1}, "ok": {"$type": "number", "$value": 2}}"#,
            #"{"": 5, "ok": {"$type": "number", "$value": 2}}"#,
            #"{"group": {"": {"$type": "number", "$value": 1}}, "ok": {"$type": "number", "$value": 2}}"#,
        ])
    func emptyNameHasAPath(json: String) throws {
        let document = try DTCGDocument(data: Data(json.utf8))
        let result = try DTCGImporter(policy: .lenient).pack(document: document)
        let issues = document.problems.map { $0.issue(under: .lenient) } + result.warnings
        #expect(!issues.isEmpty, "the empty name is reported")
        for issue in issues { #expect(!issue.path.isEmpty, "\(issue)") }
    }

    @Test("a style whose name holds a dot is reported at a path that reads back as that one style")
    func styleNameWithDotHasItsPath() throws {
        let json = #"{"schemaVersion": 1, "id": "x", "name": "x", "styles": {"night.blue": "nowhere"}}"#
        let lenient = try ThemePackDecoder(policy: .lenient).decode(Data(json.utf8))
        #expect(lenient.warnings.map(\.path) == [#"styles["night.blue"]"#], "\(lenient.warnings)")
    }

    /// (Found by the `tokens-studio` fuzz target: Fuzz/Regressions/tokens-studio/crash-0b580ff4….)
    @Test(
        "a Tokens Studio set with an empty name is reported with a path that is not empty",
        arguments: [
            ##"{"core": {"a": {"value": "#FFFFFF", "type": "color"}}, "": [1], "$metadata": {"tokenSetOrder": ["core"]}}"##,
            ##"{"core": {"a": {"value": "#FFFFFF", "type": "color"}}, "$themes": [{"name": "Light", "selectedTokenSets": {"core": "enabled", "": "enabled"}}]}"##,
        ])
    func emptySetNameHasAPath(json: String) throws {
        let document = try JSONReader().read(Data(json.utf8))
        let lenient = try DTCGImporter(policy: .lenient).pack(tokensStudio: document, source: "tokens.json")
        #expect(lenient.warnings.contains { $0.path == #"[""]"# }, "\(lenient.warnings)")
        for issue in lenient.warnings { #expect(!issue.path.isEmpty, "\(issue)") }
        #expect(throws: ThemePackError.self) {
            try DTCGImporter(policy: .strict).pack(tokensStudio: document, source: "tokens.json")
        }
        do {
            _ = try DTCGImporter(policy: .strict).pack(tokensStudio: document, source: "tokens.json")
        } catch {
            for issue in error.issues { #expect(!issue.path.isEmpty, "\(issue)") }
        }
    }
}
