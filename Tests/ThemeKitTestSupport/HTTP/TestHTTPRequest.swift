import Foundation

/// A request as ``TestHTTPServer`` received it.
public struct TestHTTPRequest: Sendable, Equatable {
    /// The method, such as `GET`.
    public var method: String
    /// The request target, such as `/pack.json?x=1`.
    public var target: String
    /// The header fields in the order received.
    public var headers: [Header]

    /// One header field.
    public struct Header: Sendable, Equatable {
        /// The field name as sent.
        public var name: String
        /// The field value, without surrounding whitespace.
        public var value: String

        /// Creates a header field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates a request record.
    public init(method: String, target: String, headers: [Header]) {
        self.method = method
        self.target = target
        self.headers = headers
    }

    /// The request target without its query string.
    public var path: String {
        target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
    }

    /// The value of the first header field named `name`, compared case-insensitively; `nil` when absent.
    ///
    /// - Parameter name: The field name, such as `If-None-Match`.
    /// - Returns: The field's value.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Parses the request line and header block (everything before the blank line).
    ///
    /// - Parameter head: The bytes up to, not including, the `CRLF CRLF` that ends the header block.
    /// - Returns: The request, or `nil` when the request line is malformed.
    static func parse(head: [UInt8]) -> TestHTTPRequest? {
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        let headers = lines.compactMap { line -> Header? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return Header(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return TestHTTPRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers)
    }
}
