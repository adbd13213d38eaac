/// A theme pack: a brand's colours, typography, corner radii and spacing, as one versioned value.
///
/// Packs are read from JSON with ``ThemePackDecoder`` (which validates untrusted input),
/// written with ``ThemePackEncoder`` (canonical JSON with sorted keys), imported from W3C
/// design tokens with ``DTCGImporter``, and applied to a running theme through the
/// `ThemeExtension` values ``ThemePackColors``, ``ThemePackTypography`` and ``ThemePackMetrics``.
///
/// ```swift
/// let decoded = try ThemePackDecoder(policy: .strict).decode(data)
/// let colors = ThemePackColors(decoded.pack)
/// colors.color("background", for: .dark)
/// ```
///
/// The JSON format (`"schemaVersion": 1`) is described in `Docs/ThemePacks.md` and
/// `Docs/theme-pack.schema.json`.
public struct ThemePack: Hashable, Sendable {
    /// The schema versions this library reads. Writing always uses ``currentSchemaVersion``.
    public static let supportedSchemaVersions: ClosedRange<Int> = 1...1
    /// The schema version ``ThemePackEncoder`` writes.
    public static let currentSchemaVersion = 1

    /// A stable identifier, e.g. `com.example.ocean`: 1–128 ASCII letters, digits, `.`, `-` or `_`.
    public var id: String
    /// The display name, 1–200 characters.
    public var name: String
    /// An optional description, at most 2 000 characters.
    public var description: String?
    /// Colours by name, each with its light, dark, high-contrast and custom-style values.
    public var colors: [String: ColorSet]
    /// Text styles by name.
    public var typography: [String: TypographyToken]
    /// Corner radii by name, in points (0…10 000).
    public var radii: [String: Double]
    /// Spacing by name, in points (0…10 000).
    public var spacing: [String: Double]
    /// Custom styles this pack defines, each mapped to the style it falls back to.
    public var styles: [ThemeStyle: ThemeStyle]
    /// Text/background colour pairs whose contrast tools check (see ``contrastChecks()``).
    public var contrastPairs: [ContrastPair]

    /// Creates a pack.
    /// - Parameters:
    ///   - id: A stable identifier.
    ///   - name: The display name.
    ///   - description: An optional description.
    ///   - colors: Colours by name.
    ///   - typography: Text styles by name.
    ///   - radii: Corner radii by name, in points.
    ///   - spacing: Spacing by name, in points.
    ///   - styles: Custom styles and their base styles.
    ///   - contrastPairs: Colour pairs whose contrast tools check.
    public init(
        id: String, name: String, description: String? = nil, colors: [String: ColorSet] = [:],
        typography: [String: TypographyToken] = [:], radii: [String: Double] = [:], spacing: [String: Double] = [:],
        styles: [ThemeStyle: ThemeStyle] = [:], contrastPairs: [ContrastPair] = []
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.colors = colors
        self.typography = typography
        self.radii = radii
        self.spacing = spacing
        self.styles = styles
        self.contrastPairs = contrastPairs
    }

    /// The largest accepted radius or spacing, in points.
    public static let maxMetric = 10_000.0
    /// The longest accepted token or style name, in characters.
    public static let maxNameLength = 128
    /// The longest accepted token or style name, in bytes of UTF-8: four per character of
    /// ``maxNameLength``. A name may be short in characters and long in bytes (one letter followed by
    /// half a million combining marks is one character), and every token below a group carries the
    /// group's name.
    public static let maxNameBytes = 4 * maxNameLength

    /// The most custom styles a pack may declare.
    ///
    /// Tools check every pair in every style (`themekit contrast`) and show every colour in every style
    /// (`themekit preview`), so the work grows with the number of styles; the decoder refuses more with
    /// ``ThemePackIssue/Code/tooManyStyles``.
    public static let maxStyles = 512
    /// The longest chain of custom styles from a style to `light` or `dark`: `sepia` → `paper` → `light`
    /// has depth 2. The decoder refuses deeper chains with ``ThemePackIssue/Code/styleChainTooDeep``.
    public static let maxStyleChainDepth = 32
}

/// A text colour and the background it is drawn on, with the WCAG threshold they must meet.
public struct ContrastPair: Hashable, Codable, Sendable {
    /// What the pair is used for, which sets the WCAG 2 minimum contrast ratio.
    public enum Usage: String, Hashable, Codable, Sendable, CaseIterable {
        /// Body text: at least 4.5:1 (WCAG 1.4.3 AA).
        case normalText
        /// Text at least 18 pt, or 14 pt bold: at least 3:1 (WCAG 1.4.3 AA).
        case largeText
        /// Icons, borders and other graphics: at least 3:1 (WCAG 1.4.11).
        case nonText

        /// The minimum contrast ratio: 4.5 for normal text, 3 otherwise.
        public var minimumRatio: Double {
            switch self {
            case .normalText: 4.5
            case .largeText, .nonText: 3
            }
        }
    }

    /// The name of the foreground colour.
    public var text: String
    /// The name of the background colour.
    public var background: String
    /// What the pair is used for.
    public var usage: Usage

    /// Creates a pair.
    /// - Parameters:
    ///   - text: The name of the foreground colour.
    ///   - background: The name of the background colour.
    ///   - usage: What the pair is used for; `.normalText` by default.
    public init(text: String, background: String, usage: Usage = .normalText) {
        self.text = text
        self.background = background
        self.usage = usage
    }
}
