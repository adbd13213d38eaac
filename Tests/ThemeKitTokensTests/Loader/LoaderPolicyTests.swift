import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

extension Loader {
    /// What the loader accepts from a server and from its caller: ETag length, redirects, timeouts,
    /// credentials, and a cache write that fails part-way. Servers run on 127.0.0.1 only.
    @Suite struct LoaderPolicyTests {
        @Test("an oversized ETag is dropped, never stored or echoed, so the next load downloads normally")
        func oversizedETagIsDropped() async throws {
            try await withTemporaryDirectory { directory in
                try await TestHTTPServer.withServer { server in
                    let huge = "\"" + String(repeating: "x", count: 70_000) + "\""
                    server.route("/pack.json", .ok(try TestPack.v1.json, etag: huge))
                    let loader = makeLoader(cacheDirectory: directory)
                    let url = server.url("/pack.json")

                    let first = try await loadResult(loader, from: url)
                    #expect(first.loaded?.source == .network)
                    #expect(first.loaded?.etag == nil)
                    let cacheFile = try Data(contentsOf: PackCache(directory: directory).fileURL(for: url))
                    #expect(cacheFile.count < 1_000, "the cache file holds \(cacheFile.count) bytes")

                    let second = try await loadResult(loader, from: url)
                    #expect(second.loaded?.source == .network)
                    #expect(server.requests.last?.header("If-None-Match") == nil)
                }
            }
        }

        @Test("an ETag at the length limit is kept and sent back")
        func etagAtTheLimitIsKept() async throws {
            try await withTemporaryDirectory { directory in
                try await TestHTTPServer.withServer { server in
                    let etag = "\"" + String(repeating: "v", count: TransferStateMachine.maximumETagLength - 2) + "\""
                    server.route("/pack.json", .ok(try TestPack.v1.json, etag: etag))
                    let loader = makeLoader(cacheDirectory: directory)
                    #expect(try await loadResult(loader, from: server.url("/pack.json")).loaded?.etag == etag)
                    _ = try await loadResult(loader, from: server.url("/pack.json"))
                    #expect(server.requests.last?.header("If-None-Match") == etag)
                }
            }
        }

        @Test("a redirect to another host is refused by default; allowed with .anyHost, recording the final URL")
        func redirectsToOtherHosts() async throws {
            try await TestHTTPServer.withServer { server in
                let elsewhere = URL(string: "http://localhost:\(server.port)/pack.json")!
                server.route(
                    "/old.json", TestHTTPResponse(status: 302, headers: [("Location", elsewhere.absoluteString)]))
                server.route("/pack.json", .ok(try TestPack.v1.json))

                let refused = try await loadResult(makeLoader(cacheDirectory: nil), from: server.url("/old.json"))
                #expect(refused.error == .redirectRefused(url: server.url("/old.json"), location: elsewhere))
                #expect(server.requests.map(\.path) == ["/old.json"])

                let loader = ThemePackLoader(
                    configuration: .init(timeout: 10, redirectPolicy: .anyHost), decode: TestPack.decode)
                let followed = try await loadResult(loader, from: server.url("/old.json"))
                #expect(followed.loaded?.pack == .v1)
                #expect(followed.loaded?.finalURL == elsewhere)
            }
        }

        @Test("a redirect on the same host is followed by default and its URL recorded")
        func sameHostRedirect() async throws {
            try await TestHTTPServer.withServer { server in
                server.route("/old.json", TestHTTPResponse(status: 301, headers: [("Location", "/pack.json")]))
                server.route("/pack.json", .ok(try TestPack.v1.json))
                let result = try await loadResult(makeLoader(cacheDirectory: nil), from: server.url("/old.json"))
                #expect(result.loaded?.pack == .v1)
                #expect(result.loaded?.finalURL == server.url("/pack.json"))
            }
        }

        @Test("redirect policies: https to http is refused under every policy; hosts and ports compared")
        func redirectPolicyRules() throws {
            let secure = try #require(URL(string: "https://themes.example.com/a.json"))
            for policy in [ThemePackRedirectPolicy.refuse, .sameHost, .anyHost] {
                #expect(!policy.allows(from: secure, to: try #require(URL(string: "http://themes.example.com/b.json"))))
            }
            #expect(
                ThemePackRedirectPolicy.sameHost.allows(
                    from: secure, to: try #require(URL(string: "https://THEMES.example.com:443/b"))))
            #expect(
                !ThemePackRedirectPolicy.sameHost.allows(
                    from: secure, to: try #require(URL(string: "https://themes.example.com:8443/b"))))
            #expect(
                !ThemePackRedirectPolicy.sameHost.allows(
                    from: secure, to: try #require(URL(string: "https://cdn.example.com/b"))))
            #expect(
                ThemePackRedirectPolicy.anyHost.allows(
                    from: secure, to: try #require(URL(string: "https://cdn.example.com/b"))))
            #expect(!ThemePackRedirectPolicy.refuse.allows(from: secure, to: secure))
            #expect(
                !ThemePackRedirectPolicy.anyHost.allows(
                    from: secure, to: try #require(URL(string: "file:///etc/passwd"))))
        }

        @Test(
            "a timeout that is infinite, huge, NaN, zero or negative fails every load at once, sending nothing",
            arguments: [TimeInterval.infinity, 1e300, .nan, 0, -1, 86_401])
        func invalidTimeouts(timeout: TimeInterval) async throws {
            try await TestHTTPServer.withServer { server in
                server.route("/pack.json", .ok(try TestPack.v1.json))
                let loader = makeLoader(cacheDirectory: nil, timeout: timeout)
                let result = try await loadResult(loader, from: server.url("/pack.json"))
                guard case .invalidConfiguration(_, let reason)? = result.error else {
                    Issue.record("expected invalidConfiguration, got \(result)")
                    return
                }
                #expect(reason.contains("timeout"))
                #expect(server.requests.isEmpty)
            }
        }

        @Test("credentials in the URL are never written to the cache file nor shown in an error")
        func credentialsStayPrivate() async throws {
            try await withTemporaryDirectory { directory in
                try await TestHTTPServer.withServer { server in
                    server.route("/pack.json", .ok(try TestPack.v1.json, etag: "\"v1\""))
                    let url = try #require(URL(string: "http://reader:s3cret-pass@127.0.0.1:\(server.port)/pack.json"))
                    let loaded = try await loadResult(makeLoader(cacheDirectory: directory), from: url)
                    #expect(loaded.loaded?.pack == .v1)
                    let file = try Data(contentsOf: PackCache(directory: directory).fileURL(for: url))
                    #expect(!String(decoding: file, as: UTF8.self).contains("s3cret"))
                    // And it still reads back for the same URL.
                    #expect(try PackCache(directory: directory).read(for: url)?.etag == "\"v1\"")

                    let missing = try #require(URL(string: "http://reader:s3cret-pass@127.0.0.1:\(server.port)/none"))
                    let failed = try await loadResult(makeLoader(cacheDirectory: nil), from: missing)
                    let description = try #require(failed.error?.description)
                    #expect(!description.contains("s3cret") && description.contains("***@127.0.0.1"), "\(description)")
                }
            }
        }

        @Test("a temporary file written part-way (a full disk) is removed and the old entry kept")
        func partialTemporaryFileIsRemoved() async throws {
            try await withTemporaryDirectory { directory in
                let url = try #require(URL(string: "https://themes.example.com/ocean.json"))
                try seedCache(directory, url: url)
                let failing = PackCache(directory: directory) { data, file in
                    try data.prefix(data.count / 2).write(to: file)
                    throw POSIXError(.ENOSPC)
                }
                #expect(throws: ThemePackLoaderError.self) {
                    try failing.store(PackCache.Entry(data: try TestPack.v2.json, etag: "\"v2\""), for: url)
                }
                let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                #expect(names == [PackCache.fileName(for: url)], "\(names)")
                #expect(try PackCache(directory: directory).read(for: url)?.data == TestPack.v1.json)
            }
        }
    }
}
