import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession a loader owns, with the delegate that routes each task's callbacks to its ``Transfer``.
///
/// The session is invalidated with `finishTasksAndInvalidate()` when the last copy of the loader goes away,
/// which lets loads in flight finish and then releases the delegate (a session retains its delegate).
final class TransferSession: Sendable {
    private let session: URLSession
    private let delegate: TransferSessionDelegate

    /// Creates the session from `configuration`, turning off `URLCache` (the loader keeps its own cache) and
    /// setting the session's own timeouts as a backstop behind the transfer's deadline.
    init(configuration: URLSessionConfiguration, timeout: TimeInterval) {
        // FoundationNetworking ignores `URLRequest.timeoutInterval`, truncates `timeoutIntervalForRequest` to
        // whole seconds (0.5 times out at once) and does not enforce `timeoutIntervalForResource`, so the
        // transfer keeps its own deadline and these are only set loose enough never to fire first. `timeout`
        // is validated (finite, at most a day): FoundationNetworking traps converting an infinite or huge
        // value to milliseconds.
        let backstop = (min(max(timeout, 0), 86_400) + 1).rounded(.up)
        // A copy, so a configuration object the caller keeps elsewhere is never modified.
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        delegate = TransferSessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` for `transfer`, unless the transfer already finished.
    func start(_ transfer: Transfer, request: URLRequest, conditional: Bool) {
        let task = session.dataTask(with: request)
        delegate.register(transfer, for: task)
        if transfer.begin(task: task, conditional: conditional) {
            task.resume()
        } else {
            // Cancelled rather than left suspended, so `finishTasksAndInvalidate()` is not kept waiting on it.
            delegate.unregister(task)
            task.cancel()
        }
    }
}

/// Routes URLSession callbacks to the transfer that owns each task.
// Sound: the only stored state is `transfers`, a Locked.
final class TransferSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let transfers = Locked<[Int: Transfer]>([:])

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    func unregister(_ task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = nil }
    }

    private func transfer(for task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let head = (response as? HTTPURLResponse).map { http in
            let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces)
            return ResponseHead(
                status: http.statusCode,
                declaredLength: http.expectedContentLength >= 0 ? Int(http.expectedContentLength) : nil,
                etag: http.value(forHTTPHeaderField: "ETag"),
                lengthIsComparable: encoding.map { $0.isEmpty || $0.lowercased() == "identity" } ?? true)
        }
        let finished = transfer(for: dataTask)?.handle { $0.receivedResponse(head) } ?? true
        // FoundationNetworking ignores `.cancel` here and delivers the body anyway; the transfer has already
        // called `cancel()` on the task, and ignores whatever still arrives.
        completionHandler(finished ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(for: dataTask)?.handle { $0.receivedData(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.handle { $0.completed(error: error) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let transfer = transfer(for: task), let destination = request.url else {
            completionHandler(nil)
            return
        }
        let source = transfer.finalURL.withLock { $0 }
        guard transfer.redirectPolicy.allows(from: source, to: destination) else {
            // Answer first, then fail. Failing cancels the task (from another queue), and
            // FoundationNetworking traps on a redirect answer that arrives after a cancel
            // ("Received callback for HTTP redirection, but we're not waiting for it"). The
            // 3xx response cannot complete the load as an HTTP status meanwhile: its callbacks
            // come on this serial delegate queue, after this one, and find the transfer failed.
            completionHandler(nil)
            transfer.fail(.redirectRefused(url: transfer.url, location: destination))
            return
        }
        transfer.finalURL.withLock { $0 = destination }
        completionHandler(request)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask,
        willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        completionHandler(nil)
    }
}
