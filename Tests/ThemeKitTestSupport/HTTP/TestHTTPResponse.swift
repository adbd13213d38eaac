import Foundation

/// A scripted HTTP response that ``TestHTTPServer`` plays back, including deliberate misbehaviour.
///
/// ```swift
/// server.route("/pack.json", .ok(Data("{}".utf8), headers: ["ETag": "\"v1\""]))
/// server.route("/slow.json", TestHTTPResponse(status: 200, body: body, delayBeforeHead: 3))
/// server.route("/cut.json", TestHTTPResponse(status: 200, body: half, framing: .declaredLength(1_000)))
/// ```
public struct TestHTTPResponse: Sendable {
    /// How the body's end is signalled to the client.
    public enum Framing: Sendable, Equatable {
        /// `Content-Length` equal to the body's size: a well-formed response.
        case contentLength
        /// `Content-Length` set to the given value while only `body` is sent before the connection closes:
        /// a truncated response when the value is larger than the body.
        case declaredLength(Int)
        /// `Transfer-Encoding: chunked`, so the client learns the size only by reading.
        case chunked
        /// Neither length nor chunking: the body ends when the server closes the connection.
        case closeDelimited
        /// `Transfer-Encoding: chunked`, but the connection closes after `body` without the final empty chunk:
        /// a truncated chunked response.
        case chunkedWithoutEnd
        /// `Transfer-Encoding: chunked`, sending `body` as one chunk after another until the client leaves or
        /// the server stops: an endless body, bounded only by the client's own limit.
        case chunkedEndless
    }

    /// The status code, such as `200` or `304`.
    public var status: Int
    /// Extra header fields, sent in order after the status line (framing headers are added by the server).
    public var headers: [(name: String, value: String)]
    /// The body bytes the server sends.
    public var body: Data
    /// How the body's end is signalled.
    public var framing: Framing
    /// Seconds the server waits after reading the request before sending anything.
    public var delayBeforeHead: TimeInterval
    /// Seconds the server waits between the header block and the first body byte.
    public var delayBeforeBody: TimeInterval
    /// The size of each write (and of each chunk with ``Framing/chunked``).
    public var chunkSize: Int
    /// Seconds the server waits between body writes, to drip a body slowly.
    public var delayBetweenChunks: TimeInterval

    /// Creates a scripted response.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Extra header fields, as `(name, value)` pairs.
    ///   - body: The body bytes.
    ///   - framing: How the body's end is signalled; `.contentLength` by default.
    ///   - delayBeforeHead: Seconds to wait before sending the status line.
    ///   - delayBeforeBody: Seconds to wait between the header block and the body.
    ///   - chunkSize: The size of each body write; 64 KiB by default.
    ///   - delayBetweenChunks: Seconds to wait between body writes.
    public init(
        status: Int,
        headers: [(name: String, value: String)] = [],
        body: Data = Data(),
        framing: Framing = .contentLength,
        delayBeforeHead: TimeInterval = 0,
        delayBeforeBody: TimeInterval = 0,
        chunkSize: Int = 64 * 1024,
        delayBetweenChunks: TimeInterval = 0
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.framing = framing
        self.delayBeforeHead = delayBeforeHead
        self.delayBeforeBody = delayBeforeBody
        self.chunkSize = max(1, chunkSize)
        self.delayBetweenChunks = delayBetweenChunks
    }

    /// A `200 OK` carrying `body`, with an optional `ETag`.
    ///
    /// - Parameters:
    ///   - body: The body bytes.
    ///   - etag: The entity tag, sent verbatim (include the quotes), or `nil` for none.
    /// - Returns: The response.
    public static func ok(_ body: Data, etag: String? = nil) -> TestHTTPResponse {
        TestHTTPResponse(status: 200, headers: etag.map { [("ETag", $0)] } ?? [], body: body)
    }

    /// A `304 Not Modified` with an optional `ETag` and no body.
    ///
    /// - Parameter etag: The entity tag to repeat, or `nil` for none.
    /// - Returns: The response.
    public static func notModified(etag: String? = nil) -> TestHTTPResponse {
        TestHTTPResponse(status: 304, headers: etag.map { [("ETag", $0)] } ?? [])
    }

    /// A response with `status` and a short plain-text body naming it.
    ///
    /// - Parameter status: The status code, such as `404` or `500`.
    /// - Returns: The response.
    public static func status(_ status: Int) -> TestHTTPResponse {
        TestHTTPResponse(
            status: status, headers: [("Content-Type", "text/plain")], body: Data("status \(status)\n".utf8))
    }
}
