import Foundation
import Testing
import ThemeKitTestSupport

/// Random inputs and random command lines: every run must end with status 0, 1 or 2 and a message,
/// never a trap (which would take this test process down with it).
@Suite struct RobustnessTests {
    let folder = TemporaryDirectory()

    static let commandLines: [[String]] = [
        ["validate", "INPUT"], ["validate", "--strict", "--format", "json", "INPUT"], ["contrast", "INPUT"],
        ["contrast", "INPUT", "--pair", "text:background", "--format", "json"], ["convert", "INPUT", "--to", "pack"],
        ["convert", "INPUT", "--to", "dtcg"], ["export-swift", "INPUT"], ["preview", "INPUT", "--color", "always"],
        ["preview", "INPUT", "--html", "-"], ["diff", "INPUT", "INPUT"], ["export-xcassets", "INPUT", "-o", "OUTPUT"],
    ]

    /// The sample pack with random bytes replaced, deleted or inserted.
    func mutated(_ text: String, random: inout SeededRandom) -> Data {
        var bytes = Array(text.utf8)
        let alphabet = Array("{}[]\":,#0123456789.-eE\\u tfnlrx$\u{0}".utf8) + [0xFF, 0xC3]
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            guard !bytes.isEmpty else { break }
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes[index] = alphabet.randomElement(using: &random) ?? 0
            case 1: bytes.remove(at: index)
            default: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: index)
            }
        }
        return Data(bytes)
    }

    @Test("mutated packs never crash any subcommand and always end with status 0 or 1")
    func mutatedInputs() throws {
        var random = SeededRandom(seed: 0x7E3E_C11)
        let sources = [SamplePacks.harbor, SamplePacks.dtcgTokens, SamplePacks.broken]
        let path = folder.path("fuzz.json")
        for iteration in 0..<240 {
            let source = sources[iteration % sources.count]
            try mutated(source, random: &random).write(to: URL(fileURLWithPath: path))
            let line = Self.commandLines[iteration % Self.commandLines.count].map {
                $0 == "INPUT" ? path : $0 == "OUTPUT" ? folder.path("Fuzz.xcassets") : $0
            }
            let result = themekit(line)
            #expect(result.status == 0 || result.status == 1, "\(line): \(result.stderr)")
            if result.status == 1 { #expect(!result.all.isEmpty) }
        }
    }

    @Test("mutated colour sets never crash import-xcassets or validate, and always end with status 0 or 1")
    func mutatedCatalogs() throws {
        var random = SeededRandom(seed: 0xCA7A_106)
        let catalog = folder.path("Fuzz.xcassets")
        let source = AssetCatalogCommandTests.xcodeContents
        for _ in 0..<120 {
            try FileManager.default.createDirectory(
                atPath: catalog + "/Brand.colorset", withIntermediateDirectories: true)
            try mutated(source, random: &random).write(
                to: URL(fileURLWithPath: catalog + "/Brand.colorset/Contents.json"))
            for command in [["import-xcassets", catalog], ["validate", "--strict", catalog], ["preview", catalog]] {
                let result = themekit(command)
                #expect(result.status == 0 || result.status == 1, "\(command): \(result.stderr)")
            }
        }
    }

    @Test("random command lines end with status 0, 1 or 2, and status 2 always explains itself")
    func randomArguments() throws {
        var random = SeededRandom(seed: 42)
        let pack = try folder.write("harbor.json", SamplePacks.harbor)
        let words = [
            "validate", "contrast", "convert", "export-xcassets", "import-xcassets", "export-swift", "preview", "diff",
            "--to", "pack", "dtcg", "--format", "json", "text", "--strict", "--lenient", "-o", "--pair", "a:b",
            "text:background", "--level", "AAA", "--html", "-", "--", "-h", pack, folder.path("nope.json"), "",
            "--color", "always", "--type-prefix", "X", "--dark", "=", "--to=pack", "\u{0}", folder.url.path,
        ]
        for _ in 0..<300 {
            let count = Int.random(in: 0...6, using: &random)
            var line = (0..<count).map { _ in words.randomElement(using: &random) ?? "" }
            // Never ask to read standard input or to write into the repository; keep outputs in the scratch folder.
            line = line.map { $0 == "-" ? pack : $0 }
            if let index = line.firstIndex(of: "-o"), index + 1 < line.count { line[index + 1] = folder.path("out") }
            if let index = line.firstIndex(of: "--html"), index + 1 < line.count {
                line[index + 1] = folder.path("o.html")
            }
            let result = themekit(line, in: folder.url)
            #expect([0, 1, 2].contains(result.status), "\(line)")
            if result.status == 2 { #expect(result.stderr.contains("--help"), "\(line): \(result.stderr)") }
        }
    }

    @Test("inputs that are not packs at all end with status 1: a folder, an empty file, binary data, a huge number")
    func oddInputs() throws {
        let empty = try folder.write("empty.json", "")
        let binary = folder.path("binary.json")
        try Data((0..<512).map { UInt8($0 % 256) }).write(to: URL(fileURLWithPath: binary))
        let deep = try folder.write(
            "deep.json", String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000))
        let number = try folder.write("number.json", #"{"schemaVersion": 1e999}"#)
        let plainFolder = folder.path("plain")
        try FileManager.default.createDirectory(atPath: plainFolder, withIntermediateDirectories: true)
        for input in [empty, binary, deep, number, folder.path("plain")] {
            for command in [["validate"], ["contrast"], ["preview"], ["export-swift"]] {
                let result = themekit(command + [input])
                #expect([0, 1].contains(result.status), "\(command) \(input): \(result.all)")
            }
        }
        #expect(themekit(["validate", deep]).stdout.contains("nest deeper than the limit"))
        #expect(themekit(["validate", ""]).status == 1)
    }
}
