import Foundation

/// What a theme read back from storage at start-up.
struct RestoredState {
    var style: ThemeStyle?
    var contrast: ThemeContrast?
    var followsSystem: Bool?
    var followsSystemContrast: Bool?
    var variants: [String: String] = [:]
    /// The names the variant index lists (also those whose variant could not be read).
    var variantIndex: Set<String> = []
    /// Whether the index could be read (or was not there): `variantIndex` is then all of it.
    var variantIndexIsComplete = true
    var issues: [ThemeStorageError] = []
}

/// Storage keys, relative to a theme's namespace prefix.
enum StorageKey {
    static let style = "style"
    static let contrast = "contrast"
    static let followsSystem = "followsSystem"
    static let followsSystemContrast = "followsSystemContrast"
    static let variantIndex = "variants"
    static func variant(_ typeName: String) -> String { "variant.\(typeName)" }
}

/// The full storage keys of the settings a theme may persist on every change, built
/// once per theme (joining the prefix per write cost a string allocation each).
struct SettingKeys {
    let style: String
    let contrast: String
    let followsSystem: String
    let followsSystemContrast: String
    let variantIndex: String

    init(prefix: String) {
        style = prefix + StorageKey.style
        contrast = prefix + StorageKey.contrast
        followsSystem = prefix + StorageKey.followsSystem
        followsSystemContrast = prefix + StorageKey.followsSystemContrast
        variantIndex = prefix + StorageKey.variantIndex
    }
}

extension _ThemeCore {
    /// Reads every persisted choice; each unreadable key is reported and left at its default.
    static func restore(from storage: any ThemeStorage, prefix: String) -> RestoredState {
        var state = RestoredState()
        state.style = read(ThemeStyle.self, StorageKey.style, storage, prefix, &state.issues)
        state.contrast = read(ThemeContrast.self, StorageKey.contrast, storage, prefix, &state.issues)
        state.followsSystem = read(Bool.self, StorageKey.followsSystem, storage, prefix, &state.issues)
        state.followsSystemContrast = read(
            Bool.self, StorageKey.followsSystemContrast, storage, prefix, &state.issues)
        // Names that hold an address were written by builds before `ThemeExtensionID.stableName`:
        // no type has them any more. Left out, they go from the index at its next write.
        let issueCount = state.issues.count
        let names = (read([String].self, StorageKey.variantIndex, storage, prefix, &state.issues) ?? [])
            .filter { !$0.contains(ThemeExtensionID.addressedScopeMarker) }
        // Unreadable (not corrupt): what it lists is unknown, and may be read again later.
        state.variantIndexIsComplete = !state.issues[issueCount...].contains { $0.kind == .unreadable }
        state.variantIndex = Set(names)
        for name in names {
            if let id = read(String.self, StorageKey.variant(name), storage, prefix, &state.issues) {
                state.variants[name] = id
            }
        }
        return state
    }

    private static func read<Value: Decodable>(
        _ type: Value.Type, _ key: String, _ storage: any ThemeStorage, _ prefix: String,
        _ issues: inout [ThemeStorageError]
    ) -> Value? {
        let fullKey = prefix + key
        do {
            guard let data = try storage.data(forKey: fullKey) else { return nil }
            return try decode(type, from: data, key: fullKey)
        } catch {
            issues.append(error)
            return nil
        }
    }

    static func decode<Value: Decodable>(
        _ type: Value.Type, from data: Data, key: String
    ) throws(ThemeStorageError) -> Value {
        // Values are stored as a one-element array (see `encode`): anything else is corrupt.
        if let values = try? JSONDecoder().decode([Value].self, from: data), values.count == 1 {
            return values[0]
        }
        // Stored bytes are untrusted: escaped, so the reason (which apps log) stays one line.
        let preview = UntrustedText.escaped(String(decoding: data.prefix(40), as: UTF8.self))
        throw ThemeStorageError(
            kind: .corrupt, key: key, reason: "expected a \(Value.self) in a one-element JSON array, found '\(preview)'"
        )
    }

    static func encode<Value: Encodable>(_ value: Value, key: String) throws(ThemeStorageError) -> Data {
        if let data = PersistedJSON.array(of: value) { return data }
        do {
            // Wrapped in an array so every value is a valid JSON document.
            return try JSONEncoder().encode([value])
        } catch {
            throw ThemeStorageError(kind: .writeFailed, key: key, reason: "cannot encode \(Value.self): \(error)")
        }
    }

    /// Writes persisted values, and those an earlier write failed to store (`unsaved`) under
    /// them; failures become events, leave the in-memory state as it is, and are tried again by
    /// the next pass that writes anything — unless storage no longer holds what it held when the
    /// write failed: then another theme or process (an app extension) wrote there since, and its
    /// newer value stands.
    func write(_ newValues: PersistedValues, into events: inout [ThemeEvent]) {
        // A damaged file a write moved aside is reported, after this pass's own failures.
        defer { events.append(contentsOf: takeDamageReports().map { .storageFailure($0) }) }
        let values = retriable(unsaved, under: newValues).overlaid(by: newValues)
        unsaved = PersistedValues()
        unsavedBaselines = [:]
        func store<Value: Encodable>(_ value: Value?, _ fullKey: String) -> Bool {
            guard let value else { return true }
            do {
                try storage.setData(try Self.encode(value, key: fullKey), forKey: fullKey)
                return true
            } catch {
                events.append(.storageFailure(error))
                noteFailedWrite(fullKey)
                return false
            }
        }
        /// Stores the setting at `path`, or leaves it unsaved; `false` when it is not stored.
        func store<Value: Encodable>(_ path: WritableKeyPath<ChosenSettings, Value?>, _ fullKey: String) -> Bool {
            if store(values.settings[keyPath: path], fullKey) { return true }
            unsaved.settings[keyPath: path] = values.settings[keyPath: path]
            return false
        }
        /// Stores a follow-the-system flag, unless it turns following off while the value it fixes
        /// (the style, the contrast) could not be stored: written alone, that would force the old one.
        func storeFollowing(_ path: WritableKeyPath<ChosenSettings, Bool?>, _ fullKey: String, fixedStored: Bool) {
            if values.settings[keyPath: path] == false && !fixedStored {
                unsaved.settings[keyPath: path] = false
                noteFailedWrite(fullKey)
            } else {
                _ = store(path, fullKey)
            }
        }
        // The style before `followsSystem`, the contrast before `followsSystemContrast`: a change
        // cut short between the two follows the system as before it.
        let styleStored = store(\.style, settingKeys.style)
        let contrastStored = store(\.contrast, settingKeys.contrast)
        storeFollowing(\.followsSystem, settingKeys.followsSystem, fixedStored: styleStored)
        storeFollowing(\.followsSystemContrast, settingKeys.followsSystemContrast, fixedStored: contrastStored)
        guard !values.variants.isEmpty else { return }
        // What each variant key was written with (`nil`: removed), the baseline of a retry that
        // waits for the index: known without reading it back.
        var written: [String: Data?] = [:]
        for (name, id) in values.variants {
            let fullKey = keyPrefix + StorageKey.variant(name)
            do {
                if let id {
                    let data = try Self.encode(id, key: fullKey)
                    try storage.setData(data, forKey: fullKey)
                    written[fullKey] = .some(data)
                } else {
                    try storage.removeData(forKey: fullKey)
                    written[fullKey] = .some(nil)
                }
            } catch {
                events.append(.storageFailure(error))
                noteFailedWrite(fullKey)
                unsaved.variants.append((name, id))
            }
        }
        /// Puts this pass's variants back to be written again with the index.
        func retryWithIndex() {
            for entry in values.variants where !unsaved.variants.contains(where: { $0.name == entry.name }) {
                let fullKey = keyPrefix + StorageKey.variant(entry.name)
                if let data = written[fullKey] { unsavedBaselines[fullKey] = data } else { noteFailedWrite(fullKey) }
                unsaved.variants.append(entry)
            }
        }
        // The index of persisted variant types, merged with what is stored (another theme or process
        // over the same storage and namespace may have added to it): rewriting only this pass's types
        // would drop the others' choices. Read and written in one step where the storage can
        // (`_KeyUpdatingStorage`: ThemeKit's file storage locks the file across processes for it).
        let indexKey = settingKeys.variantIndex
        /// `names` with this pass's variants added and removed.
        func changed(_ names: Set<String>) -> [String] {
            var names = names
            for (name, id) in values.variants {
                if id == nil { names.remove(name) } else { names.insert(name) }
            }
            return names.sorted()
        }
        do {
            try storage.updateData(forKey: indexKey) { (data: Data?) throws(ThemeStorageError) -> Data? in
                // Not `Optional.map`: it rethrows as `any Error` in the iOS SDK's standard library.
                var names = Set<String>()
                if let data { names = Set(try Self.decode([String].self, from: data, key: indexKey)) }
                lastReadVariantIndex = names
                return try Self.encode(changed(names), key: indexKey)
            }
        } catch {
            events.append(.storageFailure(error))
            guard error.kind == .corrupt else {
                // Unreadable: what it lists now is unknown (another process may have added to it since this
                // theme read it), so it is not overwritten; not written: this pass's variants wait, unsaved,
                // to be written again with it once it can be read and written.
                if error.kind == .writeFailed { noteFailedWrite(indexKey) }
                retryWithIndex()
                return
            }
            // Corrupt: nothing can be read from it any more. Written anew with what it listed when
            // this theme last read it (at launch, or at an earlier write) and every change since.
            // The index goes with the variants: when it fails, each is written again, and it with them.
            if !store(changed(values.knownVariantIndex.union(lastReadVariantIndex ?? [])), indexKey) {
                retryWithIndex()
            }
        }
    }

    /// Notes what storage holds under `fullKey` after a write to it failed, so that a retry can
    /// tell whether anyone wrote there since; nothing when it cannot be read (then no retry).
    private func noteFailedWrite(_ fullKey: String) {
        guard unsavedBaselines[fullKey] == nil else { return }
        do {
            unsavedBaselines[fullKey] = .some(try storage.data(forKey: fullKey))
        } catch {
            // Unknown: the value is not written again.
        }
    }

    /// The values of `failed` worth writing again: those `newer` does not replace, whose key still
    /// holds what it held when their write failed.
    private func retriable(_ failed: PersistedValues, under newer: PersistedValues) -> PersistedValues {
        func unchanged(_ fullKey: String) -> Bool {
            guard let baseline = unsavedBaselines[fullKey] else { return false }
            do {
                return try storage.data(forKey: fullKey) == baseline
            } catch {
                return false
            }
        }
        /// The failed value at `path`, unless `newer` replaces it or its key changed since.
        func retry<Value>(_ path: KeyPath<ChosenSettings, Value?>, _ fullKey: String) -> Value? {
            guard newer.settings[keyPath: path] == nil, let value = failed.settings[keyPath: path], unchanged(fullKey)
            else { return nil }
            return value
        }
        var result = PersistedValues()
        result.settings = ChosenSettings(
            style: retry(\.style, settingKeys.style), contrast: retry(\.contrast, settingKeys.contrast),
            followsSystem: retry(\.followsSystem, settingKeys.followsSystem),
            followsSystemContrast: retry(\.followsSystemContrast, settingKeys.followsSystemContrast))
        // Turning following off is written again only with the style (contrast) it fixes: not when
        // that failed and is written neither again nor anew.
        let styleDropped = failed.settings.style != nil && result.settings.style == nil && newer.settings.style == nil
        if failed.settings.followsSystem == false, styleDropped { result.settings.followsSystem = nil }
        let contrastDropped =
            failed.settings.contrast != nil && result.settings.contrast == nil && newer.settings.contrast == nil
        if failed.settings.followsSystemContrast == false, contrastDropped {
            result.settings.followsSystemContrast = nil
        }
        let newerNames = Set(newer.variants.map(\.name))
        result.variants = failed.variants.filter { entry in
            !newerNames.contains(entry.name) && unchanged(keyPrefix + StorageKey.variant(entry.name))
        }
        return result
    }

    /// What the storage dealt with on its own since it was last asked (``_DamageReportingStorage``).
    func takeDamageReports() -> [ThemeStorageError] {
        (storage as? any _DamageReportingStorage)?._takeDamageReports() ?? []
    }

    /// Queues the storage's damage reports as events for the next delivery (after a write outside a pass).
    private func queueDamageReports() {
        let reports = takeDamageReports()
        guard !reports.isEmpty else { return }
        mutate { $0.pending.events.append(contentsOf: reports.map { .storageFailure($0) }) }
    }

    /// Stores an app-defined value under the theme's namespace.
    func storeValue<Value: Encodable>(_ value: Value, forKey key: String) throws(ThemeStorageError) {
        let fullKey = keyPrefix + "app." + key
        defer { queueDamageReports() }
        try storage.setData(try Self.encode(value, key: fullKey), forKey: fullKey)
    }

    /// Reads an app-defined value stored under the theme's namespace.
    func storedValue<Value: Decodable>(_ type: Value.Type, forKey key: String) throws(ThemeStorageError) -> Value? {
        let fullKey = keyPrefix + "app." + key
        guard let data = try storage.data(forKey: fullKey) else { return nil }
        return try Self.decode(type, from: data, key: fullKey)
    }

    /// Reads, changes and stores an app-defined value in one step where the storage can (see
    /// `Theme._updateStoredValue`).
    func updateStoredValue<Value: Codable>(
        _ type: Value.Type, forKey key: String, _ change: (Value?) -> Value
    ) throws(ThemeStorageError) -> Value {
        let fullKey = keyPrefix + "app." + key
        defer { queueDamageReports() }
        var stored: Value?
        try storage.updateData(forKey: fullKey) { (data: Data?) throws(ThemeStorageError) -> Data? in
            var current: Value?
            if let data { current = try Self.decode(type, from: data, key: fullKey) }
            let updated = change(current)
            stored = updated
            return try Self.encode(updated, key: fullKey)
        }
        // Set: `updateData` returns only after calling `change`, or throws.
        guard let stored else { preconditionFailure("updateData returned without calling its change") }
        return stored
    }

    /// Removes an app-defined value stored under the theme's namespace.
    func removeStoredValue(forKey key: String) throws(ThemeStorageError) {
        defer { queueDamageReports() }
        try storage.removeData(forKey: keyPrefix + "app." + key)
    }
}
