import Foundation
import Testing
import ThemeKitCLI

/// README's `export-swift` example uses the code the tool generates for Examples/Packs/ocean.json, kept in
/// Generated/OceanTheme.swift so that the example compiles; this suite keeps that file what the tool writes today.
@Suite("Generated snippet sources")
struct GeneratedSnippetSourceTests {
    @Test("Generated/OceanTheme.swift is what `themekit export-swift Examples/Packs/ocean.json` writes")
    func oceanThemeIsCurrent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-snippets-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pack = DocSnippets.root.appendingPathComponent("Examples/Packs/ocean.json").path
        let output = folder.appendingPathComponent("OceanTheme.swift").path
        var out = ""
        var err = ""
        let status = ThemeKitCommand.run(
            arguments: ["export-swift", pack, "-o", output], stdout: &out, stderr: &err,
            environment: CommandEnvironment(currentDirectory: folder))
        #expect(status == 0, "export-swift failed: \(err)")
        let generated = try String(contentsOfFile: output, encoding: .utf8)
        let committedPath = "Tests/DocSnippets/Generated/OceanTheme.swift"
        let committed = try String(
            contentsOf: DocSnippets.root.appendingPathComponent(committedPath), encoding: .utf8)
        let header = "// swift-format-ignore-file\n"
        #expect(
            committed == header + generated,
            """
            \(committedPath) is stale: regenerate it with `swift run themekit export-swift Examples/Packs/ocean.json \
            -o \(committedPath)` and put `\(header.dropLast())` back on its first line
            """)
    }
}
