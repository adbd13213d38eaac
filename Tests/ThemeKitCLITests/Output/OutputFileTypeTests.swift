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
}
