#if canImport(UIKit) && !os(watchOS)
    import Foundation

    /// Runs `body` on the main thread: now when called there, else as soon as the main queue runs.
    ///
    /// A theme created with `delivery: .mainThread` always calls on the main thread; this keeps the
    /// bridge correct under a theme with synchronous delivery changed from a background queue.
    func performOnMain(_ body: @escaping @MainActor @Sendable () -> Void) {
        if Thread.isMainThread {
            MainActor.assumeIsolated { body() }
        } else {
            DispatchQueue.main.async { body() }
        }
    }
#endif
