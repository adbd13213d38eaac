import Foundation

/// Runs `body` on the main thread: now when called there (or on the main queue), else as soon as the
/// main queue runs.
///
/// For the Apple adapters (package access): their themes deliver on the main thread already
/// (`delivery: .mainThread`); this keeps a view or a window bridge correct under a theme made
/// with synchronous delivery and changed from a background queue.
package func performOnMain(_ body: @escaping @MainActor @Sendable () -> Void) {
    if MainQueue.isCurrent {
        MainActor.assumeIsolated { body() }
    } else {
        DispatchQueue.main.async { body() }
    }
}
