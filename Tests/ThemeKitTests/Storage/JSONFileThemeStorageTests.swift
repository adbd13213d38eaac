import Foundation
import Testing
import ThemeKit
import ThemeKitTestSupport

@Suite struct JSONFileThemeStorageTests {
    let scratch = TemporaryDirectory(prefix: "themekit-storage")

    /// A file that does not exist yet, in a folder that does not exist yet (the storage creates both).
    func temporaryFile() -> URL {
        scratch.appending("\(UUID().uuidString)/theme.json")
    }

    @Test("values round-trip through the file and survive a new storage instance")
    func roundTrip() throws {
        let url = temporaryFile()
        let storage = JSONFileThemeStorage(fileURL: url)
        #expect(try storage.data(forKey: "a") == nil)
        try storage.setData(Data([1, 2, 3]), forKey: "a")
        try storage.setData(Data("b".utf8), forKey: "b")
        try storage.removeData(forKey: "b")
        let reopened = JSONFileThemeStorage(fileURL: url)
        #expect(try reopened.data(forKey: "a") == Data([1, 2, 3]))
        #expect(try reopened.data(forKey: "b") == nil)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers.sorted() == ["theme.json", "theme.json.lock"], "no temporary files are left behind")
    }

    @Test("a theme over a JSON file restores its choices")
    func themeOverFile() {
        let url = temporaryFile()
        do { Theme(storage: JSONFileThemeStorage(fileURL: url), delivery: .synchronous).style = .dark }
        #expect(Theme(storage: JSONFileThemeStorage(fileURL: url), delivery: .synchronous).style == .dark)
    }

    @Test("a damaged file is reported as corrupt, then moved aside (not destroyed) on the next write")
    func damagedFile() throws {
        let url = temporaryFile()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"a\": \"AQI=\", trunc".utf8).write(to: url)
        let storage = JSONFileThemeStorage(fileURL: url)
        #expect {
            try storage.data(forKey: "a")
        } throws: { error in
            (error as? ThemeStorageError)?.kind == .corrupt
        }
        let theme = Theme(storage: storage, delivery: .synchronous)
        #expect(theme.storageIssues.count >= 1)
        try storage.setData(Data([9]), forKey: "x")
        #expect(try storage.data(forKey: "x") == Data([9]))
        let aside = try Data(contentsOf: url.appendingPathExtension("corrupt"))
        #expect(String(decoding: aside, as: UTF8.self).hasSuffix("trunc"))
    }

    @Test("a value that is not Base64 text makes the file corrupt rather than silently dropped")
    func nonBase64Value() throws {
        let url = temporaryFile()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"a": 12}"#.utf8).write(to: url)
        #expect(throws: ThemeStorageError.self) { try JSONFileThemeStorage(fileURL: url).data(forKey: "a") }
    }
}

@Suite struct AbandonedTemporaryFileTests {
    @Test("temporary files of dead writers are removed when a storage opens; live writers' files are kept")
    func abandonedTemporariesAreRemoved() throws {
        let scratch = TemporaryDirectory(prefix: "themekit-abandoned")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let directory = scratch.url
        let file = directory.appendingPathComponent("theme.json")
        // pid 2147483646 cannot exist on Linux (pid_max is at most 4194304).
        let dead = directory.appendingPathComponent("theme.json.tmp-2147483646-7")
        let live = directory.appendingPathComponent("theme.json.tmp-\(ProcessInfo.processInfo.processIdentifier)-9")
        let other = directory.appendingPathComponent("other.json.tmp-2147483646-1")
        for url in [dead, live, other] { try Data("x".utf8).write(to: url) }
        _ = JSONFileThemeStorage(fileURL: file)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == [other.lastPathComponent, live.lastPathComponent].sorted())
    }
}
