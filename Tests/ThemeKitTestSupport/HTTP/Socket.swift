#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Thin POSIX socket calls for the test server, with the platform differences in one place:
// Glibc imports SOCK_STREAM as an enum, and only Linux has MSG_NOSIGNAL (Darwin uses SO_NOSIGPIPE).

/// A failure to set up the test server's listening socket.
public struct TestHTTPServerError: Error, Sendable, CustomStringConvertible {
    /// The call that failed, such as `bind`.
    public var call: String
    /// The `errno` value it left.
    public var code: Int32

    /// A plain sentence naming the call and the system's reason.
    public var description: String {
        "The test HTTP server could not \(call) on 127.0.0.1: \(String(cString: strerror(code))) (errno \(code))."
    }
}

enum Socket {
    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #elseif canImport(Musl)
        private static let streamType = SOCK_STREAM
        private static let sendFlags = MSG_NOSIGNAL
    #else
        private static let streamType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
    #endif

    /// Opens a listening TCP socket on 127.0.0.1 with an OS-assigned port.
    static func listenOnLoopback() throws(TestHTTPServerError) -> (descriptor: Int32, port: Int) {
        try bindLoopback(port: 0, reuseAddress: true, listening: true)
    }

    /// Binds a TCP socket on 127.0.0.1 with an OS-assigned port, and never listens on it.
    ///
    /// While the socket stays open, a connection to its port is refused, and no other socket can take the
    /// port: without `SO_REUSEADDR` on this socket, every other bind to the port fails.
    static func reserveLoopbackPort() throws(TestHTTPServerError) -> (descriptor: Int32, port: Int) {
        try bindLoopback(port: 0, reuseAddress: false, listening: false)
    }

    /// Whether a listening socket could be opened on `port` of 127.0.0.1 right now (it is closed again).
    static func canListen(onPort port: Int) -> Bool {
        guard let (descriptor, _) = try? bindLoopback(port: port, reuseAddress: true, listening: true) else {
            return false
        }
        close(descriptor)
        return true
    }

    private static func bindLoopback(
        port: Int, reuseAddress: Bool, listening: Bool
    ) throws(TestHTTPServerError) -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw TestHTTPServerError(call: "create a socket", code: errno) }
        do throws(TestHTTPServerError) {
            if reuseAddress {
                var yes: Int32 = 1
                _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            }

            var address = sockaddr_in()
            #if canImport(Darwin)
                address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw TestHTTPServerError(call: "bind", code: errno) }
            if listening {
                guard listen(descriptor, 64) == 0 else { throw TestHTTPServerError(call: "listen", code: errno) }
            }

            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard named == 0 else { throw TestHTTPServerError(call: "read back the port", code: errno) }
            return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Waits up to `milliseconds` for `descriptor` to become readable (or for a pending connection).
    static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// Accepts one pending connection, configured for the server's blocking reads and writes.
    static func accept(from listener: Int32) -> Int32? {
        let client = systemAccept(listener)
        guard client >= 0 else { return nil }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var yes: Int32 = 1
            _ = setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return client
    }

    /// Reads until the end of the header block; returns the bytes before `CRLF CRLF`, or `nil` on EOF or error.
    static func readHead(from descriptor: Int32, limit: Int = 64 * 1024) -> [UInt8]? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < limit {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
            if let end = headEnd(in: received) { return Array(received[..<end]) }
        }
        return nil
    }

    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Writes all of `bytes`; returns `false` when the peer went away.
    static func write(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Bool {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let sent = array.withUnsafeBytes {
                send(descriptor, $0.baseAddress! + offset, array.count - offset, sendFlags)
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Stops further sends and receives so that a thread blocked on `descriptor` returns.
    static func shutdownBoth(_ descriptor: Int32) { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Signals end of body to the peer, then releases the descriptor.
    static func finish(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
        close(descriptor)
    }
}

// `accept` is shadowed inside `Socket` by the static method; this reaches the system call.
private func systemAccept(_ listener: Int32) -> Int32 {
    #if canImport(Glibc)
        return Glibc.accept(listener, nil, nil)
    #elseif canImport(Musl)
        return Musl.accept(listener, nil, nil)
    #else
        return Darwin.accept(listener, nil, nil)
    #endif
}
