// Why ThemedProperty is Sendable though unchecked (see its declaration): both stored
// properties are `let`s; a key path is an immutable value, and the template is Sendable.

/// A themed property declared once and bound to many objects: the runtime's
/// counterpart of a CSS class or a named style.
///
/// Where `theme.bind(object, keyPath) { env in … }` runs its provider for each object
/// it is bound to, a `ThemedProperty` declares that one value serves every object:
/// ThemeKit runs its provider once per pass for each appearance (style and contrast)
/// it meets, keeps that value while the theme's values stay the same, and writes it
/// into every object bound with the property. Switching a theme then costs one
/// property write per object instead of a provider run.
///
/// ```swift
/// extension ThemedProperty where Object == Label, Value == Color {
///     static let bodyText = ThemedProperty(\.textColor) { env in env[Palette.self].text }
/// }
/// theme.bind(titleLabel, .bodyText)
/// theme.bind(subtitleLabel, .bodyText)
/// ```
///
/// Because the value is shared, the provider must be a function of what it reads
/// through `env` and should return values, not fresh objects: every bound object
/// receives the same instance. A provider that reads
/// ``ThemeContext/isInitialApplication`` runs per object.
///
/// Every write goes through the property's setter (`didSet`, Observation and
/// computed properties behave as Swift promises). For a computed or Objective-C
/// property, pass a setter closure (``init(_:set:_:)``): it is called directly,
/// without the key-path runtime.
public final class ThemedProperty<Object: AnyObject, Value>: @unchecked Sendable {
    @usableFromInline let template: _SharedPropertyTemplate

    /// The property this themed property writes (and the identity of its bindings).
    public let keyPath: ReferenceWritableKeyPath<Object, Value>

    /// Creates a themed property that writes `keyPath` with what `provider` returns.
    /// - Parameters:
    ///   - keyPath: The property of each bound object to write.
    ///   - provider: Computes the value from the context; runs on the delivering thread.
    @inlinable
    public init(
        _ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Object, Value>,
        _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        // Inlinable, with the key path as an autoclosure evaluated three times: once for each
        // write alone (the refresh loop's and the first run's), specialised into the
        // property's setter when the caller wrote a literal (see
        // `_BindingBodies.keyPathWrite`), once for the identity.
        let identity = keyPath()
        let writes = _BindingBodies.keyPathWrite(keyPath(), borrowing: keyPath())
        self.keyPath = identity
        template = _SharedPropertyTemplate(
            identity: identity,
            makeBody: _SharedPropertyTemplate.bodyMaker(
                write: writes.write, firstRunWrite: writes.firstRun, provider: provider)
        )
    }

    /// Creates a themed property that writes its value with `setter`, a closure that
    /// assigns the property directly (`{ $0.textColor = $1 }`); `keyPath` names the
    /// property, so binding it again (or `unbind`) finds the binding.
    /// - Parameters:
    ///   - keyPath: The property `setter` writes: the binding's identity.
    ///   - setter: Writes the value into one object. It takes the value `consuming`, as a
    ///     property's own setter does; a function that borrows its value works as well.
    ///   - provider: Computes the value from the context; runs on the delivering thread.
    @inlinable
    public init(
        _ keyPath: ReferenceWritableKeyPath<Object, Value>,
        set setter: @escaping @Sendable (Object, consuming Value) -> Void,
        _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        self.keyPath = keyPath
        template = _SharedPropertyTemplate(
            identity: keyPath,
            makeBody: _SharedPropertyTemplate.bodyMaker(
                write: _SetterWrite(setter), firstRunWrite: (), provider: provider))
    }
}

extension Theme {
    /// Keeps `object`'s property equal to what `property`'s provider returns, like
    /// ``bind(_:_:in:_:)-(_,_,_,(ThemeContext)->Value)``, sharing one provider run per pass and appearance among all
    /// objects bound with `property`.
    ///
    /// Binding the same key path again (with a property or a closure) replaces the
    /// earlier binding. The object is held weakly.
    /// - Parameters:
    ///   - object: The object to keep themed.
    ///   - property: The themed property to apply.
    ///   - node: The scope the object lives in (see ``bind(_:_:in:_:)-(_,_,_,(ThemeContext)->Value)``).
    /// - Complexity: O(1) amortised; no allocation once the object is tracked.
    public func bind<Object: AnyObject, Value>(
        _ object: Object, _ property: ThemedProperty<Object, Value>, in node: ThemeNode? = nil
    ) {
        _enqueue(object, .property(property.template), in: node)
    }
}

/// What a ``ThemedProperty`` holds for the runtime: it makes the property's work for
/// each theme that binds it, whose body keeps that theme's values.
@usableFromInline
// Sound: immutable after init; each body `makeBody` returns has state of its own, touched
// only by its theme's delivering thread.
final class _SharedPropertyTemplate: @unchecked Sendable {
    let identity: AnyKeyPath
    /// Makes the body (and first run) that serve every binding of this property in one theme.
    let makeBody: () -> (body: _BindingBody, firstRun: _BindingFirstRun)

    @usableFromInline
    init(identity: AnyKeyPath, makeBody: @escaping () -> (body: _BindingBody, firstRun: _BindingFirstRun)) {
        self.identity = identity
        self.makeBody = makeBody
    }

    /// Makes the work that serves every binding of this property in one theme.
    func makeWork() -> _BindingWork {
        let made = makeBody()
        return _BindingWork(identity: .keyPath(identity), body: made.body, firstRun: made.firstRun)
    }

    /// What makes the body of a themed property in each theme: it runs the provider
    /// once per appearance while the theme's values stay the same, and writes the kept
    /// value into each object with `write`.
    @inlinable
    static func bodyMaker<Write: _ObjectWrite>(
        write: Write, firstRunWrite: Write.FirstRunWrite, provider: @escaping @Sendable (ThemeContext) -> Write.Value
    ) -> () -> (body: _BindingBody, firstRun: _BindingFirstRun) {
        let isClass = _isClassType(Write.Object.self)
        return {
            // One theme's kept values.
            let kept = _SharedValues<Write.Value>()
            return (
                body: { _, object, context, _ in
                    let index = kept.slots.keptIndex(for: context)
                    if index >= 0 {
                        write.write(into: &object, isClass: isClass) { _ in kept.values[index] }
                    } else {
                        let value = kept.keep(provider(context), for: context)
                        write.write(into: &object, isClass: isClass) { _ in value }
                    }
                },
                firstRun: { _, object, context, _ in
                    let index = kept.slots.keptIndex(for: context)
                    if index >= 0 {
                        write.write(intoBorrowed: object, isClass: isClass, using: firstRunWrite) { _ in
                            kept.values[index]
                        }
                    } else {
                        let value = kept.keep(provider(context), for: context)
                        write.write(intoBorrowed: object, isClass: isClass, using: firstRunWrite) { _ in value }
                    }
                }
            )
        }
    }
}

/// The values one theme keeps for one ``ThemedProperty``, in step with `slots`.
@usableFromInline
final class _SharedValues<Value> {
    @usableFromInline let slots = _SharedSlots()
    // Not checked for exclusivity at run time: only the theme's delivering thread touches
    // it, and no access to it is open while the provider (user code) runs.
    @usableFromInline @exclusivity(unchecked) var values: ContiguousArray<Value> = []

    @usableFromInline
    init() {}

    /// Keeps `value`, which the provider just returned for `context` (nothing kept for its
    /// appearance, or a refresh, which replaces the kept value so that the objects bound
    /// later get it too), and returns it.
    @inlinable
    func keep(_ value: Value, for context: ThemeContext) -> Value {
        let place = slots.place(for: context)
        if place.clearsFirst { values.removeAll(keepingCapacity: true) }
        if place.index >= 0 {
            if place.index < values.count {
                values[place.index] = value
            } else {
                values.append(value)
            }
        }
        return value
    }
}

/// The keys of the values one theme keeps for one ``ThemedProperty``: which appearance
/// each was computed for (see `_DependencyRecorder._appearanceKey`, which also encodes
/// the values it was computed under), and what computing it read. Not generic, so the
/// decisions are compiled once; the values sit in `_SharedValues`.
@usableFromInline
final class _SharedSlots {
    @exclusivity(unchecked) private var keys: ContiguousArray<UInt64> = []
    @exclusivity(unchecked) private var reads: ContiguousArray<UInt64> = []
    // Memo: the last value found or placed, checked first (inlined into the body): the
    // objects of one appearance follow one another in a pass. Invalidated by: `place`
    // (a new key replaces it) and a new values stamp (its keys never match again).
    // Pays for: `full-shared` rows. Only the delivering thread touches them, and no
    // access is open while user code runs.
    /// Its key (`0`: none).
    @usableFromInline @exclusivity(unchecked) var lastKey: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var lastRead: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var lastIndex = 0

    @usableFromInline
    init() {}

    /// The index of the value kept for `context`'s appearance, whose reads become the
    /// run's; `-1` when the provider must run (nothing kept, or a refresh).
    @inlinable @inline(__always)
    func keptIndex(for context: ThemeContext) -> Int {
        let recorder = context.recorder
        if lastKey != 0, context._appearanceKey == lastKey, !recorder.isRefresh {
            recorder.replaceReads(with: lastRead)
            return lastIndex
        }
        return lookUp(context)
    }

    /// `keptIndex` past the last value.
    @usableFromInline
    func lookUp(_ context: ThemeContext) -> Int {
        let recorder = context.recorder
        guard !recorder.isRefresh else { return -1 }
        let key = context._appearanceKey
        guard key != 0 else { return -1 }
        for index in keys.indices where keys[index] == key {
            remember(index)
            recorder.replaceReads(with: reads[index])
            return index
        }
        return -1
    }

    private func remember(_ index: Int) {
        lastKey = keys[index]
        lastRead = reads[index]
        lastIndex = index
    }

    /// Where the value the provider just returned for `context` is kept: an index (the
    /// count of values to append), or `-1` when it is not kept (no appearance key, or
    /// the provider read ``ThemeContext/isInitialApplication``); `clearsFirst` when the
    /// kept values (and their keys, dropped here) were computed under older values.
    @usableFromInline
    func place(for context: ThemeContext) -> (index: Int, clearsFirst: Bool) {
        let recorder = context.recorder
        let key = context._appearanceKey
        // Key 0: more appearances than one stamp numbers (see `_appearanceKey`); run per object.
        guard key != 0, !recorder.readsInitialApplication else { return (-1, false) }
        let read = recorder.read
        if let index = keys.firstIndex(of: key) {
            reads[index] = read
            remember(index)
            return (index, false)
        }
        // Keys of older values carry an older stamp: they can never match again.
        var clears = false
        if let first = keys.first, _DependencyRecorder.stamp(of: first) != _DependencyRecorder.stamp(of: key) {
            keys.removeAll(keepingCapacity: true)
            reads.removeAll(keepingCapacity: true)
            clears = true
        }
        keys.append(key)
        reads.append(read)
        remember(keys.count - 1)
        return (keys.count - 1, clears)
    }
}
