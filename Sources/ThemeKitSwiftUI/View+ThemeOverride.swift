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
            let node = holder.owner.node(theme: theme, parent: parent, style: style, contrast: contrast)
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

    /// Owns a view's override node for as long as the view lives: a `ThemeOverrideNodeOwner` (ThemeKit,
    /// tested on Linux), which makes the node with its overrides in one change, sets new overrides after
    /// the update and lets a node go on the main queue, never inside the view update in which SwiftUI
    /// replaces or drops the view's state.
    @MainActor
    final class ThemeNodeHolder: ObservableObject {
        let owner = ThemeOverrideNodeOwner()

        nonisolated init() {}
    }
#endif
