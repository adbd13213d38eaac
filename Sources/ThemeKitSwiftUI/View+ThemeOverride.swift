#if canImport(SwiftUI)
    import SwiftUI
    import ThemeKitTokens

    extension View {
        /// Forces a style and/or contrast on this subtree: a `ThemeNode` override below the
        /// nearest enclosing one (or the theme's root).
        ///
        /// ```swift
        /// PreviewCard()
        ///     .themeOverride(style: .dark)
        /// ```
        ///
        /// ``ThemeValue``, ``ThemeAppearance`` and colours below resolve against the override: a type
        /// supplied by a `ThemeVariant` takes its value for the forced style and contrast, and
        /// the subtree's `colorScheme` becomes the style's appearance (its base's, for a custom style of
        /// the applied pack), so system controls and `Color(_: ColorSet)` follow. UIKit objects hosted
        /// inside can be bound with `in: themeNode` from the environment.
        ///
        /// Overrides nest; `nil` inherits from above. The node lives as long as the view does.
        /// - Parameters:
        ///   - style: The style to force, or `nil` to inherit.
        ///   - contrast: The contrast to force, or `nil` to inherit.
        /// - Returns: A view whose subtree resolves against the override.
        public func themeOverride(style: ThemeStyle? = nil, contrast: ThemeContrast? = nil) -> some View {
            modifier(ThemeOverrideModifier(style: style, contrast: contrast))
        }
    }

    private struct ThemeOverrideModifier: ViewModifier {
        let style: ThemeStyle?
        let contrast: ThemeContrast?
        @Environment(\.theme) private var theme
        @Environment(\.themeNode) private var parent
        @Environment(\.colorScheme) private var colorScheme
        @Environment(\.themeColorScope) private var parentScope
        @StateObject private var holder = ThemeNodeHolder()

        func body(content: Content) -> some View {
            let node = holder.node(theme: theme, parent: parent, style: style, contrast: contrast)
            let forced = style.map {
                SystemAppearance(resolving: $0, baseStyles: theme.value(ThemePackColors.self).styles)
            }
            return
                content
                .environment(\.themeNode, node)
                .environment(
                    \.themeColorScope,
                    (parentScope ?? ThemeColorScope(theme: theme)).overriding(style: style, contrast: contrast)
                )
                .environment(\.colorScheme, forced.map(ColorScheme.init) ?? colorScheme)
        }
    }

    /// Owns a view's override node for as long as the view lives.
    ///
    /// A node's release is a change of the theme, delivered where it happens (its objects move to its
    /// parent, whose providers run): the holder lets a node go on the main queue, never inside the view
    /// update in which SwiftUI replaces or drops the view's state.
    @MainActor
    final class ThemeNodeHolder: ObservableObject {
        private var current: ThemeNode?
        private weak var theme: Theme?
        private weak var parent: ThemeNode?
        private var requested: (style: ThemeStyle?, contrast: ThemeContrast?) = (nil, nil)

        nonisolated init() {}

        deinit { Self.release(current) }

        /// Lets `node` go on the main queue, after the update under way.
        private nonisolated static func release(_ node: ThemeNode?) {
            guard let node else { return }
            DispatchQueue.main.async { withExtendedLifetime(node) {} }
        }

        /// The view's node, made on first use (with its overrides, before anything below binds to it) and
        /// again when the theme or the enclosing node changes.
        ///
        /// Called from `body`. When the modifier's parameters changed, the new overrides are set right after
        /// the update: they make views below redraw.
        func node(theme: Theme, parent: ThemeNode?, style: ThemeStyle?, contrast: ThemeContrast?) -> ThemeNode {
            if let current, self.theme === theme, self.parent === parent {
                if style != requested.style || contrast != requested.contrast {
                    requested = (style, contrast)
                    // One change: the views below redraw once, with both.
                    DispatchQueue.main.async { current.setOverrides(style: style, contrast: contrast) }
                }
                return current
            }
            requested = (style, contrast)
            // One change, node and overrides together: `body` must not change the theme more than that.
            let node = ThemeNode(parent: parent ?? theme.root, overrideStyle: style, overrideContrast: contrast)
            // The old node's release is a change (its objects move to its parent): after the update.
            Self.release(current)
            current = node
            self.theme = theme
            self.parent = parent
            return node
        }
    }
#endif
