/// The design-token file formats ThemeKit reads, told apart by content.
///
/// ```swift
/// let document = try JSONReader().read(data)
/// TokenFormat.detect(document.value)   // .styleDictionary for {"color": {"red": {"value": "#f00"}}}
/// ```
public enum TokenFormat: String, Hashable, Sendable, CaseIterable {
    /// W3C Design Tokens (DTCG): tokens are objects with `$value`.
    case dtcg
    /// Style Dictionary's own format: tokens are objects with `value` (and `type`, `comment`, `attributes`);
    /// references are `{color.base.red.value}` or `{color.base.red}`.
    case styleDictionary
    /// A Tokens Studio for Figma export: `value`/`type` tokens like Style Dictionary's, with Tokens Studio's
    /// types (`spacing`, `borderRadius`, `fontFamilies`…), math (`{spacing.base} * 2`), `$extensions`, and
    /// token sets and themes (`$metadata`, `$themes`).
    case tokensStudio

    /// How the format is named in messages.
    public var displayName: String {
        switch self {
        case .dtcg: "DTCG tokens"
        case .styleDictionary: "Style Dictionary tokens"
        case .tokensStudio: "Tokens Studio tokens"
        }
    }

    /// The format of a JSON document, or `nil` when it holds no token in any of them, decided on the file's
    /// structure (keys and type names), never on what a value looks like.
    ///
    /// - A root with `$themes` or `$metadata`, or any token (`value` or `$value`) with
    ///   `$extensions["studio.tokens"]` or a type only Tokens Studio uses (`spacing`, `fontFamilies`…), is a
    ///   Tokens Studio file — written with `value`/`type` or with the W3C export option's `$value`/`$type`.
    /// - Otherwise tokens with `$value` mean DTCG, and tokens with `value` Style Dictionary. A value such as
    ///   `rgba({color.black}, 0.5)` or `{size.base} * 2` does not change the format (both tools read it).
    ///
    /// - Complexity: O(*n*) in the size of the document.
    public static func detect(_ value: JSONNode) -> TokenFormat? {
        guard case .object(let root) = value else { return nil }
        if root["$themes"] != nil || root["$metadata"] != nil { return .tokensStudio }
        var stack = [root]
        var firstKind: TokenFormat?
        while let object = stack.popLast() {
            let isDTCGToken = object["$value"] != nil
            let isLegacyToken = !isDTCGToken && LegacyTokenTranslator.isToken(object)
            if isDTCGToken || isLegacyToken {
                if LegacyTokenTranslator.isStudioToken(object) { return .tokensStudio }
                if firstKind == nil { firstKind = isDTCGToken ? .dtcg : .styleDictionary }
                continue
            }
            for member in object.members.reversed() {
                if case .object(let child) = member.value { stack.append(child) }
            }
        }
        return firstKind
    }
}
