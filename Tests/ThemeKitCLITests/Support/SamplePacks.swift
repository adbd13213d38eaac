/// Theme packs written out by tests: a complete valid one, and broken ones with known problems.
enum SamplePacks {
    /// A valid pack with every section: high-contrast values, a custom style, a translucent colour,
    /// text styles, metrics and contrast pairs that all pass AA.
    static let harbor = """
        {
          "schemaVersion": 1,
          "id": "com.example.harbor",
          "name": "Harbor",
          "description": "A test pack with every section.",
          "colors": {
            "background": {"light": "#FFFFFF", "dark": "#101418", "highContrastLight": "#FFFFFF", "highContrastDark": "#000000",
                           "custom": {"sepia": {"color": "#F4ECD8"}}},
            "text": {"light": "#1A1A1A", "dark": "#F0F0F0", "highContrastLight": "#000000", "highContrastDark": "#FFFFFF",
                     "custom": {"sepia": {"color": "#3B2F1E", "highContrast": "#1E150A"}}},
            "accent": {"light": "#0055CC", "dark": "#5CA8FF"},
            "scrim": {"light": "#00000066", "dark": "#00000099"},
            "brand.primary": "#0055CC"
          },
          "typography": {
            "body": {"family": "Inter", "size": 17, "weight": 400, "textStyle": "body", "lineHeight": 1.4},
            "title": {"size": 28, "weight": 700, "design": "rounded", "letterSpacing": 0.2}
          },
          "radii": {"small": 4, "large": 16},
          "spacing": {"m": 16, "xl": 32},
          "styles": {"sepia": "light"},
          "contrastPairs": [
            {"text": "text", "background": "background", "usage": "normalText"},
            {"text": "accent", "background": "background", "usage": "largeText"}
          ]
        }
        """

    /// A pack with a pair that fails AA in light: #999999 on white is 2.84:1.
    static let lowContrast = """
        {
          "schemaVersion": 1,
          "id": "com.example.low",
          "name": "Low",
          "colors": {
            "background": {"light": "#FFFFFF", "dark": "#000000"},
            "muted": {"light": "#999999", "dark": "#BBBBBB"}
          },
          "contrastPairs": [{"text": "muted", "background": "background", "usage": "normalText"}]
        }
        """

    /// Three errors no policy can repair around one that lenient can: a bad hex colour (left out
    /// under lenient), a negative radius, and a missing id.
    static let broken = """
        {
          "schemaVersion": 1,
          "name": "Broken",
          "colors": {
            "primary": {"light": "#GGGGGG", "dark": "#000000"},
            "ok": "#123456"
          },
          "radii": {"small": -4},
          "surprise": true
        }
        """

    /// Valid except for an unknown key: a warning under lenient, an error under strict.
    static let withUnknownKey = """
        {
          "schemaVersion": 1,
          "id": "com.example.unknown",
          "name": "Unknown key",
          "colors": {"background": "#FFFFFF"},
          "colour": {"typo": "#000000"}
        }
        """

    /// A bad colour that lenient leaves out: valid with a warning under lenient, invalid under strict.
    static let oneBadColor = """
        {
          "schemaVersion": 1,
          "id": "com.example.bad",
          "name": "One bad colour",
          "colors": {"good": "#FFFFFF", "bad": {"light": "#12345", "dark": "#000000"}}
        }
        """

    /// A small DTCG file with light values only and an alias.
    static let dtcgTokens = """
        {
          "color": {
            "$type": "color",
            "blue": {"$value": "#0055CC"},
            "primary": {"$value": "{color.blue}"}
          },
          "radius": {"$type": "dimension", "small": {"$value": {"value": 4, "unit": "px"}}}
        }
        """
}
