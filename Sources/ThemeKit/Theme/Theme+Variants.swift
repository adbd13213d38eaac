/// Variants: named brands that resolve per style and contrast, restorable by id.
extension Theme {
    /// Makes variants known to the theme, so a persisted choice can be restored by id.
    ///
    /// When the storage remembers an active variant of one of these types and
    /// nothing has been applied to that type yet, it is activated now.
    public func register(_ variants: [any ThemeVariant]) {
        for variant in variants { register(one: variant) }
    }

    private func register<Variant: ThemeVariant>(one variant: Variant) {
        let id = _ExtensionRegistry.id(of: Variant.Extension.self)
        // `variant.id` is read once, here, outside the lock: it is the user's code.
        let box = _VariantBox(variant, extensionTypeID: id)
        let variantID = box.variantID
        let name = _ExtensionRegistry.entry(id).persistenceName
        _core.mutate { model in
            model.registerVariant(box, id: id)
            if let name, model.restorableVariants[name] == variantID, model.variant(id: id) == nil,
                id >= model.values.count || model.values[id] == nil
            {
                model.restorableVariants[name] = nil
                model.setVariant(box, id: id)
                model.markExtensionChanged(id)
                model.pending.events.append(
                    .variantChanged(ThemeExtensionID(Variant.Extension.self), variantID: variantID))
            }
        }
    }

    /// Activates `variant` for its extension type and switches to `style`.
    ///
    /// Stops following the system (``followsSystem`` becomes `false`). The choice
    /// is persisted; register the variant at the next launch to restore it.
    public func apply<Variant: ThemeVariant>(variant: Variant, for style: ThemeStyle) {
        activate(variant) { model in
            model.setFollowsSystem(false)
            model.setStyle(style)
        }
    }

    /// Activates `variant` for its extension type, keeping the current style.
    public func apply<Variant: ThemeVariant>(variant: Variant) {
        activate(variant) { _ in }
    }

    /// Activates the registered variant with id `variantID` for `type`.
    /// - Returns: `false` when no such variant was registered (nothing changes).
    @discardableResult
    public func applyVariant<Extension: ThemeExtension>(id variantID: String, for type: Extension.Type) -> Bool {
        let id = _ExtensionRegistry.id(of: type)
        return _core.mutate { model in
            guard let box = model.registeredVariants[id]?[variantID] else { return false }
            Self.activate(box, id: id, extensionID: ThemeExtensionID(type), in: &model)
            return true
        }
    }

    /// The id of the active variant of `type`, if any.
    public func activeVariantID<Extension: ThemeExtension>(for type: Extension.Type) -> String? {
        let id = _ExtensionRegistry.id(of: type)
        return _core.read { $0.variant(id: id)?.variantID }
    }

    /// Deactivates the variant of `type`; the last applied value (or `fallback`) is used again.
    ///
    /// The stored choice is cleared even when no variant is active: a variant of `type` stored at
    /// an earlier launch and not restored yet (no variant of its id registered so far) does not
    /// come back on a later ``register(_:)``, and one left in storage by a write that failed goes.
    public func clearVariant<Extension: ThemeExtension>(for type: Extension.Type) {
        let id = _ExtensionRegistry.id(of: type)
        _core.mutate { model in
            // Nothing to clear, nothing changes (and nothing is delivered: see `_ThemeCore.mutate`).
            guard model.hasVariantToClear(forExtension: id) else { return }
            if model.variant(id: id) != nil {
                model.setVariant(nil, id: id)
                model.markExtensionChanged(id)
                model.pending.events.append(.variantChanged(ThemeExtensionID(type), variantID: nil))
            }
            // Stored as cleared even when no variant is active: one stored at an earlier launch and
            // not restored yet, or left by a write that failed, is the user's choice no longer.
            model.choseVariant(forExtension: id)
        }
    }

    private func activate<Variant: ThemeVariant>(_ variant: Variant, also change: (inout ThemeModel) -> Void) {
        let id = _ExtensionRegistry.id(of: Variant.Extension.self)
        let box = _VariantBox(variant, extensionTypeID: id)
        _core.mutate { model in
            model.registerVariant(box, id: id)
            Self.activate(box, id: id, extensionID: ThemeExtensionID(Variant.Extension.self), in: &model)
            change(&model)
        }
    }

    private static func activate(
        _ box: _AnyVariantBox, id: Int, extensionID: ThemeExtensionID, in model: inout ThemeModel
    ) {
        let previous = model.variant(id: id)
        model.setVariant(box, id: id)
        model.markExtensionChanged(id)
        model.choseVariant(forExtension: id)
        if previous?.variantID != box.variantID {
            model.pending.events.append(.variantChanged(extensionID, variantID: box.variantID))
        }
    }
}
