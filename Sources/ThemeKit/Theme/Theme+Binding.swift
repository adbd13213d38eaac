/// Tracked objects: properties that follow the theme.
extension Theme {
    /// Keeps `object[keyPath: keyPath]` equal to what `provider` returns.
    ///
    /// The provider runs at once (unless a delivery is in progress, then right after
    /// it), and again whenever something it read through `env` changes — the
    /// style, the contrast, or an extension type. Binding the same key path again
    /// replaces the earlier provider. The object is held weakly; once it is
    /// released its bindings are dropped without any call from you.
    ///
    /// A provider that captures nothing is a function of what it reads through `env`,
    /// so, like a ``ThemedProperty``, it runs once per pass and appearance for all
    /// objects bound with it, and they share its result — unless `Value` is a class
    /// or an existential (or an optional of one: every object then gets its own instance) or the provider
    /// reads ``ThemeContext/isInitialApplication``. A provider with captures runs per object.
    ///
    /// ```swift
    /// theme.bind(label, \.textColor) { env in env.style == .dark ? env[Palette.self].text : "#111111" }
    /// ```
    /// - Parameters:
    ///   - object: The object to keep themed.
    ///   - keyPath: The property to write.
    ///   - node: The scope the object lives in. An object belongs to one node: passing a
    ///     node moves the object there; `nil` keeps its current node (the root for a new object).
    ///   - provider: Computes the value from the context; runs on the delivering thread.
    /// - Complexity: O(1) amortised, plus one run of `provider`.
    @inlinable
    public func bind<Object: AnyObject, Value>(
        _ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>, in node: ThemeNode? = nil,
        _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        // Inlinable so the provider's and the runner's generic types are resolved in the
        // caller, once, instead of through metadata lookups on every call. The provider
        // goes into the binding's record; the runner (made once per key path and theme)
        // is the table's.
        enqueue(
            object,
            .provider(
                ProviderStorage(provider), keyPath: keyPath, runnerType: KeyPathBindingRunner<Object, Value>.self,
                assign: sharedAssign(Value.self)),
            in: node)
    }

    /// Adds a binding: at once when nothing else is delivering, else in the next pass.
    @usableFromInline
    func enqueue(_ object: AnyObject, _ source: BindingSource, in node: ThemeNode?) {
        checkOwnership(node)
        core.bind(object, source, node: node)
    }

    /// Runs `body` now and whenever something it read through `env` changes, for
    /// properties that are not key paths (control states, layers, attributed text).
    ///
    /// Each call adds a closure; an object's `customize` closures run after its
    /// key-path providers, in the order they were added.
    public func customize<Object: AnyObject>(
        _ object: Object, in node: ThemeNode? = nil, _ body: @escaping @Sendable (Object, ThemeContext) -> Void
    ) {
        enqueue(object, .runner(CustomizeRunner(body: body)), in: node)
    }

    /// Re-runs every provider and `customize` closure of `object` now (for a control
    /// whose state changed, say).
    public func refresh<Object: AnyObject>(_ object: Object) {
        core.mutate { $0.pending.operations.append(.refresh(object: object)) }
    }

    /// Removes the binding of `keyPath` on `object`; the property keeps its last value.
    public func unbind<Object: AnyObject, Value>(_ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>) {
        core.mutate { $0.pending.operations.append(.unbind(object: object, keyPath: keyPath)) }
    }

    /// Removes every binding and `customize` closure of `object`.
    public func unbindAll<Object: AnyObject>(_ object: Object) {
        core.mutate { $0.pending.operations.append(.unbindAll(object: object)) }
    }

    /// Moves a tracked object to `node`; its bindings re-run if the effective style
    /// or contrast there differs and they read it.
    public func attach<Object: AnyObject>(_ object: Object, to node: ThemeNode) {
        checkOwnership(node)
        core.mutate { $0.pending.operations.append(.attach(object: object, node: node)) }
    }

    /// Drops the bindings of every released object now, instead of when a pass meets them.
    public func pruneReleasedObjects() {
        core.mutate { $0.pending.operations.append(.prune) }
    }

    /// The number of live bindings (key-path and `customize`), counting released
    /// objects not yet pruned. Returns `nil` when called during a delivery, or from
    /// another thread while a thread's `batch` holds the engine (see Docs/Runtime.md).
    public var bindingCount: Int? { core.withEngine { core.table.bindingCount } }

    /// The number of tracked objects not yet pruned. Returns `nil` when
    /// ``bindingCount`` does.
    public var trackedObjectCount: Int? { core.withEngine { core.table.liveObjectCount } }

    private func checkOwnership(_ node: ThemeNode?) {
        if let node {
            precondition(node.core === core, "ThemeKit: the node belongs to another Theme")
        }
    }
}
