import ThemeKitTokens

/// The kinds of input the tool reads, told apart by content rather than file name.
enum InputKind: String, CaseIterable {
    /// A ThemeKit theme pack: a JSON object with `schemaVersion`.
    case themePack
    /// A W3C design-token (DTCG) file.
    case dtcgTokens
    /// A DTCG resolver document: `version` with `resolutionOrder`, `sets` or `modifiers`.
    case dtcgResolver
    /// An Xcode asset catalog folder (`.xcassets`), or any folder of `.colorset`s.
    case assetCatalog

    /// How the kind is named in text output.
    var displayName: String {
        switch self {
        case .themePack: "theme pack"
        case .dtcgTokens: "DTCG tokens"
        case .dtcgResolver: "DTCG resolver"
        case .assetCatalog: "asset catalog"
        }
    }

    /// The kind of a JSON document: a pack if it has `schemaVersion`, a resolver if it has `version` and
    /// one of `resolutionOrder`, `sets` or `modifiers`, design tokens otherwise.
    static func detect(_ value: JSONNode) -> InputKind {
        guard case .object(let object) = value else { return .dtcgTokens }
        if object["schemaVersion"] != nil { return .themePack }
        let resolverKeys = ["resolutionOrder", "sets", "modifiers"]
        if object["version"] != nil, resolverKeys.contains(where: { object[$0] != nil }) { return .dtcgResolver }
        return .dtcgTokens
    }
}
