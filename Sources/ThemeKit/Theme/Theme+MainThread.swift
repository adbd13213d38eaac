extension Theme {
    /// Why a UI adapter's `entryPoint` cannot use this theme, or `nil` when it can.
    ///
    /// UIKit and SwiftUI state may only change on the main thread. Under ``Delivery/mainThread`` (the
    /// default) every callback runs there whatever thread made the change; under
    /// ``Delivery/synchronous`` a pack applied from a loader queue would run providers on that queue. The
    /// adapters call this when an object is first themed or a window attached, so the mistake stops the
    /// app at setup with this message instead of when the first background change arrives.
    /// - Parameter entryPoint: The adapter API being called, for the message.
    /// - Returns: A message saying what is wrong and what to do, or `nil`.
    package func mainThreadDeliveryProblem(in entryPoint: String) -> String? {
        guard delivery != .mainThread else { return nil }
        return
            "ThemeKit: \(entryPoint) needs a theme that delivers on the main thread, and this one was created "
            + "with delivery: .synchronous. Create it with the default delivery (Theme(storage:), or "
            + "delivery: .mainThread) so a change made on any thread reaches UIKit and SwiftUI on the main thread."
    }
}
