import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

extension Loader {
    /// The test server's own contract, which the loader tests rely on.
    @Suite struct TestHTTPServerTests {
        @Test("stopping the server aborts a response still waiting on its delay")
        func stopAbortsDelayedResponse() async throws {
            let server = try TestHTTPServer()
            server.route("/pack.json", TestHTTPResponse(status: 200, body: try TestPack.v1.json, delayBeforeHead: 60))
            let url = server.url("/pack.json")
            let recorder = CompletionRecorder<LoadResult>()

            makeLoader(cacheDirectory: nil, timeout: 120).load(from: url) { recorder.record($0) }
            let deadline = Date(timeIntervalSinceNow: 30)
            while server.requests.isEmpty && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
            server.stop()

            let result = try #require(await recorder.first(timeout: 30), "stop() left the connection open")
            #expect(result.error != nil)
            #expect(server.exchanges.map(\.completed) == [false])
            #expect(server.waitUntilIdle(timeout: 0))
        }

        @Test("each port is assigned by the OS and differs between live servers")
        func distinctPorts() throws {
            let first = try TestHTTPServer()
            defer { first.stop() }
            let second = try TestHTTPServer()
            defer { second.stop() }

            #expect(first.port > 0 && second.port > 0)
            #expect(first.port != second.port)
        }

        @Test("a refusing URL's port refuses connections and cannot be taken by another server until stop")
        func refusingPortIsReserved() async throws {
            let server = try TestHTTPServer()
            let url = try server.refusingURL("/pack.json")
            let port = try #require(url.port)

            #expect(!TestHTTPServer.canListen(onPort: port))
            let error = try #require(try await loadResult(makeLoader(cacheDirectory: nil), from: url).error)
            guard case .transport(url, _) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }

            server.stop()
            // The port is free again. Other tests' connections may take a freed port as their local
            // port for a moment (seen once in a parallel run), so a few tries over two seconds;
            // a server that kept the socket open fails every one.
            var free = TestHTTPServer.canListen(onPort: port)
            for _ in 0..<200 where !free {
                try await Task.sleep(nanoseconds: 10_000_000)
                free = TestHTTPServer.canListen(onPort: port)
            }
            #expect(free)
        }
    }
}
