import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// Reads a DTCG document from JSON text.
func dtcg(_ text: String, source: String? = nil) throws -> DTCGDocument {
    try DTCGDocument(data: Data(text.utf8), source: source)
}

/// Reads a DTCG fixture.
func dtcgFixture(_ name: String) throws -> DTCGDocument {
    try DTCGDocument(data: try Fixtures.data("dtcg/\(name)"), source: name)
}

/// The error an import throws, or `nil`.
func importFailure(_ body: () throws(ThemePackError) -> DTCGImportResult) -> ThemePackError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

func hex(_ text: String) -> ThemeColor {
    do {
        return try ThemeColor(hex: text)
    } catch {
        Issue.record("bad test colour \(text): \(error)")
        return ThemeColor(red: 0, green: 0, blue: 0)
    }
}
