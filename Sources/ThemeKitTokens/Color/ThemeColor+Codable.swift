extension ThemeColor: Codable {
    private enum CodingKeys: String, CodingKey {
        case red, green, blue, alpha, displayP3
    }

    /// Decodes a colour from a hex string (`"#0055FF"`, any form ``init(hex:)`` accepts) or from an
    /// object of components (`{"red": 0, "green": 0.333, "blue": 1, "alpha": 1}`, alpha optional).
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose description is the ``ThemeColorError`` sentence and whose
    ///   `underlyingError` is the ``ThemeColorError`` itself, when the string is not a valid hex colour;
    ///   the usual `DecodingError`s when the value is neither a string nor a component object.
    public init(from decoder: any Decoder) throws {
        if let string = try Self.decodeStringIfPresent(from: decoder) {
            do {
                self = try ThemeColor(hex: string)
            } catch {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error)
                )
            }
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            red: try container.decode(Double.self, forKey: .red),
            green: try container.decode(Double.self, forKey: .green),
            blue: try container.decode(Double.self, forKey: .blue),
            alpha: try container.decodeIfPresent(Double.self, forKey: .alpha) ?? 1
        )
        if let p3 = try container.decodeIfPresent([Double].self, forKey: .displayP3) {
            guard p3.count == 3 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .displayP3, in: container, debugDescription: "displayP3 must be three components")
            }
            displayP3 = DisplayP3Components(red: p3[0], green: p3[1], blue: p3[2])
        }
    }

    /// Encodes the colour as its ``hex`` string when that is lossless, otherwise as a component object.
    ///
    /// A colour whose components are all exact multiples of 1/255 (every colour parsed from hex) is written as
    /// `"#RRGGBB"` / `"#RRGGBBAA"`, which keeps theme files readable. Any other colour (for example the result
    /// of ``interpolated(to:fraction:in:)``) is written as `{"red":…,"green":…,"blue":…,"alpha":…}` so that
    /// decoding gives back exactly the same value.
    public func encode(to encoder: any Encoder) throws {
        if isByteExact, displayP3 == nil {
            var container = encoder.singleValueContainer()
            try container.encode(hex)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(red, forKey: .red)
            try container.encode(green, forKey: .green)
            try container.encode(blue, forKey: .blue)
            try container.encode(alpha, forKey: .alpha)
            if let displayP3 {
                try container.encode([displayP3.red, displayP3.green, displayP3.blue], forKey: .displayP3)
            }
        }
    }

    /// The string value, or `nil` when the value has another type (only a type mismatch means "not a string").
    private static func decodeStringIfPresent(from decoder: any Decoder) throws -> String? {
        do {
            return try decoder.singleValueContainer().decode(String.self)
        } catch DecodingError.typeMismatch {
            return nil
        }
    }

    /// Whether every component is exactly `n / 255` for an integer `n`, so ``hex`` loses nothing.
    var isByteExact: Bool {
        [red, green, blue, alpha].allSatisfy { Double(Self.byte($0)) / 255 == $0 }
    }
}
