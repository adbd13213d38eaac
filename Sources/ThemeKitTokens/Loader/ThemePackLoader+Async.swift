import Foundation

extension ThemePackLoader {
    /// Loads the pack at `url`, suspending until it is loaded or nothing usable could be had.
    ///
    /// Behaves exactly like ``load(from:completion:)``. Cancelling the surrounding Swift task cancels the
    /// load, which then throws ``ThemePackLoaderError/cancelled(url:)`` (never the cached copy).
    ///
    /// ```swift
    /// let loaded = try await loader.load(from: packURL)
    /// if case .cache(let reason) = loaded.source { logger.warning("stale theme: \(reason)") }
    /// ```
    ///
    /// - Parameter url: An `http` or `https` URL.
    /// - Returns: The loaded pack: fresh, revalidated, or last-known-good with the failure attached.
    /// - Throws: ``ThemePackLoaderError`` when the load failed and no usable cached copy exists.
    public func load(from url: URL) async throws(ThemePackLoaderError) -> LoadedPack<Pack> {
        let handle = Locked(CancellationHandle())
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = load(from: url) { continuation.resume(returning: $0) }
                let cancelledAlready = handle.withLock { handle -> Bool in
                    handle.task = task
                    return handle.isCancelled
                }
                if cancelledAlready { task.cancel() }
            }
        } onCancel: {
            let task = handle.withLock { handle -> ThemePackLoadTask? in
                handle.isCancelled = true
                return handle.task
            }
            task?.cancel()
        }
        // A switch, not `get()`: with Swift 5.10's standard library (iOS) `get()` throws untyped.
        switch result {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }
}

/// Bridges Swift task cancellation, which may arrive before the load has started, to the load's task.
private struct CancellationHandle {
    var task: ThemePackLoadTask?
    var isCancelled = false
}
