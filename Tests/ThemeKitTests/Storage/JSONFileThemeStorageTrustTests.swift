import Foundation
import Testing
import ThemeKitTestSupport

@testable import ThemeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a file storage promises an app and its extensions sharing one settings file: no write is lost,
/// a damaged file is reported (and never makes the other keys unreadable through a write of ThemeKit's
/// own), a child process never keeps the lock, reads never wait for writers, and launch reads a large
/// file once. Each test failed before the change it names (session 27's storage review).
@Suite struct JSONFileThemeStorageTrustTests {
    let scratch = TemporaryDirectory(prefix: "themekit-storage-trust")

    func file() throws -> URL { try scratch.makeFolder().appendingPathComponent("theme.json") }

    /// The set of names stored under `key` in `storage` with `name` added, in one update.
    static func add(_ name: String, to key: String, in storage: any ThemeStorage, meanwhile: () -> Void = {}) throws {
        try storage.updateData(forKey: key) { (data: Data?) throws(ThemeStorageError) -> Data? in
            var names = Set(data.flatMap { try? JSONDecoder().decode([String].self, from: $0) } ?? [])
            meanwhile()
            names.insert(name)
            return try? JSONEncoder().encode(names.sorted())
        }
    }

    @Test("two processes merging a name into one key at once both keep it: the read, merge and write are one step")
    func updatesOfOneKeyAreMerged() throws {
        let url = try file()
        let app = JSONFileThemeStorage(fileURL: url)
        let widget = JSONFileThemeStorage(fileURL: url)
        let widgetDone = DispatchGroup()
        // The widget's update starts while the app's is between its read and its write: it must wait for
        // the app's write and merge into it (a theme's variant index, written by an app and its extension).
        try Self.add("Palette", to: "variants", in: app) {
            DispatchQueue.global().async(group: widgetDone) { try? Self.add("Metrics", to: "variants", in: widget) }
            usleep(300_000)
        }
        widgetDone.wait()
        let stored = try #require(try JSONFileThemeStorage(fileURL: url).data(forKey: "variants"))
        #expect(try JSONDecoder().decode([String].self, from: stored) == ["Metrics", "Palette"])
    }

    @Test("two themes over one file choosing variants of two types both keep their choice in the index")
    func twoThemesKeepBothVariantChoices() throws {
        let url = try file()
        let brand = Same(id: "brand", light: TrustPalette(text: "#111111"))
        let compact = Same(id: "compact", light: TrustMetrics(radius: 2))
        let app = Theme(storage: JSONFileThemeStorage(fileURL: url), delivery: .synchronous)
        let widget = Theme(storage: JSONFileThemeStorage(fileURL: url), delivery: .synchronous)
        app.register([brand])
        widget.register([compact])
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            if side == 0 { app.apply(variant: brand) } else { widget.apply(variant: compact) }
        }
        let relaunched = Theme(storage: JSONFileThemeStorage(fileURL: url), delivery: .synchronous)
        relaunched.register([brand, compact])
        #expect(relaunched.activeVariantID(for: TrustPalette.self) == "brand")
        #expect(relaunched.activeVariantID(for: TrustMetrics.self) == "compact")
    }

    @Test(
        "a value nested as deep as the parser allows is stored without making the file unreadable",
        arguments: [511, 512, 2_000])
    func deepValueKeepsTheFileReadable(depth: Int) throws {
        let storage = JSONFileThemeStorage(fileURL: try file())
        try storage.setData(Data(#"["dark"]"#.utf8), forKey: "ThemeKit.default.style")
        let value = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        try storage.setData(value, forKey: "ThemeKit.default.app.tree")
        #expect(try storage.data(forKey: "ThemeKit.default.style") == Data(#"["dark"]"#.utf8))
        #expect(try storage.data(forKey: "ThemeKit.default.app.tree") == value)
    }

    @Test(
        "a child process started during writes does not keep the storage's lock file open",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc to see a child's files"))
    func lockIsNotInheritedByChildren() throws {
        let url = try file()
        let storage = JSONFileThemeStorage(fileURL: url)
        let stop = Locked(false)
        let writer = DispatchGroup()
        DispatchQueue.global().async(group: writer) {
            var index = 0
            while !stop.withLock({ $0 }) {
                try? storage.setData(Data("[\(index)]".utf8), forKey: "k")
                index += 1
            }
        }
        var children: [pid_t] = []
        for _ in 0..<20 {
            var pid: pid_t = 0
            let arguments = ["/bin/sleep", "30"]
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            if posix_spawn(&pid, "/bin/sleep", nil, nil, &argv, environ) == 0 { children.append(pid) }
            for pointer in argv { free(pointer) }
            usleep(10_000)
        }
        let holders = children.filter { pid in
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            return descriptors.contains { descriptor in
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")
                return target.map { $0.hasSuffix("/theme.json.lock") || $0.contains("/theme.json.tmp-") } ?? false
            }
        }
        for pid in children {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        stop.withLock { $0 = true }
        writer.wait()
        try #require(!children.isEmpty)
        #expect(holders.isEmpty, "\(holders.count) of \(children.count) children hold the storage's files open")
    }

    @Test("launch over a large settings file parses it once, not once per key")
    func restoreParsesOnce() throws {
        let url = try file()
        let names = (0..<400).map { "Module.SomeExtensionTypeName\($0)" }
        var object: [String: Any] = ["ThemeKit.default.variants": [names]]
        for name in names { object["ThemeKit.default.variant.\(name)"] = ["v"] }
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
        let storage = JSONFileThemeStorage(fileURL: url)
        let theme = Theme(storage: storage, delivery: .synchronous)
        #expect(theme.storageIssues.isEmpty)
        // 5 settings and 400 variants read: one parse.
        #expect(storage.parseCount.withLock { $0 } == 1)
    }

    @Test("a read after the file changed sees the change: replaced, edited in place at the same size, or removed")
    func readsFollowTheFile() throws {
        let url = try file()
        let storage = JSONFileThemeStorage(fileURL: url)
        try storage.setData(Data(#"["dark"]"#.utf8), forKey: "style")
        #expect(try storage.data(forKey: "style") == Data(#"["dark"]"#.utf8))
        // Another writer's atomic replacement (a new inode).
        try Data(#"{"style":["lite"]}"#.utf8).write(to: url, options: .atomic)
        #expect(try storage.data(forKey: "style") == Data(#"["lite"]"#.utf8))
        // An edit in place, same size: the change time moves.
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: 11)
        try handle.write(contentsOf: Data("dark".utf8))
        try handle.close()
        #expect(try storage.data(forKey: "style") == Data(#"["dark"]"#.utf8))
        try FileManager.default.removeItem(at: url)
        #expect(try storage.data(forKey: "style") == nil)
    }

    @Test("a read does not wait while another process holds the write lock")
    func readIsNotBlockedByAnotherProcessesLock() throws {
        let storage = JSONFileThemeStorage(fileURL: try file())
        try storage.setData(Data(#"["dark"]"#.utf8), forKey: "style")
        // Another open file description of the lock file: `flock` treats it as another process.
        let other = open(storage.lockFileURL.path, O_RDWR | O_CREAT, 0o600)
        try #require(other >= 0)
        #expect(flock(other, LOCK_EX) == 0)
        let writer = DispatchGroup()
        DispatchQueue.global().async(group: writer) { try? storage.setData(Data(#"["x"]"#.utf8), forKey: "contrast") }
        // The writer waits for the file lock (holding this storage's own lock); a read must not.
        let read = DispatchSemaphore(value: 0)
        let value = Locked<Data?>(nil)
        DispatchQueue.global().async {
            value.withLock { $0 = try? storage.data(forKey: "style") }
            read.signal()
        }
        let finished = read.wait(timeout: .now() + 30) == .success
        flock(other, LOCK_UN)
        close(other)
        if !finished { read.wait() }
        writer.wait()
        #expect(finished, "the read waited for another process's write lock")
        #expect(value.withLock { $0 } == Data(#"["dark"]"#.utf8))
        #expect(try storage.data(forKey: "contrast") == Data(#"["x"]"#.utf8))
    }

    @Test("a file cut to zero bytes is reported as damaged, not read as no settings")
    func emptyFileIsReported() throws {
        let url = try file()
        do { Theme(storage: JSONFileThemeStorage(fileURL: url), delivery: .synchronous).style = .dark }
        try Data().write(to: url)
        let storage = JSONFileThemeStorage(fileURL: url)
        #expect {
            try storage.data(forKey: "ThemeKit.default.style")
        } throws: { error in
            (error as? ThemeStorageError)?.kind == .corrupt
                && (error as? ThemeStorageError)?.reason.contains("is empty") == true
        }
        #expect(!Theme(storage: storage, delivery: .synchronous).storageIssues.isEmpty)
    }

    @Test("a damaged file's error says where the parser stopped, escaped")
    func damagedFileErrorSaysWhere() throws {
        let url = try file()
        try Data(
            "{\n  \"ThemeKit.default.style\": [\"dark\"]\n  \"ThemeKit.default.contrast\": [\"increased\"]\n}".utf8
        )
        .write(to: url)
        var reason = ""
        do {
            _ = try JSONFileThemeStorage(fileURL: url).data(forKey: "ThemeKit.default.style")
        } catch {
            reason = error.reason
        }
        #expect(reason.contains("is not a JSON object"), "\(reason)")
        #expect(["line", "column", "character", "offset"].contains { reason.lowercased().contains($0) }, "\(reason)")
        #expect(!reason.contains("\n"))
    }

    @Test("a file damaged while the app runs is moved aside by the next write, and the theme says so")
    func damageAfterLaunchIsReported() throws {
        let url = try file()
        let theme = Theme(storage: JSONFileThemeStorage(fileURL: url), delivery: .synchronous)
        theme.contrast = .increased
        try theme.store("coral", forKey: "accent")
        let events = Locked<[ThemeEvent]>([])
        let subscription = theme.events.subscribe { event in events.withLock { $0.append(event) } }
        var text = try String(contentsOf: url, encoding: .utf8)
        text.removeLast()
        try Data(text.utf8).write(to: url)
        theme.style = .dark
        withExtendedLifetime(subscription) {}
        let failures = events.withLock { $0 }.compactMap { event -> ThemeStorageError? in
            if case .storageFailure(let error) = event { error } else { nil }
        }
        let report = try #require(failures.first { $0.reason.contains("moved it aside") }, "\(events.withLock { $0 })")
        #expect(report.kind == .corrupt)
        #expect(report.reason.contains(url.appendingPathExtension("corrupt").path))
        // The copy keeps what the new file lost.
        let aside = try String(contentsOf: url.appendingPathExtension("corrupt"), encoding: .utf8)
        #expect(aside.contains("coral"))
    }
}
