extension AssetCatalogColorSet {
    /// The colour set's `Contents.json`, byte for byte as Xcode writes it.
    ///
    /// Entries are in Xcode's order (Any, Light, Dark, then the high-contrast ones); keys are sorted;
    /// indentation is two spaces with `" : "` between key and value; every colour is written in the `srgb`
    /// colour space with components as strings of three decimals (`"0.067"`); the `info` block says
    /// `"author" : "xcode"`, `"version" : 1`; the text ends with a newline.
    ///
    /// Three decimals keep every 8-bit value distinct and within 1/2000 of the original.
    ///
    /// - Returns: The JSON text.
    public func contentsJSON() -> String {
        let entries = colors.keys.sorted().compactMap { appearance -> JSONNode? in
            guard let color = colors[appearance] else { return nil }
            var entry: JSONObject = [
                "color": .object([
                    "color-space": "srgb",
                    "components": .object([
                        "alpha": .string(Self.formatted(color.alpha)),
                        "blue": .string(Self.formatted(color.blue)),
                        "green": .string(Self.formatted(color.green)),
                        "red": .string(Self.formatted(color.red)),
                    ]),
                ]),
                "idiom": "universal",
            ]
            let appearances = Self.appearanceObjects(appearance)
            if !appearances.isEmpty { entry["appearances"] = .array(appearances) }
            return .object(entry)
        }
        return ContentsJSON.text(.object(["colors": .array(entries), "info": Self.info]))
    }

    /// Xcode's `info` block.
    static let info: JSONNode = .object(["author": "xcode", "version": 1])

    private static func appearanceObjects(_ appearance: AssetCatalogAppearance) -> [JSONNode] {
        var objects: [JSONNode] = []
        if appearance.luminosity != .any {
            objects.append(.object(["appearance": "luminosity", "value": .string(appearance.luminosity.rawValue)]))
        }
        if appearance.highContrast {
            objects.append(.object(["appearance": "contrast", "value": "high"]))
        }
        return objects
    }

    /// A component in `0...1` as Xcode's three-decimal string, without locale or `printf` involvement.
    static func formatted(_ component: Double) -> String {
        let thousandths = Int((min(max(component, 0), 1) * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
