import Foundation
import ThemeKit

/// The theme state an app keeps when it themes by hand (NotificationCenter, JXTheme).
// Sound: the benchmark drives every system from one thread, and observers run on that thread.
final class SharedThemeState: @unchecked Sendable {
    var style: ThemeStyle = .light
    var a = PaletteA.fallback.colors
    var b = PaletteB.fallback.colors
}

/// Theming with Foundation's `NotificationCenter`: every object observes one
/// "theme changed" notification and re-applies all its properties in its block.
///
/// A private center is used so ThemeKit's own posts to `.default` never reach it.
final class NotificationCenterSystem {
    static let name = Notification.Name("ThemeKitBenchmark.themeDidChange")

    let center = NotificationCenter()
    let state: SharedThemeState
    private var tokens: [(any NSObjectProtocol)?] = []

    init(state: SharedThemeState) { self.state = state }

    /// Adds `views` as observers; `readsB` tells which palette each view reads.
    convenience init(views: [BenchView], roles: Int, state: SharedThemeState, readsB: (Int) -> Bool) {
        self.init(state: state)
        tokens.reserveCapacity(views.count)
        for (index, view) in views.enumerated() { add(view, roles: roles, readsB: readsB(index)) }
    }

    /// Observes for one view, applying its properties once as an app does on appearance.
    /// - Returns: The observer's index (for ``remove(_:)``).
    @discardableResult
    func add(_ view: BenchView, roles: Int, readsB: Bool) -> Int {
        let state = self.state
        view.applyTheme(roles: roles, style: state.style, colors: readsB ? state.b : state.a)
        let token = center.addObserver(forName: Self.name, object: nil, queue: nil) { [weak view] _ in
            view?.applyTheme(roles: roles, style: state.style, colors: readsB ? state.b : state.a)
        }
        tokens.append(token)
        return tokens.count - 1
    }

    /// Puts a new observer at `index` (after ``remove(_:)``).
    func replace(_ index: Int, with view: BenchView, roles: Int, readsB: Bool) {
        let state = self.state
        view.applyTheme(roles: roles, style: state.style, colors: readsB ? state.b : state.a)
        tokens[index] = center.addObserver(forName: Self.name, object: nil, queue: nil) { [weak view] _ in
            view?.applyTheme(roles: roles, style: state.style, colors: readsB ? state.b : state.a)
        }
    }

    /// Adds a bare observer that counts calls (for the observer scenario).
    func addCounter(_ tally: Tally) {
        tokens.append(center.addObserver(forName: Self.name, object: nil, queue: nil) { _ in tally.count += 1 })
    }

    /// What an object's `deinit` does: removes its observer.
    func remove(_ index: Int) {
        if let token = tokens[index] { center.removeObserver(token) }
        tokens[index] = nil
    }

    /// Broadcasts one change.
    @inline(never)
    func post() { center.post(name: Self.name, object: nil) }

    /// Removes every observer.
    func tearDown() {
        for index in tokens.indices { remove(index) }
        tokens = []
    }
}
