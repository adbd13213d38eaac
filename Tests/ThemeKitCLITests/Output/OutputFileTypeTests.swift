import Foundation
import Testing
import ThemeKitTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `-o` and `--html` replace only regular files (or create missing ones): the atomic rename must never turn a
/// symbolic link, a device or a FIFO into a regular file, unless `--write-through` asks to write into it.
@Suite struct OutputFileTypeTests {
    let folder = TemporaryDirectory()

    func type(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    @Test("a symbolic link to a regular file is refused and left a link; --write-through writes its target")
    func symlinkToFile() throws {
        let pack = try folder.write("pack.json", SamplePacks.harbor)
        let target = try folder.write("target.swift", "// old\n")
        let link = folder.path("link.swift")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        let refused = themekit(["export-swift", pack, "-o", link])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("it is a symbolic link, not a regular file"), "\(refused.stderr)")
        #expect(type(link) == .typeSymbolicLink)
        #expect(try folder.read("target.swift") == "// old\n")

        let written = themekit(["export-swift", pack, "-o", link, "--write-through"])
        #expect(written.status == 0, "\(written.all)")
        #expect(type(link) == .typeSymbolicLink)
        #expect(try folder.read("target.swift").contains("public enum"))
    }

    @Test(
        "symbolic links to a device or to standard output are refused and left as they are",
        arguments: [
            "/dev/null", "/proc/self/fd/1",
        ])
    func symlinkToSpecialFile(destination: String) throws {
        let pack = try folder.write("pack.json", SamplePacks.harbor)
        let link = folder.path("out.html")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: destination)
        let result = themekit(["preview", pack, "--html", link])
        #expect(result.status == 1)
        #expect(type(link) == .typeSymbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == destination)
    }

    func permissions(_ path: String) -> Int? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test(
        "replacing a regular file keeps its permissions and leaves no temporary file", arguments: [0o600, 0o640, 0o755])
    func replacedFileKeepsPermissions(mode: Int) throws {
        let pack = try folder.write("pack.json", SamplePacks.harbor)
        let output = try folder.write("out.json", "old\n")
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: output)
        let result = themekit(["convert", pack, "--to", "pack", "-o", output])
        #expect(result.status == 0, "\(result.all)")
        #expect(try folder.read("out.json").contains("schemaVersion"))
        #expect(permissions(output) == mode)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names.sorted() == ["out.json", "pack.json"], "\(names)")
    }

    @Test("--write-through into a link to a regular file keeps the target's permissions")
    func writeThroughKeepsTargetPermissions() throws {
        let pack = try folder.write("pack.json", SamplePacks.harbor)
        let target = try folder.write("target.json", "old\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
        let link = folder.path("link.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = themekit(["convert", pack, "--to", "pack", "-o", link, "--write-through"])
        #expect(result.status == 0, "\(result.all)")
        #expect(type(link) == .typeSymbolicLink)
        #expect(permissions(target) == 0o600)
        #expect(try folder.read("target.json").contains("schemaVersion"))
    }

    @Test("a FIFO is refused and stays a FIFO")
    func fifo() throws {
        let pack = try folder.write("pack.json", SamplePacks.harbor)
        let fifo = folder.path("out.json")
        try #require(mkfifo(fifo, 0o600) == 0)
        let result = themekit(["convert", pack, "--to", "pack", "-o", fifo])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
        var info = stat()
        try #require(lstat(fifo, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("a regular file is still replaced, and a missing one created")
    func regularFiles() throws {
        let pack = try folder.write("pack.json", SamplePacks.harbor)
        let existing = try folder.write("existing.swift", "// old\n")
        #expect(themekit(["export-swift", pack, "-o", existing]).status == 0)
        #expect(try folder.read("existing.swift").contains("public enum"))
        #expect(themekit(["export-swift", pack, "-o", folder.path("new.swift")]).status == 0)
        #expect(type(folder.path("new.swift")) == .typeRegular)
    }

    @Test(
        "a resolver bundle with one refused file is left exactly as it was: every file is checked before any is written"
    )
    func refusedBundleIsLeftWhole() throws {
        let packs = ExamplePacks.paths
        let ocean = try #require(packs.first { $0.hasSuffix("/ocean.json") })
        let ember = try #require(packs.first { $0.hasSuffix("/ember.json") })
        let bundle = folder.path("bundle")
        let first = themekit(["convert", ocean, "--to", "dtcg-resolver", "-o", bundle])
        try #require(first.status == 0, "\(first.all)")
        let names = try FileManager.default.contentsOfDirectory(atPath: bundle).sorted()
        try #require(names.count == 6, "\(names)")
        var written: [String: Data] = [:]
        for name in names { written[name] = try Data(contentsOf: folder.appending("bundle/\(name)")) }

        // `light.tokens.json` sorts after base, dark and dark-hc and before light-hc and the resolver, so files
        // on both sides of the refused one are checked.
        let link = folder.path("bundle/light.tokens.json")
        let copy = folder.path("light-copy.tokens.json")
        try FileManager.default.moveItem(atPath: link, toPath: copy)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: copy)

        let refused = themekit(["convert", ember, "--to", "dtcg-resolver", "-o", bundle])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("light.tokens.json: it is a symbolic link"), "\(refused.stderr)")
        #expect(refused.stderr.contains("Pass --write-through"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: bundle).sorted() == names)
        #expect(type(link) == .typeSymbolicLink)
        for name in names {
            let now = try Data(contentsOf: folder.appending("bundle/\(name)"))
            #expect(now == written[name], "bundle/\(name) was changed by the refused convert")
        }
    }

    @Test("a resolver bundle written over its own resolver is refused with exit 2 and left as it was")
    func bundleOverItsInputIsRefused() throws {
        let ocean = try #require(ExamplePacks.paths.first { $0.hasSuffix("/ocean.json") })
        let bundle = folder.path("bundle")
        try #require(themekit(["convert", ocean, "--to", "dtcg-resolver", "-o", bundle]).status == 0)
        let resolver = folder.path("bundle/tokens.resolver.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: resolver))
        let result = themekit(["convert", resolver, "--to", "dtcg-resolver", "-o", bundle, "--name", "Other"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("tokens.resolver.json' is the input"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: resolver)) == before)
    }
}
