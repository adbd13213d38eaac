import ThemeKitTokens

/// The tokens added, removed and changed between two packs.
///
/// Tokens are compared by section and name; a changed token lists each field that differs
/// (`accent.dark`, `body.size`). Colours are compared by their 8-bit hex values, so two packs that
/// print the same are the same.
struct PackDiff {
    /// One difference.
    struct Change: Equatable {
        enum Kind: String {
            case added
            case removed
            case changed
        }

        var kind: Kind
        /// `colors`, `typography`, `radii`, `spacing`, `styles`, `contrastPairs` or `pack`.
        var section: String
        /// The token's name (for `pack`, the field: `id`, `name`, `description`).
        var name: String
        /// The field that changed inside the token (`dark`, `custom.sepia`, `size`); `nil` for the whole token.
        var field: String?
        var old: String?
        var new: String?

        /// `accent.dark`.
        var path: String { field.map { "\(name).\($0)" } ?? name }
    }

    var changes: [Change] = []

    init(from old: ThemePack, to new: ThemePack) {
        for field in ["id", "name", "description"] {
            let before = Self.metadata(old, field)
            let after = Self.metadata(new, field)
            if before != after {
                changes.append(
                    Change(
                        kind: before == nil ? .added : after == nil ? .removed : .changed, section: "pack", name: field,
                        old: before, new: after))
            }
        }
        compare("colors", old.colors, new.colors, fields: Self.colorFields)
        compare("typography", old.typography, new.typography, fields: Self.typographyFields)
        compare("radii", old.radii, new.radii) { ["": JSONWriter.format($0)] }
        compare("spacing", old.spacing, new.spacing) { ["": JSONWriter.format($0)] }
        compare(
            "styles", Dictionary(uniqueKeysWithValues: old.styles.map { ($0.key.rawValue, $0.value.rawValue) }),
            Dictionary(uniqueKeysWithValues: new.styles.map { ($0.key.rawValue, $0.value.rawValue) })
        ) { ["": $0] }
        let pairName: (ContrastPair) -> String = { "\($0.text) on \($0.background) (\($0.usage.rawValue))" }
        let oldPairs = Set(old.contrastPairs.map(pairName))
        let newPairs = Set(new.contrastPairs.map(pairName))
        for pair in old.contrastPairs.map(pairName) where !newPairs.contains(pair) {
            changes.append(Change(kind: .removed, section: "contrastPairs", name: pair))
        }
        for pair in new.contrastPairs.map(pairName) where !oldPairs.contains(pair) {
            changes.append(Change(kind: .added, section: "contrastPairs", name: pair))
        }
    }

    var isEmpty: Bool { changes.isEmpty }
    func count(_ kind: Change.Kind) -> Int { changes.count { $0.kind == kind } }

    static func metadata(_ pack: ThemePack, _ field: String) -> String? {
        switch field {
        case "id": pack.id
        case "name": pack.name
        default: pack.description
        }
    }

    /// Compares two sections field by field; `fields` flattens a token to `field: text` (`""` for a scalar).
    private mutating func compare<Value>(
        _ section: String, _ old: [String: Value], _ new: [String: Value], fields: (Value) -> [String: String]
    ) {
        for name in Set(old.keys).union(new.keys).sorted() {
            switch (old[name], new[name]) {
            case (nil, let added?):
                changes.append(Change(kind: .added, section: section, name: name, new: Self.summary(fields(added))))
            case (let removed?, nil):
                changes.append(Change(kind: .removed, section: section, name: name, old: Self.summary(fields(removed))))
            case (let before?, let after?):
                let beforeFields = fields(before)
                let afterFields = fields(after)
                for field in Set(beforeFields.keys).union(afterFields.keys).sorted(by: Self.fieldOrder)
                where beforeFields[field] != afterFields[field] {
                    changes.append(
                        Change(
                            kind: .changed, section: section, name: name, field: field.isEmpty ? nil : field,
                            old: beforeFields[field], new: afterFields[field]))
                }
            case (nil, nil): break
            }
        }
    }

    /// `light #FFFFFF, dark #000000` for a token, the value alone for a scalar.
    static func summary(_ fields: [String: String]) -> String {
        if let scalar = fields[""], fields.count == 1 { return scalar }
        return fields.keys.sorted(by: fieldOrder).compactMap { key in fields[key].map { "\(key) \($0)" } }
            .joined(separator: ", ")
    }

    static let knownOrder = [
        "light", "dark", "highContrastLight", "highContrastDark", "family", "size", "weight", "design", "textStyle",
        "lineHeight", "letterSpacing",
    ]

    /// Appearances in their usual order, then custom styles and anything else by name.
    static func fieldOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = knownOrder.firstIndex(of: lhs) ?? knownOrder.count
        let right = knownOrder.firstIndex(of: rhs) ?? knownOrder.count
        return left != right ? left < right : lhs < rhs
    }

    static func colorFields(_ set: ColorSet) -> [String: String] {
        var fields = ["light": set.light.hex, "dark": set.dark.hex]
        if let value = set.highContrastLight { fields["highContrastLight"] = value.hex }
        if let value = set.highContrastDark { fields["highContrastDark"] = value.hex }
        for (style, value) in set.custom where style != .light && style != .dark {
            fields["custom.\(style.rawValue)"] = value.color.hex
            if let high = value.highContrast { fields["custom.\(style.rawValue).highContrast"] = high.hex }
        }
        return fields
    }

    static func typographyFields(_ token: TypographyToken) -> [String: String] {
        var fields = [
            "size": JSONWriter.format(token.size), "weight": String(token.weight), "design": token.design.rawValue,
        ]
        if let family = token.family { fields["family"] = JSONWriter.quoted(family) }
        if let style = token.textStyle { fields["textStyle"] = style.rawValue }
        if let value = token.lineHeight { fields["lineHeight"] = JSONWriter.format(value) }
        if let value = token.letterSpacing { fields["letterSpacing"] = JSONWriter.format(value) }
        return fields
    }
}
