import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 for tests: scripted routes, recorded requests, no external process.
///
/// The server binds an OS-assigned port, accepts on a background thread, and serves each connection on its
/// own thread with `Connection: close`. Responses can misbehave on purpose (delays, truncated or
/// close-delimited bodies, slow drips); see ``TestHTTPResponse``. Unrouted paths answer `404`.
///
/// ```swift
/// try await TestHTTPServer.withServer { server in
///     server.route("/pack.json", .ok(Data("{}".utf8), etag: "\"v1\""))
///     let (data, _) = try await URLSession.shared.data(from: server.url("/pack.json"))
///     #expect(server.requests.count == 1)
/// }
/// ```
///
/// Thread safety: every member may be called from any thread. Handlers run on the connection's thread,
/// outside the server's lock, so a handler may call back into the server.
/// (Sound as `@unchecked Sendable`: all mutable state lives in `state`, read and written only while
/// `condition` is locked.)
public final class TestHTTPServer: @unchecked Sendable {

    /// The signature of a route's handler.
    public typealias Handler = @Sendable (TestHTTPRequest) -> TestHTTPResponse

    /// One request and what the server did about it.
    public struct Exchange: Sendable {
        /// The request as received.
        public var request: TestHTTPRequest
        /// The status code sent back.
        public var status: Int
        /// The number of body bytes the client accepted before the response ended or the client left.
        public var bodyBytesSent: Int
        /// Whether the whole scripted body was written.
        public var completed: Bool
    }

    private struct State {
        var routes: [String: Handler] = [:]
        var exchanges: [Exchange] = []
        var openClients: Set<Int32> = []
        var connectionThreads = 0
        var acceptLoopRunning = true
        var stopping = false
        /// Sockets bound by ``refusingURL(_:)``, closed by ``stop()``.
        var reservedPorts: [Int32] = []
    }

    /// The port the OS assigned on 127.0.0.1.
    public let port: Int

    private let listener: Int32
    private let condition = NSCondition()
    private var state = State()

    /// Starts listening on 127.0.0.1 with an OS-assigned port.
    ///
    /// Call ``stop()`` when done (or use ``withServer(_:)``): the accept thread keeps the server alive.
    ///
    /// - Throws: ``TestHTTPServerError`` when the socket cannot be created, bound, or listened on.
    public init() throws(TestHTTPServerError) {
        (listener, port) = try Socket.listenOnLoopback()
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "TestHTTPServer.accept:\(port)"
        thread.start()
    }

    /// Runs `body` with a fresh server and stops the server afterwards, whether `body` returns or throws.
    ///
    /// - Parameter body: The test code.
    /// - Returns: What `body` returns.
    /// - Throws: ``TestHTTPServerError`` when the server cannot start, or what `body` throws.
    public static func withServer<Result>(_ body: (TestHTTPServer) async throws -> Result) async throws -> Result {
        let server = try TestHTTPServer()
        defer { server.stop() }
        return try await body(server)
    }

    /// The `http://127.0.0.1:<port>` URL for `path`.
    ///
    /// - Parameter path: An absolute path such as `/pack.json`.
    /// - Returns: The URL.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// A URL on a port of 127.0.0.1 where every connection is refused, until this server stops.
    ///
    /// The port is bound and never listened on, so no other server (another test's, running in parallel) can
    /// be given it meanwhile: a port that was listened on and closed could be, and a load meant to be refused
    /// would reach that server.
    ///
    /// - Parameter path: An absolute path such as `/pack.json`.
    /// - Returns: The URL.
    /// - Throws: ``TestHTTPServerError`` when no port can be bound.
    public func refusingURL(_ path: String) throws(TestHTTPServerError) -> URL {
        let (descriptor, port) = try Socket.reserveLoopbackPort()
        let kept = withState { state -> Bool in
            guard !state.stopping else { return false }
            state.reservedPorts.append(descriptor)
            return true
        }
        if !kept { close(descriptor) }
        return URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Whether a server could listen on `port` of 127.0.0.1 right now, for the server's own tests.
    ///
    /// - Parameter port: The port to try.
    /// - Returns: `false` when a socket already holds the port.
    public static func canListen(onPort port: Int) -> Bool {
        Socket.canListen(onPort: port)
    }

    /// Answers every request for `path` (query ignored) with `response`.
    ///
    /// - Parameters:
    ///   - path: The path, such as `/pack.json`.
    ///   - response: The scripted response.
    public func route(_ path: String, _ response: TestHTTPResponse) {
        route(path) { _ in response }
    }

    /// Answers every request for `path` (query ignored) with what `handler` returns for it.
    ///
    /// - Parameters:
    ///   - path: The path, such as `/pack.json`.
    ///   - handler: Called on the connection's thread for each request.
    public func route(_ path: String, handler: @escaping Handler) {
        withState { $0.routes[path] = handler }
    }

    /// The requests received so far, oldest first.
    public var requests: [TestHTTPRequest] { withState { $0.exchanges.map(\.request) } }

    /// The exchanges so far, oldest first; call ``waitUntilIdle(timeout:)`` first for final byte counts.
    public var exchanges: [Exchange] { withState { $0.exchanges } }

    /// Waits until no connection is being served.
    ///
    /// - Parameter timeout: The longest wait, in seconds.
    /// - Returns: `true` when idle, `false` when `timeout` passed first.
    @discardableResult
    public func waitUntilIdle(timeout: TimeInterval = 10) -> Bool {
        wait(until: Date(timeIntervalSinceNow: timeout)) { $0.connectionThreads == 0 }
    }

    /// Stops accepting, aborts connections in progress, and waits for the server's threads to end.
    ///
    /// Safe to call more than once; later calls return immediately.
    public func stop() {
        let alreadyStopped = withState { state -> Bool in
            if state.stopping { return true }
            state.stopping = true
            for client in state.openClients { Socket.shutdownBoth(client) }
            for reserved in state.reservedPorts { close(reserved) }
            state.reservedPorts = []
            return false
        }
        guard !alreadyStopped else { return }
        condition.broadcast()
        let ended = wait(until: Date(timeIntervalSinceNow: 10)) {
            !$0.acceptLoopRunning && $0.connectionThreads == 0
        }
        // A thread stuck past the deadline still owns its client socket; the listener is ours to close.
        if ended || !withState({ $0.acceptLoopRunning }) { close(listener) }
    }

    // MARK: - Serving

    private func acceptLoop() {
        while !withState({ $0.stopping }) {
            guard Socket.waitReadable(listener, milliseconds: 50), let client = Socket.accept(from: listener) else {
                continue
            }
            let accepted = withState { state -> Bool in
                guard !state.stopping else { return false }
                state.openClients.insert(client)
                state.connectionThreads += 1
                return true
            }
            guard accepted else {
                Socket.finish(client)
                break
            }
            let thread = Thread { [self] in serve(client) }
            thread.name = "TestHTTPServer.connection:\(port)"
            thread.start()
        }
        withState { $0.acceptLoopRunning = false }
        condition.broadcast()
    }

    private func serve(_ client: Int32) {
        defer {
            withState { state in
                state.openClients.remove(client)
                state.connectionThreads -= 1
                // Closed under the lock so `stop()` never shuts down a reused descriptor number.
                Socket.finish(client)
            }
            condition.broadcast()
        }
        guard let head = Socket.readHead(from: client), let request = TestHTTPRequest.parse(head: head) else { return }
        let (handler, index) = withState { state -> (Handler?, Int) in
            state.exchanges.append(Exchange(request: request, status: 0, bodyBytesSent: 0, completed: false))
            return (state.routes[request.path], state.exchanges.count - 1)
        }
        let response = handler?(request) ?? .status(404)
        withState { $0.exchanges[index].status = response.status }

        guard pause(response.delayBeforeHead) else { return }
        guard Socket.write(Array(Self.head(for: response).utf8), to: client) else { return }
        guard Self.statusAllowsBody(response.status) else {
            withState { $0.exchanges[index].completed = true }
            return
        }
        guard pause(response.delayBeforeBody) else { return }

        if response.framing == .chunkedEndless {
            serveEndless(response, to: client, exchange: index)
            return
        }
        var offset = 0
        let body = response.body
        while offset < body.count {
            if offset > 0 { guard pause(response.delayBetweenChunks) else { return } }
            let end = min(offset + response.chunkSize, body.count)
            let piece = body[body.startIndex + offset..<body.startIndex + end]
            let bytes: [UInt8] =
                response.framing == .chunked || response.framing == .chunkedWithoutEnd
                ? Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8)
                : Array(piece)
            guard Socket.write(bytes, to: client) else { return }
            offset = end
            withState { $0.exchanges[index].bodyBytesSent = offset }
        }
        if response.framing == .chunked {
            guard Socket.write(Array("0\r\n\r\n".utf8), to: client) else { return }
        }
        withState { $0.exchanges[index].completed = true }
    }

    /// Sends `response.body` as chunk after chunk until a write fails (the client left) or the server stops.
    private func serveEndless(_ response: TestHTTPResponse, to client: Int32, exchange index: Int) {
        let body = response.body.isEmpty ? Data("0".utf8) : response.body
        let chunk = Array("\(String(body.count, radix: 16))\r\n".utf8) + body + Array("\r\n".utf8)
        var sent = 0
        while !withState({ $0.stopping }) {
            guard pause(response.delayBetweenChunks), Socket.write(chunk, to: client) else { return }
            sent += body.count
            withState { $0.exchanges[index].bodyBytesSent = sent }
        }
    }

    private static func head(for response: TestHTTPResponse) -> String {
        var lines = ["HTTP/1.1 \(response.status) \(reasonPhrase(response.status))"]
        lines += response.headers.map { "\($0.name): \($0.value)" }
        if statusAllowsBody(response.status) {
            switch response.framing {
            case .contentLength: lines.append("Content-Length: \(response.body.count)")
            case .declaredLength(let length): lines.append("Content-Length: \(length)")
            case .chunked, .chunkedWithoutEnd, .chunkedEndless: lines.append("Transfer-Encoding: chunked")
            case .closeDelimited: break
            }
        }
        lines.append("Connection: close")
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }

    private static func statusAllowsBody(_ status: Int) -> Bool {
        !(100..<200).contains(status) && status != 204 && status != 304
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 304: "Not Modified"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    // MARK: - State

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body(&state)
    }

    /// Sleeps for `seconds` unless the server stops first; returns `false` when it stopped.
    private func pause(_ seconds: TimeInterval) -> Bool {
        guard seconds > 0 else { return !withState { $0.stopping } }
        _ = wait(until: Date(timeIntervalSinceNow: seconds)) { $0.stopping }
        return !withState { $0.stopping }
    }

    private func wait(until deadline: Date, for predicate: (State) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !predicate(state) {
            if !condition.wait(until: deadline) { return predicate(state) }
        }
        return true
    }
}
