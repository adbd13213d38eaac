import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct JSONReaderTests {
    private func read(_ text: String, limits: JSONLimits = .default) throws(JSONReadError) -> JSONDocument {
        try JSONReader(limits: limits).read(text)
    }

    private func failure(_ text: String, limits: JSONLimits = .default) -> JSONReadError? {
        do {
            _ = try read(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test("reads every kind of value and keeps object members in document order")
    func readsAllKinds() throws {
        let document = try read(#"{"z": null, "a": [true, false, -1.5e2, 0], "m": "x\ty", "e": {}}"#)
        let object = try #require(document.value.objectValue)
        #expect(object.keys == ["z", "a", "m", "e"])
        #expect(document.value["z"] == .null)
        #expect(document.value["a"] == [true, false, -150, 0])
        #expect(document.value["m"] == "x\ty")
        #expect(document.value["e"] == .object([:]))
        #expect(document.duplicateKeys.isEmpty)
    }

    @Test("decodes escapes, including surrogate pairs, to the right Unicode scalars")
    func decodesEscapes() throws {
        let document = try read(#"["\"\\\/\b\f\n\r\t", "\u00e9\u20AC", "\uD83D\uDE00", "é€😀"]"#)
        #expect(document.value == ["\"\\/\u{08}\u{0C}\n\r\t", "é€", "😀", "é€😀"])
    }

    @Test("repeated keys are reported up to the limit, with paths that show a long key by its beginning")
    func repeatedKeysAreBounded() throws {
        let long = String(repeating: "k", count: 200_000)
        let members = Array(repeating: #""x":1"#, count: 5_000).joined(separator: ",")
        let document = try JSONReader().read(Data(#"{"\#(long)":{\#(members)},"y":{\#(members)}}"#.utf8))
        #expect(document.duplicateKeys.count == JSONDocument.maxReportedDuplicateKeys)
        let first = try #require(document.duplicateKeys.first)
        #expect(first.path == #"["\#(String(repeating: "k", count: 64))…(200000 characters)"].x"#)
        // Every member is still read: each object keeps one "x", with the last value.
        #expect(document.value[long]?["x"] == .number(1))
        #expect(document.value["y"]?["x"] == .number(1))
        #expect(JSONPath([.key("short"), .key(long)]).description.count < 120)
    }

    @Test("reports a repeated key with its path and position, keeping the first position and the last value")
    func reportsDuplicateKeys() throws {
        let document = try read("{\"colors\": {\"primary\": 1,\n  \"accent\": 2,\n  \"primary\": 3}}")
        let duplicate = try #require(document.duplicateKeys.first)
        #expect(document.duplicateKeys.count == 1)
        #expect(duplicate.key == "primary")
        #expect(duplicate.path == "colors.primary")
        #expect(duplicate.location.line == 3)
        #expect(duplicate.location.column == 3)
        let colors = try #require(document.value["colors"]?.objectValue)
        #expect(colors.keys == ["primary", "accent"])
        #expect(colors["primary"] == 3)
    }

    @Test(
        "rejects malformed documents with a specific reason",
        arguments: [
            ("", JSONReadError.Reason.emptyDocument),
            ("  \n ", .emptyDocument),
            ("[1, 2", .unexpectedEndOfInput(expected: "',' or ']'")),
            ("[1,]", .unexpectedCharacter(found: "']'", expected: "a value")),
            (#"{"a" 1}"#, .unexpectedCharacter(found: "'1'", expected: "':'")),
            ("{a: 1}", .unexpectedCharacter(found: "'a'", expected: "a string key")),
            ("NaN", .nonFiniteLiteral("NaN")),
            ("[Infinity]", .nonFiniteLiteral("Infinity")),
            ("-Infinity", .nonFiniteLiteral("-Infinity")),
            ("1e400", .numberOutOfRange("1e400")),
            ("-1e400", .numberOutOfRange("-1e400")),
            ("01", .invalidNumber("01")),
            ("1.", .invalidNumber("1.")),
            ("12px", .invalidNumber("12px")),
            ("-", .invalidNumber("-")),
            (".5", .unexpectedCharacter(found: "'.'", expected: "a value")),
            ("tru", .unexpectedCharacter(found: "'t'", expected: "a value")),
            ("truex", .unexpectedCharacter(found: "'x'", expected: "a delimiter after the literal")),
            (#""\uD800""#, .loneSurrogate(#"\uD800"#)),
            (#""\uDC00x""#, .loneSurrogate(#"\uDC00"#)),
            (#""\uD800\u0041""#, .loneSurrogate(#"\uD800"#)),
            (#""\x""#, .invalidEscape(#"\x"#)),
            (#""\u12G4""#, .invalidEscape(#"\u12G4"#)),
            ("\"a\tb\"", .controlCharacterInString(0x09)),
            ("1 2", .trailingContent),
            (#"{"a":1}}"#, .trailingContent),
        ])
    func rejectsMalformed(text: String, reason: JSONReadError.Reason) {
        #expect(failure(text)?.reason == reason)
    }

    @Test(
        "rejects malformed UTF-8 inside strings",
        arguments: [
            [0x22, 0xC0, 0x80, 0x22],  // overlong NUL
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
            [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],  // beyond U+10FFFF
            [0x22, 0xE2, 0x82, 0x22],  // truncated sequence
            [0x22, 0x80, 0x22],  // stray continuation byte
            [0x22, 0xE2, 0x82],  // truncated at end of input
        ] as [[UInt8]])
    func rejectsMalformedUTF8(bytes: [UInt8]) {
        do {
            _ = try JSONReader().read(Data(bytes))
            Issue.record("malformed UTF-8 was accepted")
        } catch {
            #expect(error.reason == .invalidUTF8)
        }
    }

    @Test("skips a leading byte-order mark")
    func skipsByteOrderMark() throws {
        let document = try JSONReader().read(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)))
        #expect(document.value == [1])
    }

    @Test("locates errors by line, column in Unicode scalars, and JSON path")
    func locatesErrors() throws {
        let error = try #require(failure("{\n  \"colors\": {\n    \"é\": [1, NaN]\n  }\n}"))
        #expect(error.reason == .nonFiniteLiteral("NaN"))
        #expect(error.location.line == 3)
        #expect(error.location.column == 14)
        #expect(error.path == #"colors["é"][1]"#)
        #expect(error.description.contains("line 3, column 14"))
    }

    @Test("accepts nesting up to the depth limit and rejects one level more")
    func enforcesDepth() throws {
        let limits = JSONLimits(maxDepth: 8)
        let ok = String(repeating: "[", count: 8) + String(repeating: "]", count: 8)
        #expect(try read(ok, limits: limits).value.arrayValue != nil)
        let deep = String(repeating: "[", count: 9) + String(repeating: "]", count: 9)
        #expect(failure(deep, limits: limits)?.reason == .nestingTooDeep(limit: 8))
    }

    @Test("refuses a million nested brackets quickly without exhausting the stack")
    func survivesHostileNesting() {
        let hostile = String(repeating: "[", count: 1_000_000)
        #expect(failure(hostile)?.reason == .nestingTooDeep(limit: 64))
        #expect(failure(String(repeating: "{\"a\":", count: 100_000))?.reason == .nestingTooDeep(limit: 64))
    }

    @Test("clamps the depth limit to the hard maximum")
    func clampsDepth() {
        #expect(JSONLimits(maxDepth: 10_000_000).maxDepth == JSONLimits.hardMaximumDepth)
        var limits = JSONLimits()
        limits.maxDepth = -3
        #expect(limits.maxDepth == 0)
    }

    @Test("enforces the document, string, number and token limits")
    func enforcesSizeLimits() {
        let tooBig = String(repeating: " ", count: 101) + "1"
        #expect(
            failure(tooBig, limits: JSONLimits(maxDocumentBytes: 100))?.reason
                == .documentTooLarge(bytes: 102, limit: 100))
        #expect(
            failure(#"["abcdefghijk"]"#, limits: JSONLimits(maxStringBytes: 10))?.reason
                == .stringTooLong(limit: 10))
        #expect(
            failure("[12345678901]", limits: JSONLimits(maxNumberLength: 10))?.reason
                == .numberTooLong(limit: 10))
        #expect(failure("[1,2,3,4]", limits: JSONLimits(maxTokenCount: 4))?.reason == .tooManyTokens(limit: 4))
        #expect(failure(#"{"a":1,"b":2}"#, limits: JSONLimits(maxTokenCount: 4))?.reason == .tooManyTokens(limit: 4))
    }

    @Test("the default limits are 8 MiB, depth 64, 1 MiB strings, 256-character numbers, a million tokens")
    func defaultLimits() {
        let limits = JSONLimits.default
        #expect(limits.maxDocumentBytes == 8 * 1024 * 1024)
        #expect(limits.maxDepth == 64)
        #expect(limits.maxStringBytes == 1024 * 1024)
        #expect(limits.maxNumberLength == 256)
        #expect(limits.maxTokenCount == 1_000_000)
    }

    @Test("reads numbers at the edges of Double's range")
    func readsExtremeNumbers() throws {
        let document = try read("[1.7976931348623157e308, -0, 1e-400, 5e-324, 123456789012345678901234567890]")
        #expect(document.value[0]?.numberValue == .greatestFiniteMagnitude)
        #expect(document.value[1]?.numberValue == 0)
        #expect(document.value[2]?.numberValue == 0)
        #expect(document.value[3]?.numberValue == .leastNonzeroMagnitude)
        #expect(document.value[4]?.numberValue == 1.2345678901234568e29)
    }

    @Test(
        "reads every shared fixture", Fixtures.required,
        arguments: [
            "dtcg/figma-sds.resolver.json", "dtcg/figma-sds/color.tokens.json", "dtcg/figma-sds/size.tokens.json",
            "dtcg/figma-sds/theme-light.tokens.json", "dtcg/figma-sds/theme-dark.tokens.json",
            "dtcg/figma-sds/typography.tokens.json", "dtcg/figma-sds-legacy-strings.tokens.json",
            "dtcg/primer-light.tokens.json", "dtcg/primer-dark.tokens.json",
            "dtcg/primer-light-high-contrast.tokens.json", "dtcg/primer-dark-high-contrast.tokens.json",
            "wcag-reference.json",
        ])
    func readsFixtures(path: String) throws {
        let data = try Fixtures.data(path)
        let document = try JSONReader().read(data)
        #expect(document.duplicateKeys.isEmpty)
        let foundation = try JSONSerialization.jsonObject(with: data)
        if let dictionary = foundation as? [String: Any] {
            #expect(document.value.objectValue?.count == dictionary.count)
        }
    }
}
