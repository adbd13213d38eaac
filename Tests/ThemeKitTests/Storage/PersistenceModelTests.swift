import Foundation
import Testing
import ThemeKit
import ThemeKitTestSupport

// Persistence against a naive reference model (the review of session 22 found four persistence
// defects: a class of tests was missing). Each run is a seeded random sequence of the user's
// operations on one storage, with relaunches between them: the theme is dropped and a new one made
// over the same storage, and its variants are registered at once, later, in part or in another
// order. After every operation the theme's state is compared with the model's, and a probe (a
// fresh theme over the bare storage, every variant registered) shows what the next launch would
// restore, compared with what the user chose.
//
// Faults: some launches cannot read one key (at start-up only, or for the whole launch), and some
// operations run while writes fail (all after the first n, or those of one key). The theme's state
// must still be the model's. An operation where the user chooses something must write exactly the
// settings and variants chosen, and those whose last write failed (retried with it); one where the
// user chooses nothing writes nothing. A key whose write failed may keep what it held until it is
// written again: once an operation writes with no failure, the storage holds the model's choices,
// every one. A relaunch ends what the old theme had still to retry: the next launch restores what
// the storage holds then. When the variant index cannot be read for a whole launch, it is written
// as the theme knows it (the types chosen in that launch): the other types' choices are dropped.
//
// Replay: THEMEKIT_MODEL_SEED=<seed> swift test --filter PersistenceModelTests

// MARK: Extension types

/// A file-private extension type: its reflected name has a private-scope address.
private struct ModelCard: ThemeExtension {
    var radius: Double
    static let fallback = ModelCard(radius: 8)
}

private struct ModelCardVariant: ThemeVariant {
    let id: String
    let light: ModelCard
    let dark: ModelCard
}

private struct ModelMetricsVariant: ThemeVariant {
    let id: String
    let light: Metrics
    let dark: Metrics
}

/// One extension type of a run, type-erased: its variants, its plain values and what can be done to
/// a theme with them. Variants and plain values are named by their index.
private struct Slot {
    let label: String
    /// The name the theme persists the type's variant under (storage key `variant.<name>`).
    let name: String
    var key: String { "ThemeKit.default.variant." + name }
    let variantIDs: [String]
    let variants: [any ThemeVariant]
    let activeID: (Theme) -> String?
    let apply: (Theme, Int, ThemeStyle?) -> Void
    let applyID: (Theme, String) -> Bool
    let clear: (Theme) -> Void
    let applyPlain: (Theme, Int) -> Void
    let value: (Theme) -> String
    /// The value the theme should show: the active variant's for the appearance, else the last
    /// plain value applied, else the fallback.
    let expected: (_ variant: Int?, _ plain: Int?, ThemeStyle, ThemeContrast) -> String

    init<Variant: ThemeVariant>(_ label: String, _ variants: [Variant], plain: [Variant.Extension]) {
        precondition(plain.allSatisfy { $0 != Variant.Extension.fallback }, "a plain value equal to the fallback")
        self.label = label
        name = ThemeExtensionID(Variant.Extension.self).name
        variantIDs = variants.map(\.id)
        self.variants = variants
        activeID = { $0.activeVariantID(for: Variant.Extension.self) }
        apply = { theme, index, style in
            if let style {
                theme.apply(variant: variants[index], for: style)
            } else {
                theme.apply(variant: variants[index])
            }
        }
        applyID = { $0.applyVariant(id: $1, for: Variant.Extension.self) }
        clear = { $0.clearVariant(for: Variant.Extension.self) }
        applyPlain = { $0.apply(plain[$1]) }
        value = { String(describing: $0.value(Variant.Extension.self)) }
        expected = { variant, plainIndex, style, contrast in
            if let variant { return String(describing: variants[variant].value(for: style, contrast: contrast)) }
            if let plainIndex { return String(describing: plain[plainIndex]) }
            return String(describing: Variant.Extension.fallback)
        }
    }

    static func all() -> [Slot] {
        [
            Slot(
                "palette",
                [
                    PaletteVariant(
                        id: "brandA", light: .init(background: "#FAFAFA", text: "#0A0A0A"),
                        dark: .init(background: "#0B0F14", text: "#E6EDF7")),
                    PaletteVariant(
                        id: "brandB", light: .init(background: "#FFF0F0", text: "#330000"),
                        dark: .init(background: "#220000", text: "#FFDDDD"),
                        highContrastDark: .init(background: "#000000", text: "#FFFFFF")),
                    PaletteVariant(
                        id: "brandC", light: .init(background: "#F0FFF0", text: "#003300"),
                        dark: .init(background: "#002200", text: "#DDFFDD")),
                ],
                plain: [
                    Palette(background: "#101010", text: "#EEEEEE"), Palette(background: "#202020", text: "#DDDDDD"),
                ]),
            Slot(
                "metrics",
                [
                    ModelMetricsVariant(id: "compact", light: Metrics(cornerRadius: 2), dark: Metrics(cornerRadius: 3)),
                    ModelMetricsVariant(id: "roomy", light: Metrics(cornerRadius: 16), dark: Metrics(cornerRadius: 18)),
                ],
                plain: [Metrics(cornerRadius: 4), Metrics(cornerRadius: 6)]),
            Slot(
                "card (private)",
                [
                    ModelCardVariant(id: "rounded", light: ModelCard(radius: 20), dark: ModelCard(radius: 21)),
                    ModelCardVariant(id: "square", light: ModelCard(radius: 0), dark: ModelCard(radius: 1)),
                    ModelCardVariant(id: "pill", light: ModelCard(radius: 99), dark: ModelCard(radius: 98)),
                ],
                plain: [ModelCard(radius: 12), ModelCard(radius: 14)]),
        ]
    }
}

// MARK: Faults

/// One of the four settings, named as its storage key is.
private enum Setting: String, CaseIterable, Comparable {
    case style
    case contrast
    case followsSystem
    case followsSystemContrast

    var key: String { "ThemeKit.default." + rawValue }

    /// The value a follow flag fixes when it turns following off: the style, the contrast.
    var fixed: Setting? {
        switch self {
        case .followsSystem: .style
        case .followsSystemContrast: .contrast
        case .style, .contrast: nil
        }
    }

    static func < (lhs: Setting, rhs: Setting) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The key of the variant index.
private let variantIndexKey = "ThemeKit.default.variants"

/// A key whose read fails for a launch.
private enum ReadFault: Equatable {
    case style
    case contrast
    case followsSystem
    case followsSystemContrast
    case variantIndex
    case variant(Int)

    /// The setting whose key fails, if it is a setting's.
    var setting: Setting? {
        switch self {
        case .style: .style
        case .contrast: .contrast
        case .followsSystem: .followsSystem
        case .followsSystemContrast: .followsSystemContrast
        case .variantIndex, .variant: nil
        }
    }

    func key(_ slots: [Slot]) -> String {
        switch self {
        case .style: Setting.style.key
        case .contrast: Setting.contrast.key
        case .followsSystem: Setting.followsSystem.key
        case .followsSystemContrast: Setting.followsSystemContrast.key
        case .variantIndex: variantIndexKey
        case .variant(let slot): slots[slot].key
        }
    }
}

/// Which writes fail while a write fault is on.
private enum WriteFault {
    /// Every write (set or remove) after the first `n`.
    case after(Int)
    /// Every write of one key.
    case key(String)
}

/// A storage over `base` that fails, while told to, reads of one key or writes; it notes the keys
/// written and those whose writes failed.
// Sound: the fault settings and the logs are only touched under `lock`.
private final class FaultInjectingStorage: ThemeStorage, @unchecked Sendable {
    let base: InMemoryThemeStorage
    private let lock = NSLock()
    private var failingRead: String?
    private var writeFault: WriteFault?
    private var writesMade = 0
    private var madeWrites: Set<String> = []
    private var failedWrites: Set<String> = []

    init(_ base: InMemoryThemeStorage) { self.base = base }

    func failReads(of key: String?) { lock.withLock { failingRead = key } }

    func failWrites(_ fault: WriteFault?) {
        lock.withLock {
            writeFault = fault
            writesMade = 0
        }
    }

    /// The keys written (set or removed) since the last call, and those whose writes failed.
    func takeWrites() -> (made: Set<String>, failed: Set<String>) {
        lock.withLock {
            defer {
                madeWrites = []
                failedWrites = []
            }
            return (madeWrites, failedWrites)
        }
    }

    func data(forKey key: String) throws(ThemeStorageError) -> Data? {
        if lock.withLock({ failingRead == key }) {
            throw ThemeStorageError(kind: .unreadable, key: key, reason: "an injected read failure")
        }
        return try base.data(forKey: key)
    }

    func setData(_ data: Data, forKey key: String) throws(ThemeStorageError) {
        try checkWrite(key)
        try base.setData(data, forKey: key)
    }

    func removeData(forKey key: String) throws(ThemeStorageError) {
        try checkWrite(key)
        try base.removeData(forKey: key)
    }

    private func checkWrite(_ key: String) throws(ThemeStorageError) {
        let fails = lock.withLock { () -> Bool in
            let fails: Bool
            switch writeFault {
            case nil: fails = false
            case .after(let count): fails = writesMade >= count
            case .key(let failing): fails = key == failing
            }
            writesMade += 1
            if fails { failedWrites.insert(key) } else { madeWrites.insert(key) }
            return fails
        }
        if fails { throw ThemeStorageError(kind: .writeFailed, key: key, reason: "an injected write failure") }
    }
}

// MARK: The reference model

/// What a launch restores (every variant registered): the user's choices as stored.
private struct Choices: Equatable {
    var style: ThemeStyle = .light
    var contrast: ThemeContrast = .standard
    var followsSystem = true
    var followsSystemContrast = true
    /// Per slot, the index of the variant restored.
    var variants: [Int?]
}

extension Choices {
    /// A setting's value, described.
    func value(of setting: Setting) -> String {
        switch setting {
        case .style: "\(style)"
        case .contrast: "\(contrast)"
        case .followsSystem: "\(followsSystem)"
        case .followsSystemContrast: "\(followsSystemContrast)"
        }
    }
}

/// What the storage may hold besides the model's stored choices after writes failed, and what the
/// theme has still to write again (see the file's comment).
private struct Leftovers {
    /// Per setting, other values its key may hold: what it held when a write of it failed.
    var settings: [Setting: Set<String>] = [:]
    /// Per slot, whether the variant index may list the type, and what its `variant.<name>` key
    /// may hold: once both are written with no failure, `[true]` and `[variant]` while the model
    /// stores a variant, `[false]` and anything while it stores none.
    var listed: [Set<Bool>]
    var variantKey: [Set<Int?>]
    /// The settings and slots whose last write failed: written again by the next pass that
    /// writes anything.
    var unsavedSettings: Set<Setting> = []
    /// Follow flags (turning following off) unsaved while the style or contrast they fix failed and
    /// cannot be written again: the next pass writes them only if it writes that value anew.
    var waitingForFixed: Set<Setting> = []
    var unsavedSlots: Set<Int> = []

    init(slots: Int) {
        listed = Array(repeating: [false], count: slots)
        variantKey = Array(repeating: [nil], count: slots)
    }

    /// The variants a launch may restore for `slot`, besides the model's.
    func variants(of slot: Int) -> Set<Int?> {
        Set(listed[slot].flatMap { listed in variantKey[slot].map { listed ? $0 : nil } })
    }
}

/// A plain model of the user's choices: what the theme shows in this launch, and what is stored.
/// Each setting and variant is stored when the user chooses it, as chosen; what the system reports
/// is shown while following it and never stored. A batch's calls store what they store one by one.
private struct ReferenceModel {
    var stored: Choices

    // This launch.
    var style: ThemeStyle = .light
    var contrast: ThemeContrast = .standard
    var followsSystem = true
    var followsSystemContrast = true
    var systemStyle: ThemeStyle?
    var systemContrast: ThemeContrast?
    /// Per slot: the active variant, the last plain value applied in this launch (it blocks the
    /// restoring of a variant), the variant still to restore when registered, the registered ones.
    var active: [Int?]
    var plain: [Int?]
    var restorable: [Int?]
    var registered: [Set<Int>]
    /// The slots this launch's theme believes are in the stored variant index: the index read at
    /// launch (none when it could not be read), changed by every variant chosen since.
    var knownIndex: Set<Int> = []
    /// The launch could not read the variant index: a clear may change what is stored.
    var indexUnreadAtLaunch = false
    /// The settings and the slots whose variant the current operation chose (to store).
    var settingWrites: Set<Setting> = []
    var variantWrites: Set<Int> = []

    init(slots: Int) {
        stored = Choices(variants: Array(repeating: nil, count: slots))
        active = Array(repeating: nil, count: slots)
        plain = active
        restorable = active
        registered = Array(repeating: [], count: slots)
    }

    /// A new launch over the stored choices, with the read of `fault` failing.
    mutating func relaunch(readFault fault: ReadFault?) {
        style = fault == .style ? .light : stored.style
        contrast = fault == .contrast ? .standard : stored.contrast
        followsSystem = fault == .followsSystem ? true : stored.followsSystem
        followsSystemContrast = fault == .followsSystemContrast ? true : stored.followsSystemContrast
        systemStyle = nil
        systemContrast = nil
        for slot in active.indices {
            active[slot] = nil
            plain[slot] = nil
            registered[slot] = []
            restorable[slot] = fault == .variantIndex || fault == .variant(slot) ? nil : stored.variants[slot]
        }
        knownIndex =
            fault == .variantIndex ? [] : Set(stored.variants.indices.filter { stored.variants[$0] != nil })
        indexUnreadAtLaunch = fault == .variantIndex
    }

    // Style and contrast.

    private mutating func store(_ setting: Setting, _ update: (inout Choices) -> Void) {
        update(&stored)
        settingWrites.insert(setting)
    }

    mutating func setFollowsSystem(_ on: Bool) {
        guard on != followsSystem else { return }
        followsSystem = on
        store(.followsSystem) { $0.followsSystem = on }
        if on {
            if let systemStyle { style = systemStyle }
        } else {
            // The style showing becomes the user's choice.
            store(.style) { [style] in $0.style = style }
        }
    }

    mutating func setFollowsSystemContrast(_ on: Bool) {
        guard on != followsSystemContrast else { return }
        followsSystemContrast = on
        store(.followsSystemContrast) { $0.followsSystemContrast = on }
        if on {
            if let systemContrast { contrast = systemContrast }
        } else {
            store(.contrast) { [contrast] in $0.contrast = contrast }
        }
    }

    mutating func setStyle(_ new: ThemeStyle) {
        setFollowsSystem(false)
        if new != style {
            style = new
            store(.style) { $0.style = new }
        }
    }

    mutating func setContrast(_ new: ThemeContrast) {
        setFollowsSystemContrast(false)
        if new != contrast {
            contrast = new
            store(.contrast) { $0.contrast = new }
        }
    }

    mutating func systemStyleDidChange(to new: ThemeStyle) {
        systemStyle = new
        if followsSystem { style = new }
    }

    mutating func systemContrastDidChange(to new: ThemeContrast) {
        systemContrast = new
        if followsSystemContrast { contrast = new }
    }

    // Variants.

    /// The user chose `variant` (or none) for `slot`: shown, stored, and what was read at launch is
    /// no longer restored.
    private mutating func choose(_ variant: Int?, for slot: Int) {
        active[slot] = variant
        restorable[slot] = nil
        stored.variants[slot] = variant
        variantWrites.insert(slot)
        if variant == nil { knownIndex.remove(slot) } else { knownIndex.insert(slot) }
    }

    mutating func register(_ variant: Int, of slot: Int) {
        registered[slot].insert(variant)
        if restorable[slot] == variant, active[slot] == nil, plain[slot] == nil {
            restorable[slot] = nil
            active[slot] = variant
        }
    }

    mutating func apply(_ variant: Int, of slot: Int, style: ThemeStyle?) {
        registered[slot].insert(variant)
        choose(variant, for: slot)
        if let style { setStyle(style) }
    }

    /// Returns whether the variant was registered (else nothing changes).
    mutating func applyID(_ variant: Int?, of slot: Int) -> Bool {
        guard let variant, registered[slot].contains(variant) else { return false }
        choose(variant, for: slot)
        return true
    }

    /// Clearing is the user's choice of no variant, whether one shows yet or not: stored, and a
    /// variant read at launch and not registered yet does not come back at a later registration.
    /// With nothing to clear (none active, none restorable, none in the index as the theme knows
    /// it), nothing changes.
    mutating func clearVariant(of slot: Int) {
        guard active[slot] != nil || restorable[slot] != nil || knownIndex.contains(slot) || indexUnreadAtLaunch
        else { return }
        choose(nil, for: slot)
    }

    /// A plain value replaces an active variant, and its stored choice with it; while no variant is
    /// active it only blocks restoring one in this launch (Docs/Runtime.md).
    mutating func applyPlain(_ value: Int, of slot: Int) {
        if active[slot] != nil { choose(nil, for: slot) }
        plain[slot] = value
    }
}

// MARK: Operations

/// One variant of one slot.
private struct VariantRef {
    var slot: Int
    var index: Int
}

private enum Operation {
    case style(ThemeStyle)
    case contrast(ThemeContrast)
    case followsSystem(Bool)
    case followsSystemContrast(Bool)
    case systemStyle(ThemeStyle)
    case systemContrast(ThemeContrast)
    case register([VariantRef])
    case applyVariant(VariantRef, style: ThemeStyle?)
    /// An id that may be unregistered, or no variant's (`nil`).
    case applyVariantID(slot: Int, index: Int?)
    case clearVariant(slot: Int)
    case applyPlain(slot: Int, index: Int)
    case batch([Operation])
    case relaunch(readFault: ReadFault?, wholeLaunch: Bool, registration: [VariantRef]?)
    case failWrites(WriteFault, operations: Int)
    case stopFailingWrites
}

// MARK: A run

/// One seeded sequence over one storage.
private final class ModelRun {
    static let styles: [ThemeStyle] = [.light, .dark, .sepia]

    let seed: UInt64
    private var random: SeededRandom
    private let slots = Slot.all()
    private let base = InMemoryThemeStorage()
    private let storage: FaultInjectingStorage
    private var theme: Theme?
    private var model: ReferenceModel
    private var leftovers: Leftovers
    private var log: [String] = []
    /// The read fault of the current launch, if it lasts the whole launch.
    private var lastingReadFault: ReadFault?
    private var writeFaultOperationsLeft = 0
    /// The storage's contents at the last probe, and what it found.
    private var lastProbe: (contents: [String: Data?], result: (Choices, [String]))?

    init(seed: UInt64) {
        self.seed = seed
        random = SeededRandom(seed: seed)
        storage = FaultInjectingStorage(base)
        model = ReferenceModel(slots: slots.count)
        leftovers = Leftovers(slots: slots.count)
    }

    private var current: Theme { theme! }

    /// Runs `steps` operations, then a fault-free relaunch that registers everything; returns what
    /// went wrong (with the operations so far), or nil.
    func run(steps: Int) -> String? {
        theme = Theme(storage: storage, delivery: .synchronous)
        log.append("let theme = Theme(storage: storage, delivery: .synchronous)")
        if let failure = checkTheme() ?? checkStored() { return report(failure) }
        for _ in 0..<steps {
            let operation = nextOperation()
            if let failure = perform(operation) { return report(failure) }
        }
        let last = Operation.relaunch(readFault: nil, wholeLaunch: false, registration: allVariants())
        if let failure = perform(last) { return report(failure) }
        return nil
    }

    private func report(_ failure: String) -> String {
        "seed \(seed): \(failure)\n  after these operations:\n    " + log.joined(separator: "\n    ")
            + "\n  replay: THEMEKIT_MODEL_SEED=\(seed) swift test --filter PersistenceModelTests"
    }

    // MARK: Choosing operations

    private func below(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    private func chance(_ percent: Int) -> Bool { below(100) < percent }
    private func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

    private func anyVariant() -> VariantRef {
        let slot = below(slots.count)
        return VariantRef(slot: slot, index: below(slots[slot].variantIDs.count))
    }

    private func allVariants() -> [VariantRef] {
        slots.indices.flatMap { slot in slots[slot].variantIDs.indices.map { VariantRef(slot: slot, index: $0) } }
    }

    private func shuffled(_ variants: [VariantRef]) -> [VariantRef] {
        var variants = variants
        for index in variants.indices.reversed() where index > 0 { variants.swapAt(index, below(index + 1)) }
        return variants
    }

    /// All variants in order, shuffled, some of them, or none (registered by later operations).
    private func registration() -> [VariantRef]? {
        switch below(4) {
        case 0: allVariants()
        case 1: shuffled(allVariants())
        case 2: shuffled(allVariants().filter { _ in chance(50) })
        default: nil
        }
    }

    private func readFault() -> ReadFault {
        switch below(6) {
        case 0: .style
        case 1: .contrast
        case 2: .followsSystem
        case 3: .followsSystemContrast
        case 4: .variantIndex
        default: .variant(below(slots.count))
        }
    }

    private func writeFault() -> WriteFault {
        if chance(50) { return .after(below(4)) }
        return .key(pick(Setting.allCases.map(\.key) + [variantIndexKey] + slots.map(\.key)))
    }

    private func userOperation(inBatch: Bool) -> Operation {
        let roll = below(inBatch ? 86 : 100)
        switch roll {
        case 0..<9: return .style(pick(Self.styles))
        case 9..<15: return .contrast(pick(ThemeContrast.allCases))
        case 15..<22: return .followsSystem(chance(50))
        case 22..<27: return .followsSystemContrast(chance(50))
        case 27..<35: return .systemStyle(pick(Self.styles))
        case 35..<40: return .systemContrast(pick(ThemeContrast.allCases))
        case 40..<50: return .register(shuffled(allVariants().filter { _ in chance(30) }))
        case 50..<58: return .applyVariant(anyVariant(), style: nil)
        case 58..<63: return .applyVariant(anyVariant(), style: pick(Self.styles))
        case 63..<70:
            let slot = below(slots.count)
            let index = below(slots[slot].variantIDs.count + 1)
            return .applyVariantID(slot: slot, index: index < slots[slot].variantIDs.count ? index : nil)
        case 70..<78: return .clearVariant(slot: below(slots.count))
        case 78..<86: return .applyPlain(slot: below(slots.count), index: below(2))
        case 86..<92: return .batch((0..<(2 + below(3))).map { _ in userOperation(inBatch: true) })
        default:
            let fault = chance(30) ? readFault() : nil
            return .relaunch(
                readFault: fault, wholeLaunch: fault != nil && chance(50), registration: registration())
        }
    }

    private func nextOperation() -> Operation {
        if writeFaultOperationsLeft > 0 {
            writeFaultOperationsLeft -= 1
            if writeFaultOperationsLeft == 0 { return .stopFailingWrites }
        } else if chance(4) {
            return .failWrites(writeFault(), operations: 1 + below(4))
        }
        let operation = userOperation(inBatch: false)
        // Writes fail for operations of one launch.
        if writeFaultOperationsLeft > 0, case .relaunch = operation {
            writeFaultOperationsLeft = 0
            return .stopFailingWrites
        }
        return operation
    }

    // MARK: Performing operations

    private func describe(_ variant: VariantRef) -> String {
        "\(slots[variant.slot].label).\(slots[variant.slot].variantIDs[variant.index])"
    }

    private func describe(_ operation: Operation) -> String {
        switch operation {
        case .style(let style): "theme.style = .\(style)"
        case .contrast(let contrast): "theme.contrast = .\(contrast)"
        case .followsSystem(let on): "theme.followsSystem = \(on)"
        case .followsSystemContrast(let on): "theme.followsSystemContrast = \(on)"
        case .systemStyle(let style): "theme.systemStyleDidChange(to: .\(style))"
        case .systemContrast(let contrast): "theme.systemContrastDidChange(to: .\(contrast))"
        case .register(let variants): "theme.register([\(variants.map(describe).joined(separator: ", "))])"
        case .applyVariant(let variant, let style):
            "theme.apply(variant: \(describe(variant))\(style.map { ", for: .\($0)" } ?? ""))"
        case .applyVariantID(let slot, let index):
            "theme.applyVariant(id: \"\(index.map { slots[slot].variantIDs[$0] } ?? "missing")\", "
                + "for: \(slots[slot].label))"
        case .clearVariant(let slot): "theme.clearVariant(for: \(slots[slot].label))"
        case .applyPlain(let slot, let index): "theme.apply(\(slots[slot].label) plain value \(index))"
        case .batch(let operations): "theme.batch { \(operations.map(describe).joined(separator: "; ")) }"
        case .relaunch(let fault, let wholeLaunch, let registration):
            "relaunch"
                + (fault.map { " (reads of \($0.key(slots)) fail \(wholeLaunch ? "all launch" : "at start-up"))" }
                    ?? "")
                + (registration.map { ", then theme.register([\($0.map(describe).joined(separator: ", "))])" }
                    ?? "")
        case .failWrites(.after(let count), let operations):
            "writes fail after \(count) more, for \(operations) operations"
        case .failWrites(.key(let key), let operations): "writes of \(key) fail, for \(operations) operations"
        case .stopFailingWrites: "writes stop failing"
        }
    }

    /// Performs `operation` on the theme and on the model, then compares them; returns what differs.
    private func perform(_ operation: Operation) -> String? {
        log.append(describe(operation))
        switch operation {
        case .relaunch(let fault, let wholeLaunch, let registration):
            return relaunch(readFault: fault, wholeLaunch: wholeLaunch, registration: registration)
        case .failWrites(let fault, let operations):
            writeFaultOperationsLeft = operations
            storage.failWrites(fault)
            return nil
        case .stopFailingWrites:
            storage.failWrites(nil)
            return nil
        default:
            let before = model.stored
            model.settingWrites = []
            model.variantWrites = []
            if let failure = performUserOperation(operation) { return failure }
            return noteWrites(since: before) ?? checkTheme() ?? checkStored()
        }
    }

    private func performUserOperation(_ operation: Operation) -> String? {
        let theme = current
        switch operation {
        case .style(let style):
            theme.style = style
            model.setStyle(style)
        case .contrast(let contrast):
            theme.contrast = contrast
            model.setContrast(contrast)
        case .followsSystem(let on):
            theme.followsSystem = on
            model.setFollowsSystem(on)
        case .followsSystemContrast(let on):
            theme.followsSystemContrast = on
            model.setFollowsSystemContrast(on)
        case .systemStyle(let style):
            theme.systemStyleDidChange(to: style)
            model.systemStyleDidChange(to: style)
        case .systemContrast(let contrast):
            theme.systemContrastDidChange(to: contrast)
            model.systemContrastDidChange(to: contrast)
        case .register(let variants):
            register(variants)
        case .applyVariant(let variant, let style):
            slots[variant.slot].apply(theme, variant.index, style)
            model.apply(variant.index, of: variant.slot, style: style)
        case .applyVariantID(let slot, let index):
            let applied = slots[slot].applyID(theme, index.map { slots[slot].variantIDs[$0] } ?? "missing")
            let expected = model.applyID(index, of: slot)
            if applied != expected { return "applyVariant(id:for:) returned \(applied), the model says \(expected)" }
        case .clearVariant(let slot):
            slots[slot].clear(theme)
            model.clearVariant(of: slot)
        case .applyPlain(let slot, let index):
            slots[slot].applyPlain(theme, index)
            model.applyPlain(index, of: slot)
        case .batch(let operations):
            var failure: String?
            theme.batch {
                for operation in operations where failure == nil {
                    failure = performUserOperation(operation) ?? checkTheme().map { "inside the batch: " + $0 }
                }
            }
            return failure
        case .relaunch, .failWrites, .stopFailingWrites:
            preconditionFailure("not a user operation")
        }
        return nil
    }

    private func register(_ variants: [VariantRef]) {
        current.register(variants.map { slots[$0.slot].variants[$0.index] })
        for variant in variants { model.register(variant.index, of: variant.slot) }
    }

    /// Drops the theme and makes a new one over the same storage, with the read of `fault` failing
    /// at start-up or for the whole launch; registers `registration` at once.
    private func relaunch(readFault fault: ReadFault?, wholeLaunch: Bool, registration: [VariantRef]?) -> String? {
        theme = nil
        storage.failWrites(nil)
        // What the old theme had still to write again is gone with it: what the storage holds is
        // what the user chose now (a probe after the last operation found it allowed).
        let (stored, _) = probe()
        model.stored = stored
        leftovers.settings = [:]
        leftovers.unsavedSettings = []
        leftovers.unsavedSlots = []
        for (slot, variant) in stored.variants.enumerated() {
            // Listed with a key that holds nothing restores nothing too: until the key is written,
            // with the index, that is the same as not listed.
            leftovers.listed[slot] = [variant != nil]
            if variant != nil { leftovers.variantKey[slot] = [variant] }
        }
        storage.failReads(of: fault?.key(slots))
        theme = Theme(storage: storage, delivery: .synchronous)
        lastingReadFault = wholeLaunch ? fault : nil
        if !wholeLaunch { storage.failReads(of: nil) }
        model.relaunch(readFault: fault)
        // The theme knows the types the stored index lists, which may include a type whose key is
        // gone (a clear made while the index could not be read leaves its listing).
        if fault != .variantIndex { model.knownIndex.formUnion(listedSlots()) }
        let issues = current.storageIssues
        if let fault {
            if !issues.allSatisfy({ $0.key == fault.key(slots) && $0.kind == .unreadable }) {
                return "storage issues \(issues), expected at most the failed read of \(fault.key(slots))"
            }
        } else if !issues.isEmpty {
            return "storage issues \(issues) at a launch with no fault"
        }
        if let failure = checkTheme().map({ "at launch: " + $0 }) { return failure }
        model.settingWrites = []
        model.variantWrites = []
        if let registration { register(registration) }
        return noteWrites(since: model.stored) ?? checkTheme().map { "after the launch's registration: " + $0 }
            ?? checkStored()
    }

    /// The slots the stored variant index lists (a one-element JSON array of names).
    private func listedSlots() -> Set<Int> {
        guard let data = try? base.data(forKey: variantIndexKey),
            let names = try? JSONDecoder().decode([[String]].self, from: data).first
        else { return [] }
        return Set(slots.indices.filter { names.contains(slots[$0].name) })
    }

    /// Checks that the last operation wrote what the user chose in it and what had still to be
    /// written again, then notes what the storage may hold: a key written with no failure holds
    /// the model's choice; one whose write failed holds what it held, and is written again by the
    /// next pass that writes anything.
    private func noteWrites(since before: Choices) -> String? {
        let (made, failed) = storage.takeWrites()
        // A pass writes when the user chose something; it writes that, and what is unsaved.
        let writes = !model.settingWrites.isEmpty || !model.variantWrites.isEmpty
        if writes {
            for flag in leftovers.waitingForFixed where !model.settingWrites.contains(flag.fixed!) {
                leftovers.unsavedSettings.remove(flag)
            }
            leftovers.waitingForFixed = []
        }
        let settings = writes ? model.settingWrites.union(leftovers.unsavedSettings) : []
        let variants = writes ? model.variantWrites.union(leftovers.unsavedSlots) : []
        // Turning following off is not written while the style (contrast) it fixes could not be:
        // it waits, unsaved, as if its own write had failed.
        var deferred: Set<Setting> = []
        if settings.contains(.style), failed.contains(Setting.style.key), settings.contains(.followsSystem),
            !model.stored.followsSystem
        {
            deferred.insert(.followsSystem)
        }
        if settings.contains(.contrast), failed.contains(Setting.contrast.key),
            settings.contains(.followsSystemContrast), !model.stored.followsSystemContrast
        {
            deferred.insert(.followsSystemContrast)
        }
        var expected = Set(settings.subtracting(deferred).map(\.key)).union(variants.map { slots[$0].key })
        // An index that could not be read at launch nor now lists what nobody knows: it is not
        // written (the variants wait, unsaved, for a pass that can read it).
        let indexUnknown = lastingReadFault == .variantIndex
        if !variants.isEmpty, !indexUnknown { expected.insert(variantIndexKey) }
        let written = made.union(failed)
        if written != expected {
            func names(_ settings: Set<Setting>) -> [String] { settings.sorted().map(\.rawValue) }
            return "the operation wrote \(written.sorted()), the model expected \(expected.sorted())"
                + " (chosen: \(names(model.settingWrites)), variants of \(model.variantWrites.sorted());"
                + " unsaved: \(names(leftovers.unsavedSettings)), variants of \(leftovers.unsavedSlots.sorted()))"
        }
        guard writes else { return nil }
        for setting in settings {
            if failed.contains(setting.key) || deferred.contains(setting) {
                leftovers.settings[setting, default: []].insert(before.value(of: setting))
                // Written again only if the key could be read when its write failed (the theme
                // then knows nobody wrote there since).
                if lastingReadFault?.setting == setting {
                    leftovers.unsavedSettings.remove(setting)
                } else {
                    leftovers.unsavedSettings.insert(setting)
                }
            } else {
                leftovers.settings[setting] = nil
                leftovers.unsavedSettings.remove(setting)
            }
        }
        for flag in [Setting.followsSystem, .followsSystemContrast] where leftovers.unsavedSettings.contains(flag) {
            let fixed = flag.fixed!
            let turnsOff = flag == .followsSystem ? !model.stored.followsSystem : !model.stored.followsSystemContrast
            if turnsOff, failed.contains(fixed.key), lastingReadFault?.setting == fixed {
                leftovers.waitingForFixed.insert(flag)
            }
        }
        let indexFailed = failed.contains(variantIndexKey)
        var unsavedSlots: Set<Int> = []
        for slot in variants {
            let variant = model.stored.variants[slot]
            // A variant is written again only if its key could be read when its write failed.
            let retriable = lastingReadFault != .variant(slot)
            if failed.contains(slots[slot].key) {
                if retriable { unsavedSlots.insert(slot) }
            } else {
                leftovers.variantKey[slot] = [variant]
            }
            // The index goes with the variants: when it fails (or is not written), they are
            // written again with it.
            if indexFailed || indexUnknown {
                if retriable { unsavedSlots.insert(slot) }
            } else {
                leftovers.listed[slot] = [variant != nil]
            }
        }
        leftovers.unsavedSlots = unsavedSlots
        return nil
    }

    // MARK: Comparing

    /// Compares the theme's state with the model's.
    private func checkTheme() -> String? {
        let theme = current
        var differences: [String] = []
        func compare<Value: Equatable>(_ what: String, _ actual: Value, _ expected: Value) {
            if actual != expected { differences.append("\(what) is \(actual), the model says \(expected)") }
        }
        compare("style", theme.style, model.style)
        compare("contrast", theme.contrast, model.contrast)
        compare("followsSystem", theme.followsSystem, model.followsSystem)
        compare("followsSystemContrast", theme.followsSystemContrast, model.followsSystemContrast)
        for (index, slot) in slots.enumerated() {
            let expectedID = model.active[index].map { slot.variantIDs[$0] }
            compare(
                "activeVariantID(for: \(slot.label))", String(describing: slot.activeID(theme)),
                String(describing: expectedID))
            compare(
                "value(\(slot.label))", slot.value(theme),
                slot.expected(model.active[index], model.plain[index], model.style, model.contrast))
        }
        return differences.isEmpty ? nil : differences.joined(separator: "; ")
    }

    /// What a fresh launch over the bare storage restores, every variant registered, and the
    /// problems it finds. (Kept while the storage holds the same: most operations write nothing.)
    private func probe() -> (Choices, [String]) {
        let contents = Dictionary(uniqueKeysWithValues: base.keys.map { ($0, try? base.data(forKey: $0)) })
        if let lastProbe, lastProbe.contents == contents { return lastProbe.result }
        let result = freshProbe()
        lastProbe = (contents, result)
        return result
    }

    private func freshProbe() -> (Choices, [String]) {
        let probe = Theme(storage: base, delivery: .synchronous)
        probe.register(slots.flatMap(\.variants))
        let restored = Choices(
            style: probe.style, contrast: probe.contrast, followsSystem: probe.followsSystem,
            followsSystemContrast: probe.followsSystemContrast,
            variants: slots.map { slot in slot.activeID(probe).flatMap { slot.variantIDs.firstIndex(of: $0) } })
        var problems: [String] = []
        if !probe.storageIssues.isEmpty { problems.append("storage issues \(probe.storageIssues)") }
        // A private type's name has no address in it: the same on every launch.
        if let key = base.keys.first(where: { $0.contains("unknown context") }) {
            problems.append("a key with an address in it: \(key)")
        }
        return (restored, problems)
    }

    /// Compares what a fresh launch would restore with the model's stored choices, or what a
    /// failed write may have left.
    private func checkStored() -> String? {
        let (restored, problems) = probe()
        var differences = problems
        for setting in Setting.allCases {
            let actual = restored.value(of: setting)
            let expected = model.stored.value(of: setting)
            if actual != expected && !leftovers.settings[setting, default: []].contains(actual) {
                differences.append("\(setting) is \(actual), the model says \(expected)")
            }
        }
        for (index, slot) in slots.enumerated() {
            let actual = restored.variants[index]
            let expected = model.stored.variants[index]
            if actual != expected && !leftovers.variants(of: index).contains(actual) {
                differences.append(
                    "variant of \(slot.label) is \(String(describing: actual.map { slot.variantIDs[$0] })), "
                        + "the model says \(String(describing: expected.map { slot.variantIDs[$0] }))")
            }
        }
        return differences.isEmpty ? nil : "a relaunch would restore: " + differences.joined(separator: "; ")
    }
}

// MARK: The tests

@Suite struct PersistenceModelTests {
    /// The fixed seeds, or the one in `THEMEKIT_MODEL_SEED` (to replay a failure).
    static let seeds: [UInt64] =
        ProcessInfo.processInfo.environment["THEMEKIT_MODEL_SEED"].flatMap(UInt64.init).map { [$0] }
        ?? Array(UInt64(0x5E55_0001)...0x5E55_0010)

    static let steps = 300

    @Test(
        "random user operations, relaunches and storage faults leave the theme and what it stores as the model says",
        arguments: seeds)
    func randomSequence(seed: UInt64) {
        let start = Date()
        if let failure = ModelRun(seed: seed).run(steps: Self.steps) {
            print("ThemeKit persistence model FAILED, " + failure)
            Issue.record(Comment(rawValue: failure))
        }
        print(
            "ThemeKit persistence model: seed \(seed), \(Self.steps) operations, "
                + String(format: "%.2f s", Date().timeIntervalSince(start)))
    }
}
