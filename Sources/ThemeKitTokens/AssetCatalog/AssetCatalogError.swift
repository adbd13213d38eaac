/// Why an asset catalog or colour set could not be read or written.
///
/// Every case names the file, and for malformed JSON the JSON path of the offending value
/// (`$.colors[1].color.components.red`), so the message points at what to fix.
public enum AssetCatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file or folder could not be read.
    case readFailed(path: String, reason: String)
    /// A file or folder could not be written.
    case writeFailed(path: String, reason: String)
    /// The file is not valid JSON, or exceeds ``JSONReader``'s limits; `reason` gives the line, column and
    /// JSON path of the problem.
    case invalidJSON(path: String, reason: String)
    /// A required value is absent.
    case missingValue(path: String, jsonPath: String)
    /// A value has the wrong JSON type.
    case wrongType(path: String, jsonPath: String, expected: String, found: String)
    /// A colour component could not be read as a number in its allowed range.
    case invalidComponent(path: String, jsonPath: String, value: String, reason: String)
    /// A colour name cannot be used as a `.colorset` folder name.
    case invalidColorSetName(String, reason: String)

    /// A sentence naming the file, the JSON path and what was wrong, escaped with
    /// ``TerminalText/escaped(_:)`` (file names and values come from the catalog).
    public var description: String { TerminalText.escaped(sentence) }

    private var sentence: String {
        switch self {
        case .readFailed(let path, let reason):
            return "Could not read '\(path)': \(reason)"
        case .writeFailed(let path, let reason):
            return "Could not write '\(path)': \(reason)"
        case .invalidJSON(let path, let reason):
            return "'\(path)' is not valid JSON: \(reason)"
        case .missingValue(let path, let jsonPath):
            return "'\(path)' has no value at \(jsonPath)"
        case .wrongType(let path, let jsonPath, let expected, let found):
            return "'\(path)' has \(found) at \(jsonPath); expected \(expected)"
        case .invalidComponent(let path, let jsonPath, let value, let reason):
            return "'\(path)' has colour component '\(value)' at \(jsonPath), which \(reason)"
        case .invalidColorSetName(let name, let reason):
            return "'\(name)' cannot be a colour set name: \(reason)"
        }
    }
}

/// Something in an asset catalog that was skipped or changed while reading or writing, without failing.
///
/// Warnings name the file and JSON path involved; show them to the user, since each one means the
/// result is not exactly what the catalog says.
public enum AssetCatalogWarning: Hashable, Sendable, CustomStringConvertible {
    /// An entry refers to a system colour (`"reference" : "systemBackgroundColor"`) instead of giving
    /// components. Its value depends on the platform at run time, so the entry was skipped.
    case systemColorReference(path: String, jsonPath: String, name: String)
    /// An entry uses a colour space this reader does not convert; the entry was skipped.
    case unsupportedColorSpace(path: String, jsonPath: String, colorSpace: String)
    /// An entry is for a specific device idiom (such as `"mac"` or `"watch"`) rather than `universal`;
    /// the entry was skipped.
    case unsupportedIdiom(path: String, jsonPath: String, idiom: String)
    /// An entry has an appearance other than luminosity light/dark or contrast high; the entry was skipped.
    case unsupportedAppearance(path: String, jsonPath: String, appearance: String, value: String)
    /// An entry is qualified by something a ``ColorSet`` cannot express (such as `display-gamut` P3 or
    /// `language-direction`); the entry was skipped.
    case unsupportedQualifier(path: String, jsonPath: String, key: String, value: String)
    /// A second entry for an appearance already read; the first one was kept.
    case duplicateAppearance(path: String, jsonPath: String, appearance: AssetCatalogAppearance)
    /// A colour outside the sRGB gamut (Display P3 or an extended range) was clamped into sRGB.
    case clampedToSRGB(path: String, jsonPath: String)
    /// The colour set has no usable "Any" (or "Light") entry, so it has no light colour; it was skipped.
    case missingAnyAppearance(path: String)
    /// Two colour sets in the catalog have the same name; the one at `ignoredPath` was skipped.
    case duplicateColorSetName(String, keptPath: String, ignoredPath: String)
    /// A colour set's custom styles have no Xcode appearance, so they were not written.
    case customStylesNotWritten(name: String, styles: [ThemeStyle])
    /// A `Contents.json` repeats `key` within one object; `jsonPath` is the repeated member
    /// (`$.colors[0].idiom`). The last value was used.
    case duplicateKey(path: String, jsonPath: String, key: String)
    /// A symbolic link in the catalog leads outside it (to `target`); it was not followed, so nothing
    /// outside the catalog folder is ever read.
    case linkOutsideCatalog(path: String, target: String)
    /// The file gave `count` warnings more than ``AssetCatalogColorSet/maxWarningsPerFile``; they are not listed.
    case moreWarnings(path: String, count: Int)

    /// A sentence naming the file and what was skipped or changed, escaped with
    /// ``TerminalText/escaped(_:)`` (file names and values come from the catalog).
    public var description: String { TerminalText.escaped(sentence) }

    private var sentence: String {
        switch self {
        case .systemColorReference(let path, let jsonPath, let name):
            return "'\(path)' \(jsonPath) refers to the system colour '\(name)', which has no fixed value; skipped"
        case .unsupportedColorSpace(let path, let jsonPath, let colorSpace):
            return "'\(path)' \(jsonPath) uses the unsupported colour space '\(colorSpace)'; skipped"
        case .unsupportedIdiom(let path, let jsonPath, let idiom):
            return "'\(path)' \(jsonPath) is for the '\(idiom)' idiom, not 'universal'; skipped"
        case .unsupportedAppearance(let path, let jsonPath, let appearance, let value):
            return "'\(path)' \(jsonPath) has the unsupported appearance '\(appearance)' = '\(value)'; skipped"
        case .unsupportedQualifier(let path, let jsonPath, let key, let value):
            return
                "'\(path)' \(jsonPath) is qualified by '\(key)' = '\(value)', which a ColorSet cannot express; skipped"
        case .duplicateAppearance(let path, let jsonPath, let appearance):
            return "'\(path)' \(jsonPath) repeats the \(appearance) appearance; the first entry was kept"
        case .clampedToSRGB(let path, let jsonPath):
            return "'\(path)' \(jsonPath) is outside the sRGB gamut and was clamped"
        case .missingAnyAppearance(let path):
            return "'\(path)' has no usable Any or Light colour; the colour set was skipped"
        case .duplicateColorSetName(let name, let keptPath, let ignoredPath):
            return "Two colour sets are named '\(name)'; kept '\(keptPath)', skipped '\(ignoredPath)'"
        case .customStylesNotWritten(let name, let styles):
            let list = styles.map(\.rawValue).sorted().joined(separator: ", ")
            return "Colour set '\(name)' has custom styles (\(list)) that Xcode cannot express; they were not written"
        case .duplicateKey(let path, let jsonPath, let key):
            return "'\(path)' \(jsonPath) repeats the key '\(key)' in the same object; the last value was used"
        case .linkOutsideCatalog(let path, let target):
            return "'\(path)' is a symbolic link to '\(target)', outside the catalog; skipped"
        case .moreWarnings(let path, let count):
            return "'\(path)' gave \(count) more warnings like these; they are not listed"
        }
    }
}
