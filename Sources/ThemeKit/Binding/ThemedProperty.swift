/// A themed property declared once and bound to many objects: the runtime's
/// counterpart of a CSS class or a named style.
///
/// Where `theme.bind(object, keyPath) { env in … }` gives every object its own
/// provider, a `ThemedProperty` is one provider for every object bound with it.
/// ThemeKit runs it once per pass for each appearance (style and contrast) it meets
/// and writes that one value into every object, so switching a theme costs a
/// property write per object instead of a provider run, and a binding allocates
/// nothing of its own.
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
/// through `env` (as every provider should be) and should return values, not fresh
/// objects: every bound object receives the same instance. A provider that reads
/// ``ThemeContext/isInitialApplication`` runs per object.
public final class ThemedProperty<Object: AnyObject, Value>: Sendable {
    @usableFromInline let runner: SharedPropertyRunner<Object, Value>

    /// Creates a themed property that writes `keyPath` with what `provider` returns.
    /// - Parameters:
    ///   - keyPath: The property of each bound object to write.
    ///   - provider: Computes the value from the context; runs on the delivering thread.
    @inlinable
    public init(
        _ keyPath: ReferenceWritableKeyPath<Object, Value>, _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        // Inlinable so the copy of shared values is specialised for `Value` here.
        runner = SharedPropertyRunner(path: keyPath, provider: provider, assign: sharedAssign(Value.self))
    }

    /// The property this themed property writes.
    public var keyPath: ReferenceWritableKeyPath<Object, Value> { runner.path }
}

extension Theme {
    /// Keeps `object[keyPath: property.keyPath]` equal to what `property`'s provider
    /// returns, exactly like ``bind(_:_:in:_:)`` but sharing one provider run per
    /// pass and appearance among all objects bound with `property`.
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
        enqueue(object, .runner(property.runner), in: node)
    }
}
