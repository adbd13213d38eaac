/// The `userInfo` dictionaries of the last few notifications a theme posted, reused
/// when the same event comes again: a theme switched between light and dark posts the
/// same two events over and over (why: Docs/Benchmarks.md, "Measurements behind the
/// code"). Sharing is invisible: a dictionary is a value.
///
/// Only the delivering thread of the owning theme touches it.
struct NotificationPayloads {
    /// How many recent events are kept.
    static let capacity = 2

    /// The most recent last.
    private var recent: [(event: ThemeEvent, userInfo: [AnyHashable: Any])] = []

    /// The `userInfo` of a `.themeDidChange` notification that carries `event`.
    mutating func userInfo(for event: ThemeEvent) -> [AnyHashable: Any] {
        for entry in recent where entry.event == event { return entry.userInfo }
        let userInfo: [AnyHashable: Any] = [ThemeEvent.userInfoKey: event]
        if recent.count == Self.capacity { recent.removeFirst() }
        recent.append((event, userInfo))
        return userInfo
    }
}
