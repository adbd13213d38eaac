import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

extension Loader {
    @Suite struct ThemePackLoaderTests {
        // MARK: - Success paths

        @Test("a 200 response is decoded and reported as fresh from the network")
        func freshLoad() async throws {
            try await TestHTTPServer.withServer { server in
                server.route("/pack.json", .ok(try TestPack.v1.json, etag: "\"v1\""))
                let url = server.url("/pack.json")

                let loaded = try #require(try await loadResult(makeLoader(cacheDirectory: nil), from: url).loaded)

                #expect(loaded.pack == .v1)
                #expect(loaded.source == .network)
                #expect(loaded.etag == "\"v1\"")
                #expect(loaded.data == (try TestPack.v1.json))
                #expect(loaded.cacheProblem == nil)
                #expect(server.requests.map(\.method) == ["GET"])
                #expect(server.requests.first?.header("If-None-Match") == nil)
            }
        }

        @Test("a body without Content-Length, ended by closing the connection, loads")
        func closeDelimitedBody() async throws {
            try await TestHTTPServer.withServer { server in
                server.route(
                    "/pack.json", TestHTTPResponse(status: 200, body: try TestPack.v1.json, framing: .closeDelimited))

                let result = try await loadResult(makeLoader(cacheDirectory: nil), from: server.url("/pack.json"))

                #expect(result.loaded?.pack == .v1)
            }
        }

        @Test("a chunked body within the limit loads")
        func chunkedBody() async throws {
            try await TestHTTPServer.withServer { server in
                server.route(
                    "/pack.json",
                    TestHTTPResponse(status: 200, body: try TestPack.v1.json, framing: .chunked, chunkSize: 7))

                let result = try await loadResult(makeLoader(cacheDirectory: nil), from: server.url("/pack.json"))

                #expect(result.loaded?.pack == .v1)
            }
        }

        @Test("the next load revalidates with If-None-Match and a 304 serves the cached pack")
        func notModifiedServesCache() async throws {
            try await withTemporaryDirectory { cache in
                try await TestHTTPServer.withServer { server in
                    let body = try TestPack.v1.json
                    server.route("/pack.json") { request in
                        request.header("If-None-Match") == "\"v1\""
                            ? .notModified(etag: "\"v1\"") : .ok(body, etag: "\"v1\"")
                    }
                    let url = server.url("/pack.json")
                    let loader = makeLoader(cacheDirectory: cache)

                    let first = try #require(try await loadResult(loader, from: url).loaded)
                    let second = try #require(try await loadResult(loader, from: url).loaded)

                    #expect(first.source == .network)
                    #expect(second.source == .notModified)
                    #expect(second.pack == .v1)
                    #expect(second.etag == "\"v1\"")
                    #expect(second.data == body)
                    #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "\"v1\""])
                    #expect(server.exchanges.map(\.status) == [200, 304])
                }
            }
        }

        @Test("a new version answered with 200 to a stale ETag replaces the cached pack and its ETag")
        func newVersionReplacesCache() async throws {
            try await withTemporaryDirectory { cache in
                try await TestHTTPServer.withServer { server in
                    let url = server.url("/pack.json")
                    let loader = makeLoader(cacheDirectory: cache)
                    server.route("/pack.json", .ok(try TestPack.v1.json, etag: "\"v1\""))
                    _ = try await loadResult(loader, from: url)

                    server.route("/pack.json", .ok(try TestPack.v2.json, etag: "\"v2\""))
                    let updated = try #require(try await loadResult(loader, from: url).loaded)
                    server.route("/pack.json", .notModified(etag: "\"v2\""))
                    let revalidated = try #require(try await loadResult(loader, from: url).loaded)

                    #expect(updated.source == .network)
                    #expect(updated.pack == .v2)
                    #expect(revalidated.source == .notModified)
                    #expect(revalidated.pack == .v2)
                    #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "\"v1\"", "\"v2\""])
                }
            }
        }

        @Test("a 304 carrying a new ETag updates the stored ETag")
        func notModifiedUpdatesETag() async throws {
            try await withTemporaryDirectory { cache in
                try await TestHTTPServer.withServer { server in
                    let url = server.url("/pack.json")
                    try seedCache(cache, url: url, etag: "\"v1\"")
                    server.route("/pack.json", .notModified(etag: "W/\"v1-gzip\""))
                    let loader = makeLoader(cacheDirectory: cache)

                    let loaded = try #require(try await loadResult(loader, from: url).loaded)
                    _ = try await loadResult(loader, from: url)

                    #expect(loaded.source == .notModified)
                    #expect(loaded.etag == "W/\"v1-gzip\"")
                    #expect(try PackCache(directory: cache).read(for: url)?.etag == "W/\"v1-gzip\"")
                    #expect(server.requests.last?.header("If-None-Match") == "W/\"v1-gzip\"")
                }
            }
        }

        @Test("a pack served without an ETag is cached, and the next request is unconditional")
        func noETagMeansUnconditional() async throws {
            try await withTemporaryDirectory { cache in
                try await TestHTTPServer.withServer { server in
                    server.route("/pack.json", .ok(try TestPack.v1.json))
                    let url = server.url("/pack.json")
                    let loader = makeLoader(cacheDirectory: cache)

                    let first = try #require(try await loadResult(loader, from: url).loaded)
                    let second = try #require(try await loadResult(loader, from: url).loaded)

                    #expect(first.etag == nil)
                    #expect(second.source == .network)
                    #expect(
                        try PackCache(directory: cache).read(for: url)
                            == PackCache.Entry(data: try TestPack.v1.json, etag: nil))
                    #expect(server.requests.allSatisfy { $0.header("If-None-Match") == nil })
                }
            }
        }

        // MARK: - Failure matrix

        @Test("each failure is reported as its typed error when nothing is cached", arguments: FailureScenario.all)
        func failureWithoutCache(_ scenario: FailureScenario) async throws {
            try await withTemporaryDirectory { cache in
                try await TestHTTPServer.withServer { server in
                    let url = try scenario.prepare(on: server)
                    let loader = makeLoader(
                        cacheDirectory: cache, timeout: scenario.timeout, maximumBodySize: FailureScenario.limit)

                    let error = try #require(try await loadResult(loader, from: url).error)

                    #expect(scenario.matches(error, url), "unexpected error: \(error)")
                    #expect(error.url == url)
                    #expect(!FileManager.default.fileExists(atPath: PackCache(directory: cache).fileURL(for: url).path))
                }
            }
        }

        @Test(
            "each failure falls back to the last-known-good pack with the reason attached",
            arguments: FailureScenario.all)
        func failureFallsBackToCache(_ scenario: FailureScenario) async throws {
            try await withTemporaryDirectory { cache in
                try await TestHTTPServer.withServer { server in
                    let url = try scenario.prepare(on: server)
                    try seedCache(cache, url: url, etag: nil)
                    let before = try Data(contentsOf: PackCache(directory: cache).fileURL(for: url))
                    let loader = makeLoader(
                        cacheDirectory: cache, timeout: scenario.timeout, maximumBodySize: FailureScenario.limit)

                    let loaded = try #require(try await loadResult(loader, from: url).loaded)

                    guard case .cache(let reason) = loaded.source else {
                        Issue.record("expected a fallback, got \(loaded.source)")
                        return
                    }
                    #expect(scenario.matches(reason, url), "unexpected reason: \(reason)")
                    #expect(loaded.pack == .v1)
                    #expect(loaded.data == (try TestPack.v1.json))
                    #expect(try Data(contentsOf: PackCache(directory: cache).fileURL(for: url)) == before)
                }
            }
        }

        @Test("an oversized body is abandoned as soon as the limit is crossed, not buffered whole")
        func oversizedBodyStopsEarly() async throws {
            try await TestHTTPServer.withServer { server in
                let size = 32 << 20
                server.route("/pack.json", TestHTTPResponse(status: 200, body: Data(count: size), framing: .chunked))
                let url = server.url("/pack.json")

                let error = try #require(try await loadResult(makeLoader(cacheDirectory: nil), from: url).error)

                guard case .bodyTooLarge(_, let limit, let received) = error else {
                    Issue.record("expected bodyTooLarge, got \(error)")
                    return
                }
                // Counted while streaming: the loader stopped within one network read of the limit.
                #expect(received > limit)
                #expect(received < limit + 1 << 20)
            }
        }

        // MARK: - Cache integrity

        @Test("a pack that fails to decode never replaces the cached pack or its ETag")
        func invalidPackKeepsCache() async throws {
            try await withTemporaryDirectory { cache in
                try await TestHTTPServer.withServer { server in
                    let url = server.url("/pack.json")
                    let loader = makeLoader(cacheDirectory: cache)
                    server.route("/pack.json", .ok(try TestPack.v1.json, etag: "\"v1\""))
                    _ = try await loadResult(loader, from: url)

                    server.route("/pack.json", .ok(invalidPackBody, etag: "\"v2\""))
                    let broken = try #require(try await loadResult(loader, from: url).loaded)
                    _ = try await loadResult(loader, from: url)

                    guard case .cache(.invalidPack(url, _)) = broken.source else {
                        Issue.record("expected an invalidPack fallback, got \(broken.source)")
                        return
                    }
                    #expect(broken.pack == .v1)
                    #expect(broken.etag == "\"v1\"")
                    #expect(
                        try PackCache(directory: cache).read(for: url)
                            == PackCache.Entry(data: try TestPack.v1.json, etag: "\"v1\""))
                    #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "\"v1\"", "\"v1\""])
                }
            }
        }

        @Test("a damaged cache file is reported, ignored, and replaced by the next good download")
        func damagedCacheFileIsReplaced() async throws {
            try await withTemporaryDirectory { cache in
                try await TestHTTPServer.withServer { server in
                    let url = server.url("/pack.json")
                    let file = PackCache(directory: cache).fileURL(for: url)
                    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
                    try Data("not a cache file".utf8).write(to: file)
                    server.route("/pack.json", .ok(try TestPack.v1.json, etag: "\"v1\""))

                    let loaded = try #require(try await loadResult(makeLoader(cacheDirectory: cache), from: url).loaded)

                    #expect(loaded.source == .network)
                    guard case .cacheUnreadable(url, file.path, _) = loaded.cacheProblem else {
                        Issue.record("expected cacheUnreadable, got \(String(describing: loaded.cacheProblem))")
                        return
                    }
                    #expect(server.requests.first?.header("If-None-Match") == nil)
                    #expect(try PackCache(directory: cache).read(for: url)?.etag == "\"v1\"")
                }
            }
        }

        @Test("a cached copy that no longer decodes is not revalidated")
        func undecodableCacheIsNotRevalidated() async throws {
            try await withTemporaryDirectory { cache in
                try await TestHTTPServer.withServer { server in
                    let url = server.url("/pack.json")
                    try PackCache(directory: cache).store(
                        PackCache.Entry(data: invalidPackBody, etag: "\"old\""), for: url)
                    let fresh = try TestPack.v2.json
                    server.route("/pack.json") { request in
                        request.header("If-None-Match") == nil ? .ok(fresh, etag: "\"v2\"") : .notModified()
                    }

                    let loaded = try #require(try await loadResult(makeLoader(cacheDirectory: cache), from: url).loaded)

                    #expect(loaded.source == .network)
                    #expect(loaded.pack == .v2)
                    guard case .cacheUnreadable(url, _, let reason) = loaded.cacheProblem else {
                        Issue.record("expected cacheUnreadable, got \(String(describing: loaded.cacheProblem))")
                        return
                    }
                    #expect(reason.contains("no longer decodes"))
                    #expect(server.requests.first?.header("If-None-Match") == nil)
                }
            }
        }

        @Test("a cache that cannot be written is reported, and the pack still loads")
        func cacheWriteFailureIsReported() async throws {
            try await withTemporaryDirectory { folder in
                try await TestHTTPServer.withServer { server in
                    // A regular file where the cache folder should be: the folder cannot be created.
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    let blocked = folder.appendingPathComponent("cache")
                    try Data("file".utf8).write(to: blocked)
                    server.route("/pack.json", .ok(try TestPack.v1.json, etag: "\"v1\""))
                    let url = server.url("/pack.json")

                    let loaded = try #require(
                        try await loadResult(makeLoader(cacheDirectory: blocked), from: url).loaded)

                    #expect(loaded.source == .network)
                    #expect(loaded.pack == .v1)
                    guard case .cacheWriteFailed(url, _, _) = loaded.cacheProblem else {
                        Issue.record("expected cacheWriteFailed, got \(String(describing: loaded.cacheProblem))")
                        return
                    }
                }
            }
        }

        // MARK: - Protocol edge cases

        @Test("a 304 to an unconditional request is an HTTP status error")
        func unsolicitedNotModified() async throws {
            try await TestHTTPServer.withServer { server in
                server.route("/pack.json", .notModified(etag: "\"v1\""))
                let url = server.url("/pack.json")

                let result = try await loadResult(makeLoader(cacheDirectory: nil), from: url)

                #expect(result.error == .httpStatus(url: url, code: 304))
            }
        }

        @Test("a URL that is not http or https is rejected without a request")
        func unsupportedScheme() async throws {
            let url = URL(fileURLWithPath: "/tmp/pack.json")

            let result = try await loadResult(makeLoader(cacheDirectory: nil), from: url)

            #expect(result.error == .unsupportedURL(url: url))
        }

        // MARK: - Completion contract

        @Test("the completion is called exactly once when the deadline races the response", arguments: [0.4, 0.5, 0.6])
        func completionCalledOnceUnderRace(serverDelay: TimeInterval) async throws {
            try await TestHTTPServer.withServer { server in
                server.route(
                    "/pack.json",
                    TestHTTPResponse(status: 200, body: try TestPack.v1.json, delayBeforeHead: serverDelay))
                let url = server.url("/pack.json")
                let loader = makeLoader(cacheDirectory: nil, timeout: 0.5)
                let recorders = (0..<8).map { _ in CompletionRecorder<LoadResult>() }

                for recorder in recorders { loader.load(from: url) { recorder.record($0) } }
                for recorder in recorders { _ = await recorder.first() }
                server.waitUntilIdle()
                try await Task.sleep(for: .milliseconds(300))  // Room for any late duplicate to show up.

                for recorder in recorders {
                    #expect(recorder.calls.count == 1)
                    let outcome = try #require(recorder.calls.first)
                    #expect(outcome.loaded?.pack == .v1 || outcome.error == .timedOut(url: url, after: 0.5))
                }
            }
        }

        @Test("cancelling a load reports cancelled exactly once and never falls back to the cache")
        func cancellation() async throws {
            try await withTemporaryDirectory { cache in
                try await TestHTTPServer.withServer { server in
                    server.route(
                        "/pack.json", TestHTTPResponse(status: 200, body: try TestPack.v2.json, delayBeforeHead: 5))
                    let url = server.url("/pack.json")
                    try seedCache(cache, url: url)
                    let recorder = CompletionRecorder<LoadResult>()

                    let task = makeLoader(cacheDirectory: cache).load(from: url) { recorder.record($0) }
                    task.cancel()
                    task.cancel()
                    let result = try #require(await recorder.first())
                    try await Task.sleep(for: .milliseconds(300))

                    #expect(result.error == .cancelled(url: url))
                    #expect(recorder.calls.count == 1)
                }
            }
        }

        // MARK: - Async overload

        @Test("the async overload returns the loaded pack")
        func asyncSuccess() async throws {
            try await TestHTTPServer.withServer { server in
                server.route("/pack.json", .ok(try TestPack.v1.json, etag: "\"v1\""))

                let loaded = try await makeLoader(cacheDirectory: nil).load(from: server.url("/pack.json"))

                #expect(loaded.pack == .v1)
                #expect(loaded.source == .network)
            }
        }

        @Test("the async overload throws the typed error")
        func asyncFailure() async throws {
            try await TestHTTPServer.withServer { server in
                let url = server.url("/missing.json")

                do throws(ThemePackLoaderError) {
                    _ = try await makeLoader(cacheDirectory: nil).load(from: url)
                    Issue.record("expected a failure")
                } catch {
                    #expect(error == .httpStatus(url: url, code: 404))
                }
            }
        }

        @Test("cancelling the Swift task cancels the load")
        func asyncCancellation() async throws {
            try await TestHTTPServer.withServer { server in
                // The response (and the loader's timeout) wait far longer than the test can be held
                // up: in a full run on 2 cores this task once resumed from its poll more than 5 s late,
                // after a 5 s response had arrived, and saw a success. The server's stop ends the wait.
                server.route(
                    "/pack.json", TestHTTPResponse(status: 200, body: try TestPack.v1.json, delayBeforeHead: 60))
                let url = server.url("/pack.json")
                let loader = makeLoader(cacheDirectory: nil, timeout: 120)

                let task = Task { () async -> LoadResult in
                    do throws(ThemePackLoaderError) {
                        return .success(try await loader.load(from: url))
                    } catch {
                        return .failure(error)
                    }
                }
                let deadline = Date(timeIntervalSinceNow: 30)
                while server.requests.isEmpty && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
                task.cancel()

                #expect(await task.value.error == .cancelled(url: url))
            }
        }
    }
}
