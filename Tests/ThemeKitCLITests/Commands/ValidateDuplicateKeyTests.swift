import Foundation
import Testing
import ThemeKitTokens
import ThemeKitTestSupport

/// `validate`'s default agrees with the decoder `ThemePackLoader` uses by default: a key repeated in one
/// object is refused by both, so a pack that passes CI also loads in the app.
@Suite struct ValidateDuplicateKeyTests {
    let folder = TemporaryDirectory()

    static let pack = """
        {"schemaVersion": 1, "id": "dup", "name": "Dup",
         "colors": {"accent": "#0055FF", "accent": "#FF0000"}}
        """

    @Test("a repeated key fails validate by default, as it fails the loader's default decoder")
    func duplicateKeysFailByDefault() throws {
        let file = try folder.write("dup.json", Self.pack)
        #expect(throws: ThemePackError.self) { try ThemePackDecoder().decode(Data(Self.pack.utf8)) }
        let result = themekit(["validate", file])
        #expect(result.status == 1, "\(result.all)")
        #expect(
            result.stdout.contains("error: colors.accent: the key \"accent\" appears more than once"), "\(result.all)")
    }

    @Test("--lenient still passes a repeated key with a warning; --strict refuses it")
    func otherPolicies() throws {
        let file = try folder.write("dup.json", Self.pack)
        let lenient = themekit(["validate", file, "--lenient"])
        #expect(lenient.status == 0 && lenient.stdout.contains("warning:"), "\(lenient.all)")
        #expect(themekit(["validate", file, "--strict"]).status == 1)
    }
}
