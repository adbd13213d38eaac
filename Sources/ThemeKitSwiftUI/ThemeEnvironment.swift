#if canImport(SwiftUI)
    import Foundation
    import SwiftUI
    import ThemeKit
    import ThemeKitTokens

    /// The theme `@Environment(\.theme)` reports where no ``SwiftUI/View/theme(_:)`` is above a view.
    ///
    /// That is the theme most recently installed with `.theme(_:)`, while the app keeps it — so a
    /// sheet, popover or window that a platform version presents outside the installing view's
    /// environment still reads the app's theme — or, before any was installed (previews, tests) and
    /// once the app has let it go, one in-memory theme. It is held weakly: an app that replaces its
    /// theme (one per account, say) frees the old one with its storage and subscribers.
    enum ThemeEnvironmentFallback {
        /// The theme of previews and of views shown before any `.theme(_:)`.
        static let standalone = Theme(storage: InMemoryThemeStorage(), namespace: "preview", delivery: .mainThread)

        private static let installed = LastInstalledTheme()

        /// The last installed theme, else ``standalone``.
        static var current: Theme { installed.theme ?? standalone }

        /// Records `theme` as the last installed one.
        static func install(_ theme: Theme) { installed.theme = theme }
    }

    /// The last theme a `.theme(_:)` installed, held weakly.
    ///
    /// `@unchecked Sendable`: a final class whose one mutable field is only touched under its own lock.
    private final class LastInstalledTheme: @unchecked Sendable {
        private let lock = NSLock()
        private weak var value: Theme?

        var theme: Theme? {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    private struct ThemeKey: EnvironmentKey {
        static var defaultValue: Theme { ThemeEnvironmentFallback.current }
    }

    private struct ThemeNodeKey: EnvironmentKey {
        static let defaultValue: ThemeNode? = nil
    }

    struct ThemeColorScopeKey: EnvironmentKey {
        static let defaultValue: ThemeColorScope? = nil
    }

    extension EnvironmentValues {
        /// The theme of this view tree, installed with ``SwiftUI/View/theme(_:)``.
        ///
        /// ```swift
        /// struct SettingsView: View {
        ///     @Environment(\.theme) private var theme
        ///     var body: some View {
        ///         Button("Dark") { theme.style = .dark }
        ///     }
        /// }
        /// ```
        ///
        /// Where no `.theme(_:)` is above the view, it is the theme installed last (so presentations
        /// that do not inherit the environment still find the app's theme), or an in-memory theme
        /// before any was installed (previews).
        public var theme: Theme {
            get { self[ThemeKey.self] }
            set { self[ThemeKey.self] = newValue }
        }

        /// The innermost override scope above this view, set by ``SwiftUI/View/themeOverride(style:contrast:)``;
        /// `nil` at the theme's root.
        ///
        /// Bind UIKit objects hosted in the subtree with `in: themeNode` so they resolve like the SwiftUI
        /// views around them.
        public internal(set) var themeNode: ThemeNode? {
            get { self[ThemeNodeKey.self] }
            set { self[ThemeNodeKey.self] = newValue }
        }

        /// The theme scope colours resolve in here (style, contrast, base styles), set by
        /// ``SwiftUI/View/theme(_:)`` and ``SwiftUI/View/themeOverride(style:contrast:)``; `nil` outside a
        /// themed tree. `Color(_: ColorSet)` reads it (through the trait collection on iOS 17).
        public internal(set) var themeColorScope: ThemeColorScope? {
            get { self[ThemeColorScopeKey.self] }
            set { self[ThemeColorScopeKey.self] = newValue }
        }
    }
#endif
