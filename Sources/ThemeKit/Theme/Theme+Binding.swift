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
    /// (`didSet`, Observation, computed properties). The key path is an autoclosure,
    /// evaluated three times when you bind (once for the binding's identity, once for each
    /// of its two writes: the first run's and the refreshes') and never later: for a
    /// key-path literal the writes are compiled here, into a direct store or a call of the
    /// property's setter, without Swift's key-path runtime; a key path passed as a value is
    /// written through the runtime.
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
        _ object: Object, _ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Object, Value>,
        in node: ThemeNode? = nil, _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        // The key path is an autoclosure, evaluated three times here: once for each write
        // closure alone, which the optimiser then specialises into the property's setter when
        // the caller wrote a literal (see `_BindingBodies.keyPathWrite`), once for the identity.
        let (write, firstRun) = _BindingBodies.keyPathWrite(keyPath(), borrowing: keyPath())
        _bind(object, keyPath(), _ContextEntry(provider: provider, write: write), firstRunWrite: firstRun, in: node)
    }

    /// Keeps `object[keyPath: keyPath]` equal to what `provider` returns for it: like
    /// ``bind(_:_:in:_:)-(_,_,_,(ThemeContext)->Value)``, with the object handed to the provider, so the provider reads
    /// the object's own state (a control's `isSelected`, a cell's model) without capturing
    /// it — or its owner.
    ///
    /// A provider that captures `self` (a view controller, a cell) keeps it alive for as
    /// long as the binding lives, and with it the views it owns: the bound object then
    /// never goes, and neither does the binding. Read what you need from the object
    /// passed in instead; call ``refresh(_:)`` when that state changes.
    ///
    /// ```swift
    /// theme.bind(button, \.tintColor) { button, env in
    ///     button.isSelected ? env[Palette.self].accent : env[Palette.self].text
    /// }
    /// ```
    /// - Parameters:
    ///   - object: The object to keep themed.
    ///   - keyPath: The property to write.
    ///   - node: The scope the object lives in (see ``bind(_:_:in:_:)-(_,_,_,(ThemeContext)->Value)``).
    ///   - provider: Computes the value from the object and the context; runs on the
    ///     delivering thread.
    /// - Complexity: O(1) amortised, plus one run of `provider`.
    @inlinable
    public func bind<Object: AnyObject, Value>(
        _ object: Object, _ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Object, Value>,
        in node: ThemeNode? = nil, _ provider: @escaping @Sendable (Object, ThemeContext) -> Value
    ) {
        let (write, firstRun) = _BindingBodies.keyPathWrite(keyPath(), borrowing: keyPath())
        _bind(object, keyPath(), _ObjectEntry(provider: provider, write: write), firstRunWrite: firstRun, in: node)
    }

    /// Keeps a property of `object` equal to what `provider` returns, writing it with
    /// `setter`: the fast binding for computed and Objective-C properties.
    ///
    /// Behaves like ``bind(_:_:in:_:)-(_,_,_,(ThemeContext)->Value)``; `keyPath` names the property (binding it again
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
    ///   - node: The scope the object lives in (see ``bind(_:_:in:_:)-(_,_,_,(ThemeContext)->Value)``).
    ///   - provider: Computes the value from the context; runs on the delivering thread.
    /// - Complexity: O(1) amortised, plus one run of `provider`.
    @inlinable
    public func bind<Object: AnyObject, Value>(
        _ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>,
        set setter: @escaping @Sendable (Object, consuming Value) -> Void, in node: ThemeNode? = nil,
        _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        _bind(
            object, keyPath, _ContextEntry(provider: provider, write: _SetterWrite(setter)), firstRunWrite: (), in: node
        )
    }

    /// Keeps a property of `object` equal to what `provider` returns for it, writing it
    /// with `setter`: ``bind(_:_:set:in:_:)-(_,_,_,_,(ThemeContext)->Value)`` with the object handed to the provider, so
    /// it reads the object's state without capturing it (see
    /// ``bind(_:_:in:_:)-(_,_,_,(Object,ThemeContext)->Value)``).
    ///
    /// ```swift
    /// theme.bind(button, \.tint, set: { $0.tint = $1 }) { button, env in
    ///     button.isSelected ? env[Palette.self].text : env[Palette.self].background
    /// }
    /// ```
    /// - Parameters:
    ///   - object: The object to keep themed.
    ///   - keyPath: The property `setter` writes: the binding's identity.
    ///   - setter: Writes a value into the object (and may keep it: the value is its own).
    ///   - node: The scope the object lives in.
    ///   - provider: Computes the value from the object and the context; runs on the
    ///     delivering thread.
    /// - Complexity: O(1) amortised, plus one run of `provider`.
    @inlinable
    public func bind<Object: AnyObject, Value>(
        _ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>,
        set setter: @escaping @Sendable (Object, consuming Value) -> Void, in node: ThemeNode? = nil,
        _ provider: @escaping @Sendable (Object, ThemeContext) -> Value
    ) {
        _bind(
            object, keyPath, _ObjectEntry(provider: provider, write: _SetterWrite(setter)), firstRunWrite: (), in: node)
    }

    /// Adds the closure binding `entry` of `path`. Inlinable, so the runner's body is made
    /// for the caller's types (see `_BindingBody`), and the closures that add the binding
    /// are not escaping: a binding added at once allocates nothing of its own.
    @inlinable
    func _bind<Entry: _RunnerEntry>(
        _ object: Entry.Write.Object, _ path: AnyKeyPath, _ entry: Entry,
        firstRunWrite: Entry.Write.FirstRunWrite, in node: ThemeNode?
    ) {
        _checkOwnership(node)
        // The closures take the key path as an argument instead of capturing it: a captured
        // literal is made again inside the specialised closure (a second `swift_getKeyPath`,
        // retain and release per bind; RESULTS.md, session 22).
        _core.bind(
            object, path: path, node: node,
            add: { table, slot, path in
                table.addClosureBinding(path: path, slot: slot) { runners, keyID in
                    _BindingBodies.install(
                        runners, keyID: keyID, path: path, entry: entry, firstRunWrite: firstRunWrite)
                }
            },
            queued: { path in
                .pending(
                    _PendingBinding(path: path) { runners, keyID in
                        _BindingBodies.install(
                            runners, keyID: keyID, path: path, entry: entry, firstRunWrite: firstRunWrite)
                    })
            })
    }

    /// Adds a binding: at once when nothing else is delivering, else in the next pass.
    @usableFromInline
    func _enqueue(_ object: AnyObject, _ source: _BindingSource, in node: ThemeNode?) {
        _checkOwnership(node)
        _core.bind(object, source, node: node)
    }

    /// Runs `body` now and whenever something it read through `env` changes, for
    /// properties that are not key paths (control states, layers, attributed text).
    ///
    /// An object's bindings and `customize` closures run in the order they were added,
    /// except that one that replaces an earlier one runs in its place, and a new one may
    /// take the place of one removed: to run a closure after the key-path providers, add it
    /// after them. A later call with the same `id` replaces the closure; without an
    /// `id`, a later call from the same place in the source (file, line and column)
    /// replaces it, so a reused cell's `configure()` that customizes it on every call
    /// keeps one closure. Pass distinct ids to add several closures from one place.
    ///
    /// The closure receives the object: read its state from there rather than capturing
    /// it (or its owner), which would keep them alive as long as the binding.
    ///
    /// ```swift
    /// theme.customize(button, id: "titleColor.normal") { button, env in
    ///     button.setTitleColor(env[Palette.self].accent, for: .normal)
    /// }
    /// ```
    /// - Parameters:
    ///   - object: The object to keep themed.
    ///   - id: Names the closure, so customizing with the same id replaces it; `nil`
    ///     names it by its place in the source.
    ///   - node: The scope the object lives in (see ``bind(_:_:in:_:)-(_,_,_,(ThemeContext)->Value)``).
    ///   - fileID: The calling file (filled in by the compiler), naming a closure without `id`.
    ///   - line: The calling line (filled in by the compiler).
    ///   - column: The calling column (filled in by the compiler).
    ///   - body: Applies the theme to the object; runs on the delivering thread.
    @inlinable
    public func customize<Object: AnyObject>(
        _ object: Object, id: String? = nil, in node: ThemeNode? = nil, fileID: StaticString = #fileID,
        line: UInt = #line, column: UInt = #column, _ body: @escaping @Sendable (Object, ThemeContext) -> Void
    ) {
        let identity = id ?? "\(fileID):\(line):\(column)"
        _enqueue(object, .work(_BindingBodies.customize(id: identity, body)), in: node)
    }

    /// Re-runs every provider and `customize` closure of `object` now (for a control
    /// whose state changed, or a provider that reads state outside its `ThemeContext`,
    /// such as a Dynamic Type setting). A ``ThemedProperty``'s kept value is written
    /// again; its provider re-runs when what it read changes.
    public func refresh<Object: AnyObject>(_ object: Object) {
        _core.mutate { $0.pending.operations.append(.refresh(object: object)) }
    }

    /// Removes the binding of `keyPath` on `object`; the property keeps its last value.
    public func unbind<Object: AnyObject, Value>(_ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>) {
        _core.mutate { $0.pending.operations.append(.unbind(object: object, keyPath: keyPath)) }
    }

    /// Removes every binding and `customize` closure of `object`.
    public func unbindAll<Object: AnyObject>(_ object: Object) {
        _core.mutate { $0.pending.operations.append(.unbindAll(object: object)) }
    }

    /// Moves a tracked object to `node`; its bindings re-run if the effective style
    /// or contrast there differs and they read it.
    public func attach<Object: AnyObject>(_ object: Object, to node: ThemeNode) {
        _checkOwnership(node)
        _core.mutate { $0.pending.operations.append(.attach(object: object, node: node)) }
    }

    /// Drops the bindings of every released object now, instead of when a pass meets them.
    public func pruneReleasedObjects() {
        _core.mutate { $0.pending.operations.append(.prune) }
    }

    /// The number of live bindings (key-path and `customize`), counting released
    /// objects not yet pruned. Returns `nil` when called during a delivery, or from
    /// another thread while a thread's `batch` holds the engine (see Docs/Runtime.md).
    ///
    /// It counts the engine's tables under the theme's lock, in time proportional to the
    /// number of tracked objects: a change another thread makes meanwhile waits for the count,
    /// then is delivered as it would have been (this call delivers nothing and runs no
    /// provider). It is meant for tests and diagnostics.
    public var bindingCount: Int? { _core.withEngineLocked { _core.table.bindingCount } }

    /// The number of tracked objects not yet pruned. Returns `nil` when
    /// ``bindingCount`` does.
    public var trackedObjectCount: Int? { _core.withEngineLocked { _core.table.liveObjectCount } }

    @usableFromInline
    func _checkOwnership(_ node: ThemeNode?) {
        if let node {
            precondition(node.core === _core, "ThemeKit: the node belongs to another Theme")
        }
    }
}
