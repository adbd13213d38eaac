/// One node of the engine's tree.
struct NodeRecord {
    var parent: Int32
    var firstChild: Int32 = -1
    var nextSibling: Int32 = -1
    var previousSibling: Int32 = -1
    var overrideStyle: ThemeStyle?
    var overrideContrast: ThemeContrast?
    /// The effective values, cached: own override, else the parent's, else the theme's.
    var style: ThemeStyle
    var contrast: ThemeContrast
    var isAlive: Bool
}

/// A node whose effective style or contrast changed during a re-resolution.
struct ChangedNode {
    var node: Int32
    /// `_DependencyBits.style` and/or `_DependencyBits.contrast`.
    var changed: UInt64
}

/// The node tree as the delivering thread sees it. Node 0 is the root.
///
/// All walks are iterative, so trees of any depth are safe.
final class NodeTree {
    // Not checked at run time: only the delivering thread touches the tree, and no
    // user code runs while it is being changed.
    @exclusivity(unchecked) private(set) var nodes: ContiguousArray<NodeRecord>
    @exclusivity(unchecked) private var stack: [Int32] = []

    init(style: ThemeStyle, contrast: ThemeContrast) {
        nodes = [NodeRecord(parent: -1, style: style, contrast: contrast, isAlive: true)]
    }

    @inline(__always)
    func style(of node: Int32) -> ThemeStyle { nodes[Int(node)].style }
    @inline(__always)
    func contrast(of node: Int32) -> ThemeContrast { nodes[Int(node)].contrast }

    func isAlive(_ node: Int32) -> Bool { Int(node) < nodes.count && nodes[Int(node)].isAlive }

    func add(_ node: Int32, parent: Int32) {
        let record = NodeRecord(
            parent: parent, style: nodes[Int(parent)].style, contrast: nodes[Int(parent)].contrast, isAlive: true)
        if Int(node) < nodes.count {
            nodes[Int(node)] = record
        } else {
            while nodes.count < Int(node) {
                nodes.append(NodeRecord(parent: -1, style: .light, contrast: .standard, isAlive: false))
            }
            nodes.append(record)
        }
        attach(node, to: parent)
    }

    /// Removes `node`, handing its children to its parent; returns the children.
    func remove(_ node: Int32) -> [Int32] {
        let parent = nodes[Int(node)].parent
        var children: [Int32] = []
        var child = nodes[Int(node)].firstChild
        while child >= 0 {
            children.append(child)
            child = nodes[Int(child)].nextSibling
        }
        detach(node)
        for child in children {
            detach(child)
            attach(child, to: parent)
        }
        nodes[Int(node)].isAlive = false
        return children
    }

    func move(_ node: Int32, to parent: Int32) {
        detach(node)
        attach(node, to: parent)
    }

    func setOverrides(_ node: Int32, style: ThemeStyle?, contrast: ThemeContrast?) {
        nodes[Int(node)].overrideStyle = style
        nodes[Int(node)].overrideContrast = contrast
    }

    private func attach(_ node: Int32, to parent: Int32) {
        let head = nodes[Int(parent)].firstChild
        nodes[Int(node)].parent = parent
        nodes[Int(node)].previousSibling = -1
        nodes[Int(node)].nextSibling = head
        if head >= 0 { nodes[Int(head)].previousSibling = node }
        nodes[Int(parent)].firstChild = node
    }

    private func detach(_ node: Int32) {
        let parent = nodes[Int(node)].parent
        let previous = nodes[Int(node)].previousSibling
        let next = nodes[Int(node)].nextSibling
        if previous >= 0 {
            nodes[Int(previous)].nextSibling = next
        } else if parent >= 0 {
            nodes[Int(parent)].firstChild = next
        }
        if next >= 0 { nodes[Int(next)].previousSibling = previous }
        nodes[Int(node)].previousSibling = -1
        nodes[Int(node)].nextSibling = -1
    }

    /// Re-resolves the subtree under each of `roots`, appending every node whose
    /// effective style or contrast changed to `changes`.
    ///
    /// - Complexity: O(nodes whose effective values change + their children).
    func reresolve(
        roots: [Int32], themeStyle: ThemeStyle, themeContrast: ThemeContrast, into changes: inout [ChangedNode]
    ) {
        for root in roots where isAlive(root) {
            stack.removeAll(keepingCapacity: true)
            stack.append(root)
            var isRoot = true
            while let node = stack.popLast() {
                let record = nodes[Int(node)]
                let parent = record.parent
                let inheritedStyle = parent >= 0 ? nodes[Int(parent)].style : themeStyle
                let inheritedContrast = parent >= 0 ? nodes[Int(parent)].contrast : themeContrast
                let style = record.overrideStyle ?? inheritedStyle
                let contrast = record.overrideContrast ?? inheritedContrast
                var changed: UInt64 = 0
                if style != record.style { changed |= _DependencyBits.style }
                if contrast != record.contrast { changed |= _DependencyBits.contrast }
                if changed == 0 && !isRoot { continue }
                isRoot = false
                if changed != 0 {
                    nodes[Int(node)].style = style
                    nodes[Int(node)].contrast = contrast
                    changes.append(ChangedNode(node: node, changed: changed))
                }
                var child = record.firstChild
                while child >= 0 {
                    stack.append(child)
                    child = nodes[Int(child)].nextSibling
                }
            }
        }
    }

    /// Whether `ancestor` is `node` or one of its ancestors.
    func isAncestor(_ ancestor: Int32, of node: Int32) -> Bool {
        var current = node
        while current >= 0 {
            if current == ancestor { return true }
            current = nodes[Int(current)].parent
        }
        return false
    }
}
