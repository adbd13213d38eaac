/// The named font weights of the DTCG `fontWeight` type and CSS, with their numeric values.
///
/// ```swift
/// FontWeightName.value(of: "semi-bold")  // 600
/// ```
public enum FontWeightName {
    /// Every accepted name and its weight. Names are matched case-insensitively, and
    /// spellings without a hyphen (`"semibold"`) are accepted too.
    public static let weights: [String: Int] = [
        "thin": 100, "hairline": 100,
        "extra-light": 200, "ultra-light": 200,
        "light": 300,
        "normal": 400, "regular": 400, "book": 400,
        "medium": 500,
        "semi-bold": 600, "demi-bold": 600,
        "bold": 700,
        "extra-bold": 800, "ultra-bold": 800,
        "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]

    /// The weight a name stands for, or `nil` for an unknown name.
    /// - Parameter name: A weight name such as `"bold"` or `"semi-bold"`.
    /// - Returns: The numeric weight, 100…950.
    public static func value(of name: String) -> Int? {
        let lowered = name.lowercased()
        if let weight = weights[lowered] { return weight }
        return weights.first { $0.key.filter { $0 != "-" } == lowered }?.value
    }
}
