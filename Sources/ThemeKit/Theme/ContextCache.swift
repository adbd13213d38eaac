/// The contexts the engine hands to providers, one per appearance key, each kept in a box so
/// that a run gets it borrowed.
///
/// A `ThemeContext` holds its recorder strongly (a provider may keep a context past its run,
/// and the recorder must outlive it), so making one per run cost a retain and a release of
/// the recorder: two atomic operations per `bind`, and per object in a pass (RESULTS.md,
/// session 21). A boxed context is passed from the box's constant field, without a copy.
///
/// The only maker of contexts. Owned by a `_ThemeCore`; only the thread that holds the engine
/// touches it.
final class _ContextCache {
    /// A context, in the box whose constant field a run borrows.
    private final class Box {
        let context: ThemeContext

        init(_ context: ThemeContext) { self.context = context }
    }

    private let recorder: _DependencyRecorder
    /// The boxes, by appearance number (the low half of their key, less one; at most
    /// `_DependencyRecorder.appearanceLimit`); each retained once, by this cache. Memo:
    /// a box serves only a context of its own key, style and contrast, which are then
    /// all of that context; a new values stamp (a new key) replaces it on first use.
    /// Pays for: `register*` rows (two atomic operations per bind) and the pass's runs.
    @exclusivity(unchecked) private var boxes: ContiguousArray<Unmanaged<Box>?> = []
    /// Whether `withContext` runs its body (it must not be called again from it, which
    /// could release the box the body borrows).
    @exclusivity(unchecked) private var isLending = false

    init(recorder: _DependencyRecorder) { self.recorder = recorder }

    deinit {
        for box in boxes { box?.release() }
    }

    /// The boxes whose context is not one this cache may lend where it keeps it: the recorder's,
    /// with the key of its position (for the invariant checks).
    var misplacedContexts: [String] {
        boxes.indices.compactMap { index in
            guard let context = boxes[index]?.takeUnretainedValue().context else { return nil }
            let number = Int(truncatingIfNeeded: context._appearanceKey & 0xFFFF_FFFF)
            return context.recorder === recorder && number == index + 1
                ? nil : "context box \(index) holds appearance \(number) or another recorder"
        }
    }

    /// Calls `body` with the context for providers of the appearance `style` and `contrast`.
    /// `body` must not call this method again.
    @inline(__always)
    func withContext<Result>(
        style: ThemeStyle, contrast: ThemeContrast, _ body: (ThemeContext) -> Result
    ) -> Result {
        let key = recorder._appearanceKey(style: style, contrast: contrast)
        // Key 0: past the appearances one stamp numbers; a context of its own.
        guard key != 0 else {
            return body(ThemeContext(style: style, contrast: contrast, recorder: recorder, _appearanceKey: 0))
        }
        let index = Int(truncatingIfNeeded: key & 0xFFFF_FFFF) - 1
        let box = index < boxes.count ? boxes[index] : nil
        if let box, box._withUnsafeGuaranteedRef({ $0.context.isSame(key: key, style: style, contrast: contrast) }) {
            return lend(box, to: body)
        }
        return lend(replaceBox(at: index, key: key, style: style, contrast: contrast), to: body)
    }

    /// Calls `body` with the context of `box`, borrowed.
    @inline(__always)
    private func lend<Result>(_ box: Unmanaged<Box>, to body: (ThemeContext) -> Result) -> Result {
        precondition(!isLending, "ThemeKit: a context was asked for while one is lent")
        isLending = true
        defer { isLending = false }
        // Sound: this cache holds the box (retained once) until `replaceBox` or `deinit`, and
        // `replaceBox` is not reached while `isLending`.
        return box._withUnsafeGuaranteedRef { body($0.context) }
    }

    /// Boxes a new context at `index`, releasing the box it replaces.
    @inline(never)
    private func replaceBox(at index: Int, key: UInt64, style: ThemeStyle, contrast: ThemeContrast) -> Unmanaged<Box> {
        precondition(!isLending, "ThemeKit: a context was asked for while one is lent")
        let box = Unmanaged.passRetained(
            Box(ThemeContext(style: style, contrast: contrast, recorder: recorder, _appearanceKey: key)))
        while boxes.count <= index { boxes.append(nil) }
        boxes[index]?.release()
        boxes[index] = box
        return box
    }
}

extension ThemeContext {
    /// Whether this context is the one for `key`, `style` and `contrast` (its recorder is its theme's).
    @inline(__always)
    func isSame(key: UInt64, style: ThemeStyle, contrast: ThemeContrast) -> Bool {
        _appearanceKey == key && _resolvedContrast == contrast && _resolvedStyle == style
    }
}
