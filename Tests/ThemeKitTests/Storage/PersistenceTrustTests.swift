import Foundation
import Testing
import ThemeKitTestSupport

@testable import ThemeKit

// A review of persistence (session 22) found that a user's choice could be lost, or come back
// after it was replaced, across launches. Each test is one launch sequence over one storage; a
// `do` block is a launch whose theme goes at its end.

/// An app's file-private extension type, as a view file often declares one.
private struct CardStyle: ThemeExtension {
    var radius: Double
    static let fallback = CardStyle(radius: 8)
}

/// Extension types whose variants the storage tests persist (one declaration each: two `private` types
/// of one name in one module share a persisted name, and neither is then persisted).
struct TrustPalette: ThemeExtension {
    var text: String
    static let fallback = TrustPalette(text: "#000000")
}

struct TrustMetrics: ThemeExtension {
    var radius: Double
    static let fallback = TrustMetrics(radius: 8)
}

/// A variant of any of them, the same value in both styles.
struct Same<Extension: ThemeExtension>: ThemeVariant {
    let id: String
    let light: Extension
    var dark: Extension { light }
}

/// A storage over `base` that fails reads of keys ending in a suffix while `failing` is on, and
/// writes once `writesLeft` reaches zero: a transient read error, or a process killed mid-change.
private final class FaultyStorage: ThemeStorage, @unchecked Sendable {
    let base: InMemoryThemeStorage
    private let state: Locked<(failingSuffix: String?, writesLeft: Int)>
    private let failingWriteSuffix: String?

    init(
        _ base: InMemoryThemeStorage, failingReadsOf suffix: String? = nil, failingWritesOf writeSuffix: String? = nil,
        writesLeft: Int = .max
    ) {
        self.base = base
        state = Locked((suffix, writesLeft))
        failingWriteSuffix = writeSuffix
    }

    func failReads(of suffix: String?) { state.withLock { $0.failingSuffix = suffix } }

    func allowWrites() { state.withLock { $0.writesLeft = .max } }

    func data(forKey key: String) throws(ThemeStorageError) -> Data? {
        let fails = state.withLock { state in state.failingSuffix.map { key.hasSuffix($0) } ?? false }
        if fails { throw ThemeStorageError(kind: .unreadable, key: key, reason: "a transient failure") }
        return try base.data(forKey: key)
    }

    func setData(_ data: Data, forKey key: String) throws(ThemeStorageError) {
        let allowed = state.withLock { state -> Bool in
            defer { state.writesLeft -= 1 }
            return state.writesLeft > 0
        }
        guard allowed, !(failingWriteSuffix.map { key.hasSuffix($0) } ?? false) else {
            throw ThemeStorageError(kind: .writeFailed, key: key, reason: "the process was killed")
        }
        try base.setData(data, forKey: key)
    }

    func removeData(forKey key: String) throws(ThemeStorageError) { try base.removeData(forKey: key) }
}

@Suite struct PersistenceTrustTests {
    fileprivate let brand = Same(id: "brand", light: TrustPalette(text: "#111111"))
    fileprivate let other = Same(id: "other", light: TrustPalette(text: "#222222"))
    fileprivate let compact = Same(id: "compact", light: TrustMetrics(radius: 2))
    fileprivate let roomy = Same(id: "roomy", light: TrustMetrics(radius: 16))

    /// A storage after a launch in which the user chose `brand` and `compact`.
    private func storageWithBrandAndCompactChosen() -> InMemoryThemeStorage {
        let storage = InMemoryThemeStorage()
        let theme = Theme(storage: storage, delivery: .synchronous)
        theme.register([brand, compact, roomy])
        theme.apply(variant: brand)
        theme.apply(variant: compact)
        return storage
    }

    /// A storage after a launch in which the user chose `brand`.
    private func storageWithBrandChosen() -> InMemoryThemeStorage {
        let storage = InMemoryThemeStorage()
        let theme = Theme(storage: storage, delivery: .synchronous)
        theme.register([brand])
        theme.apply(variant: brand)
        return storage
    }

    @Test("a reflected name's private-scope address is written (private), so the name is the same on every launch")
    func stableNames() {
        #expect(
            ThemeExtensionID.stableName("App.(unknown context at $55f369d97158).CardStyle") == "App.(private).CardStyle"
        )
        #expect(
            ThemeExtensionID.stableName("App.(unknown context at $1a2b).Outer.(unknown context at $3c4d).Inner")
                == "App.(private).Outer.(private).Inner")
        #expect(ThemeExtensionID.stableName("App.Palette") == "App.Palette")
        // Not the runtime's spelling: kept as it is.
        #expect(ThemeExtensionID.stableName("App.(unknown context at $xyz") == "App.(unknown context at $xyz")
        #expect(!ThemeExtensionID(CardStyle.self).name.contains("unknown context"))
        #expect(ThemeExtensionID(CardStyle.self).name.hasSuffix(".(private).CardStyle"))
    }

    @Test("a variant of a private extension type is stored under a name with no address, and restored")
    func privateTypeVariantIsRestored() {
        let rounded = Same(id: "rounded", light: CardStyle(radius: 20))
        let storage = InMemoryThemeStorage()
        do {
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.register([rounded])
            theme.apply(variant: rounded)
        }
        #expect(!storage.keys.contains { $0.contains("unknown context") }, "\(storage.keys)")
        #expect(storage.keys.contains { $0.hasSuffix(".(private).CardStyle") }, "\(storage.keys)")
        let theme = Theme(storage: storage, delivery: .synchronous)
        theme.register([rounded])
        #expect(theme.activeVariantID(for: CardStyle.self) == "rounded")
        #expect(theme.value(CardStyle.self).radius == 20)
    }

    @Test("a failed read of the variant index while another type's variant changes keeps every type's choice")
    func unreadableIndexKeepsOtherTypes() {
        let base = storageWithBrandAndCompactChosen()
        do {
            let storage = FaultyStorage(base)
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.register([brand, compact, roomy])
            #expect(theme.activeVariantID(for: TrustPalette.self) == "brand")
            storage.failReads(of: ".variants")
            let failures = Locked<[String]>([])
            let subscription = theme.events.subscribe { event in
                if case .storageFailure(let error) = event { failures.withLock { $0.append(error.key) } }
            }
            theme.apply(variant: roomy)
            #expect(failures.withLock { $0 } == ["ThemeKit.default.variants"], "the failed read is reported")
            withExtendedLifetime(subscription) {}
        }
        let theme = Theme(storage: base, delivery: .synchronous)
        #expect(theme.storageIssues.isEmpty)
        theme.register([brand, compact, roomy])
        #expect(theme.activeVariantID(for: TrustMetrics.self) == "roomy")
        #expect(theme.activeVariantID(for: TrustPalette.self) == "brand", "the type left alone kept its choice")
    }

    @Test("a corrupt variant index is kept until a variant changes, then written anew from what the theme knows")
    func corruptIndexIsRebuilt() throws {
        let corrupt = Data("{damaged".utf8)
        let storage = InMemoryThemeStorage(["ThemeKit.default.variants": corrupt])
        do {
            let theme = Theme(storage: storage, delivery: .synchronous)
            #expect(theme.storageIssues.map(\.key) == ["ThemeKit.default.variants"])
            theme.register([compact, roomy])
            #expect(try storage.data(forKey: "ThemeKit.default.variants") == corrupt, "reading erases nothing")
            theme.apply(variant: roomy)
        }
        let theme = Theme(storage: storage, delivery: .synchronous)
        #expect(theme.storageIssues.isEmpty)
        theme.register([compact, roomy])
        #expect(theme.activeVariantID(for: TrustMetrics.self) == "roomy")
    }

    @Test("a variant chosen or cleared since launch is not replaced by the one read at launch when registered later")
    func launchChoiceDoesNotComeBack() throws {
        let storage = storageWithBrandChosen()
        // Cleared, then the full list arrives (a remote list of brands).
        do {
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.register([other])
            theme.apply(variant: other)
            theme.clearVariant(for: TrustPalette.self)
            theme.register([brand, other])
            #expect(theme.activeVariantID(for: TrustPalette.self) == nil)
            #expect(theme.value(TrustPalette.self) == .fallback)
        }
        #expect(Theme(storage: storage, delivery: .synchronous).activeVariantID(for: TrustPalette.self) == nil)
        // Chosen by id, then the launch's brand registered: the choice stands.
        do {
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.register([other])
            theme.applyVariant(id: "other", for: TrustPalette.self)
            theme.register([brand])
            #expect(theme.activeVariantID(for: TrustPalette.self) == "other")
        }
        // A plain value applied over a launch's restorable brand (in a batch, before any pass).
        do {
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.batch {
                theme.register([other])
                theme.apply(TrustPalette(text: "#333333"))
                theme.register([other])
            }
            #expect(theme.activeVariantID(for: TrustPalette.self) == nil)
            #expect(theme.value(TrustPalette.self).text == "#333333")
        }
    }

    @Test("a style or contrast that comes from the system is not stored over the user's choice")
    func systemAppearanceIsNotStored() {
        let base = InMemoryThemeStorage()
        do {
            let theme = Theme(storage: base, delivery: .synchronous)
            theme.style = .dark
            theme.contrast = .increased
        }
        // followsSystem cannot be read at this launch, so the theme follows the system meanwhile.
        do {
            let theme = Theme(storage: FaultyStorage(base, failingReadsOf: ".followsSystem"), delivery: .synchronous)
            #expect(theme.storageIssues.map(\.key) == ["ThemeKit.default.followsSystem"])
            #expect(theme.followsSystem)
            theme.systemStyleDidChange(to: .light)
            #expect(theme.style == .light)
        }
        do {
            let theme = Theme(storage: base, delivery: .synchronous)
            #expect(!theme.followsSystem)
            #expect(theme.style == .dark)
            #expect(theme.contrast == .increased)
            // Another process's theme over the same storage, following the system in memory.
            let other = Theme(storage: base, delivery: .synchronous)
            other.followsSystem = true
            other.followsSystemContrast = true
            theme.style = .dark
            theme.contrast = .increased
            other.systemStyleDidChange(to: .light)
            other.systemContrastDidChange(to: .standard)
        }
        let theme = Theme(storage: base, delivery: .synchronous)
        #expect(theme.style == .dark)
        #expect(theme.contrast == .increased)
    }

    @Test("turning off following the system stores the style and contrast showing, as the user's choice")
    func stoppingToFollowStoresWhatShows() {
        let storage = InMemoryThemeStorage()
        do {
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.systemStyleDidChange(to: .dark)
            theme.systemContrastDidChange(to: .increased)
            #expect(theme.style == .dark)
            #expect(theme.contrast == .increased)
            theme.followsSystem = false
            theme.followsSystemContrast = false
        }
        let theme = Theme(storage: storage, delivery: .synchronous)
        #expect(!theme.followsSystem)
        #expect(!theme.followsSystemContrast)
        #expect(theme.style == .dark)
        #expect(theme.contrast == .increased)
    }

    @Test(
        "a change of style cut short after its first write restores as before it or after it, never a forced old style")
    func interruptedStyleChange() {
        let base = InMemoryThemeStorage()
        do { Theme(storage: base, delivery: .synchronous).style = .light }
        do { Theme(storage: base, delivery: .synchronous).followsSystem = true }
        do {
            // Following the system, which is dark: the user forces dark; killed after the first write.
            let theme = Theme(storage: FaultyStorage(base, writesLeft: 1), delivery: .synchronous)
            theme.systemStyleDidChange(to: .dark)
            theme.style = .dark
        }
        let theme = Theme(storage: base, delivery: .synchronous)
        // The style is written first: following the system (as before), or dark and forced (after).
        #expect(
            theme.followsSystem || theme.style == .dark, "restored \(theme.style), followsSystem \(theme.followsSystem)"
        )
    }

    @Test("stored bytes in a storage error's text are escaped: the text stays one line, with no control character")
    func storedBytesAreEscaped() {
        let hostile = Data("\u{1B}[2K\r\n::error::forged\u{202E}".utf8)
        let theme = Theme(storage: InMemoryThemeStorage(["ThemeKit.default.style": hostile]), delivery: .synchronous)
        let texts = theme.storageIssues.map(\.description)
        #expect(texts.count == 1)
        for text in texts {
            #expect(!text.unicodeScalars.contains(where: UntrustedText.needsEscape), "\(text.debugDescription)")
            #expect(text.contains("\\u{1B}[2K\\r\\n::error::forged\\u{202E}"), "\(text)")
        }
    }

    @Test("clearing a variant stored at an earlier launch, before it is restored, clears it for good")
    func clearBeforeRestore() {
        let storage = storageWithBrandChosen()
        do {
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.clearVariant(for: TrustPalette.self)
            theme.register([brand])
            #expect(theme.activeVariantID(for: TrustPalette.self) == nil)
        }
        let theme = Theme(storage: storage, delivery: .synchronous)
        theme.register([brand])
        #expect(theme.activeVariantID(for: TrustPalette.self) == nil)
    }

    @Test("a batch stores the style the user chose in it, not the system's that shows at its end")
    func batchStoresTheChosenStyle() {
        let storage = InMemoryThemeStorage()
        do {
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.systemStyleDidChange(to: .light)
            theme.batch {
                theme.style = .dark
                theme.followsSystem = true
            }
            #expect(theme.style == .light)
        }
        let theme = Theme(storage: storage, delivery: .synchronous)
        #expect(theme.followsSystem)
        theme.followsSystem = false
        #expect(theme.style == .dark, "the stored choice is dark; the system's light was never chosen")
    }

    @Test("changing one follow-the-system setting does not write the other, which could not be read")
    func followSettingsAreWrittenApart() {
        let base = InMemoryThemeStorage()
        do { Theme(storage: base, delivery: .synchronous).contrast = .increased }
        do {
            let theme = Theme(
                storage: FaultyStorage(base, failingReadsOf: ".followsSystemContrast"), delivery: .synchronous)
            #expect(theme.followsSystemContrast, "unreadable: the default")
            theme.style = .dark
        }
        let theme = Theme(storage: base, delivery: .synchronous)
        #expect(!theme.followsSystemContrast)
        #expect(!theme.followsSystem)
        #expect(theme.style == .dark)
        #expect(theme.contrast == .increased)
    }

    @Test("a setting or variant whose write failed is written again by the next change, once storage works")
    func failedWritesAreRetried() {
        let base = InMemoryThemeStorage()
        do {
            let storage = FaultyStorage(base, writesLeft: 0)
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.register([brand, compact])
            theme.apply(variant: brand, for: .dark)
            #expect(base.keys.isEmpty)
            storage.allowWrites()
            theme.apply(variant: compact)
        }
        let theme = Theme(storage: base, delivery: .synchronous)
        theme.register([brand, compact])
        #expect(theme.style == .dark)
        #expect(!theme.followsSystem)
        #expect(theme.activeVariantID(for: TrustPalette.self) == "brand")
        #expect(theme.activeVariantID(for: TrustMetrics.self) == "compact")
    }

    @Test("a failed write is not written again over a value another theme stored there since")
    func retryYieldsToAnotherWriter() {
        let base = InMemoryThemeStorage()
        let storage = FaultyStorage(base, writesLeft: 0)
        let extensionTheme = Theme(storage: storage, delivery: .synchronous)
        extensionTheme.style = .dark
        storage.allowWrites()
        // The app stores the user's newer choice meanwhile.
        Theme(storage: base, delivery: .synchronous).style = .sepia
        extensionTheme.contrast = .increased
        let theme = Theme(storage: base, delivery: .synchronous)
        #expect(theme.style == .sepia, "the stale retry overwrote the app's newer choice")
        #expect(theme.contrast == .increased)
        #expect(!theme.followsSystem)
    }

    @Test("when the style cannot be written, turning following the system off waits for it")
    func followsSystemOffWaitsForTheStyle() {
        let base = InMemoryThemeStorage()
        do { Theme(storage: base, delivery: .synchronous).style = .light }
        do { Theme(storage: base, delivery: .synchronous).followsSystem = true }
        do {
            let theme = Theme(storage: FaultyStorage(base, failingWritesOf: ".style"), delivery: .synchronous)
            theme.systemStyleDidChange(to: .dark)
            theme.style = .dark
        }
        let theme = Theme(storage: base, delivery: .synchronous)
        #expect(theme.followsSystem, "followsSystem = false was stored without the style: the old light forced")
    }

    @Test("two types of one name (local types in two functions) are not persisted: neither reads the other's")
    func typesSharingANameAreNotPersisted() {
        let first = Self.firstLocalVariant()
        let second = Self.secondLocalVariant()
        #expect(first.name == second.name)
        let storage = InMemoryThemeStorage()
        do {
            let theme = Theme(storage: storage, delivery: .synchronous)
            // Both in use (their first use registers them) before either is chosen.
            first.register(theme)
            second.register(theme)
            first.choose(theme)
            second.choose(theme)
            #expect(first.active(theme) == "shared-id")
        }
        #expect(!storage.keys.contains { $0.contains(".variant.") }, "\(storage.keys)")
        let theme = Theme(storage: storage, delivery: .synchronous)
        first.register(theme)
        second.register(theme)
        #expect(first.active(theme) == nil)
        #expect(second.active(theme) == nil)
    }

    /// What a test needs of a variant whose extension type is local to a function.
    private struct LocalVariant {
        let name: String
        let choose: (Theme) -> Void
        let register: (Theme) -> Void
        let active: (Theme) -> String?
    }

    private static func firstLocalVariant() -> LocalVariant {
        struct Style: ThemeExtension {
            var size = 1.0
            static let fallback = Style()
        }
        return localVariant(Same(id: "shared-id", light: Style(size: 2)))
    }

    private static func secondLocalVariant() -> LocalVariant {
        struct Style: ThemeExtension {
            var size = 1.0
            static let fallback = Style()
        }
        return localVariant(Same(id: "shared-id", light: Style(size: 3)))
    }

    private static func localVariant<Extension: ThemeExtension>(_ variant: Same<Extension>) -> LocalVariant {
        LocalVariant(
            name: ThemeExtensionID(Extension.self).name, choose: { $0.apply(variant: variant) },
            register: { $0.register([variant]) }, active: { $0.activeVariantID(for: Extension.self) })
    }

    @Test("an index unreadable at launch and at a change is not overwritten: the types it lists keep their choices")
    func unreadableIndexIsNotOverwritten() {
        let base = storageWithBrandAndCompactChosen()
        do {
            let storage = FaultyStorage(base, failingReadsOf: ".variants")
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.register([brand, compact, roomy])
            #expect(theme.activeVariantID(for: TrustPalette.self) == nil, "not restorable: the index is unknown")
            theme.apply(variant: roomy)
            // The index becomes readable again: the next change writes the variant with it.
            storage.failReads(of: nil)
            theme.style = .dark
        }
        let theme = Theme(storage: base, delivery: .synchronous)
        theme.register([brand, compact, roomy])
        #expect(theme.activeVariantID(for: TrustPalette.self) == "brand", "the type the index listed kept its choice")
        #expect(theme.activeVariantID(for: TrustMetrics.self) == "roomy")
    }

    @Test("a clear in a launch that could not read the variant index clears the stored choice")
    func clearWithUnknownIndex() {
        let base = storageWithBrandChosen()
        do {
            let storage = FaultyStorage(base, failingReadsOf: ".variants")
            let theme = Theme(storage: storage, delivery: .synchronous)
            storage.failReads(of: nil)
            theme.clearVariant(for: TrustPalette.self)
        }
        let theme = Theme(storage: base, delivery: .synchronous)
        theme.register([brand])
        #expect(theme.activeVariantID(for: TrustPalette.self) == nil)
    }

    @Test("turning following off is not written again alone when its style's write cannot be retried")
    func followsSystemOffIsNotRetriedAlone() {
        let base = InMemoryThemeStorage()
        do { Theme(storage: base, delivery: .synchronous).style = .light }
        do { Theme(storage: base, delivery: .synchronous).followsSystem = true }
        do {
            // The style can be neither written nor read back: its write is not retried.
            let storage = FaultyStorage(base, failingReadsOf: ".style", failingWritesOf: ".style")
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.systemStyleDidChange(to: .dark)
            theme.followsSystem = false
            theme.contrast = .increased
        }
        let theme = Theme(storage: base, delivery: .synchronous)
        #expect(theme.followsSystem, "followsSystem = false was written without its style: the old light forced")
        #expect(theme.contrast == .increased)
    }

    @Test("an index another process added to is not overwritten when this theme cannot read it at a change")
    func unreadableIndexKeepsAnotherWritersTypes() {
        let base = InMemoryThemeStorage()
        let storage = FaultyStorage(base)
        let app = Theme(storage: storage, delivery: .synchronous)
        let appExtension = Theme(storage: base, delivery: .synchronous)
        appExtension.register([compact])
        appExtension.apply(variant: compact)
        storage.failReads(of: ".variants")
        app.register([brand])
        app.apply(variant: brand)
        storage.failReads(of: nil)
        app.style = .dark
        let theme = Theme(storage: base, delivery: .synchronous)
        theme.register([brand, compact])
        #expect(theme.activeVariantID(for: TrustMetrics.self) == "compact", "the other process's type was dropped")
        #expect(theme.activeVariantID(for: TrustPalette.self) == "brand")
    }
}
