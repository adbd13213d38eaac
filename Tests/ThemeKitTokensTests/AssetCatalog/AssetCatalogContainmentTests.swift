import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// Reading an asset catalog stays inside the catalog folder and checks a file's size before reading it.
@Suite struct AssetCatalogContainmentTests {
    let scratch = TemporaryDirectory(prefix: "AssetCatalogContainment")
    let parent: URL
    let catalog: URL

    init() throws {
        parent = scratch.url
        catalog = parent.appendingPathComponent("Colors.xcassets")
        try AssetCatalog.write(["Inside": ColorSet(ThemeColor(red: 0, green: 1, blue: 0))], to: catalog)
    }

    /// A colour set outside the catalog, with a colour no catalog colour has.
    func outsideColorSet() throws -> URL {
        let outside = parent.appendingPathComponent("Secret.colorset")
        let json = AssetCatalogColorSet(colors: [.any: ThemeColor(red: 1, green: 0, blue: 0)]).contentsJSON()
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: outside.appendingPathComponent("Contents.json"))
        return outside
    }

    @Test("a colour set folder that is a symbolic link out of the catalog is skipped with a warning")
    func linkedFolderOutsideIsSkipped() throws {
        let outside = try outsideColorSet()
        try FileManager.default.createSymbolicLink(
            at: catalog.appendingPathComponent("Secret.colorset"), withDestinationURL: outside)
        let contents = try AssetCatalog.read(from: catalog)
        #expect(Array(contents.colors.keys) == ["Inside"])
        #expect(contents.warnings.contains { if case .linkOutsideCatalog = $0 { true } else { false } })
    }

    @Test("a Contents.json that is a symbolic link out of the catalog is not read")
    func linkedFileOutsideIsSkipped() throws {
        let outside = try outsideColorSet()
        let folder = catalog.appendingPathComponent("Linked.colorset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Contents.json"),
            withDestinationURL: outside.appendingPathComponent("Contents.json"))
        let contents = try AssetCatalog.read(from: catalog)
        #expect(contents.colors["Linked"] == nil)
        #expect(contents.warnings.contains { if case .linkOutsideCatalog = $0 { true } else { false } })
    }

    @Test("a Contents.json larger than the document limit is refused from its size, before it is read")
    func oversizedFileIsRefusedBeforeReading() throws {
        let folder = catalog.appendingPathComponent("Huge.colorset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Contents.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        // A sparse 500 MB file: reading it whole would take 500 MB; its size alone must refuse it.
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 500_000_000)
        try handle.close()
        #expect {
            try AssetCatalog.read(from: catalog)
        } throws: { error in
            guard case .readFailed(let path, let reason) = error as? AssetCatalogError else { return false }
            return path.hasSuffix("Huge.colorset/Contents.json") && reason.contains("500000000 bytes")
        }
    }
}
