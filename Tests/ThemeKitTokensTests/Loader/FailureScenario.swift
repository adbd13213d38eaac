import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// One way a load can go wrong, as the failure matrix in `Docs/RemoteLoading.md` lists them.
struct FailureScenario: Sendable, CustomTestStringConvertible {
    /// What the server does.
    enum Server: Sendable {
        /// Serve this response at the pack's path.
        case respond(TestHTTPResponse)
        /// Nothing listens on the port (which stays reserved, so no other test's server is given it).
        case refuseConnections
    }

    let name: String
    let server: Server
    let timeout: TimeInterval
    /// Whether the error is the one this scenario should produce.
    let matches: @Sendable (ThemePackLoaderError, URL) -> Bool

    var testDescription: String { name }

    static let limit = 64 * 1024
    private static let body = Data(repeating: UInt8(ascii: "x"), count: 1000)

    static let all: [FailureScenario] = [
        FailureScenario(name: "404", server: .respond(.status(404)), timeout: 10) { error, url in
            error == .httpStatus(url: url, code: 404)
        },
        FailureScenario(name: "500", server: .respond(.status(500)), timeout: 10) { error, url in
            error == .httpStatus(url: url, code: 500)
        },
        FailureScenario(
            name: "no response head within the timeout",
            server: .respond(TestHTTPResponse(status: 200, body: body, delayBeforeHead: 3)), timeout: 0.5
        ) { error, url in
            error == .timedOut(url: url, after: 0.5)
        },
        FailureScenario(
            name: "body dripping past the overall deadline",
            server: .respond(TestHTTPResponse(status: 200, body: body, chunkSize: 100, delayBetweenChunks: 0.3)),
            timeout: 1
        ) { error, url in
            error == .timedOut(url: url, after: 1)
        },
        FailureScenario(
            name: "Content-Length larger than the body sent",
            server: .respond(TestHTTPResponse(status: 200, body: body, framing: .declaredLength(5000))), timeout: 10
        ) { error, url in
            error == .truncated(url: url, expected: 5000, received: 1000)
        },
        FailureScenario(
            name: "chunked body cut off before its last chunk",
            server: .respond(TestHTTPResponse(status: 200, body: body, framing: .chunkedWithoutEnd)), timeout: 10
        ) { error, url in
            error == .truncated(url: url, expected: nil, received: 1000)
        },
        FailureScenario(
            name: "oversized body with Content-Length",
            server: .respond(TestHTTPResponse(status: 200, body: Data(count: 4 << 20))), timeout: 10
        ) { error, url in
            error == .bodyTooLarge(url: url, limit: limit, received: 4 << 20)
        },
        FailureScenario(
            name: "oversized chunked body",
            server: .respond(TestHTTPResponse(status: 200, body: Data(count: 4 << 20), framing: .chunked)),
            timeout: 10
        ) { error, url in
            guard case .bodyTooLarge(url, limit, let received) = error else { return false }
            return received > limit
        },
        FailureScenario(
            name: "body that does not decode", server: .respond(.ok(invalidPackBody, etag: "\"bad\"")), timeout: 10
        ) { error, url in
            guard case .invalidPack(url, let reason) = error else { return false }
            return !reason.isEmpty
        },
        FailureScenario(name: "connection refused", server: .refuseConnections, timeout: 10) { error, url in
            guard case .transport(url, let reason) = error else { return false }
            return !reason.isEmpty
        },
    ]

    /// Sets the scenario up on `server` and returns the pack URL to load.
    func prepare(on server: TestHTTPServer) throws -> URL {
        switch self.server {
        case .respond(let response):
            server.route("/pack.json", response)
            return server.url("/pack.json")
        case .refuseConnections:
            return try server.refusingURL("/pack.json")
        }
    }
}
