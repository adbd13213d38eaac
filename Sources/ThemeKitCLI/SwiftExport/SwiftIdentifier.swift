import ThemeKitTokens

/// Turns token names into Swift identifiers, and values into Swift literals.
enum SwiftIdentifier {
    /// Swift's reserved words; a property with one of these names is written in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "super",
        "throws", "true", "try", "_",
    ]
    /// Names that would clash with the members the generator adds, or that backticks cannot rescue.
    static let reserved: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "_"]

    /// A lowerCamelCase identifier made of the name's ASCII letters and digits.
    ///
    /// `color.background.brand` → `colorBackgroundBrand`, `Brand/Primary` → `brandPrimary`,
    /// `025` → `_025`, `default` → `` `default` ``. Returns `nil` when the name has no ASCII letter or digit.
    static func property(_ name: String) -> String? {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for scalar in name.unicodeScalars {
            let isAlphanumeric = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            guard isAlphanumeric else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            // Keep existing camel case: `textPrimary` stays two words.
            if scalar.properties.isUppercase, previousWasLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previousWasLower = scalar.properties.isLowercase || ("0"..."9").contains(scalar)
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return nil }
        var identifier = lowercasedFirstWord(first)
        for word in words.dropFirst() { identifier += word.prefix(1).uppercased() + word.dropFirst() }
        if let leading = identifier.unicodeScalars.first, ("0"..."9").contains(leading) {
            identifier = "_" + identifier
        }
        return identifier
    }

    /// `URL` → `url`, `Brand` → `brand`, `textPrimary` unchanged.
    private static func lowercasedFirstWord(_ word: String) -> String {
        if word.allSatisfy({ $0.isUppercase || $0.isNumber }) { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }

    /// An UpperCamelCase type-name prefix from a pack name: `Ocean Blue` → `OceanBlue`; `Theme` if none.
    static func typePrefix(_ name: String) -> String {
        guard let property = property(name) else { return "Theme" }
        let trimmed = property.hasPrefix("_") ? "Theme" + property.dropFirst() : property
        return trimmed.prefix(1).uppercased() + trimmed.dropFirst()
    }

    /// Unique property names for a list of token names, in the same order.
    ///
    /// Names that produce no identifier become `token`, and repeats get `_2`, `_3`… so every name has its
    /// own property; `taken` holds names already used by the type.
    static func unique(_ names: [String], taken: Set<String> = []) -> [String] {
        var used = taken
        return names.map { name in
            var base = property(name) ?? "token"
            if reserved.contains(base) { base += "_" }
            var candidate = base
            var counter = 2
            while used.contains(candidate) {
                candidate = "\(base)_\(counter)"
                counter += 1
            }
            used.insert(candidate)
            return candidate
        }
    }

    /// The identifier as written in a declaration: keywords in backticks.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// A Swift string literal, quotes included.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // Controls, line separators and bidi controls (U+202E would make the source read differently from
            // what it compiles to, "Trojan Source"): written as \u{…}, which compiles to the same string.
            case _ where TerminalText.needsEscape(scalar):
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Text safe inside a `///` comment: one line, control characters replaced by spaces, bidi controls
    /// shown as `\u{202E}` (so no comment can reorder the code around it).
    static func comment(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result += " "
            } else if TerminalText.needsEscape(scalar) {
                result += TerminalText.escaped(String(scalar))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A `Double` expression that reads back as exactly the same value.
    ///
    /// A subnormal value (`1e-320`) is written as `Swift.Double(bitPattern: 0x…)`: the compiler warns that its
    /// decimal literal "underflows and loses precision", which `-warnings-as-errors` turns into an error. The type
    /// is qualified so that a generated type named `Double` cannot shadow it.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        if value.isSubnormal {
            let digits = String(value.bitPattern, radix: 16, uppercase: true)
            return "Swift.Double(bitPattern: 0x\(String(repeating: "0", count: 16 - digits.count))\(digits))"
        }
        return "\(value)"
    }
}
