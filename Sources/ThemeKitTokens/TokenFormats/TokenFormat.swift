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

    /// The format of a JSON document, or `nil` when it holds no token in any of them.
    ///
    /// - A root with `$themes` or `$metadata` is a Tokens Studio file.
    /// - Otherwise the first token found decides: an object with `$value` means DTCG; an object with `value`
    ///   and no `$value` is a Style Dictionary token, or a Tokens Studio one when any such token has
    ///   `$extensions`, a type only Tokens Studio uses, or a math expression.
    ///
    /// - Complexity: O(*n*) in the size of the document; stops at the first DTCG token.
    public static func detect(_ value: JSONNode) -> TokenFormat? {
        guard case .object(let root) = value else { return nil }
        if root["$themes"] != nil || root["$metadata"] != nil { return .tokensStudio }
        var stack = [root]
        var sawLegacyToken = false
        while let object = stack.popLast() {
            if object["$value"] != nil { return .dtcg }
            if let tokenValue = object["value"], LegacyTokenTranslator.isToken(object) {
                sawLegacyToken = true
                if LegacyTokenTranslator.isStudioToken(object, value: tokenValue) { return .tokensStudio }
                continue
            }
            for member in object.members.reversed() {
                if case .object(let child) = member.value { stack.append(child) }
            }
        }
        return sawLegacyToken ? .styleDictionary : nil
    }
}
