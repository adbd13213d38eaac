#if canImport(UIKit) && canImport(SwiftUI) && !os(watchOS)
    import SwiftUI
    import ThemeKit
    import UIKit

    extension View {
        /// Attaches `theme` to the window this view is shown in (a ``ThemeWindowBridge``), so the window's
        /// chrome (status bar, alerts, keyboards) follows a forced style and the system's appearance flows
        /// into the theme — the `UIViewRepresentable` every SwiftUI app used to write.
        ///
        /// ```swift
        /// WindowGroup {
        ///     ContentView()
        ///         .theme(theme)
        ///         .themeWindow(theme)
        /// }
        /// ```
        ///
        /// Each window a `WindowGroup` opens gets its own bridge; it goes with its window.
        /// - Parameters:
        ///   - theme: The theme.
        ///   - configure: Called once with each window's bridge (its hooks, its cross-fade duration).
        /// - Returns: A view that attaches the theme to its window.
        public func themeWindow(
            _ theme: Theme, configure: (@MainActor (ThemeWindowBridge) -> Void)? = nil
        ) -> some View {
            background(ThemeWindowAttacher(theme: theme, configure: configure).frame(width: 0, height: 0))
        }
    }

    /// A zero-sized view that attaches the theme to the window it is moved into.
    private struct ThemeWindowAttacher: UIViewRepresentable {
        let theme: Theme
        let configure: (@MainActor (ThemeWindowBridge) -> Void)?

        func makeUIView(context: Context) -> WindowAttachingView {
            WindowAttachingView(theme: theme, configure: configure)
        }

        func updateUIView(_ view: WindowAttachingView, context: Context) {
            view.update(theme: theme, configure: configure)
        }
    }

    /// Attaches its theme to its window whenever it gets one (`Theme.attach(to:)` returns the existing
    /// bridge when the window already has one for this theme).
    final class WindowAttachingView: UIView {
        private var theme: Theme
        private var configure: (@MainActor (ThemeWindowBridge) -> Void)?
        private weak var attachedWindow: UIWindow?

        init(theme: Theme, configure: (@MainActor (ThemeWindowBridge) -> Void)?) {
            self.theme = theme
            self.configure = configure
            super.init(frame: .zero)
            isHidden = true
            isUserInteractionEnabled = false
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { fatalError("WindowAttachingView is created in code") }

        func update(theme: Theme, configure: (@MainActor (ThemeWindowBridge) -> Void)?) {
            self.configure = configure
            guard theme !== self.theme else { return }
            self.theme = theme
            attachedWindow = nil
            attachIfNeeded()
        }

        override func didMoveToWindow() {
            super.didMoveToWindow()
            attachIfNeeded()
        }

        private func attachIfNeeded() {
            guard let window, window !== attachedWindow else { return }
            attachedWindow = window
            let bridge = theme.attach(to: window)
            configure?(bridge)
        }
    }
#endif
