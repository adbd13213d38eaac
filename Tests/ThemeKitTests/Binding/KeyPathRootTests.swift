import Testing
import ThemeKit
import ThemeKitTestSupport

/// A computed property whose setter counts, and a second property written by a provider
/// that is given the object, which notes every object it was given.
// Sound: test objects are only touched by the thread that drives the theme in each test.
private class TitledBase: @unchecked Sendable {
    private var storedTitle = ""
    private(set) var titleWrites = 0
    var title: String {
        get { storedTitle }
        set {
            storedTitle = newValue
            titleWrites += 1
            onWrite?()
        }
    }
    var subtitle = ""
    /// The objects the providers given an object were handed, by identity.
    var seen: [ObjectIdentifier] = []
    /// Runs inside the title's setter.
    var onWrite: (() -> Void)?
}

/// Bound as itself, as its superclass, or as `any Titled`.
private final class TitledLeaf: TitledBase, @unchecked Sendable {}

/// How a binding is spelled.
private enum Spelling: CaseIterable, CustomTestStringConvertible {
    case keyPath, keyPathObject, setter, setterObject, property, propertySetter, customize

    var testDescription: String { "\(self)" }
}

/// The type a binding names its object by. (An `Object` that is not a class type, which the
/// write casts to with `as!`, is an `@objc` protocol's existential: it exists only where
/// Objective-C does, so no test here can name one.)
private enum Root: CaseIterable, CustomTestStringConvertible {
    /// The object's own class.
    case leaf
    /// Its superclass.
    case base

    var testDescription: String { "\(self)" }
}

/// The title a binding writes for the theme's style.
private func titleFor(_ env: ThemeContext) -> String { "title " + env.style.rawValue }

/// Binds `object.title` with `spelling`, naming the object by `root`'s type.
private func bindTitle(_ object: TitledLeaf, _ spelling: Spelling, as root: Root, in theme: Theme) {
    switch root {
    case .leaf: bindTitle(object, \TitledLeaf.title, set: { $0.title = $1 }, spelling, in: theme)
    case .base: bindTitle(object as TitledBase, \TitledBase.title, set: { $0.title = $1 }, spelling, in: theme)
    }
}

private func bindTitle<Object: AnyObject>(
    _ object: Object, _ path: ReferenceWritableKeyPath<Object, String>,
    set setter: @escaping @Sendable (Object, consuming String) -> Void, _ spelling: Spelling, in theme: Theme
) {
    let note: @Sendable (Object) -> Void = { given in (given as? TitledBase)?.note(given) }
    switch spelling {
    case .keyPath: theme.bind(object, path, titleFor)
    case .keyPathObject:
        theme.bind(object, path) { given, env in
            note(given)
            return titleFor(env)
        }
    case .setter: theme.bind(object, path, set: setter, titleFor)
    case .setterObject:
        theme.bind(object, path, set: setter) { given, env in
            note(given)
            return titleFor(env)
        }
    case .property: theme.bind(object, ThemedProperty(path, titleFor))
    case .propertySetter: theme.bind(object, ThemedProperty(path, set: setter, titleFor))
    case .customize: theme.customize(object) { given, env in setter(given, titleFor(env)) }
    }
}

extension TitledBase {
    /// Notes that a provider was given `object`.
    fileprivate func note(_ object: AnyObject) { seen.append(ObjectIdentifier(object)) }
}

/// A binding's write goes to the object it was bound to, through the property's setter, on
/// every path a write takes: the first run of a `bind`, a `bind` queued for a pass, and a
/// refresh. The refresh loop lends a key-path write its own reference to the object and gets
/// it back (`_KeyPathWrite`), so these also check that every later binding of the object in
/// the same pass is still handed that object.
@Suite struct KeyPathRootTests {
    fileprivate static let cases = Spelling.allCases.flatMap { spelling in Root.allCases.map { (spelling, $0) } }

    @Test("each spelling writes through the setter on the first run, queued, and on refresh", arguments: cases)
    fileprivate func everyPath(_ spelling: Spelling, _ root: Root) {
        let theme = makeTheme()
        let direct = TitledLeaf()
        let queued = TitledLeaf()
        bindTitle(direct, spelling, as: root, in: theme)
        #expect(direct.title == "title light" && direct.titleWrites == 1)
        theme.batch {
            // After a change in the batch, a bind waits for the batch's pass, which runs it in
            // the refresh loop.
            theme.style = .dark
            bindTitle(queued, spelling, as: root, in: theme)
            #expect(queued.titleWrites == 0)
        }
        #expect(direct.title == "title dark" && direct.titleWrites == 2)
        #expect(queued.title == "title dark" && queued.titleWrites == 1)
        for object in [direct, queued] {
            // A later binding of the object, given the object, runs after the title's in a pass.
            theme.bind(object, \.subtitle) { given, env in
                given.note(given)
                return env.style.rawValue
            }
        }

        theme.style = .light
        #expect(direct.titleWrites == 3 && queued.titleWrites == 2)
        for object in [direct, queued] {
            #expect(object.title == "title light")
            #expect(object.subtitle == "light")
            #expect(!object.seen.isEmpty)
            #expect(object.seen.allSatisfy { $0 == ObjectIdentifier(object) }, "a provider was handed another object")
        }
        #expect(theme.bindingCount == 4)
    }

    @Test("an object whose last outside reference goes inside its own setter lives through the pass", arguments: cases)
    fileprivate func lastReferenceDropsInSetter(_ spelling: Spelling, _ root: Root) {
        let theme = makeTheme()
        weak var watched: TitledLeaf?
        do {
            var owner: TitledLeaf? = TitledLeaf()
            watched = owner
            bindTitle(owner!, spelling, as: root, in: theme)
            theme.bind(owner!, \.subtitle) { given, env in
                given.note(given)
                return env.style.rawValue
            }
            owner!.onWrite = { owner = nil }
            // The refresh runs the title's binding, whose setter drops `owner`; the loop's own
            // reference keeps the object for the subtitle's binding after it.
            theme.style = .dark
            #expect(owner == nil)
        }
        #expect(watched == nil, "the object outlived the pass")
        theme.style = .light
        #expect(theme.bindingCount == 0)
    }
}
