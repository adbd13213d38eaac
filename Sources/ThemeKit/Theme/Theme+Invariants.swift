import Foundation

/// Self-checks of the engine's invariants, for tests and debugging.
extension Theme {
    /// How many key paths have an id, closure runners exist and themed-property works are
    /// cached in the engine: all three stay bounded by what is bound (see `KeyPathIDs`).
    /// Pending work is delivered first; `nil` from inside a delivery.
    package func keyPathBookkeeping() -> (keyPaths: Int, runners: Int, sharedWorks: Int)? {
        _core.mutate(policy: .deliverWhereAllowed) { _ in }
        return _core.withEngineLocked { _core.table.keyPathBookkeeping }
    }

    /// Checks every invariant of the binding table and node tree and returns the
    /// violations found (empty when all hold). Pending work is delivered first.
    ///
    /// - Every live binding appears in the reverse index of exactly the extension
    ///   keys it read on its last run, once, and nowhere else.
    /// - An object's dependency union is the union of its bindings' dependencies.
    /// - Each tracked object is in exactly its node's object list.
    /// - A node's effective style and contrast are its override, else its parent's, else the theme's.
    /// - The engine's tree matches the nodes' parents and overrides.
    /// - Each memo's entries are what they memoise (runners, themed-property works, the
    ///   remembered slot, the contexts lent to runs).
    ///
    /// Returns `["busy"]` when called from inside a delivery.
    /// - Complexity: O(bindings + nodes + reverse-index entries).
    package func checkInvariants() -> [String] {
        // Deliver anything queued, then check under the lock while no thread holds the engine.
        _core.mutate(policy: .deliverWhereAllowed) { _ in }
        return _core.withEngineLocked {
            _core.invariantViolations(model: _core.model, operationsQueued: !_core.model.pending.operations.isEmpty)
        } ?? ["busy"]
    }
}

extension _ThemeCore {
    /// The memos' entries that are not what they memoise.
    func memoViolations() -> [String] {
        table.memoViolations + contexts.misplacedContexts
    }

    /// The violated invariants. `model` is the model and `operationsQueued` whether its operations
    /// queue held anything, both read under the lock (the queue is a class, which other threads
    /// append to once the lock is released: read it nowhere else).
    func invariantViolations(model: ThemeModel, operationsQueued: Bool) -> [String] {
        var problems: [String] = []
        let objects = UnsafeBufferPointer(start: table.objects, count: table.objectCount)
        // Reverse index: one walk over the bindings gives the entries each bit must hold.
        var expected = [Set<Int64>](repeating: [], count: 64)
        for (slot, object) in objects.enumerated() where object.identifier != nil {
            for (index, binding) in table.bindings(of: Int32(slot)).enumerated() where binding.work != nil {
                var bits = binding.dependencies & _DependencyBits.extensions
                while bits != 0 {
                    expected[bits.trailingZeroBitCount].insert(Int64(slot) << 32 | Int64(index))
                    bits &= bits - 1
                }
            }
        }
        for bit in 2..<64 {
            var seen = Set<Int64>()
            for entry in table.reverse.entries(bit: bit) where table.isValid(entry, bit: bit) {
                let key = Int64(entry.slot) << 32 | Int64(entry.index)
                if !seen.insert(key).inserted { problems.append("duplicate reverse entry \(entry) for bit \(bit)") }
            }
            for key in expected[bit] where !seen.contains(key) {
                problems.append("binding \(key >> 32).\(key & 0xFFFF_FFFF) missing from bit \(bit)")
            }
        }
        // Unions and node lists.
        var listed = Set<Int32>()
        for node in table.nodeHeads.indices {
            var slot = table.nodeHeads[node]
            var previous: Int32 = -1
            while slot >= 0 {
                let object = objects[Int(slot)]
                if object.node != Int32(node) { problems.append("object \(slot) listed under node \(node)") }
                if object.previousInNode != previous { problems.append("object \(slot) has a wrong back link") }
                if !listed.insert(slot).inserted {
                    problems.append("object \(slot) listed twice")
                    break
                }
                previous = slot
                slot = object.nextInNode
            }
        }
        for (slot, object) in objects.enumerated() where object.identifier != nil {
            let union = table.bindings(of: Int32(slot)).reduce(UInt64(0)) {
                $0 | ($1.work == nil ? 0 : $1.dependencies)
            }
            if union != object.dependencies { problems.append("object \(slot) has a stale dependency union") }
            // Key-path ids: a binding's id is its key path's (ids are given again once unused).
            for (index, binding) in table.bindings(of: Int32(slot)).enumerated() {
                guard let work = binding.work?.takeUnretainedValue(), case .keyPath(let path) = work.identity else {
                    continue
                }
                let id = table.keyPathID(of: path)
                if id != work.keyID {
                    problems.append(
                        "binding \(slot).\(index) has key-path id \(work.keyID), its key path \(id.map(String.init) ?? "none")"
                    )
                }
            }
            if !listed.contains(Int32(slot)) { problems.append("object \(slot) is in no node list") }
            if !tree.isAlive(object.node) { problems.append("object \(slot) is attached to dead node \(object.node)") }
        }
        problems += memoViolations()
        // Tree.
        // The model's nodes match the engine's once the engine has applied every queued
        // operation (a node released meanwhile is dead in the model, alive in the engine).
        let comparesModel = !operationsQueued
        for (index, node) in tree.nodes.enumerated() where node.isAlive {
            let inheritedStyle = node.parent >= 0 ? tree.nodes[Int(node.parent)].style : deliveredStyle
            let inheritedContrast = node.parent >= 0 ? tree.nodes[Int(node.parent)].contrast : deliveredContrast
            if node.style != (node.overrideStyle ?? inheritedStyle) {
                problems.append("node \(index) resolves style \(node.style)")
            }
            if node.contrast != (node.overrideContrast ?? inheritedContrast) {
                problems.append("node \(index) resolves contrast \(node.contrast)")
            }
            guard comparesModel else { continue }
            guard index < model.nodes.count, model.nodes[index].isAlive else {
                problems.append("node \(index) is alive in the engine only")
                continue
            }
            let intent = model.nodes[index]
            if intent.parent >= 0 {
                let siblings = model.nodes[Int(intent.parent)].children
                if intent.indexInParent < 0 || intent.indexInParent >= siblings.count
                    || siblings[intent.indexInParent] != Int32(index)
                {
                    problems.append("node \(index) is not at its recorded place among its parent's children")
                }
            }
            if intent.parent != node.parent || intent.overrideStyle != node.overrideStyle
                || intent.overrideContrast != node.overrideContrast
            {
                problems.append("node \(index) differs between model and engine")
            }
        }
        return problems
    }
}

/// The engine's internal checks, after swift-collections' `COLLECTIONS_INTERNAL_CHECKS`:
/// in a debug build run with `THEMEKIT_INTERNAL_CHECKS=1` in the environment (the test
/// suite's command and CI set it), the engine checks every invariant after each pass,
/// and its memos after each direct `bind` (a full check there would make a test that binds
/// n objects O(n²)), and traps on the first violation, where the problem starts rather than
/// where it shows. Release builds never check.
package enum InternalChecks {
    #if DEBUG
        /// Whether the checks run (read once, at first use).
        package static let isEnabled = ProcessInfo.processInfo.environment["THEMEKIT_INTERNAL_CHECKS"] == "1"
    #else
        /// Whether the checks run: never in a release build.
        package static let isEnabled = false
    #endif
}

extension _ThemeCore {
    /// Traps on the first violated invariant when internal checks are on. Called by the
    /// delivering thread with the engine held and the lock released.
    @inline(__always)
    func checkInvariantsIfEnabled(after operation: StaticString) {
        guard InternalChecks.isEnabled else { return }
        let (current, operationsQueued): (ThemeModel, Bool) = lock.withLock {
            (self.model, !self.model.pending.operations.isEmpty)
        }
        trapOnFirst(of: invariantViolations(model: current, operationsQueued: operationsQueued), after: operation)
    }

    /// Traps on the first memo entry that is not what it memoises when internal checks are
    /// on: after a direct `bind`, which uses the memos most. Called with the engine held.
    @inline(__always)
    func checkMemosIfEnabled(after operation: StaticString) {
        guard InternalChecks.isEnabled else { return }
        trapOnFirst(of: memoViolations(), after: operation)
    }

    private func trapOnFirst(of problems: [String], after operation: StaticString) {
        if let first = problems.first {
            preconditionFailure("ThemeKit internal check after \(operation): \(first) (\(problems.count) in all)")
        }
    }
}
