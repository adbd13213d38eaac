import Foundation

/// What the server sent, once a transfer succeeded.
package enum TransferResponse: Sendable, Equatable {
    /// Status `200` with the whole body.
    case ok(body: Data, etag: String?)
    /// Status `304` to a conditional request.
    case notModified(etag: String?)
}

package typealias TransferResult = Result<TransferResponse, ThemePackLoaderError>

/// The response head as the state machine needs it.
package struct ResponseHead: Sendable, Equatable {
    /// The HTTP status code.
    package var status: Int
    /// The declared `Content-Length`, or `nil` when none was declared.
    package var declaredLength: Int?
    /// The `ETag` field, verbatim.
    package var etag: String?
    /// Whether the body bytes are the declared bytes, i.e. no `Content-Encoding` was undone on the way,
    /// so that `declaredLength` can be compared with the bytes received.
    package var lengthIsComparable: Bool

    package init(status: Int, declaredLength: Int?, etag: String?, lengthIsComparable: Bool) {
        self.status = status
        self.declaredLength = declaredLength
        self.etag = etag
        self.lengthIsComparable = lengthIsComparable
    }
}

/// Decides when one HTTP exchange is over and with what result.
///
/// Pure: it holds no lock, touches no task, calls nothing. ``Transfer`` feeds it the URLSession callbacks and
/// the loader's own events (deadline, cancellation) under its lock, then performs the returned action outside
/// the lock. Once an action finishes the transfer every later event is ignored, which is what makes the
/// result exactly-once even though FoundationNetworking keeps delivering data after `cancel()`.
package struct TransferStateMachine {
    /// What the owner must do after an event.
    package enum Action: Equatable {
        /// Nothing yet.
        case none
        /// Deliver the result; the task is already over.
        case finish(TransferResult)
        /// Cancel the task (if there is one) and deliver the result.
        case cancelTaskAndFinish(TransferResult)
    }

    private enum Phase {
        case idle
        case awaitingResponse(conditional: Bool)
        case receivingBody(ResponseHead)
        case finished
    }

    package let url: URL
    package let limit: Int
    package let timeout: TimeInterval
    private var phase = Phase.idle
    private var body = Data()

    package init(url: URL, limit: Int, timeout: TimeInterval) {
        self.url = url
        self.limit = limit
        self.timeout = timeout
    }

    package var isFinished: Bool {
        if case .finished = phase { return true }
        return false
    }

    /// The request went out; `conditional` says whether it carried `If-None-Match`.
    /// Returns `false` when the transfer already finished (cancelled before it started).
    package mutating func started(conditional: Bool) -> Bool {
        guard case .idle = phase else { return false }
        phase = .awaitingResponse(conditional: conditional)
        return true
    }

    /// The longest ETag kept, in bytes. A longer one is dropped: stored and sent back as `If-None-Match`, it
    /// could make every later request too large for the server (a `431`), pinning the cached copy for good.
    package static let maximumETagLength = 256

    /// `etag` when it is short enough and made of visible ASCII (RFC 9110 §8.8.3), otherwise `nil`.
    package static func acceptableETag(_ etag: String?) -> String? {
        guard let etag, !etag.isEmpty, etag.utf8.count <= maximumETagLength,
            etag.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        return etag
    }

    /// The response head arrived; `head` is `nil` when the response was not HTTP.
    package mutating func receivedResponse(_ head: ResponseHead?) -> Action {
        guard case .awaitingResponse(let conditional) = phase else { return .none }
        guard var head else {
            return finish(cancellingTask: true, .failure(.transport(url: url, reason: "The response was not HTTP.")))
        }
        head.etag = Self.acceptableETag(head.etag)
        switch head.status {
        case 200:
            if let declared = head.declaredLength, declared > limit {
                return finish(
                    cancellingTask: true, .failure(.bodyTooLarge(url: url, limit: limit, received: declared)))
            }
            phase = .receivingBody(head)
            return .none
        case 304 where conditional:
            phase = .receivingBody(head)
            return .none
        default:
            return finish(cancellingTask: true, .failure(.httpStatus(url: url, code: head.status)))
        }
    }

    /// Body bytes arrived.
    package mutating func receivedData(_ data: Data) -> Action {
        guard case .receivingBody(let head) = phase, head.status == 200 else { return .none }
        // Counted before it is kept: bytes past the limit are never appended.
        let received = body.count + data.count
        guard received <= limit else {
            return finish(cancellingTask: true, .failure(.bodyTooLarge(url: url, limit: limit, received: received)))
        }
        body.append(data)
        return .none
    }

    /// URLSession reported the task complete, with `error` when it failed.
    package mutating func completed(error: (any Error)?) -> Action {
        switch phase {
        case .finished:
            return .none
        case .idle, .awaitingResponse:
            guard let error else {
                return finish(
                    cancellingTask: false,
                    .failure(.transport(url: url, reason: "The server closed the connection without a response.")))
            }
            return finish(cancellingTask: false, .failure(failure(for: error, head: nil)))
        case .receivingBody(let head):
            if let error { return finish(cancellingTask: false, .failure(failure(for: error, head: head))) }
            if head.status == 304 { return finish(cancellingTask: false, .success(.notModified(etag: head.etag))) }
            if head.lengthIsComparable, let declared = head.declaredLength, body.count < declared {
                return finish(
                    cancellingTask: false, .failure(.truncated(url: url, expected: declared, received: body.count)))
            }
            return finish(cancellingTask: false, .success(.ok(body: body, etag: head.etag)))
        }
    }

    /// The overall deadline passed.
    package mutating func deadlinePassed() -> Action {
        if isFinished { return .none }
        return finish(cancellingTask: true, .failure(.timedOut(url: url, after: timeout)))
    }

    /// The caller cancelled the load.
    package mutating func cancel() -> Action {
        if isFinished { return .none }
        return finish(cancellingTask: true, .failure(.cancelled(url: url)))
    }

    /// The load failed before any request was made.
    package mutating func fail(_ error: ThemePackLoaderError) -> Action {
        if isFinished { return .none }
        return finish(cancellingTask: true, .failure(error))
    }

    private mutating func finish(cancellingTask: Bool, _ result: TransferResult) -> Action {
        phase = .finished
        body = Data()
        return cancellingTask ? .cancelTaskAndFinish(result) : .finish(result)
    }

    /// Classifies a URLSession error. Once the head has arrived, a broken connection means a cut-off body:
    /// Apple reports `networkConnectionLost`, while FoundationNetworking reports code -1 ("transfer closed
    /// with N bytes remaining to read"), so the phase decides rather than the code.
    private func failure(for error: any Error, head: ResponseHead?) -> ThemePackLoaderError {
        let error = error as NSError
        let code = error.domain == NSURLErrorDomain ? error.code : nil
        if code == NSURLErrorTimedOut { return .timedOut(url: url, after: timeout) }
        let contentErrors = [NSURLErrorCannotDecodeContentData, NSURLErrorCannotDecodeRawData, NSURLErrorCancelled]
        if let head, head.status == 200, !contentErrors.contains(code ?? 0) {
            return .truncated(
                url: url, expected: head.lengthIsComparable ? head.declaredLength : nil, received: body.count)
        }
        return .transport(url: url, reason: Self.describe(error))
    }

    private static func describe(_ error: NSError) -> String {
        let text = (error.userInfo[NSLocalizedDescriptionKey] as? String) ?? ""
        let detail = text.isEmpty ? "no description" : text
        return "\(detail) (\(error.domain) \(error.code))"
    }
}
