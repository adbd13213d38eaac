import Foundation
import Testing
import ThemeKit
import ThemeKitTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `JSONFileThemeStorage` file shared by several processes (an app and its extensions), and damage that
/// stays with the key it hit.
@Suite struct SharedStorageTests {
    let scratch = TemporaryDirectory(prefix: "themekit-shared-storage")

    func temporaryFile() throws -> URL {
        try scratch.makeFolder().appendingPathComponent("theme.json")
    }

    @Test("two processes writing 300 distinct keys each into one file lose none of the 600")
    func twoProcessesLoseNoWrites() throws {
        let executable = try #require(
            ChildProcess.siblingExecutable(named: "ThemeKitCrashChild"),
            "ThemeKitCrashChild is not built beside the tests: run `swift build --build-tests` first")
        let file = try temporaryFile()
        let children = try ["app", "widget"].map {
            try ChildProcess(executable: executable, arguments: ["storage-keys", file.path, $0, "300"])
        }
        for child in children { #expect(child.readLine() == "ready 0") }
        // Both are ready: start them at once, so their writes interleave.
        #expect(FileManager.default.createFile(atPath: file.path + ".go", contents: nil))
        for child in children {
            let termination = child.waitForExit(within: 120)
            #expect(termination == .exited(0), "\(child.lines.suffix(3))")
            #expect(child.lines.last == "done 300", "\(child.lines.suffix(3))")
        }
        let storage = JSONFileThemeStorage(fileURL: file)
        var missing: [String] = []
        for prefix in ["app", "widget"] {
            for index in 0..<300 where try storage.data(forKey: "\(prefix)-\(index)") != Data("\(prefix) \(index)".utf8)
            {
                missing.append("\(prefix)-\(index)")
            }
        }
        #expect(missing.isEmpty, "\(missing.count) of 600 keys lost, first \(missing.prefix(5))")
    }

    @Test("a value that is not Base64 fails only its own key; other keys read, and a write keeps it")
    func badValueIsIsolated() throws {
        let file = try temporaryFile()
        try Data(#"{"bad": "not base64!", "style": "WyJkYXJrIl0="}"#.utf8).write(to: file)
        let storage = JSONFileThemeStorage(fileURL: file)
        #expect(try storage.data(forKey: "style") == Data(#"["dark"]"#.utf8))
        #expect {
            try storage.data(forKey: "bad")
        } throws: { error in
            (error as? ThemeStorageError)?.kind == .corrupt && (error as? ThemeStorageError)?.key == "bad"
        }
        try storage.setData(Data([1]), forKey: "other")
        #expect(try storage.data(forKey: "style") == Data(#"["dark"]"#.utf8))
        #expect(try storage.data(forKey: "other") == Data([1]))
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(!names.contains { $0.contains("corrupt") }, "nothing was moved aside: \(names)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("not base64!"), "the bad value is kept as it was: \(text)")
        try storage.setData(Data([2]), forKey: "bad")
        #expect(try storage.data(forKey: "bad") == Data([2]))
    }

    @Test("each damaged file is moved aside under a new number; no .corrupt copy is overwritten")
    func corruptCopiesAreNumbered() throws {
        let file = try temporaryFile()
        let storage = JSONFileThemeStorage(fileURL: file)
        for round in 1...3 {
            try Data("damaged \(round) {".utf8).write(to: file)
            try storage.setData(Data([UInt8(round)]), forKey: "k")
        }
        let copies = ["theme.json.corrupt", "theme.json.corrupt-2", "theme.json.corrupt-3"]
        for (index, name) in copies.enumerated() {
            let url = file.deletingLastPathComponent().appendingPathComponent(name)
            #expect(try String(contentsOf: url, encoding: .utf8) == "damaged \(index + 1) {")
        }
    }

    @Test("a rewrite keeps the file's permissions: 0600 stays 0600")
    func permissionsAreKept() throws {
        let file = try temporaryFile()
        let storage = JSONFileThemeStorage(fileURL: file)
        try storage.setData(Data([1]), forKey: "a")
        #expect(chmod(file.path, 0o600) == 0)
        try storage.setData(Data([2]), forKey: "b")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
}
