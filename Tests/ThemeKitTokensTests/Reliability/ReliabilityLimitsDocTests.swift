import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// The limits table of Docs/Reliability.md quotes the code: each row's default must be the
/// value the code uses, so the document cannot drift from it.
@Suite struct ReliabilityLimitsDocTests {
    /// `8388608` → `8,388,608`.
    static func grouped(_ value: Int) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// The limits the table must quote, by the code name in its second column.
    static let limits: [String: Int] = [
        "JSONLimits.maxDocumentBytes": JSONLimits.default.maxDocumentBytes,
        "JSONLimits.maxDepth": JSONLimits.default.maxDepth,
        "JSONLimits.hardMaximumDepth": JSONLimits.hardMaximumDepth,
        "JSONLimits.maxStringBytes": JSONLimits.default.maxStringBytes,
        "JSONLimits.maxNumberLength": JSONLimits.default.maxNumberLength,
        "JSONLimits.maxTokenCount": JSONLimits.default.maxTokenCount,
        "JSONDocument.maxReportedDuplicateKeys": JSONDocument.maxReportedDuplicateKeys,
        "JSONDocument.maxReportedDuplicatePathBytes": JSONDocument.maxReportedDuplicatePathBytes,
        "DTCGImporter.maxAliasChain": DTCGImporter().maxAliasChain,
        "DTCGImporter.maxFiles": DTCGImporter().maxFiles,
        "DTCGImporter.maxMergedTokens": DTCGImporter.maxMergedTokens,
        "ThemePackLoader.Configuration.maximumBodySize": ThemePackLoader<ThemePack>.Configuration().maximumBodySize,
        "ThemePackLoader.Configuration.timeout": Int(ThemePackLoader<ThemePack>.Configuration().timeout),
        "ThemePack.maxStyles": ThemePack.maxStyles,
        "ThemePack.maxStyleChainDepth": ThemePack.maxStyleChainDepth,
        "TransferStateMachine.maximumETagLength": TransferStateMachine.maximumETagLength,
    ]

    @Test("every limit in Docs/Reliability.md is the value the code uses")
    func limitsTableMatchesCode() throws {
        let document = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Docs/Reliability.md"), encoding: .utf8)
        let rows = document.split(separator: "\n").filter { $0.hasPrefix("|") }
        for (name, value) in Self.limits {
            let row = try #require(rows.first { $0.contains("`\(name)`") }, "no row for \(name)")
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            try #require(cells.count >= 3, "\(row)")
            #expect(cells[2].hasPrefix(Self.grouped(value) + " "), "\(name) is \(Self.grouped(value)): \(row)")
        }
    }
}
