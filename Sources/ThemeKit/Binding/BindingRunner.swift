/// One binding's work, specialised at `bind` time for its object and value types,
/// so the refresh loop performs no dynamic cast and no key-path hashing.
class BindingRunner: @unchecked Sendable {
    // Sound: immutable after init. It is created on the binding thread and, after being
    // handed over through the theme's lock, only ever run by the delivering thread.
    let keyPath: AnyKeyPath?

    init(keyPath: AnyKeyPath?) { self.keyPath = keyPath }

    /// Runs the provider and writes the result into `object`.
    func run(_ object: AnyObject, _ context: ThemeContext) { fatalError("abstract") }
}

final class KeyPathBindingRunner<Object: AnyObject, Value>: BindingRunner, @unchecked Sendable {
    // Sound: immutable after init (see BindingRunner).
    private let path: ReferenceWritableKeyPath<Object, Value>
    private let provider: @Sendable (ThemeContext) -> Value
    private let isConcreteClass: Bool

    init(path: ReferenceWritableKeyPath<Object, Value>, provider: @escaping @Sendable (ThemeContext) -> Value) {
        self.path = path
        self.provider = provider
        isConcreteClass = (Object.self as Any.Type) is AnyClass
        super.init(keyPath: path)
    }

    override func run(_ object: AnyObject, _ context: ThemeContext) {
        // The table stores exactly the object that was bound with this runner, so
        // for a concrete class the unchecked downcast is exact.
        let typed = isConcreteClass ? unsafeDowncast(object, to: Object.self) : (object as! Object)
        typed[keyPath: path] = provider(context)
    }
}

final class CustomizeRunner<Object: AnyObject>: BindingRunner, @unchecked Sendable {
    // Sound: immutable after init (see BindingRunner).
    private let body: @Sendable (Object, ThemeContext) -> Void
    private let isConcreteClass: Bool

    init(body: @escaping @Sendable (Object, ThemeContext) -> Void) {
        self.body = body
        isConcreteClass = (Object.self as Any.Type) is AnyClass
        super.init(keyPath: nil)
    }

    override func run(_ object: AnyObject, _ context: ThemeContext) {
        let typed = isConcreteClass ? unsafeDowncast(object, to: Object.self) : (object as! Object)
        body(typed, context)
    }
}
