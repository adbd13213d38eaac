/// Tracked objects: properties that follow the theme.
extension Theme {
    /// Keeps `object[keyPath: keyPath]` equal to what `provider` returns.
    ///
    /// The provider runs at once (unless a delivery is in progress, then right after
    /// it; under ``Delivery/mainThread`` from another thread, on the main thread), and
    /// again whenever something it read through `env` changes — the style, the
    /// contrast, or an extension type — and on ``refresh(_:)``. It runs for each object
    /// it is bound to; to compute one value per appearance for many objects, declare a
    /// ``ThemedProperty``. Binding the same key path again replaces the earlier
    /// provider. The object is held weakly; once it is released its bindings are
    /// dropped without any call from you.
    ///
    /// The value is written through the key path, so the property's setter runs
    /// (`didSet`, Observation, computed properties). For a computed or Objective-C
    /// property (`UILabel.textColor`), ``bind(_:_:set:in:_:)`` writes through a setter
    /// closure instead, without the key-path runtime.
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
        // Inlinable: the binding's body is made here, for the caller's types (see `BindingBody`).
        enqueue(object, .pending(BindingBodies.keyPath(keyPath, provider)), in: node)
    }

    /// Keeps a property of `object` equal to what `provider` returns, writing it with
    /// `setter`: the fast binding for computed and Objective-C properties.
    ///
    /// Behaves like ``bind(_:_:in:_:)``; `keyPath` names the property (binding it again
    /// replaces this binding, ``unbind(_:_:)`` removes it), and every write is a call of
    /// `setter`, specialised here for `Object` and `Value`. The setter takes the value
    /// `consuming`, as a property's own setter does, so what `provider` returns is handed
    /// over without a copy; a function that borrows its value works as well.
    ///
    /// ```swift
    /// theme.bind(label, \.textColor, set: { $0.textColor = $1 }) { env in env[Palette.self].text }
    /// ```
    /// - Parameters:
    ///   - object: The object to keep themed.
    ///   - keyPath: The property `setter` writes: the binding's identity.
    ///   - setter: Writes a value into the object (and may keep it: the value is its own).
    ///   - node: The scope the object lives in (see ``bind(_:_:in:_:)``).
    ///   - provider: Computes the value from the context; runs on the delivering thread.
    /// - Complexity: O(1) amortised, plus one run of `provider`.
    @inlinable
    public func bind<Object: AnyObject, Value>(
        _ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>,
        set setter: @escaping @Sendable (Object, consuming Value) -> Void, in node: ThemeNode? = nil,
        _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        // Inlinable: the binding's body is made here, for the caller's types (see `BindingBody`).
        enqueue(object, .pending(BindingBodies.setter(keyPath, setter, provider)), in: node)
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
    /// An object's `customize` closures run after its key-path providers, in the order
    /// they were added. Without an `id` each call adds a closure; with one, a later
    /// call with the same `id` replaces it (one closure per control state, say).
    ///
    /// ```swift
    /// theme.customize(button, id: "titleColor.normal") { button, env in
    ///     button.setTitleColor(env[Palette.self].accent, for: .normal)
    /// }
    /// ```
    /// - Parameters:
    ///   - object: The object to keep themed.
    ///   - id: Names the closure, so customizing with the same id replaces it.
    ///   - node: The scope the object lives in (see ``bind(_:_:in:_:)``).
    ///   - body: Applies the theme to the object; runs on the delivering thread.
    @inlinable
    public func customize<Object: AnyObject>(
        _ object: Object, id: String? = nil, in node: ThemeNode? = nil,
        _ body: @escaping @Sendable (Object, ThemeContext) -> Void
    ) {
        enqueue(object, .work(BindingBodies.customize(id: id, body)), in: node)
    }

    /// Re-runs every provider and `customize` closure of `object` now (for a control
    /// whose state changed, or a provider that reads state outside its `ThemeContext`,
    /// such as a Dynamic Type setting). A ``ThemedProperty``'s kept value is written
    /// again; its provider re-runs when what it read changes.
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
