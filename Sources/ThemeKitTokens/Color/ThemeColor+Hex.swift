extension ThemeColor {
    /// Parses a CSS-style hex colour: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
    ///
    /// Alpha comes last, as in CSS (not first, as in Android's `#AARRGGBB`). Digits are case-insensitive.
    /// Nothing is trimmed: surrounding whitespace, a missing `#`, non-ASCII digits (such as fullwidth `Ｆ`)
    /// and any other length are errors that say what was wrong.
    ///
    /// ```swift
    /// try ThemeColor(hex: "#0af").hex        // "#00AAFF"
    /// try ThemeColor(hex: "#00000080").alpha // 0.50196…
    /// ```
    ///
    /// - Parameter hex: The hex string.
    /// - Throws: ``ThemeColorError`` describing the first problem found.
    public init(hex: String) throws(ThemeColorError) {
        guard let first = hex.first, let last = hex.last else { throw .empty }
        if first.isWhitespace || last.isWhitespace { throw .surroundingWhitespace(hex) }
        guard first == "#" else { throw .missingHash(hex) }
        var digits: [UInt8] = []
        for (offset, character) in hex.dropFirst().enumerated() {
            guard let value = Self.hexDigitValue(character) else {
                throw .invalidCharacter(hex, character: character, offset: offset + 1)
            }
            digits.append(value)
        }
        let bytes: [UInt8]
        switch digits.count {
        case 3, 4: bytes = digits.map { $0 << 4 | $0 }
        case 6, 8: bytes = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
        default: throw .invalidLength(hex, digits: digits.count)
        }
        self.init(
            red: Double(bytes[0]) / 255,
            green: Double(bytes[1]) / 255,
            blue: Double(bytes[2]) / 255,
            alpha: bytes.count == 4 ? Double(bytes[3]) / 255 : 1
        )
    }

    /// The colour as `#RRGGBB`, or `#RRGGBBAA` when it is not opaque; uppercase.
    ///
    /// Each component is rounded to the nearest 8-bit value. Alpha is printed only when it rounds to
    /// less than 255, so a colour with alpha 0.999 still prints as six digits.
    public var hex: String {
        let bytes = [red, green, blue, alpha].map(Self.byte)
        let shown = bytes[3] == 255 ? bytes.prefix(3) : bytes[...]
        return "#" + shown.map(Self.twoDigitHex).joined()
    }

    /// The nearest 8-bit value for a component in `0...1`.
    static func byte(_ component: Double) -> UInt8 {
        UInt8((clamped(component) * 255).rounded())
    }

    private static func twoDigitHex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + digits : digits
    }

    /// The value of an ASCII hex digit, or `nil` for anything else (including fullwidth and other
    /// Unicode digits, which `Character.hexDigitValue` would accept).
    static func hexDigitValue(_ character: Character) -> UInt8? {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, scalar.isASCII else { return nil }
        switch scalar.value {
        case 0x30...0x39: return UInt8(scalar.value - 0x30)
        case 0x41...0x46: return UInt8(scalar.value - 0x41 + 10)
        case 0x61...0x66: return UInt8(scalar.value - 0x61 + 10)
        default: return nil
        }
    }
}
