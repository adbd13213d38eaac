/// A scope in a theme's tree — a window, a screen, a sidebar — that can force a
/// style or contrast on everything attached below it.
///
/// A node's effective style is its own ``overrideStyle``, else its nearest
/// ancestor's override, else the theme's style (likewise for contrast).
/// Changing an override re-runs only the bindings attached in that subtree that
/// read what changed.
///
/// ```swift
/// let sidebar = ThemeNode(parent: theme.root)
/// sidebar.overrideStyle = .dark
/// theme.bind(label, \.textColor, in: sidebar) { env in env[Palette.self].text }
/// ```
///
/// A node lives as long as you hold it. When it is released, its children move to
/// its parent and the objects attached to it move to its parent too, delivered as any
/// change is: under ``Theme/Delivery/mainThread``, before the release returns when it
/// happens on the main thread, else on the main queue. (An adapter that lets a node go
/// inside a SwiftUI update defers the release.)
public final class ThemeNode: Sendable {
    let core: _ThemeCore
    let id: Int32

    /// Creates a node below `parent`, in `parent`'s theme.
    /// - Complexity: O(1).
    public init(parent: ThemeNode) {
        core = parent.core
        let parentID = parent.id
        id = core.addNode(parent: parentID)
    }

    /// Creates a node below `parent` with its overrides already set, in one change.
    ///
    /// What an adapter uses where it must not change the theme twice (a SwiftUI `body`): the node and
    /// its overrides arrive together, so nothing attached below it ever resolves without them, and the
    /// creation is one change instead of three.
    /// - Parameters:
    ///   - parent: The parent node.
    ///   - overrideStyle: The style forced on the subtree, or `nil` to inherit.
    ///   - overrideContrast: The contrast forced on the subtree, or `nil` to inherit.
    /// - Complexity: O(1).
    public init(parent: ThemeNode, overrideStyle: ThemeStyle?, overrideContrast: ThemeContrast? = nil) {
        core = parent.core
        let parentID = parent.id
        id = core.addNode(parent: parentID, overrideStyle: overrideStyle, overrideContrast: overrideContrast)
    }

    init(rootOf core: _ThemeCore) {
        self.core = core
        id = 0
    }

    deinit {
        guard id != 0 else { return }
        let id = self.id
        core.mutate { model in
            let parent = model.nodes[Int(id)].parent
            model.removeChild(id, from: parent)
            for child in model.nodes[Int(id)].children { model.addChild(child, to: parent) }
            model.nodes[Int(id)] = NodeIntent(parent: -1, isAlive: false)
            model.pending.operations.append(.removeNode(id))
        }
    }

    /// Whether this node is its theme's root.
    public var isRoot: Bool { id == 0 }

    /// The style forced on this subtree, or `nil` to inherit.
    public var overrideStyle: ThemeStyle? {
        get { core.read { $0.nodes[Int(id)].overrideStyle } }
        set { setOverrides { $0.overrideStyle = newValue } }
    }

    /// The contrast forced on this subtree, or `nil` to inherit.
    public var overrideContrast: ThemeContrast? {
        get { core.read { $0.nodes[Int(id)].overrideContrast } }
        set { setOverrides { $0.overrideContrast = newValue } }
    }

    /// The style that applies here now: the nearest override, else the theme's.
    /// - Complexity: O(depth).
    public var effectiveStyle: ThemeStyle {
        core.read { model in
            var node = id
            while node >= 0 {
                if let style = model.nodes[Int(node)].overrideStyle { return style }
                node = model.nodes[Int(node)].parent
            }
            return model.style
        }
    }

    /// The contrast that applies here now: the nearest override, else the theme's.
    /// - Complexity: O(depth).
    public var effectiveContrast: ThemeContrast {
        core.read { model in
            var node = id
            while node >= 0 {
                if let contrast = model.nodes[Int(node)].overrideContrast { return contrast }
                node = model.nodes[Int(node)].parent
            }
            return model.contrast
        }
    }

    /// Moves this node (and its subtree) under `newParent`; the subtree re-resolves.
    /// - Throws: ``ThemeNodeError`` when `newParent` is in another theme, is this
    ///   node, or is below it; nothing changes then.
    /// - Complexity: O(depth of `newParent`) here, plus the re-resolution in the next pass.
    public func move(to newParent: ThemeNode) throws(ThemeNodeError) {
        guard newParent.core === core else { throw .differentTheme }
        guard id != 0 else { throw .cannotMoveRoot }
        let id = self.id
        let error: ThemeNodeError? = core.mutate { model in
            var node = newParent.id
            while node >= 0 {
                if node == id { return .wouldCreateCycle }
                node = model.nodes[Int(node)].parent
            }
            let oldParent = model.nodes[Int(id)].parent
            guard oldParent != newParent.id else { return nil }
            model.removeChild(id, from: oldParent)
            model.addChild(id, to: newParent.id)
            model.pending.operations.append(.moveNode(id, parent: newParent.id))
            return nil
        }
        if let error { throw error }
    }

    /// Sets the style and the contrast forced on this subtree in one change (`nil`: inherit): the
    /// bindings below that read either re-run once, with both, where setting ``overrideStyle`` and then
    /// ``overrideContrast`` runs them twice and shows the first with the old contrast.
    /// - Parameters:
    ///   - style: The style to force, or `nil` to inherit.
    ///   - contrast: The contrast to force, or `nil` to inherit.
    public func setOverrides(style: ThemeStyle?, contrast: ThemeContrast?) {
        setOverrides {
            $0.overrideStyle = style
            $0.overrideContrast = contrast
        }
    }

    private func setOverrides(_ change: (inout NodeIntent) -> Void) {
        let id = self.id
        core.mutate { model in
            let before = model.nodes[Int(id)]
            change(&model.nodes[Int(id)])
            let after = model.nodes[Int(id)]
            guard before.overrideStyle != after.overrideStyle || before.overrideContrast != after.overrideContrast
            else { return }
            model.pending.operations.append(
                .setOverrides(id, style: after.overrideStyle, contrast: after.overrideContrast))
        }
    }
}

/// Why a ``ThemeNode`` could not be moved.
public enum ThemeNodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The new parent is the node itself or one of its descendants.
    case wouldCreateCycle
    /// The new parent belongs to another theme.
    case differentTheme
    /// The root has no parent.
    case cannotMoveRoot

    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case .wouldCreateCycle: "cannot move a node under itself or one of its descendants"
        case .differentTheme: "the new parent belongs to another theme"
        case .cannotMoveRoot: "the root node cannot be moved"
        }
    }
}
