import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files that something else names — a Tokens Studio export's sets, a resolver's `$ref`s, an asset
/// catalog's `Contents.json` — are refused before they are opened unless they are regular files: opening
/// a FIFO waits for a writer that may never come.
@Suite struct SpecialFileTests {
    let folder = TemporaryDirectory()

    /// Makes a FIFO at `url`, and while `body` runs, opens it for writing now and then and closes it
    /// again, so that a reader that opened it anyway gets an empty file and an error, not a hang.
    func withFIFO<Result>(at url: URL, _ body: () throws -> Result) throws -> Result {
        try #require(mkfifo(url.path, 0o600) == 0)
        let done = Locked(false)
        let path = url.path
        let unblocker = DispatchGroup()
        DispatchQueue.global().async(group: unblocker) {
            while !done.withLock({ $0 }) {
                // Without a reader this fails at once (ENXIO): it never waits.
                let descriptor = open(path, O_WRONLY | O_NONBLOCK)
                if descriptor >= 0 { close(descriptor) }
                usleep(50_000)
            }
        }
        defer {
            done.withLock { $0 = true }
            unblocker.wait()
        }
        return try body()
    }

    @Test("a set file of a Tokens Studio export that is a FIFO is refused, not waited on")
    func tokensStudioSet() throws {
        let export = try folder.makeFolder("studio")
        try Data(#"{"tokenSetOrder": ["core"]}"#.utf8).write(to: export.appendingPathComponent("$metadata.json"))
        let error = try withFIFO(at: export.appendingPathComponent("core.json")) {
            #expect(throws: ThemePackError.self) { try DTCGImporter().pack(tokensStudioFolder: export) }
        }
        #expect(error?.description.contains("not a regular file") == true, "\(String(describing: error))")
    }

    @Test("a resolver's source that is a FIFO is refused, not waited on")
    func resolverSource() throws {
        let bundle = try folder.makeFolder("resolver")
        let document = bundle.appendingPathComponent("r.resolver.json")
        try Data(
            #"""
            {"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "./fifo.tokens.json"}]}},
             "resolutionOrder": [{"$ref": "#/sets/a"}]}
            """#.utf8
        ).write(to: document)
        let error = try withFIFO(at: bundle.appendingPathComponent("fifo.tokens.json")) {
            #expect(throws: ThemePackError.self) { try DTCGImporter().pack(resolver: document) }
        }
        #expect(error?.description.contains("not a regular file") == true, "\(String(describing: error))")
    }

    @Test("an asset catalog's Contents.json that is a FIFO is refused, not waited on")
    func assetCatalogContents() throws {
        let catalog = try folder.makeFolder("Colors.xcassets")
        let set = catalog.appendingPathComponent("Red.colorset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let error = try withFIFO(at: set.appendingPathComponent("Contents.json")) {
            #expect(throws: AssetCatalogError.self) { try AssetCatalog.read(from: catalog) }
        }
        #expect(error?.description.contains("not a regular file") == true, "\(String(describing: error))")
    }
}
