import Foundation

/// A reactive store of theme values: per-type extensions, the current style and
/// contrast, a tree of override scopes, and the objects and observers that follow them.
///
/// ```swift
/// let theme = Theme(storage: InMemoryThemeStorage())
/// theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
/// theme.style = .dark
/// let token = theme.observe(Palette.self) { palette in print(palette.text) }
/// theme.bind(label, \.textColor) { env in env[Palette.self].text }
/// ```
///
/// ## Threading
/// Every method may be called from any thread. Changes are serialised, and getters
/// always return the latest stored value. Where callbacks (providers, `customize`
/// closures, observers, Observation, bus subscribers, notifications) run depends on
/// the theme's ``Delivery``:
/// - ``Delivery/mainThread`` (the default, for themes that drive UIKit or SwiftUI):
///   on the main thread. A change made on the main thread is delivered there at once,
///   after the change is stored and with no internal lock held; one made on any other
///   thread is stored at once and delivered on the main queue, together with
///   everything else that arrived before that delivery ran.
/// - ``Delivery/synchronous`` (opt in: tools and servers that never run the main
///   queue): on the thread that made the change — except that a change made by a
///   callback during delivery is delivered by the same thread right after the current
///   pass, and a change made on another thread while a delivery is running is
///   delivered by the delivering thread.
///
/// ## Delivery order
/// Each pass: storage writes; structural changes (binds, unbinds, nodes) in call
/// order; providers and `customize` closures (first runs and refreshes in call
/// order, then bindings affected by style or contrast in tree order, then those
/// affected by extension types); observer tokens; Observation (SwiftUI);
/// event-bus subscribers; `NotificationCenter`. Inside ``batch(_:)`` all of this
/// happens once, when the outermost batch ends.
public final class Theme: Sendable {
    /// Where a theme runs its callbacks (providers, `customize` closures, observers,
    /// Observation, bus subscribers and notifications).
    public enum Delivery: Sendable, Hashable {
        /// On the thread that made the change — or, if another thread was delivering at
        /// that moment, on that thread, before it returns (see <doc:ThreadingAndDelivery>).
        /// For a theme that never drives UI in a process that does not run the main queue (a
        /// command-line tool, a server): there a change made off the main thread under
        /// ``mainThread`` would wait for a main queue that never runs.
        case synchronous
        /// On the main thread (the default): changes made elsewhere are stored at once and
        /// delivered on the main queue, coalesced. UIKit and SwiftUI state may only change
        /// on the main thread, so a pack applied from a loader queue must not run providers
        /// there; the same default on every platform keeps one code path (Docs/Runtime.md).
        case mainThread
    }

    @usableFromInline let _core: _ThemeCore

    /// The root of this theme's node tree; objects bound without a node attach here.
    public let root: ThemeNode

    let registrar: ObservationRegistrarBox

    /// How many window bridges report the system's appearance to this theme (see
    /// ``registerWindowReporter()``).
    let windowReporters = Locked(0)

    /// The theme's delivery: where its callbacks run.
    public var delivery: Delivery { _core.delivery }

    /// Creates a theme that persists the user's choices in `storage`.
    /// - Parameters:
    ///   - storage: Where the style, contrast, `followsSystem` and active variants are kept.
    ///   - namespace: Prefix for every storage key (a user identifier, say), so several
    ///     themes can share one storage without corrupting each other. Keys are joined with
    ///     dots: two namespaces must not be one the other followed by a dot and more
    ///     (`"alice"` and `"alice.app"`).
    ///   - delivery: Where callbacks run: the main thread by default; `.synchronous` for a
    ///     theme that drives no UI in a process without a running main queue.
    public convenience init(storage: any ThemeStorage, namespace: String = "default", delivery: Delivery = .mainThread)
    {
        self.init(storage: storage, namespace: namespace, delivery: delivery, limits: .standard)
    }

    /// Creates a theme whose deliveries stop or hand on after other numbers of passes than
    /// every other theme's (tests reach the limits that way).
    init(storage: any ThemeStorage, namespace: String = "default", delivery: Delivery, limits: DeliveryLimits) {
        _core = _ThemeCore(storage: storage, namespace: namespace, delivery: delivery, limits: limits)
        root = ThemeNode(rootOf: _core)
        registrar = ObservationRegistrarBox()
        _core.notificationObject.withLock { $0 = WeakObject(self) }
        installObservationSink()
    }

    /// Creates a theme over `UserDefaults.standard`.
    /// - Parameter delivery: Where callbacks run: the main thread by default.
    public convenience init(delivery: Delivery = .mainThread) {
        self.init(storage: UserDefaultsThemeStorage(), delivery: delivery)
    }

    /// Creates a theme over the `UserDefaults` suite `suiteName`.
    /// - Parameters:
    ///   - suiteName: The `UserDefaults` suite.
    ///   - namespace: Prefix for every storage key.
    ///   - delivery: Where callbacks run: the main thread by default.
    public convenience init(suiteName: String, namespace: String = "default", delivery: Delivery = .mainThread) {
        self.init(storage: UserDefaultsThemeStorage(suiteName: suiteName), namespace: namespace, delivery: delivery)
    }

    /// The theme's event bus.
    public var events: ThemeEventBus { _core.events }

    /// Problems met while reading the storage when the theme was created.
    ///
    /// Each affected setting fell back to its default; no stored key was changed.
    public var storageIssues: [ThemeStorageError] { _core.storageIssues }

    // MARK: Style and contrast

    /// The current style (light, dark, or a custom one).
    ///
    /// Setting it stops following the system (``followsSystem`` becomes `false`)
    /// and is persisted.
    public var style: ThemeStyle {
        get {
            accessObservation(\.style)
            return _core.readObserved { $0.style }
        }
        set {
            _core.mutate { model in
                model.setFollowsSystem(false)
                model.setStyle(newValue)
            }
        }
    }

    /// The current contrast.
    ///
    /// Setting it stops following the system's contrast and is persisted.
    public var contrast: ThemeContrast {
        get {
            accessObservation(\.contrast)
            return _core.readObserved { $0.contrast }
        }
        set {
            _core.mutate { model in
                model.setFollowsSystemContrast(false)
                model.setContrast(newValue)
            }
        }
    }

    /// Whether the style follows the system appearance reported by ``systemStyleDidChange(to:)``.
    ///
    /// Turning it on switches to the last reported system style at once. Observable: a change is
    /// reported to the event bus (``ThemeEvent/followsSystemChanged(_:)``) and to Observation, so a
    /// settings screen can show it without keeping a copy.
    public var followsSystem: Bool {
        get {
            accessObservation(\.followsSystem)
            return _core.readObserved { $0.followsSystem }
        }
        set { _core.mutate { $0.setFollowsSystem(newValue) } }
    }

    /// Whether the contrast follows the system setting reported by ``systemContrastDidChange(to:)``.
    ///
    /// Observable like ``followsSystem`` (``ThemeEvent/followsSystemContrastChanged(_:)``, Observation).
    public var followsSystemContrast: Bool {
        get {
            accessObservation(\.followsSystemContrast)
            return _core.readObserved { $0.followsSystemContrast }
        }
        set {
            _core.mutate { $0.setFollowsSystemContrast(newValue) }
        }
    }

    /// Tells the theme the operating system's appearance changed (what a platform adapter calls).
    ///
    /// The style follows when ``followsSystem`` is on.
    public func systemStyleDidChange(to style: ThemeStyle) {
        _core.mutate { model in
            model.systemStyle = style
            if model.followsSystem { model.setStyle(style, persist: false) }
        }
    }

    /// Tells the theme the system's contrast setting changed.
    ///
    /// The contrast follows when ``followsSystemContrast`` is on.
    public func systemContrastDidChange(to contrast: ThemeContrast) {
        _core.mutate { model in
            model.systemContrast = contrast
            if model.followsSystemContrast { model.setContrast(contrast, persist: false) }
        }
    }

    // MARK: Values

    /// The current value of an extension type at the root: the active variant's
    /// value for the current style, else the last applied value, else `fallback`.
    ///
    /// Inside `withObservationTracking` (and so in a SwiftUI body) this registers a
    /// dependency on `type` only.
    public func value<Extension: ThemeExtension>(_ type: Extension.Type) -> Extension {
        let id = _ExtensionRegistry.id(of: type)
        accessObservation(id: id)
        // Sound: ids are per type, so the box for `id` is always an `_ExtensionBox<Extension>`.
        return unsafeDowncast(_core.snapshot(observed: true).rootBox(id: id), to: _ExtensionBox<Extension>.self).value
    }

    /// Applies a value of an extension type; readers of that type re-run.
    ///
    /// Applying a value equal to the current one does nothing. An applied value
    /// replaces an active variant of the same type.
    public func apply<Extension: ThemeExtension>(_ value: Extension) {
        let id = _ExtensionRegistry.id(of: Extension.self)
        let (current, hasVariant) = _core.read { model -> (_AnyExtensionBox?, Bool) in
            (id < model.values.count ? model.values[id] : nil, model.variant(id: id) != nil)
        }
        // Compare outside the lock: `==` is user code. Sound: the box for `id` is an `_ExtensionBox<Extension>`.
        let currentValue = current.map { unsafeDowncast($0, to: _ExtensionBox<Extension>.self).value }
        if !hasVariant && (currentValue ?? Extension.fallback) == value { return }
        let box = _ExtensionBox(value)
        _core.mutate { model in
            if model.variant(id: id) != nil {
                model.setVariant(nil, id: id)
                model.choseVariant(forExtension: id)
                model.pending.events.append(.variantChanged(ThemeExtensionID(Extension.self), variantID: nil))
            }
            model.setValue(box, id: id)
            model.markExtensionChanged(id)
        }
    }

    /// Applies several changes as one: each binding runs at most once and observers
    /// see only the final values, when the outermost batch ends.
    ///
    /// ```swift
    /// theme.batch { theme.style = .dark; theme.apply(Metrics(cornerRadius: 4)) }
    /// ```
    public func batch<Result>(_ changes: () throws -> Result) rethrows -> Result {
        _core.beginBatch()
        defer { _core.endBatch() }
        return try changes()
    }

    /// Makes `changes` as one, like ``batch(_:)``, for a call made inside a SwiftUI view update (the
    /// adapters' first report of the system appearance, a first launch's variant): under
    /// ``Delivery/mainThread`` their bindings run before this returns, so the update draws the new
    /// values, and their notifications — observers, Observation, ``events``, NotificationCenter — on
    /// the main queue's next turn, where user code may publish. Anything else pending then goes with
    /// them. Under ``Delivery/synchronous`` it is ``batch(_:)``.
    package func changeNotifyingLater(_ changes: () -> Void) {
        _core.beginBatch()
        changes()
        _core.endBatch(defersNotifications: true)
    }

    // MARK: Observers

    /// Calls `handler` with each new value of `type` at the root, after the
    /// bindings of the change have run. Only changes to `type` wake it, and only
    /// when the value really differs from the last one it saw.
    /// - Returns: A token; the observer stays registered while the token is alive (see
    ///   ``ObserverToken/cancel()`` for when a cancellation takes effect).
    @inlinable
    public func observe<Extension: ThemeExtension>(
        _ type: Extension.Type, _ handler: @escaping @Sendable (Extension) -> Void
    ) -> ObserverToken {
        // Inlinable so the unboxing closure is specialised for `Extension` in the caller.
        // Sound: observers of `type` only ever receive boxes of `type` (`_ExtensionBox<Extension>`).
        _addObserver(for: type) { box in handler(unsafeDowncast(box, to: _ExtensionBox<Extension>.self).value) }
    }

    /// Registers a type-erased observer of `type`.
    @usableFromInline
    func _addObserver<Extension: ThemeExtension>(
        for type: Extension.Type, _ handler: @escaping @Sendable (_AnyExtensionBox) -> Void
    ) -> ObserverToken {
        let id = _ExtensionRegistry.id(of: type)
        let baseline = _core.snapshot().rootBox(id: id)
        let observerID = _core.mutate { model -> Int in
            if model.observers[id]?.observers.isEmpty ?? true {
                // The old baseline leaves the lock on the garbage list: its deinit is the user's value's.
                if let old = model.observers[id]?.baseline { model.garbage.append(old) }
                model.observers[id, default: ObserverGroup()].baseline = baseline
            }
            return model.observers[id, default: ObserverGroup()].observers.append(ObserverHandler(call: handler))
        }
        return ObserverToken { [weak _core] in
            // The removed closure is released after the lock, in case its captures' deinit calls back.
            let removed = _core?.mutate { model in
                let removed = model.observers[id]?.observers.remove(observerID)
                // A notification under way on this thread skips it from now on.
                if let removed { model.observerScopes.removed(removed) }
                return removed
            }
            // Kept until here, after the lock: the optimiser may otherwise end its lifetime early.
            withExtendedLifetime(removed) {}
        }
    }

    // MARK: App values in storage

    /// Stores an app-defined value (a user's custom accent colour, a chosen pack id)
    /// under this theme's namespace.
    /// - Throws: ``ThemeStorageError`` when it cannot be written; the old value stays.
    public func store<Value: Encodable>(_ value: Value, forKey key: String) throws(ThemeStorageError) {
        try _core.storeValue(value, forKey: key)
    }

    /// Reads an app-defined value stored with ``store(_:forKey:)``.
    /// - Throws: ``ThemeStorageError`` when the stored data is unreadable or not a `Value`.
    public func storedValue<Value: Decodable>(
        _ type: Value.Type, forKey key: String
    ) throws(ThemeStorageError) -> Value? {
        try _core.storedValue(type, forKey: key)
    }

    /// Removes an app-defined value stored with ``store(_:forKey:)``.
    public func removeStoredValue(forKey key: String) throws(ThemeStorageError) {
        try _core.removeStoredValue(forKey: key)
    }

    /// Reads, changes and stores an app-defined value in one step where the storage can (ThemeKit's
    /// file and memory storages: another process's change to it meanwhile is not lost), else by a read
    /// and a write. Package-only: `change` runs under the storage's locks, which only ThemeKit's own
    /// code may (ThemeKitTokens' pack preferences).
    /// - Returns: The value stored.
    @discardableResult
    package func _updateStoredValue<Value: Codable>(
        _ type: Value.Type, forKey key: String, _ change: (Value?) -> Value
    ) throws(ThemeStorageError) -> Value {
        try _core.updateStoredValue(type, forKey: key, change)
    }
}
