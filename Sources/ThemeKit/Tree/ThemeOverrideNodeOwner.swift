import Dispatch

/// Owns the override node of one SwiftUI `.themeOverride` view for as long as the view lives:
/// ThemeKitSwiftUI's `ThemeNodeHolder` holds one; everything it decides is here, so that it is tested
/// on Linux.
///
/// It is used from `body`, inside a view update, where the theme may change at most once (a change
/// invalidates the views bound below) and must not deliver a change that redraws other views. So:
/// - the node is made with its overrides in one change (``ThemeNode/init(parent:overrideStyle:overrideContrast:)``),
///   before anything below binds to it;
/// - new overrides for the same node are set on the main queue, after the update, in one change
///   (``ThemeNode/setOverrides(style:contrast:)``): the views below redraw once, with both;
/// - a node is let go on the main queue, never inside the update: its release is a change (its objects
///   move to its parent, whose providers run). That holds for a node replaced (another theme or
///   enclosing node) and for the last one, when the owner goes.
@MainActor
package final class ThemeOverrideNodeOwner {
    private var current: ThemeNode?
    private weak var theme: Theme?
    private weak var parent: ThemeNode?
    private var requested: (style: ThemeStyle?, contrast: ThemeContrast?) = (nil, nil)

    /// An owner of no node yet.
    package nonisolated init() {}

    deinit { Self.release(current) }

    /// Lets `node` go on the main queue, after the update under way.
    private nonisolated static func release(_ node: ThemeNode?) {
        guard let node else { return }
        DispatchQueue.main.async { withExtendedLifetime(node) {} }
    }

    /// The view's node: made on first use, with its overrides, below `parent` (the theme's root when
    /// `nil`), and made again when the theme or the enclosing node changes. When only the overrides
    /// changed, the same node is returned and the new ones are set right after the update.
    /// - Parameters:
    ///   - theme: The theme in the view's environment.
    ///   - parent: The enclosing override's node, `nil` for none.
    ///   - style: The style to force, or `nil` to inherit.
    ///   - contrast: The contrast to force, or `nil` to inherit.
    /// - Returns: The node to put in the environment of the view's content.
    package func node(theme: Theme, parent: ThemeNode?, style: ThemeStyle?, contrast: ThemeContrast?) -> ThemeNode {
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
