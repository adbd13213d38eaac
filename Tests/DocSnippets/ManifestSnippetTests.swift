import Foundation
import Testing

/// README's installation example is a client's whole `Package.swift` (Manifest/Package.swift). This suite
/// evaluates it as SwiftPM does and checks it against ThemeKit's own manifest and CHANGELOG.md.
@Suite("README's client manifest")
struct ManifestSnippetTests {
    /// The `swift` driver on PATH, which evaluates manifests.
    static let swift: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    @Test(
        "the manifest evaluates, names only ThemeKit's library products, and depends on the CHANGELOG's release",
        .enabled(
            if: swift != nil,
            "no 'swift' on PATH to evaluate Tests/DocSnippets/Manifest/Package.swift; put the toolchain's bin folder on PATH"
        ))
    func clientManifestIsValid() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-snippet-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        let swift: URL = try #require(Self.swift)
        process.executableURL = swift
        process.arguments = [
            "package", "--package-path", DocSnippets.root.appendingPathComponent("Tests/DocSnippets/Manifest").path,
            "--scratch-path", scratch.path, "dump-package",
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "swift package dump-package failed: \(message)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(manifest["name"] as? String == "MyApp")

        // Every `.product(name:package:)` of the client is a library of ThemeKit's Package.swift.
        let ours = try String(contentsOf: DocSnippets.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = Set(Self.captures(of: #"\.library\(name: "([A-Za-z]+)""#, in: ours))
        let text = String(decoding: json, as: UTF8.self)
        let used = Self.captures(of: #""product" : \[\s*"([A-Za-z]+)""#, in: text)
        #expect(!used.isEmpty, "the client manifest names no product")
        for product in used { #expect(libraries.contains(product), "ThemeKit has no library product \(product)") }

        // The version it depends on is the CHANGELOG's first release.
        let changelog = try String(
            contentsOf: DocSnippets.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let released = try #require(Self.captures(of: #"## \[([0-9]+\.[0-9]+\.[0-9]+)\]"#, in: changelog).last)
        #expect(
            text.contains("\"lowerBound\" : \"\(released)\""), "README's install line does not depend on \(released)")
    }

    private static func captures(of pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
