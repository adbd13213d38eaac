import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// A temporary folder of `files` (name: text), removed when released.
private func makeFolder(_ files: [String: String]) throws -> TemporaryDirectory {
    let folder = TemporaryDirectory(prefix: "themekit-resolver")
    for (name, text) in files { try folder.write(name, text) }
    return folder
}

@Suite struct DTCGResolverTests {
    private let palette =
        ##"{"c": {"$type": "color", "white": {"$value": "#FFFFFF"}, "black": {"$value": "#000000"}, "gray": {"$value": "#777777"}}}"##

    private func resolver(_ body: String) -> String {
        "{\"version\": \"2025.10\", \"name\": \"Test\", " + body + "}"
    }

    private func failure(_ folder: TemporaryDirectory, policy: DecodingPolicy = .strict) -> ThemePackError? {
        do {
            _ = try DTCGImporter(policy: policy).pack(resolver: folder.url.appendingPathComponent("r.resolver.json"))
            return nil
        } catch {
            return error
        }
    }

    @Test("maps light, dark and the light-hc / dark-hc contexts to the four appearances; later sources win")
    func mapsContexts() throws {
        let folder = try makeFolder([
            "palette.tokens.json": palette,
            "themes/light.tokens.json": ##"{"bg": {"$type": "color", "$value": "{c.white}"}}"##,
            "themes/dark.tokens.json": ##"{"bg": {"$type": "color", "$value": "{c.black}"}}"##,
            "themes/hc.tokens.json": ##"{"c": {"black": {"$type": "color", "$value": "#010101"}}}"##,
            "r.resolver.json": resolver(
                ##"""
                "sets": {"base": {"sources": [{"$ref": "./palette.tokens.json"}]}},
                "modifiers": {"theme": {"default": "light", "contexts": {
                  "light": [{"$ref": "themes/light.tokens.json"}],
                  "dark": [{"$ref": "themes/dark.tokens.json"}],
                  "light-hc": [{"$ref": "themes/light.tokens.json"}, {"bg": {"$type": "color", "$value": "{c.gray}"}}],
                  "darkHighContrast": [{"$ref": "themes/dark.tokens.json"}, {"$ref": "themes/hc.tokens.json"}]}}},
                "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]
                """##),
        ])
        let result = try DTCGImporter().pack(resolver: folder.url.appendingPathComponent("r.resolver.json"))
        let bg = try #require(result.pack.colors["bg"])
        #expect(
            bg
                == ColorSet(
                    light: hex("#FFFFFF"), dark: hex("#000000"), highContrastLight: hex("#777777"),
                    highContrastDark: hex("#010101")))
        #expect(result.pack.name == "Test")
        #expect(result.warnings.isEmpty)
    }

    @Test("inline sets and modifiers in the resolution order, and other modifiers at their default context")
    func inlineItems() throws {
        let folder = try makeFolder([
            "r.resolver.json": resolver(
                ##"""
                "resolutionOrder": [
                  {"type": "set", "name": "p", "sources": [{"c": {"$type": "color", "x": {"$value": "#112233"}}}]},
                  {"type": "modifier", "name": "size", "default": "big", "contexts": {
                     "small": [{"s": {"$type": "dimension", "space": {"$value": "4px"}}}],
                     "big": [{"s": {"$type": "dimension", "space": {"$value": "8px"}}}]}}]
                """##)
        ])
        let result = try DTCGImporter().pack(resolver: folder.url.appendingPathComponent("r.resolver.json"))
        #expect(result.pack.spacing == ["s.space": 8])
        #expect(result.pack.colors["c.x"] == ColorSet(hex("#112233")))
        #expect(result.warnings.map(\.code) == [.incompleteAppearance])
    }

    @Test(
        "refuses references that leave the resolver's folder",
        arguments: [
            "../outside.tokens.json", "/etc/passwd", "file:///etc/passwd", "sub/../../outside.tokens.json", "~/x.json",
        ])
    func refusesEscapes(reference: String) throws {
        let folder = try makeFolder([
            "r.resolver.json": resolver(
                ##""resolutionOrder": [{"type": "set", "sources": [{"$ref": "\##(reference)"}]}]"##)
        ])
        let error = try #require(failure(folder, policy: .lenient))
        #expect(error.errors.first?.reason.contains("outside the resolver's folder") == true)
    }

    @Test(
        "a path through a key that holds '.', '/' or a space is written with the key quoted, as any path's key",
        arguments: [
            (
                ##""modifiers": {"a.b": {"default": "x", "contexts": {"c": []}}}, "resolutionOrder": [{"$ref": "#/modifiers/a.b"}]"##,
                #"modifiers["a.b"].default"#
            ),
            (
                ##""modifiers": {"a/b": {"default": "x", "contexts": {"c": []}}}, "resolutionOrder": [{"$ref": "#/modifiers/a~1b"}]"##,
                #"modifiers["a/b"].default"#
            ),
            (
                ##""modifiers": {"m": {"default": "c d", "contexts": {"c d": 5}}}, "resolutionOrder": [{"$ref": "#/modifiers/m"}]"##,
                #"modifiers.m.contexts["c d"]"#
            ),
        ])
    func pathsQuoteTheirKeys(body: String, path: String) throws {
        let folder = try makeFolder(["r.resolver.json": resolver(body)])
        let error = try #require(failure(folder, policy: .strict))
        #expect(error.errors.map(\.path).contains(path), "\(error.errors.map(\.path))")
    }

    @Test("a context named by a mebibyte shows in each error's path by its beginning and length")
    func longContextNamesAreShortened() throws {
        let name = String(repeating: "c", count: 1 << 20)
        let sources = Array(repeating: "0", count: 50).joined(separator: ",")
        let body =
            ##""modifiers": {"m": {"default": "\##(name)", "contexts": {"\##(name)": [\##(sources)]}}}, "resolutionOrder": [{"$ref": "#/modifiers/m"}]"##
        let folder = try makeFolder(["r.resolver.json": resolver(body)])
        let error = try #require(failure(folder, policy: .strict))
        #expect(error.errors.count == 50)
        #expect(error.errors.allSatisfy { $0.path.utf8.count < 200 && $0.path.contains("…(1048576 characters)") })
    }

    @Test("a resolver with thousands of errors reports the first 1,000 and one saying the rest are not listed")
    func errorsAreBounded() throws {
        let entries = Array(repeating: "0", count: 5_000).joined(separator: ",")
        let folder = try makeFolder(["r.resolver.json": #"{"version": "2025.10", "resolutionOrder": [\#(entries)]}"#])
        let error = try #require(failure(folder, policy: .strict))
        #expect(error.errors.count == 1_001)
        #expect(error.errors.first?.path == "resolutionOrder[0]")
        #expect(error.errors.last?.reason == "the resolver has more than 1000 errors; the rest are not listed")
    }

    @Test(
        "reports resolver problems: version, missing files, bad pointers, unknown defaults",
        arguments: [
            (##"{"version": "1.0", "resolutionOrder": []}"##, "version"),
            (##"{"resolutionOrder": []}"##, "version"),
            (##"{"version": "2025.10"}"##, "resolutionOrder"),
            (##"{"version": "2025.10", "resolutionOrder": [{"$ref": "#/sets/nope"}]}"##, "resolutionOrder[0].$ref"),
            (
                ##"{"version": "2025.10", "resolutionOrder": [{"type": "set", "sources": [{"$ref": "missing.json"}]}]}"##,
                "resolutionOrder[0].sources[0].$ref"
            ),
            (
                ##"{"version": "2025.10", "modifiers": {"m": {"default": "x", "contexts": {"a": []}}}, "resolutionOrder": [{"$ref": "#/modifiers/m"}]}"##,
                "modifiers.m.default"
            ),
            ("[]", "$"),
        ])
    func reportsResolverProblems(text: String, path: String) throws {
        let folder = try makeFolder(["r.resolver.json": text])
        let error = try #require(failure(folder, policy: .lenient))
        #expect(error.errors.map(\.path).contains(path), "\(error)")
    }

    @Test("a malformed referenced file is reported with the file's name")
    func malformedReferencedFile() throws {
        let folder = try makeFolder([
            "bad.tokens.json": "{\"a\": NaN}",
            "r.resolver.json": resolver(
                ##""resolutionOrder": [{"type": "set", "sources": [{"$ref": "bad.tokens.json"}]}]"##),
        ])
        let error = try #require(failure(folder))
        #expect(error.errors.first?.reason.hasPrefix("bad.tokens.json: NaN is not JSON") == true)
    }

    @Test("refuses to read more files than the limit")
    func limitsFiles() throws {
        var files: [String: String] = [:]
        var sources: [String] = []
        for index in 0..<5 {
            files["f\(index).tokens.json"] = ##"{"c": {"$type": "color", "x\##(index)": {"$value": "#000000"}}}"##
            sources.append(##"{"$ref": "f"## + "\(index)" + ##".tokens.json"}"##)
        }
        files["r.resolver.json"] = resolver(
            ##""resolutionOrder": [{"type": "set", "sources": ["## + sources.joined(separator: ",") + "]}]")
        let folder = try makeFolder(files)
        #expect(throws: ThemePackError.self) {
            try DTCGImporter(maxFiles: 3).pack(resolver: folder.url.appendingPathComponent("r.resolver.json"))
        }
        #expect(
            try DTCGImporter(maxFiles: 5).pack(resolver: folder.url.appendingPathComponent("r.resolver.json")).pack
                .colors.count == 5)
    }
}

@Suite struct DTCGResolverModifierOrderTests {
    @Test("a modifier without a default resolves to its first context in document order, not alphabetical order")
    func firstContextInDocumentOrder() throws {
        let folder = try makeFolder([
            "r.resolver.json": ##"""
            {"version": "2025.10", "resolutionOrder": [
              {"type": "set", "sources": [{"c": {"$type": "color", "x": {"$value": "#112233"}}}]},
              {"type": "modifier", "name": "size", "contexts": {
                 "zeta": [{"s": {"$type": "dimension", "space": {"$value": "4px"}}}],
                 "alpha": [{"s": {"$type": "dimension", "space": {"$value": "8px"}}}]}}]}
            """##
        ])
        let result = try DTCGImporter(policy: .lenient).pack(
            resolver: folder.url.appendingPathComponent("r.resolver.json"))
        #expect(result.pack.spacing == ["s.space": 4])
        let warning = try #require(result.warnings.first { $0.code == .missingKey })
        #expect(warning.reason == "the modifier has no default context; the first one, \"zeta\", is used")
        #expect(!warning.description.hasSuffix(")"))
    }
}
