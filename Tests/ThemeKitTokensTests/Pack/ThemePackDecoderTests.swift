import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

extension ThemeStyle {
    fileprivate static let sepia = ThemeStyle(rawValue: "sepia")
    fileprivate static let dusk = ThemeStyle(rawValue: "dusk")
}

/// A complete, valid pack used as the starting point of most tests.
let validPackJSON = """
    {
      "$schema": "https://example.com/theme-pack.schema.json",
      "schemaVersion": 1,
      "id": "com.example.test",
      "name": "Test",
      "description": "A pack for tests.",
      "colors": {
        "background": {"light": "#FFFFFF", "dark": "#101418", "highContrastLight": "#FFFFFF",
                       "highContrastDark": "#000000", "custom": {"sepia": {"color": "#F4ECD8", "highContrast": "#FFF8E8"}}},
        "text": {"light": "#1A1A1A", "dark": "#F0F0F0", "custom": {"sepia": "#3B2F1E"}},
        "accent": "#0055FF",
        "overlay": {"light": {"red": 0, "green": 0, "blue": 0, "alpha": 0.25}, "dark": "#FFFFFF40"}
      },
      "typography": {
        "body": {"family": "Inter", "size": 17, "weight": 400, "design": "default", "textStyle": "body",
                 "lineHeight": 1.3, "letterSpacing": -0.2},
        "code": {"size": 13, "design": "monospaced"}
      },
      "radii": {"small": 4, "large": 16.5},
      "spacing": {"none": 0, "m": 16},
      "styles": {"sepia": "light", "dusk": "sepia"},
      "contrastPairs": [
        {"text": "text", "background": "background", "usage": "normalText"},
        {"text": "accent", "background": "background", "usage": "nonText"}
      ]
    }
    """

/// Returns `validPackJSON` with one top-level key replaced (or removed with `nil`).
func packJSON(replacing key: String, with value: JSONNode?) throws -> Data {
    var root = try #require(try JSONReader().read(validPackJSON).value.objectValue)
    root[key] = value
    return Data(JSONWriter(sortedKeys: false, indent: 0).string(from: .object(root)).utf8)
}

func packJSON(_ text: String) -> Data { Data(text.utf8) }

/// The error a strict decode throws, or `nil` when it succeeds.
func strictFailure(_ data: Data) -> ThemePackError? {
    do {
        _ = try ThemePackDecoder(policy: .strict).decode(data)
        return nil
    } catch {
        return error
    }
}

@Suite struct ThemePackDecoderTests {
    @Test("decodes every section of a valid pack")
    func decodesValidPack() throws {
        let decoded = try ThemePackDecoder().decode(packJSON(validPackJSON))
        let pack = decoded.pack
        #expect(decoded.warnings.isEmpty)
        #expect(pack.id == "com.example.test")
        #expect(pack.name == "Test")
        #expect(pack.description == "A pack for tests.")
        #expect(pack.colors["background"]?.dark == (try ThemeColor(hex: "#101418")))
        #expect(pack.colors["background"]?.highContrastDark == (try ThemeColor(hex: "#000000")))
        #expect(pack.colors["background"]?.custom[.sepia]?.highContrast == (try ThemeColor(hex: "#FFF8E8")))
        #expect(pack.colors["text"]?.custom[.sepia]?.color == (try ThemeColor(hex: "#3B2F1E")))
        #expect(pack.colors["accent"] == ColorSet(try ThemeColor(hex: "#0055FF")))
        #expect(pack.colors["overlay"]?.light == ThemeColor(red: 0, green: 0, blue: 0, alpha: 0.25))
        #expect(
            pack.typography["body"]
                == TypographyToken(
                    family: "Inter", size: 17, weight: 400, textStyle: .body, lineHeight: 1.3, letterSpacing: -0.2))
        #expect(pack.typography["code"] == TypographyToken(size: 13, design: .monospaced))
        #expect(pack.radii == ["small": 4, "large": 16.5])
        #expect(pack.spacing == ["none": 0, "m": 16])
        #expect(pack.styles == [.sepia: .light, .dusk: .sepia])
        #expect(
            pack.contrastPairs == [
                ContrastPair(text: "text", background: "background", usage: .normalText),
                ContrastPair(text: "accent", background: "background", usage: .nonText),
            ])
    }

    @Test("strict decoding reports every problem at once, each with its JSON path")
    func strictReportsEverything() throws {
        let data = packJSON(
            """
            {"schemaVersion": 1, "id": "bad id!", "name": "",
             "colors": {"primary": {"light": "#GGG", "dark": "#12345"}, "ok": "#000", "": "#FFF"},
             "typography": {"body": {"size": -4, "weight": 1200, "lineHeight": 99}},
             "radii": {"huge": 1e9, "neg": -1},
             "spacing": {"text": "16"},
             "styles": {"light": "dark", "a": "b", "b": "a", "c": "nowhere"},
             "contrastPairs": [{"text": "ok", "background": "missing", "usage": "tiny"}, 3],
             "extra": true}
            """)
        let error = try #require(strictFailure(data))
        guard case .invalid(let issues) = error else {
            Issue.record("expected .invalid, got \(error)")
            return
        }
        let paths = Set(issues.filter { $0.severity == .error }.map(\.path))
        #expect(
            paths == [
                "id", "name", "colors.primary.light", "colors.primary.dark", ##"colors[""]"##, "typography.body.size",
                "typography.body.weight", "typography.body.lineHeight", "radii.huge", "radii.neg", "spacing.text",
                "styles.light", "styles.a", "styles.b", "styles.c", "contrastPairs[0].usage", "contrastPairs[1]",
            ])
        #expect(issues.contains { $0.path == "extra" && $0.severity == .warning && $0.code == .unknownKey })
        let dark = try #require(issues.first { $0.path == "colors.primary.dark" })
        #expect(dark.code == .invalidColor)
        #expect(dark.reason.contains("5 hex digits"))
        #expect(issues.first { $0.path == "radii.neg" }?.reason.contains("negative") == true)
        #expect(issues.first { $0.path == "radii.huge" }?.code == .outOfRange)
        #expect(issues.first { $0.path == "styles.a" }?.code == .cycle)
        #expect(issues.first { $0.path == "styles.b" }?.reason.contains("a → b → a") == true)
        #expect(issues.first { $0.path == "styles.c" }?.code == .unknownReference)
        #expect(error.description.contains("colors.primary.light"))
    }

    @Test(
        "a missing or unsupported schema version is an error under both policies",
        arguments: [
            (nil, DecodingPolicy.strict), (JSONNode.number(2), .strict), (.number(2), .lenient), (nil, .lenient),
            (.string("1"), .lenient), (.number(1.5), .strict), (.number(0), .lenient),
        ] as [(JSONNode?, DecodingPolicy)])
    func rejectsSchemaVersion(version: JSONNode?, policy: DecodingPolicy) throws {
        let data = try packJSON(replacing: "schemaVersion", with: version)
        let base = try ThemePackDecoder().decode(packJSON(validPackJSON)).pack
        #expect {
            try ThemePackDecoder(policy: policy, base: base).decode(data)
        } throws: { error in
            guard let error = error as? ThemePackError, case .unsupportedSchemaVersion(let found, _) = error else {
                return false
            }
            return found == version && error.issues.first?.path == "schemaVersion"
        }
    }

    @Test(
        "a contrast pair naming a missing colour is reported at its index in the file, after dropped and repeated pairs"
    )
    func contrastPairIndexInTheFile() throws {
        let data = packJSON(
            """
            {"schemaVersion": 1, "id": "idx", "name": "Idx", "colors": {"a": "#000000", "b": "#FFFFFF"},
             "contrastPairs": [
               {"text": "a", "background": "b", "usage": "sideways"},
               {"text": "a", "background": "b", "usage": "normalText"},
               {"text": "a", "background": "b", "usage": "normalText"},
               {"text": "a", "background": "missing", "usage": "normalText"},
               {"text": "gone", "background": "b", "usage": "largeText"}]}
            """)
        let error = try #require(strictFailure(data))
        guard case .invalid(let issues) = error else {
            Issue.record("expected .invalid, got \(error)")
            return
        }
        // Pair 0 is invalid and pair 2 repeats pair 1: the later pairs keep their own indices.
        #expect(
            Set(issues.map(\.path)) == [
                "contrastPairs[0].usage", "contrastPairs[2]", "contrastPairs[3].background", "contrastPairs[4].text",
            ])
        let lenient = try ThemePackDecoder(policy: .lenient).decode(data)
        #expect(lenient.pack.contrastPairs == [ContrastPair(text: "a", background: "b", usage: .normalText)])
        #expect(lenient.warnings.contains { $0.path == "contrastPairs[3].background" && $0.action == .dropped })
    }

    @Test("explains an unsupported schema version in plain English")
    func explainsSchemaVersion() throws {
        let error = try #require(strictFailure(try packJSON(replacing: "schemaVersion", with: 7)))
        #expect(error.description == "schemaVersion: schema version 7 is not supported; this library reads version 1")
    }

    @Test("lenient decoding keeps valid tokens, replaces invalid ones from the base pack, and drops the rest")
    func lenientFallsBackPerToken() throws {
        let base = ThemePack(
            id: "base", name: "Base", colors: ["primary": ColorSet(try ThemeColor(hex: "#336699"))],
            radii: ["huge": 8], styles: [.sepia: .light])
        let data = packJSON(
            """
            {"schemaVersion": 1, "id": "lenient", "name": "Lenient",
             "colors": {"primary": {"light": "#GGG", "dark": "#000"}, "secondary": "oops", "ok": "#123456"},
             "radii": {"huge": 1e9, "small": 2, "neg": -3},
             "styles": {"sepia": "nowhere"},
             "contrastPairs": [{"text": "ok", "background": "secondary", "usage": "normalText"}]}
            """)
        let decoded = try ThemePackDecoder(policy: .lenient, base: base).decode(data)
        #expect(decoded.pack.colors["primary"] == base.colors["primary"])
        #expect(decoded.pack.colors["secondary"] == nil)
        #expect(decoded.pack.colors["ok"] == ColorSet(try ThemeColor(hex: "#123456")))
        #expect(decoded.pack.radii == ["huge": 8, "small": 2])
        #expect(decoded.pack.styles == [.sepia: .light])
        #expect(decoded.pack.contrastPairs.isEmpty)
        #expect(decoded.warnings.allSatisfy { $0.severity == .warning })
        let actions = Dictionary(decoded.warnings.map { ($0.path, $0.action) }) { first, _ in first }
        #expect(actions["colors.primary.light"] == .replacedWithBase)
        #expect(actions["colors.secondary"] == .dropped)
        #expect(actions["radii.huge"] == .replacedWithBase)
        #expect(actions["radii.neg"] == .dropped)
        #expect(actions["styles.sepia"] == .replacedWithBase)
        #expect(actions["contrastPairs[0].background"] == .dropped)
        #expect(decoded.warnings.first { $0.path == "colors.primary.light" }?.description.contains("base pack") == true)
    }

    @Test("lenient decoding without a base drops invalid tokens and still needs an id and a name")
    func lenientWithoutBase() throws {
        let decoded = try ThemePackDecoder(policy: .lenient).decode(
            packJSON(##"{"schemaVersion": 1, "id": "x", "name": "X", "spacing": {"a": -1, "b": 4}}"##))
        #expect(decoded.pack.spacing == ["b": 4])
        #expect(decoded.warnings.map(\.action) == [.dropped])
        #expect(throws: ThemePackError.self) {
            try ThemePackDecoder(policy: .lenient).decode(packJSON(##"{"schemaVersion": 1, "name": "X"}"##))
        }
    }

    @Test("lenient decoding takes a missing id and name from the base pack")
    func lenientTakesIdentityFromBase() throws {
        let base = ThemePack(id: "base", name: "Base")
        let decoded = try ThemePackDecoder(policy: .lenient, base: base).decode(packJSON(##"{"schemaVersion": 1}"##))
        #expect(decoded.pack.id == "base")
        #expect(decoded.pack.name == "Base")
        #expect(decoded.warnings.map(\.code) == [.missingKey, .missingKey])
    }

    @Test("a section of the wrong type is replaced by the base pack's section under lenient")
    func lenientReplacesSections() throws {
        let base = ThemePack(id: "b", name: "B", spacing: ["m": 12])
        let data = try packJSON(replacing: "spacing", with: [1, 2])
        let decoded = try ThemePackDecoder(policy: .lenient, base: base).decode(data)
        #expect(decoded.pack.spacing == ["m": 12])
        #expect(decoded.warnings.first?.code == .wrongType)
        #expect(strictFailure(data)?.errors.map(\.path) == ["spacing"])
    }

    @Test("duplicate names are errors under strict and warnings under lenient")
    func duplicateNames() throws {
        let data = packJSON(##"{"schemaVersion": 1, "id": "d", "name": "D", "radii": {"s": 2, "s": 3}}"##)
        let error = try #require(strictFailure(data))
        #expect(error.errors.map(\.path) == ["radii.s"])
        #expect(error.errors.first?.code == .duplicateKey)
        let decoded = try ThemePackDecoder(policy: .lenient).decode(data)
        #expect(decoded.pack.radii == ["s": 3])
        #expect(decoded.warnings.map(\.code) == [.duplicateKey])
    }

    @Test("unknown keys are warnings under both policies")
    func unknownKeysWarn() throws {
        let data = packJSON(
            ##"{"schemaVersion": 1, "id": "u", "name": "U", "colour": {}, "colors": {"a": {"light": "#000", "dark": "#FFF", "dim": "#888"}}}"##
        )
        for policy in DecodingPolicy.allCases {
            let decoded = try ThemePackDecoder(policy: policy).decode(data)
            #expect(decoded.warnings.map(\.path) == ["colour", "colors.a.dim"])
            #expect(decoded.warnings.allSatisfy { $0.code == .unknownKey && $0.action == .ignored })
        }
    }

    @Test("a colour for a style the pack does not declare is kept with a warning")
    func undeclaredCustomStyle() throws {
        let data = packJSON(
            ##"{"schemaVersion": 1, "id": "u", "name": "U", "colors": {"a": {"light": "#000", "dark": "#FFF", "custom": {"neon": "#0F0"}}}}"##
        )
        let decoded = try ThemePackDecoder().decode(data)
        #expect(decoded.pack.colors["a"]?.custom[ThemeStyle(rawValue: "neon")] != nil)
        #expect(decoded.warnings.map(\.path) == ["colors.a.custom.neon"])
    }

    @Test(
        "rejects wrong types with a reason that names the expected type",
        arguments: [
            (##""colors": {"a": 5}"##, "colors.a", "hex string"),
            (##""colors": {"a": {"light": "#000"}}"##, "colors.a.dark", "no dark value"),
            (
                ##""colors": {"a": {"light": "#000", "dark": {"red": 2, "green": 0, "blue": 0}}}"##,
                "colors.a.dark.red", "outside 0…1"
            ),
            (##""colors": {"a": {"light": "#000", "dark": {"red": 0, "green": 0}}}"##, "colors.a.dark.blue", "no blue"),
            (
                ##""colors": {"a": {"light": "#000", "dark": "#FFF", "custom": {"dark": "#111"}}}"##,
                "colors.a.custom.dark", "built-in"
            ),
            (##""typography": {"t": {"weight": 400}}"##, "typography.t.size", "no size"),
            (##""typography": {"t": {"size": 0}}"##, "typography.t.size", "outside"),
            (##""typography": {"t": {"size": 12, "weight": 450.5}}"##, "typography.t.weight", "whole number"),
            (##""typography": {"t": {"size": 12, "design": "fancy"}}"##, "typography.t.design", "monospaced"),
            (##""typography": {"t": {"size": 12, "textStyle": "huge"}}"##, "typography.t.textStyle", "caption2"),
            (##""typography": {"t": {"size": "12"}}"##, "typography.t.size", "must be a number"),
            (##""radii": {"$r": 2}"##, ##"radii.$r"##, "reserved"),
            (##""styles": {"sepia": 3}"##, "styles.sepia", "style name string"),
            (##""contrastPairs": {"text": "a"}"##, "contrastPairs", "array"),
            (##""description": 5"##, "description", "must be a string"),
        ])
    func rejectsWrongTypes(fragment: String, path: String, reasonPart: String) throws {
        let data = packJSON(##"{"schemaVersion": 1, "id": "t", "name": "T", "## + fragment + "}")
        let error = try #require(strictFailure(data))
        let issue = try #require(error.errors.first { $0.path == path }, "no error at \(path) in \(error)")
        #expect(issue.reason.contains(reasonPart), "\(issue.reason)")
    }

    @Test("malformed JSON is reported with its location and is an error under lenient too")
    func malformedJSON() throws {
        let data = packJSON("{\"schemaVersion\": 1,\n \"radii\": {\"a\": NaN}}")
        #expect {
            try ThemePackDecoder(policy: .lenient).decode(data, source: "pack.json")
        } throws: { error in
            guard case .malformedJSON(let readError, let source)? = error as? ThemePackError else { return false }
            return readError.reason == .nonFiniteLiteral("NaN") && readError.path == "radii.a"
                && readError.location.line == 2 && source == "pack.json"
        }
    }

    @Test("the document size and depth limits apply to packs")
    func packLimits() throws {
        let limits = JSONLimits(maxDocumentBytes: 64, maxDepth: 3)
        let decoder = ThemePackDecoder(limits: limits)
        #expect(throws: ThemePackError.self) { try decoder.decode(packJSON(validPackJSON)) }
        let deep = packJSON(##"{"schemaVersion":1,"a":{"b":{"c":{}}}}"##)
        #expect {
            try decoder.decode(deep)
        } throws: { error in
            guard case .malformedJSON(let readError, _)? = error as? ThemePackError else { return false }
            return readError.reason == .nestingTooDeep(limit: 3)
        }
    }

    @Test("a root that is not an object is an error")
    func rootMustBeObject() {
        #expect(strictFailure(packJSON("[1]"))?.errors.first?.code == .wrongType)
    }

    @Test("reads a pack from a file and refuses files over the size limit before reading them")
    func readsFiles() throws {
        let scratch = TemporaryDirectory(prefix: "themekit-pack")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let url = scratch.appending("pack.json")
        try packJSON(validPackJSON).write(to: url)
        #expect(try ThemePackDecoder().decode(contentsOf: url).pack.id == "com.example.test")
        #expect {
            try ThemePackDecoder(limits: JSONLimits(maxDocumentBytes: 100)).decode(contentsOf: url)
        } throws: { error in
            guard case .unreadableFile(_, let reason)? = error as? ThemePackError else { return false }
            return reason.contains("larger than")
        }
        #expect(throws: ThemePackError.self) {
            try ThemePackDecoder().decode(contentsOf: url.appendingPathExtension("missing"))
        }
    }
}
