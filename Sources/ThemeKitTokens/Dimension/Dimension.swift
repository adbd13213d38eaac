/// A length with a unit, as DTCG `dimension` tokens write it, convertible to points.
///
/// `px` is taken as one point (CSS pixels and iOS points are both 1/160 inch at 1×), and
/// `rem` as ``remInPoints`` (16) points, the browser default root font size.
///
/// ```swift
/// try Dimension(parsing: "0.25rem").points             // 4
/// Dimension(value: 12, unit: .px).points               // 12
/// ```
public struct Dimension: Hashable, Sendable, CustomStringConvertible {
    /// A dimension's unit.
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        /// CSS pixels; one point each.
        case px
        /// Multiples of the root font size, ``Dimension/remInPoints`` points.
        case rem
    }

    /// The points in one `rem`.
    public static let remInPoints = 16.0

    /// The number, in ``unit``s.
    public var value: Double
    /// The unit.
    public var unit: Unit

    /// Creates a dimension.
    /// - Parameters:
    ///   - value: The number, in `unit`s.
    ///   - unit: The unit.
    public init(value: Double, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Parses the legacy DTCG string form: a JSON-style number directly followed by `px` or `rem`
    /// (`"4px"`, `"0.25rem"`, `"-1.5px"`). A bare `"0"` is accepted as zero pixels.
    ///
    /// - Parameter text: The string.
    /// - Throws: ``DimensionError`` when the text is not a finite number with a known unit.
    public init(parsing text: String) throws(DimensionError) {
        if text == "0" {
            self.init(value: 0, unit: .px)
            return
        }
        guard text.count <= 64 else { throw .malformed(String(text.prefix(64)) + "…") }
        let unit: Unit
        let number: Substring
        if text.hasSuffix("rem") {
            unit = .rem
            number = text.dropLast(3)
        } else if text.hasSuffix("px") {
            unit = .px
            number = text.dropLast(2)
        } else {
            let unitName = String(text.reversed().prefix { $0.isLetter || $0 == "%" }.reversed())
            if unitName.isEmpty { throw .missingUnit(text) }
            throw .unsupportedUnit(unitName, in: text)
        }
        // Only plain decimal numbers: Double(_:) would also take "nan", "inf" and hex floats.
        let allowed = number.allSatisfy { "0123456789.+-eE".contains($0) }
        guard allowed, !number.isEmpty, let value = Double(number) else { throw .malformed(text) }
        guard value.isFinite else { throw .notFinite(text) }
        self.init(value: value, unit: unit)
    }

    /// The length in points.
    public var points: Double {
        switch unit {
        case .px: value
        case .rem: value * Self.remInPoints
        }
    }

    /// The string form, e.g. `4px` or `0.25rem`.
    public var description: String { JSONWriter.format(value) + unit.rawValue }
}

/// Why a string is not a valid dimension.
public enum DimensionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not a number followed by a unit.
    case malformed(String)
    /// The number has no unit (only `0` may omit it).
    case missingUnit(String)
    /// The unit is not `px` or `rem`.
    case unsupportedUnit(String, in: String)
    /// The number is not finite.
    case notFinite(String)

    /// A sentence naming the text and what was wrong.
    public var description: String {
        switch self {
        case .malformed(let text): "'\(text)' is not a dimension such as '4px' or '0.25rem'"
        case .missingUnit(let text): "'\(text)' has no unit; write '\(text)px' or '\(text)rem'"
        case .unsupportedUnit(let unit, let text): "'\(text)' uses the unit '\(unit)'; only px and rem are supported"
        case .notFinite(let text): "'\(text)' is not a finite number"
        }
    }
}
