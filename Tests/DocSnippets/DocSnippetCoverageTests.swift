import Foundation
import Testing

/// Keeps every ```swift block of the documentation compiled (CONTRIBUTING.md, "Documentation snippets").
///
/// The docs' Swift blocks live, word for word, in the files of this folder between
/// `// snippet: <doc path> <label>` and `// end snippet`: Linux-compilable ones in this test target
/// (built by `swift build --build-tests`), iOS ones in `iOS/` (type-checked by `Scripts/ios-check.sh`).
/// This suite checks that the two copies agree, so an API change that breaks a doc's example breaks the
/// build, and an edit of a doc's example that is not made in its snippet file fails here.
@Suite("Documentation snippets")
struct DocSnippetCoverageTests {
    @Test("every ```swift block of README.md, Docs/ and the DocC catalogs is a region of a compiled snippet file")
    func everyDocBlockIsCompiled() throws {
        let docs = try DocSnippets.documentationBlocks()
        let regions = try DocSnippets.snippetRegions()
        #expect(!docs.isEmpty, "no ```swift block found under \(DocSnippets.root.path)")
        for block in docs {
            let candidates = regions.filter { $0.document == block.document }
            if candidates.contains(where: { $0.normalized == block.normalized }) { continue }
            Issue.record(Comment(rawValue: DocSnippets.missingRegionMessage(for: block, candidates: candidates)))
        }
    }

    @Test("every snippet region is still a ```swift block of the doc it names")
    func everyRegionIsInItsDoc() throws {
        let docs = try DocSnippets.documentationBlocks()
        for region in try DocSnippets.snippetRegions() {
            let blocks = docs.filter { $0.document == region.document }
            if blocks.contains(where: { $0.normalized == region.normalized }) { continue }
            Issue.record(
                Comment(
                    rawValue: """
                        \(region.location): the snippet "\(region.document) \(region.label)" matches no ```swift \
                        block of \(region.document): update the doc or this region so they agree, or delete the \
                        region when the doc no longer shows it
                        """))
        }
    }

    @Test("a snippet that shows its imports shows every import it needs: its file imports nothing more")
    func shownImportsAreComplete() throws {
        // Swift imports are file-wide: an import a snippet file adds after `// end snippet` would make an
        // example compile that does not compile as the doc shows it (a user's file with the doc's imports).
        for file in try DocSnippets.snippetFiles() {
            let text = try String(contentsOf: DocSnippets.root.appendingPathComponent(file), encoding: .utf8)
            let (inside, outside) = DocSnippets.imports(in: text)
            // Lines marked `// harness: <what needs it>`: imports for the file's own declarations or for
            // fragments that show no imports, which the author checked the import-showing snippet does not need.
            let lines = text.components(separatedBy: "\n")
            let harnessOnly = Set(outside.map(\.line).filter { lines[$0 - 1].contains("// harness: ") })
            for (label, shown) in inside where !shown.isEmpty {
                let available = DocSnippets.modulesAvailable(importing: shown)
                // Every other import of the file: outside the snippets, and shown by its other snippets.
                let others =
                    outside
                    + inside.filter { $0.key != label }.flatMap { key, modules in
                        modules.sorted().map { (line: 0, module: $0) }
                    }
                for (line, module) in others where !available.contains(module) && !harnessOnly.contains(line) {
                    Issue.record(
                        Comment(
                            rawValue: """
                                \(file):\(line): `import \(module)` (outside the snippets when the line is not 0, \
                                else in another snippet of the file), while the snippet "\(label)" shows its own \
                                imports without it: an example that needs \(module) must import it (or a module that \
                                re-exports it) where the doc shows its imports; an import only the file's own \
                                declarations (or fragments that show no imports) need says so: \
                                `import \(module)  // harness: <what needs it>`
                                """))
                }
            }
        }
    }

    @Test("no doc snippet force-unwraps a lookup (`colors[\"x\"]!`): show a fallback or a typed token")
    func noForceUnwrappedLookups() throws {
        for block in try DocSnippets.documentationBlocks() {
            for (offset, line) in block.lines.enumerated() where line.contains("]!") {
                Issue.record(
                    Comment(
                        rawValue: "\(block.document):\(block.firstLine + offset): force-unwrapped lookup: \(line)"))
            }
        }
    }
}

/// Reads the docs' Swift blocks and the snippet files' regions.
enum DocSnippets {
    /// The repository root (the folder holding `Package.swift`).
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// One ```swift block of a doc.
    struct Block {
        /// The doc's path from the repository root.
        var document: String
        /// The 1-based line of the block's first line of code.
        var firstLine: Int
        /// The code, as written.
        var lines: [String]
        /// The code with each line trimmed and blank lines dropped.
        var normalized: [String] { DocSnippets.normalize(lines) }
    }

    /// The code of one snippet (all regions of a file with the same doc and label, in file order).
    struct Region {
        var document: String
        var label: String
        /// `path:line` of the region's first marker.
        var location: String
        var lines: [String]
        var normalized: [String] { DocSnippets.normalize(lines) }
    }

    static func normalize(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// README.md, CONTRIBUTING.md, Docs/*.md and every Markdown file of a DocC catalog under Sources/.
    static func documentationFiles() throws -> [String] {
        var paths = ["README.md", "CONTRIBUTING.md"].filter { exists($0) }
        paths += try markdownFiles(under: "Docs")
        for module in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path) {
            paths += try markdownFiles(under: "Sources/\(module)").filter { $0.contains(".docc/") }
        }
        return paths.sorted()
    }

    static func documentationBlocks() throws -> [Block] {
        var blocks: [Block] = []
        for document in try documentationFiles() {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            var current: Block?
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if var block = current {
                    if trimmed.hasPrefix("```") {
                        blocks.append(block)
                        current = nil
                    } else {
                        block.lines.append(line)
                        current = block
                    }
                } else if trimmed == "```swift" {
                    current = Block(document: document, firstLine: index + 2, lines: [])
                }
            }
        }
        return blocks
    }

    /// The regions of every `.swift` file under Tests/DocSnippets (this target and `iOS/`).
    static func snippetRegions() throws -> [Region] {
        var regions: [Region] = []
        for file in try snippetFiles() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            var open: (key: String, lines: [String], line: Int)?
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix(beginMarker) {
                    let key = trimmed.dropFirst(beginMarker.count).trimmingCharacters(in: .whitespaces)
                    open = (key, [], index + 1)
                } else if trimmed == endMarker, let region = open {
                    let parts = region.key.split(separator: " ", maxSplits: 1).map(String.init)
                    let document = parts.first ?? ""
                    let label = parts.count > 1 ? parts[1] : ""
                    if let existing = regions.firstIndex(where: {
                        $0.document == document && $0.label == label && $0.location.hasPrefix("\(file):")
                    }) {
                        regions[existing].lines += region.lines
                    } else {
                        regions.append(
                            Region(
                                document: document, label: label, location: "\(file):\(region.line)",
                                lines: region.lines))
                    }
                    open = nil
                } else if open != nil {
                    open?.lines.append(line)
                }
            }
        }
        return regions
    }

    /// Every `.swift` file under Tests/DocSnippets (this target and `iOS/`), from the repository root.
    static func snippetFiles() throws -> [String] {
        let folder = "Tests/DocSnippets"
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append("\(folder)/\(path)") }
        }
        return files.sorted()
    }

    /// The modules a snippet file imports: inside its regions, by region key (doc and label), and
    /// outside them, with their 1-based lines.
    static func imports(in text: String) -> (inside: [String: Set<String>], outside: [(line: Int, module: String)]) {
        var inside: [String: Set<String>] = [:]
        var outside: [(line: Int, module: String)] = []
        var open: String?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(beginMarker) {
                let key = trimmed.dropFirst(beginMarker.count).trimmingCharacters(in: .whitespaces)
                open = key
                inside[key, default: []].formUnion([])
            } else if trimmed == endMarker {
                open = nil
            } else if let module = importedModule(trimmed) {
                if let open { inside[open, default: []].insert(module) } else { outside.append((index + 1, module)) }
            }
        }
        return (inside, outside)
    }

    /// The module an `import` line names (`import X`, `@testable import X`, `import X // …`), else `nil`.
    static func importedModule(_ line: String) -> String? {
        let words = line.split(separator: "/", maxSplits: 1).first.map { $0.split(separator: " ") } ?? []
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return nil }
        guard words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { return nil }
        return String(words[index + 1])
    }

    /// The modules a file importing `modules` can use: those, and what they re-export
    /// (`ThemeKitTokens` re-exports `ThemeKit`).
    static func modulesAvailable(importing modules: Set<String>) -> Set<String> {
        var available = modules
        if modules.contains("ThemeKitTokens") { available.insert("ThemeKit") }
        return available
    }

    static let beginMarker = "// snippet:"
    static let endMarker = "// end snippet"

    /// What to do about a doc block that no region holds, with the first line that differs from the
    /// closest region of the same doc.
    static func missingRegionMessage(for block: Block, candidates: [Region]) -> String {
        var message = """
            \(block.document):\(block.firstLine): this ```swift block is compiled nowhere: put it, word for word, \
            between `// snippet: \(block.document) <label>` and `// end snippet` in a file under Tests/DocSnippets \
            (iOS/ for UIKit and SwiftUI), with the declarations it needs beside it (CONTRIBUTING.md)
            """
        let scored = candidates.map { region in
            (region, Set(region.normalized).intersection(block.normalized).count)
        }
        if let (closest, common) = scored.max(by: { $0.1 < $1.1 }), common > 0 {
            let docLines = block.normalized
            let snippetLines = closest.normalized
            let index =
                Array(zip(docLines, snippetLines)).firstIndex { $0 != $1 } ?? min(docLines.count, snippetLines.count)
            let docLine = index < docLines.count ? docLines[index] : "(end of block)"
            let snippetLine = index < snippetLines.count ? snippetLines[index] : "(end of region)"
            message += """

                closest region: \(closest.location) "\(closest.document) \(closest.label)"; first difference:
                  doc:     \(docLine)
                  snippet: \(snippetLine)
                """
        }
        return message
    }

    private static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    private static func markdownFiles(under folder: String) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else {
            return []
        }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".md") { files.append("\(folder)/\(path)") }
        }
        return files
    }
}
