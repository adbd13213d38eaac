import Foundation
import Testing
import ThemeKitTokens

/// What the library's errors and warnings say can be logged as it is (`log(warning.description)`, as the
/// docs show): text from the document in them is escaped, so it cannot add lines, rewrite the terminal or
/// reorder a log line.
@Suite struct DescriptionEscapingTests {
    /// Text that must not reach a log raw: ESC sequences, a forged line with a CI command, bidi controls,
    /// a line separator.
    static let hostile = #"red\u001b[2J\n::error::forged\u202E\u2028x"#

    /// The scalars of `text` that ``TerminalText`` escapes, except the newlines that separate the lines of
    /// a multi-issue description.
    static func raw(_ text: String) -> [String] {
        text.unicodeScalars.filter { $0 != "\n" && TerminalText.needsEscape($0) }.map {
            "U+" + String($0.value, radix: 16, uppercase: true)
        }
    }

    /// Whether a line of `text` (one issue each) starts with something other than its severity.
    static func forgedLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("error: ") && !$0.hasPrefix("warning: ") }
    }

    @Test("a DTCG colour value, name and source with controls are escaped in every issue's and error's description")
    func dtcgDescriptionsAreEscaped() throws {
        let text = #"{"c\#(Self.hostile)x": {"$type": "color", "$value": "\#(Self.hostile)"}}"#
        for policy in DecodingPolicy.allCases {
            do {
                let document = try DTCGDocument(data: Data(text.utf8), source: "tokens\u{1B}[8m.json")
                let imported = try DTCGImporter(policy: policy).pack(document: document)
                for warning in imported.warnings {
                    #expect(Self.raw(warning.description).isEmpty, "\(policy): \(warning.description)")
                }
                #expect(!imported.warnings.isEmpty, "\(policy): the bad colour is reported")
            } catch {
                #expect(Self.raw(error.description).isEmpty, "\(policy): \(error.description)")
                #expect(Self.forgedLines(error.description).isEmpty, "\(policy): \(error.description)")
                for issue in error.issues { #expect(Self.raw(issue.description).isEmpty, "\(issue.description)") }
            }
        }
    }

    @Test("a pack's colour value with controls is escaped in the decoder's issue and error descriptions")
    func packDescriptionsAreEscaped() throws {
        let text = #"{"schemaVersion": 1, "id": "x", "name": "x", "colors": {"a": "\#(Self.hostile)"}}"#
        let error = try #require(throws: ThemePackError.self) {
            try ThemePackDecoder(policy: .strict).decode(Data(text.utf8))
        }
        #expect(Self.raw(error.description).isEmpty, "\(error.description)")
        #expect(Self.forgedLines(error.description).isEmpty, "\(error.description)")
        let lenient = try ThemePackDecoder(policy: .lenient).decode(Data(text.utf8))
        #expect(!lenient.warnings.isEmpty)
        for warning in lenient.warnings { #expect(Self.raw(warning.description).isEmpty, "\(warning.description)") }
    }

    @Test("an issue's and an error's description escape whatever source, path and reason they were given")
    func issueDescriptionEscapesItsParts() {
        let issue = ThemePackIssue(
            source: "pack\u{1B}[8m.json", path: "colors.a\n::error::forged", reason: "bad \u{202E}\u{2028}value",
            severity: .error, code: .invalidColor)
        #expect(Self.raw(issue.description).isEmpty, "\(issue.description)")
        #expect(!issue.description.contains("\n"), "\(issue.description)")
        let error = ThemePackError.invalid([issue, issue])
        #expect(Self.raw(error.description).isEmpty, "\(error.description)")
        #expect(Self.forgedLines(error.description).isEmpty, "\(error.description)")
        let unreadable = ThemePackError.unreadableFile(path: "a\nb", reason: "c\u{1B}")
        #expect(Self.raw(unreadable.description).isEmpty && !unreadable.description.contains("\n"))
    }

    @Test("asset catalog errors and warnings escape file names and values from the catalog")
    func assetCatalogDescriptionsAreEscaped() {
        let error = AssetCatalogError.invalidComponent(
            path: "Colors.xcassets/a\n::error::x.colorset", jsonPath: "$.colors[0]", value: "1\u{1B}[2J",
            reason: "is not a number")
        let warning = AssetCatalogWarning.unsupportedIdiom(
            path: "b\u{202E}.colorset", jsonPath: "$.colors[0].idiom", idiom: "tv\u{2028}")
        for text in [error.description, warning.description] {
            #expect(Self.raw(text).isEmpty && !text.contains("\n"), "\(text)")
        }
    }

    @Test("a CSS colour error quotes the string escaped")
    func cssColorErrorIsEscaped() {
        for value in ["rgb(1,2,\u{1B}[2J)", "bogus\u{202E}name", "hsl(0 0% 0%\n::error::x)"] {
            do {
                _ = try ThemeColor(css: value)
                Issue.record("\(value) parsed")
            } catch {
                #expect(Self.raw(error.description).isEmpty, "\(error.description)")
                #expect(!error.description.contains("\n"), "\(error.description)")
            }
        }
    }
}
