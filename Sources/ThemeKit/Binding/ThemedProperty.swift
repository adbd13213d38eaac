// Sound (@unchecked Sendable below): both stored properties are `let`s: a key path is an
// immutable value, and the template is Sendable.

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
    @usableFromInline let template: SharedPropertyTemplate

    /// The property this themed property writes (and the identity of its bindings).
    public let keyPath: ReferenceWritableKeyPath<Object, Value>

    /// Creates a themed property that writes `keyPath` with what `provider` returns.
    /// - Parameters:
    ///   - keyPath: The property of each bound object to write.
    ///   - provider: Computes the value from the context; runs on the delivering thread.
    public init(
        _ keyPath: ReferenceWritableKeyPath<Object, Value>, _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        self.keyPath = keyPath
        template = TypedSharedTemplate(path: keyPath, setter: nil, provider: provider)
    }

    /// Creates a themed property that writes its value with `setter`, a closure that
    /// assigns the property directly (`{ $0.textColor = $1 }`); `keyPath` names the
    /// property, so binding it again (or `unbind`) finds the binding.
    /// - Parameters:
    ///   - keyPath: The property `setter` writes: the binding's identity.
    ///   - setter: Writes the value into one object.
    ///   - provider: Computes the value from the context; runs on the delivering thread.
    public init(
        _ keyPath: ReferenceWritableKeyPath<Object, Value>, set setter: @escaping @Sendable (Object, Value) -> Void,
        _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        self.keyPath = keyPath
        template = TypedSharedTemplate(path: keyPath, setter: setter, provider: provider)
    }
}

extension Theme {
    /// Keeps `object`'s property equal to what `property`'s provider returns, like
    /// ``bind(_:_:in:_:)``, sharing one provider run per pass and appearance among all
    /// objects bound with `property`.
    ///
    /// Binding the same key path again (with a property or a closure) replaces the
    /// earlier binding. The object is held weakly.
    /// - Parameters:
    ///   - object: The object to keep themed.
    ///   - property: The themed property to apply.
    ///   - node: The scope the object lives in (see ``bind(_:_:in:_:)``).
    /// - Complexity: O(1) amortised; no allocation once the object is tracked.
    public func bind<Object: AnyObject, Value>(
        _ object: Object, _ property: ThemedProperty<Object, Value>, in node: ThemeNode? = nil
    ) {
        enqueue(object, .property(property.template), in: node)
    }
}

/// What a ``ThemedProperty`` holds for the runtime: it makes the property's work for
/// each theme that binds it (`SharedPropertyWork`), which keeps that theme's values.
@usableFromInline
// Sound: immutable after init.
class SharedPropertyTemplate: @unchecked Sendable {
    /// Makes the work that serves every binding of this property in one theme.
    func makeWork() -> BindingWork { preconditionFailure("ThemeKit: SharedPropertyTemplate.makeWork is abstract") }
}

// Sound: immutable after init.
final class TypedSharedTemplate<Object: AnyObject, Value>: SharedPropertyTemplate, @unchecked Sendable {
    let path: ReferenceWritableKeyPath<Object, Value>
    let setter: (@Sendable (Object, Value) -> Void)?
    let provider: @Sendable (ThemeContext) -> Value

    init(
        path: ReferenceWritableKeyPath<Object, Value>, setter: (@Sendable (Object, Value) -> Void)?,
        provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        self.path = path
        self.setter = setter
        self.provider = provider
    }

    override func makeWork() -> BindingWork { SharedPropertyWork(template: self) }
}

/// The work of every binding of one ``ThemedProperty`` in one theme: it runs the
/// provider once per appearance while the theme's values stay the same and writes
/// the kept value into each object.
///
/// Its cache is this theme's (a property bound in several themes has one work in
/// each), and only the theme's delivering thread touches it.
// Sound: `entries` is touched only by the owning theme's delivering thread (see ThemeCore);
// everything else is immutable after init.
final class SharedPropertyWork<Object: AnyObject, Value>: BindingWork, @unchecked Sendable {
    /// A value computed for one appearance (see `DependencyRecorder.appearanceKey`,
    /// which also encodes the values it was computed under), and what computing it read.
    private struct Entry {
        var key: UInt64
        var read: UInt64
        var value: Value
    }

    private let template: TypedSharedTemplate<Object, Value>
    private let isClass: Bool
    // Not checked for exclusivity at run time: only the delivering thread touches it, and
    // no access to it is open while the provider (user code) runs.
    @exclusivity(unchecked) private var entries: ContiguousArray<Entry> = []

    init(template: TypedSharedTemplate<Object, Value>) {
        self.template = template
        isClass = isClassType(Object.self)
        super.init(identity: template.path)
    }

    override func run(_ object: AnyObject, _ context: ThemeContext) {
        let typed = exactCast(object, to: Object.self, isClass: isClass)
        let key = context.appearanceKey
        let state = context.recorder.state
        let kept = entries.firstIndex { $0.key == key }
        if let kept, !state.pointee.isRefresh {
            state.pointee.read = entries[kept].read
            write(entries[kept].value, to: typed)
            return
        }
        // Not kept yet, or a refresh: run the provider (a refresh replaces the kept value,
        // so the objects bound later get what it returns now).
        let value = template.provider(context)
        // Key 0: more appearances than one stamp numbers (see `appearanceKey`); run per object.
        if key != 0, !state.pointee.readsInitialApplication {
            let entry = Entry(key: key, read: state.pointee.read, value: value)
            if let kept {
                entries[kept] = entry
            } else {
                // Keys of older values carry an older stamp: they can never match again.
                if let first = entries.first,
                    DependencyRecorder.stamp(of: first.key) != DependencyRecorder.stamp(of: key)
                {
                    entries.removeAll(keepingCapacity: true)
                }
                entries.append(entry)
            }
        }
        write(value, to: typed)
    }

    @inline(__always)
    private func write(_ value: Value, to object: Object) {
        if let setter = template.setter {
            setter(object, value)
        } else {
            object[keyPath: template.path] = value
        }
    }
}
