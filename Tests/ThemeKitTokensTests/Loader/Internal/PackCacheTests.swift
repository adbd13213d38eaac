import Foundation
import Testing
import ThemeKitTokens

extension Loader {
    @Suite struct PackCacheTests {
        private let url = URL(string: "https://themes.example.com/packs/ocean.json")!

        @Test(
            "FNV-1a 64 matches the published test vectors",
            arguments: [
                ("", 0xcbf2_9ce4_8422_2325 as UInt64),
                ("a", 0xaf63_dc4c_8601_ec8c),
                ("foobar", 0x8594_4171_f739_67e8),
            ])
        func fnv1aVectors(input: String, expected: UInt64) {
            #expect(FNV1a.hash64(Array(input.utf8)) == expected)
        }

        @Test("file names are 16 hex digits of the URL's hash, stable, and distinct per URL")
        func fileNames() {
            let name = PackCache.fileName(for: url)
            let other = PackCache.fileName(for: URL(string: "https://themes.example.com/packs/forest.json")!)

            #expect(name == PackCache.fileName(for: URL(string: url.absoluteString)!))
            #expect(name != other)
            #expect(name.hasSuffix(".themepack-cache"))
            let hex = name.prefix(16)
            #expect(hex.count == 16 && hex.allSatisfy { $0.isHexDigit && !$0.isUppercase })
            #expect(UInt64(hex, radix: 16) == FNV1a.hash64(Array(url.absoluteString.utf8)))
        }

        @Test("a stored entry reads back with its body and ETag")
        func roundTrip() async throws {
            try await withTemporaryDirectory { directory in
                let cache = PackCache(directory: directory)
                let entry = PackCache.Entry(data: Data([0, 10, 13, 255]) + Data("\n{}\n".utf8), etag: "W/\"a\\\"b\"")

                try cache.store(entry, for: url)

                #expect(try cache.read(for: url) == entry)
            }
        }

        @Test("an entry without an ETag reads back without one")
        func roundTripWithoutETag() async throws {
            try await withTemporaryDirectory { directory in
                let cache = PackCache(directory: directory)

                try cache.store(PackCache.Entry(data: Data("{}".utf8), etag: nil), for: url)

                #expect(try cache.read(for: url)?.etag == nil)
            }
        }

        @Test("storing replaces the previous entry and leaves no temporary files behind")
        func replaceIsClean() async throws {
            try await withTemporaryDirectory { directory in
                let cache = PackCache(directory: directory)

                try cache.store(PackCache.Entry(data: Data("one".utf8), etag: "\"1\""), for: url)
                try cache.store(PackCache.Entry(data: Data("two".utf8), etag: "\"2\""), for: url)

                #expect(try cache.read(for: url) == PackCache.Entry(data: Data("two".utf8), etag: "\"2\""))
                let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                #expect(files == [PackCache.fileName(for: url)])
            }
        }

        @Test("a missing folder or file means no entry, not an error")
        func missingEntry() throws {
            let cache = PackCache(directory: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))

            #expect(try cache.read(for: url) == nil)
        }

        @Test("a file holding another URL's entry is treated as no entry")
        func hashCollision() async throws {
            try await withTemporaryDirectory { directory in
                let cache = PackCache(directory: directory)
                let other = URL(string: "https://themes.example.com/packs/forest.json")!
                try cache.store(PackCache.Entry(data: Data("{}".utf8), etag: nil), for: other)
                try FileManager.default.moveItem(at: cache.fileURL(for: other), to: cache.fileURL(for: url))

                #expect(try cache.read(for: url) == nil)
            }
        }

        @Test(
            "a damaged file is reported as unreadable with its path",
            arguments: [
                ("no marker", Data("garbage".utf8)),
                ("no header end", Data("ThemePackLoader cache 1\n{\"url\":".utf8)),
                ("bad header", Data("ThemePackLoader cache 1\n{nope}\nbody".utf8)),
            ])
        func damagedFile(label: String, contents: Data) async throws {
            try await withTemporaryDirectory { directory in
                let cache = PackCache(directory: directory)
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try contents.write(to: cache.fileURL(for: url))

                #expect(throws: ThemePackLoaderError.self) { try cache.read(for: url) }
                do throws(ThemePackLoaderError) {
                    _ = try cache.read(for: url)
                } catch {
                    guard case .cacheUnreadable(url, cache.fileURL(for: url).path, _) = error else {
                        Issue.record("\(label): unexpected \(error)")
                        return
                    }
                }
            }
        }

        @Test("a file whose body is shorter than its header records is reported as unreadable")
        func truncatedFile() async throws {
            try await withTemporaryDirectory { directory in
                let cache = PackCache(directory: directory)
                try cache.store(PackCache.Entry(data: Data(repeating: 7, count: 100), etag: nil), for: url)
                let file = cache.fileURL(for: url)
                try Data(try Data(contentsOf: file).dropLast(10)).write(to: file)

                do throws(ThemePackLoaderError) {
                    _ = try cache.read(for: url)
                    Issue.record("expected an error")
                } catch {
                    guard case .cacheUnreadable(_, _, let reason) = error else {
                        Issue.record("unexpected \(error)")
                        return
                    }
                    #expect(reason.contains("90 bytes"))
                }
            }
        }
    }
}
