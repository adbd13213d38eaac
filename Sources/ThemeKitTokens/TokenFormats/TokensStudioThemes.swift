/// Which Tokens Studio token sets make up each appearance, from `$themes` and `$metadata`.
///
/// The rule (Docs/TokenFormats.md):
/// - Without themes, every set is enabled, in `$metadata.tokenSetOrder` order, for both appearances.
/// - A theme is *light* when its normalised name (letters and digits, lowercased) contains `light`, *dark*
///   when it contains `dark` (dark is checked first, so `light-on-dark` is dark); it is *high contrast* when
///   the name or its group contains `highcontrast`, `contrast` or ends in `hc`.
/// - The *appearance group* is the first theme group (`group`, or no group) that has a light or dark theme.
///   Its first light, dark, high-contrast light and high-contrast dark themes give the four appearances.
///   One of light and dark missing: the other is used for both, with a warning. A choice for this group
///   names a brand (`brand(of:)`): only the themes of that brand are considered.
/// - Every other group contributes its first theme to every appearance (as a resolver's other modifiers
///   use their default), or the theme ``DTCGImporter/choices`` names for it; its other themes are reported
///   as not used.
/// - No theme is light or dark: every group's first (or chosen) theme is applied (Tokens Studio applies one active theme
///   per group), giving both appearances, with a warning naming them; the other themes are reported by name.
/// - A set is `enabled` (its tokens are output), `source` (its tokens can be referenced but are not output)
///   or `disabled`; when several chosen themes name a set, enabled wins over source.
struct TokensStudioThemes {
    struct Theme {
        var name: String
        var group: String?
        var sets: [(name: String, status: String)]
        var path: String
    }

    /// One appearance: the sets in order, each enabled or reference-only.
    struct Appearance: Equatable {
        var sets: [String]
        var referenceOnly: Set<String>
    }

    struct Plan {
        var light: Appearance
        var dark: Appearance
        var highContrastLight: Appearance?
        var highContrastDark: Appearance?
    }

    let source: String?
    var problems: [DTCGProblem] = []
    /// The theme to apply of each group named (``DTCGImporter/choices``; `""`: the themes without a group).
    var choices: [String: String] = [:]

    mutating func warn(_ path: String, _ reason: String, _ code: ThemePackIssue.Code = .incompleteAppearance) {
        problems.append(
            DTCGProblem(
                source: source, path: path, reason: reason, code: code, lenientAction: .usedDefault,
                alwaysWarning: true))
    }

    mutating func error(_ path: String, _ reason: String, _ code: ThemePackIssue.Code) {
        problems.append(DTCGProblem(source: source, path: path, reason: reason, code: code, lenientAction: .ignored))
    }

    /// Reads `$themes`: an array of `{name, group?, selectedTokenSets: {set: status}}`.
    mutating func themes(_ value: JSONNode?, path: String) -> [Theme] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            error(path, "$themes must be an array of themes, not \(value.kindDescription)", .wrongType)
            return []
        }
        var result: [Theme] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard case .object(let object) = item, case .string(let name)? = object["name"] else {
                error(itemPath, "a theme must be an object with a name string", .wrongType)
                continue
            }
            var sets: [(String, String)] = []
            switch object["selectedTokenSets"] {
            case .object(let selected)?:
                for member in selected.members {
                    guard case .string(let status) = member.value, ["enabled", "source", "disabled"].contains(status)
                    else {
                        error(
                            "\(itemPath).selectedTokenSets.\(member.key)",
                            "a set's status must be \"enabled\", \"source\" or \"disabled\"", .invalidValue)
                        continue
                    }
                    sets.append((member.key, status))
                }
            case nil: break
            case let other?:
                error(
                    "\(itemPath).selectedTokenSets",
                    "selectedTokenSets must be an object, not \(other.kindDescription)",
                    .wrongType)
            }
            result.append(Theme(name: name, group: object["group"]?.stringValue, sets: sets, path: itemPath))
        }
        return result
    }

    static func normalized(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    }

    enum Kind { case light, dark, other }

    static func kind(_ theme: Theme) -> Kind {
        let name = normalized(theme.name)
        if name.contains("dark") { return .dark }
        if name.contains("light") { return .light }
        return .other
    }

    static func isHighContrast(_ theme: Theme) -> Bool {
        let name = normalized(theme.name)
        let group = normalized(theme.group ?? "")
        return name.contains("contrast") || name.hasSuffix("hc") || name.hasPrefix("hc") || group.contains("contrast")
    }

    /// The appearances, given the sets in `$metadata.tokenSetOrder` order (then any others).
    mutating func plan(themes: [Theme], setOrder: [String]) -> Plan {
        let plan = choosePlan(themes: themes, setOrder: setOrder)
        guard !themes.isEmpty else { return plan }
        // Whatever the applied themes leave out is named, so nothing in the export is dropped silently.
        var used = Set(plan.light.sets).union(plan.dark.sets)
        for appearance in [plan.highContrastLight, plan.highContrastDark] { used.formUnion(appearance?.sets ?? []) }
        for name in setOrder where !used.contains(name) {
            warn(
                "$themes",
                "the token set \(Self.quoted(name)) is not read: no applied theme enables it or uses it as a source",
                .incompleteAppearance)
        }
        return plan
    }

    mutating func choosePlan(themes: [Theme], setOrder: [String]) -> Plan {
        guard !themes.isEmpty else {
            let all = Appearance(sets: setOrder, referenceOnly: [])
            return Plan(light: all, dark: all, highContrastLight: nil, highContrastDark: nil)
        }
        let groups = Self.groups(themes)
        // Each group's themes, in document order: found once, not by a walk over every theme per group.
        let themesByGroup = Dictionary(grouping: themes, by: \.group)
        guard case .some(let appearanceGroup) = Self.appearanceGroup(themes, groups: groups) else {
            // As Tokens Studio does with one active theme per group: each group's chosen theme, else its first, is applied.
            var chosen: [Theme] = []
            for group in groups {
                let members = themesByGroup[group] ?? []
                guard let applied = self.applied(members, group: group) else { continue }
                chosen.append(applied)
                for unused in members where unused.path != applied.path {
                    warn(
                        unused.path,
                        "the theme \(Self.quoted(unused.name))\(Self.groupLabel(group)) is not used: ThemeKit "
                            + "applies the first theme of each group (or the one chosen), as Tokens Studio applies "
                            + "one active theme per group"
                    )
                }
            }
            warn(
                "$themes",
                "no theme is named light or dark; the themes "
                    + chosen.map { Self.quoted($0.name) + Self.groupLabel($0.group) }.joined(separator: ", ")
                    + " give both appearances")
            let appearance = combine(chosen, setOrder: setOrder)
            return Plan(light: appearance, dark: appearance, highContrastLight: nil, highContrastDark: nil)
        }
        var common: [Theme] = []
        for group in groups where group != appearanceGroup {
            let members = themesByGroup[group] ?? []
            guard let applied = self.applied(members, group: group) else { continue }
            common.append(applied)
            for unused in members where unused.path != applied.path {
                warn(
                    unused.path,
                    "the theme \(Self.quoted(unused.name)) is not used: ThemeKit takes the first theme of "
                        + "each group that has no light or dark theme, or the one chosen")
            }
        }
        var members = themesByGroup[appearanceGroup] ?? []
        if let brand = choices[appearanceGroup ?? ""] {
            // A group whose themes name a brand and an appearance ("Acme Light", "Globex Dark"): the
            // chosen brand's themes give the appearances (`choiceIssues` checked there are some).
            let chosen = members.filter { Self.isSameBrand(Self.brand(of: $0.name), brand) }
            let chosenPaths = Set(chosen.map(\.path))
            for theme in members where !chosenPaths.contains(theme.path) {
                warn(
                    theme.path,
                    "the theme \(Self.quoted(theme.name)) is not used: the brand "
                        + "\(Self.quoted(brand)) was chosen for its group")
            }
            members = chosen
        }
        func pick(_ kind: Kind, highContrast: Bool) -> Theme? {
            members.first { Self.kind($0) == kind && Self.isHighContrast($0) == highContrast }
        }
        var light = pick(.light, highContrast: false)
        var dark = pick(.dark, highContrast: false)
        if light == nil, let dark {
            warn("$themes", "no light theme; the dark theme \(Self.quoted(dark.name)) gives both appearances")
            light = dark
        }
        if dark == nil, let light {
            warn("$themes", "no dark theme; the light theme \(Self.quoted(light.name)) gives both appearances")
            dark = light
        }
        let highLight = pick(.light, highContrast: true)
        let highDark = pick(.dark, highContrast: true)
        let chosen = [light, dark, highLight, highDark].compactMap { $0?.path }
        for theme in members where !chosen.contains(theme.path) {
            warn(
                theme.path,
                "the theme \(Self.quoted(theme.name)) is not used: the first light, dark and high-contrast "
                    + "themes of its group give the appearances")
        }
        func appearance(_ theme: Theme?) -> Appearance? {
            theme.map { combine([$0] + common, setOrder: setOrder) }
        }
        guard let lightAppearance = appearance(light), let darkAppearance = appearance(dark) else {
            // Unreachable: the appearance group has a light or a dark theme, and each stands in for the other.
            let all = Appearance(sets: setOrder, referenceOnly: [])
            return Plan(light: all, dark: all, highContrastLight: nil, highContrastDark: nil)
        }
        return Plan(
            light: lightAppearance, dark: darkAppearance, highContrastLight: appearance(highLight),
            highContrastDark: appearance(highDark))
    }

    /// The words of a theme's name that are not about its appearance (`light`, `dark`, `hc`, `high`,
    /// `contrast`, `mode`, in any case), joined by single spaces: `"Acme Light"` and `"acme-dark"` give
    /// `"Acme"` and `"acme"`, `"Light"` gives `""`. What a choice for the appearance group names.
    static func brand(of name: String) -> String {
        let appearanceWords: Set<String> = ["light", "dark", "hc", "high", "contrast", "highcontrast", "mode"]
        let words = name.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        return words.filter { !appearanceWords.contains($0.lowercased()) }.joined(separator: " ")
    }

    /// Whether two brands are the same, case aside.
    static func isSameBrand(_ brand: String, _ other: String) -> Bool {
        brand.caseInsensitiveCompare(other) == .orderedSame
    }

    /// The groups of `themes`, in the order they first appear (`nil`: the themes without a group).
    static func groups(_ themes: [Theme]) -> [String?] {
        var groups: [String?] = []
        var seen: Set<String?> = []
        for theme in themes where seen.insert(theme.group).inserted { groups.append(theme.group) }
        return groups
    }

    /// The first group with a light or dark theme: `.some(nil)` for the themes without a group,
    /// `nil` when no group has one.
    static func appearanceGroup(_ themes: [Theme], groups: [String?]) -> String?? {
        let withAppearance = Set(themes.lazy.filter { kind($0) != .other }.map(\.group))
        return groups.first { withAppearance.contains($0) }
    }

    /// The theme applied of a group's `members`: the one ``choices`` names, else the first.
    func applied(_ members: [Theme], group: String?) -> Theme? {
        if let name = choices[group ?? ""], let chosen = members.first(where: { $0.name == name }) { return chosen }
        return members.first
    }

    /// Errors for each of ``choices`` that names no group, a theme its group does not have, or, for
    /// the group that gives the appearances, a brand none of its light or dark themes is for
    /// (checked before `plan`).
    func choiceIssues(_ themes: [Theme]) -> [ThemePackIssue] {
        let groups = Self.groups(themes)
        let appearanceGroup = Self.appearanceGroup(themes, groups: groups)
        // Each group's themes, found once: a walk over every theme per choice is quadratic.
        let themesByGroup = Dictionary(grouping: themes, by: \.group)
        var issues: [ThemePackIssue] = []
        func fail(_ group: String, _ reason: String, _ code: ThemePackIssue.Code) {
            issues.append(
                ThemePackIssue(
                    source: source, path: "choices[\(Self.quoted(group))]", reason: reason, severity: .error,
                    code: code))
        }
        for (group, name) in choices.sorted(by: { $0.key < $1.key }) {
            let key: String? = group.isEmpty ? nil : group
            let members = themesByGroup[key] ?? []
            let named = group.isEmpty ? "themes without a group" : "theme group \(Self.quoted(group))"
            let label = "the \(named)"
            guard !members.isEmpty else {
                let others = groups.filter { $0 != appearanceGroup }.map { $0 ?? "" }
                fail(
                    group,
                    themes.isEmpty
                        ? "the export has no $themes, so no theme can be chosen"
                        : "the export has no \(named); "
                            + DTCGImporter.listing(others, noun: "groups to choose from", none: "it has no other group"),
                    .unknownReference)
                continue
            }
            if case .some(let appearance) = appearanceGroup, appearance == key {
                // The group that gives the appearances: a choice names a brand its light or dark themes share.
                let brands = members.filter { Self.kind($0) != .other }.map { Self.brand(of: $0.name) }
                if !brands.contains(where: { Self.isSameBrand($0, name) }) {
                    // Each brand once, case aside (a set of lowercased names: one lookup per theme).
                    var named: [String] = []
                    var seen: Set<String> = []
                    for brand in brands where !brand.isEmpty && seen.insert(brand.lowercased()).inserted {
                        named.append(brand)
                    }
                    fail(
                        group,
                        "\(label) gives the appearances, and none of its light or dark themes is for the brand "
                            + "\(Self.quoted(name)) (a theme's name without light, dark and high-contrast "
                            + "words); "
                            + DTCGImporter.listing(
                                named, noun: "brands",
                                none: "its themes name no brand, so only the other groups can be chosen"),
                        .unknownReference)
                }
            } else if !members.contains(where: { $0.name == name }) {
                fail(
                    group,
                    "\(label) has no theme \(Self.quoted(name)); "
                        + DTCGImporter.listing(members.map(\.name), noun: "themes", none: "it has none"),
                    .unknownReference)
            }
        }
        return issues
    }

    /// A name from the export (a theme, group or brand) as an issue quotes it: shortened when long
    /// (``JSONPath/maxShownKeyLength``), since one name can go into an issue per theme.
    static func quoted(_ name: String) -> String { JSONWriter.quoted(JSONPath.shown(name)) }

    /// ` (group "Brand")` for a theme in a group, nothing otherwise.
    static func groupLabel(_ group: String?) -> String {
        group.map { " (group \(Self.quoted($0)))" } ?? ""
    }

    /// The sets the themes select, in set order; enabled wins over source.
    func combine(_ themes: [Theme], setOrder: [String]) -> Appearance {
        var status: [String: String] = [:]
        var extra: [String] = []
        let ordered = Set(setOrder)
        for theme in themes {
            for (name, value) in theme.sets {
                if status[name] == nil, !ordered.contains(name) { extra.append(name) }
                switch (status[name], value) {
                case ("enabled"?, _): break
                case ("source"?, "disabled"): break
                default: status[name] = value
                }
            }
        }
        let sets = (setOrder + extra).filter { status[$0] == "enabled" || status[$0] == "source" }
        return Appearance(sets: sets, referenceOnly: Set(sets.filter { status[$0] == "source" }))
    }
}
