import Dispatch
import Foundation

/// Runs code that might deadlock or hang, so that a test fails instead of hanging the suite.
public enum Watchdog {
    /// Runs `body` on a new thread (with a stack of `stackSize` bytes) and waits at
    /// most `seconds` for it to return.
    ///
    /// Use a generous bound: it detects hangs and deadlocks, not slowness. A body that
    /// does not finish is abandoned on its thread (it cannot be cancelled).
    /// - Returns: Whether `body` returned in time.
    public static func finishes(
        within seconds: Double, stackSize: Int = 8 << 20, _ body: @escaping @Sendable () -> Void
    ) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        return done.wait(timeout: .now() + seconds) == .success
    }
}
