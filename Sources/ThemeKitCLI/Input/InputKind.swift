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
    /// A Style Dictionary token file: tokens with `value`/`type`, no `$value`.
    case styleDictionary
    /// A Tokens Studio for Figma export: one file, or a folder with `$metadata.json`/`$themes.json`.
    case tokensStudio

    /// How the kind is named in text output.
    var displayName: String {
        switch self {
        case .themePack: "theme pack"
        case .dtcgTokens: "DTCG tokens"
        case .dtcgResolver: "DTCG resolver"
        case .assetCatalog: "asset catalog"
        case .styleDictionary: "Style Dictionary tokens"
        case .tokensStudio: "Tokens Studio tokens"
        }
    }

    /// The kind of a JSON document: a pack if it has `schemaVersion`, a resolver if it has `version` and
    /// one of `resolutionOrder`, `sets` or `modifiers`; otherwise the token format its content shows
    /// (``TokenFormat/detect(_:)``: `$value` tokens are DTCG, `value` tokens Style Dictionary or Tokens
    /// Studio); DTCG tokens when there is no token at all, so the DTCG reader says what is missing.
    static func detect(_ value: JSONNode) -> InputKind {
        guard case .object(let object) = value else { return .dtcgTokens }
        if object["schemaVersion"] != nil { return .themePack }
        let resolverKeys = ["resolutionOrder", "sets", "modifiers"]
        if object["version"] != nil, resolverKeys.contains(where: { object[$0] != nil }) { return .dtcgResolver }
        switch TokenFormat.detect(value) {
        case .styleDictionary?: return .styleDictionary
        case .tokensStudio?: return .tokensStudio
        case .dtcg?, nil: return .dtcgTokens
        }
    }

    /// The names of the files that make a folder a Tokens Studio multi-file export.
    static let tokensStudioMarkers = ["$metadata.json", "$themes.json"]
}
