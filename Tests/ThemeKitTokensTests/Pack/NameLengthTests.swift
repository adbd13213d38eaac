import Foundation
import Testing
import ThemeKitTokens

/// Names and path keys are bounded in bytes as well as in characters: one letter followed by
/// half a million combining marks is one character and a mebibyte.
@Suite struct NameLengthTests {
    private func packIssues(colorName name: String) -> [ThemePackIssue] {
        let json = ##"{"schemaVersion":1,"id":"p","name":"P","colors":{"\##(name)":"#000000"}}"##
        do {
            _ = try ThemePackDecoder(policy: .strict).decode(Data(json.utf8))
            return []
        } catch {
            return error.errors
        }
    }

    @Test("a pack name of 128 four-byte characters is accepted; one character with 300 combining marks is refused")
    func packNamesAreBoundedInBytes() {
        #expect(packIssues(colorName: String(repeating: "😀", count: 128)).isEmpty)
        #expect(packIssues(colorName: "e" + String(repeating: "\u{301}", count: 200)).isEmpty)
        let refused = packIssues(colorName: "e" + String(repeating: "\u{301}", count: 300))
        #expect(refused.count == 1)
        #expect(refused.first?.reason == "the name is longer than \(ThemePack.maxNameBytes) bytes (UTF-8)")
        #expect(
            packIssues(colorName: String(repeating: "a", count: 129)).first?.reason
                == "the name is longer than 128 characters")
    }

    @Test("a token group named by one character and many combining marks is refused, and its path stays short")
    func tokenGroupNamesAreBoundedInBytes() throws {
        let name = "a" + String(repeating: "\u{301}", count: 20_000)
        let json = ##"{"\##(name)":{"$type":"color","t":{"$value":"#000000"}}}"##
        let document = try DTCGDocument(data: Data(json.utf8), source: "t.tokens.json")
        var reasons: [String] = []
        var paths: [String] = []
        do {
            _ = try DTCGImporter(policy: .strict).pack(document: document)
        } catch {
            reasons = error.errors.map(\.reason)
            paths = error.errors.map(\.path)
        }
        #expect(reasons.contains { $0.contains("longer than \(ThemePack.maxNameBytes) bytes") })
        #expect(paths.allSatisfy { $0.utf8.count < 400 })
    }

    @Test("a path shows a key long in bytes by its first scalars and its length in bytes")
    func pathKeysAreShortenedByBytes() {
        let key = "a" + String(repeating: "\u{301}", count: 524_000)
        let path = JSONPath([.key("group"), .key(key)]).description
        #expect(path.utf8.count < 300)
        #expect(path.hasSuffix("…(\(key.utf8.count) bytes)\"]"))
        // Long in characters: the count of characters, as before.
        let ascii = JSONPath([.key(String(repeating: "k", count: 200))]).description
        #expect(ascii == #"["\#(String(repeating: "k", count: 64))…(200 characters)"]"#)
    }
}
