#if canImport(SwiftUI)
    import Foundation

    /// Runs `body` on the main thread: now when called there, else as soon as the main queue runs.
    ///
    /// The adapters' themes deliver on the main thread already; this keeps a view correct under a
    /// theme created with synchronous delivery and changed from a background queue.
    func performOnMain(_ body: @escaping @MainActor @Sendable () -> Void) {
        if Thread.isMainThread {
            MainActor.assumeIsolated { body() }
        } else {
            DispatchQueue.main.async { body() }
        }
    }
#endif
