import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// Writing an asset catalog stays inside the catalog and loses no colour: links out of it are refused, and
/// names that would overwrite each other, or not be read back, are refused before anything is written.
@Suite struct AssetCatalogWriteSafetyTests {
    let scratch = TemporaryDirectory(prefix: "AssetCatalogWriteSafety")
    let red = ColorSet(ThemeColor(red: 1, green: 0, blue: 0))

    var catalog: URL { scratch.url.appendingPathComponent("Colors.xcassets") }
    var outside: URL { scratch.url.appendingPathComponent("outside") }

    /// The paths of every file below `url`, relative to it, sorted.
    func files(in url: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                result.append(path)
            }
        }
        return result.sorted()
    }

    @Test(
        "a colour set or group folder that is a link out of the catalog is refused, and nothing is written",
        arguments: ["Primary.colorset", "Brand"])
    func linkOutIsRefused(linked: String) throws {
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: catalog.appendingPathComponent(linked), withDestinationURL: outside)
        #expect {
            try AssetCatalog.write(["Primary": red, "Brand/Accent": red, "Plain": red], to: catalog)
        } throws: { error in
            guard case .writeFailed(let path, let reason)? = error as? AssetCatalogError else { return false }
            return path.hasSuffix(linked) && reason.contains("symbolic link out of the catalog")
        }
        #expect(files(in: outside) == [])
        #expect(files(in: catalog).filter { !$0.hasPrefix(linked) } == [], "nothing written before the refusal")
    }

    @Test("a link inside the catalog is written through")
    func linkInsideIsFollowed() throws {
        try FileManager.default.createDirectory(
            at: catalog.appendingPathComponent("Real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: catalog.appendingPathComponent("Brand"), withDestinationURL: catalog.appendingPathComponent("Real"))
        try AssetCatalog.write(["Brand/Accent": red], to: catalog)
        #expect(
            files(in: catalog.appendingPathComponent("Real")) == ["Accent.colorset/Contents.json", "Contents.json"])
    }

    @Test(
        "names that would overwrite each other or not be read back are refused before anything is written",
        arguments: [
            (["X": 1, "X.colorset/Y": 2], "has an extension"),
            (["Brand.v2/Primary": 1], "has an extension"),
            (["Primary": 1, "primary": 2], "only in case"),
            (["Brand/A": 1, "brand/B": 2], "only in case"),
            (["a": 1, String(repeating: "€", count: 83): 2], "more than the 255"),
            ([String(repeating: "g", count: 256) + "/A": 1], "more than the 255"),
        ])
    func unusableNames(names: [String: Int], reason: String) throws {
        let colors = names.mapValues { ColorSet(ThemeColor(red: Double($0) / 2, green: 0, blue: 0)) }
        #expect {
            try AssetCatalog.write(colors, to: catalog)
        } throws: { error in
            guard case .invalidColorSetName(_, let why)? = error as? AssetCatalogError else { return false }
            return why.contains(reason)
        }
        #expect(!FileManager.default.fileExists(atPath: catalog.path), "nothing written")
    }

    @Test("names at the limits are written and read back whole")
    func namesAtTheLimits() throws {
        let longest = String(repeating: "é", count: (255 - ".colorset".utf8.count) / 2)
        let colors = ["Brand/Primary": red, "brand-2/Primary": red, longest: red, "a.b": red]
        try AssetCatalog.write(colors, to: catalog)
        #expect(Set(try AssetCatalog.read(from: catalog).colors.keys) == Set(colors.keys))
    }
}
