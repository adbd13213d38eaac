import Foundation
import ThemeKitTokens

/// The parsers that take untrusted bytes, each with the properties one input must satisfy.
///
/// A fuzz input fails when the code under test crashes, hangs, exhausts memory — which
/// libFuzzer and the sanitizers detect — or when ``check(_:)`` returns a violated property.
/// The same checks run in the libFuzzer driver (`Fuzz/Driver`) and in the tests that replay
/// the seed corpus and every input that ever failed (`Fuzz/Tests`).
///
/// ```swift
/// let violations = FuzzTarget.pack.check(data)   // [] when every property holds
/// ```
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `ThemeColor(hex:)` on the input as UTF-8 text.
    case hex
    /// `ThemePackDecoder` under both policies, and the encoder's round trip; decoded packs within the style
    /// limits, resolved alike by `StyleTable` and `ColorSet.resolved`; issue lines escaped.
    case pack
    /// `DTCGDocument` and `DTCGImporter` under both policies, and the exporter's round trip.
    case dtcg
    /// `ThemeColor(css:)` on the input as UTF-8 text.
    case css
    /// The Style Dictionary reader (`DTCGImporter.pack(styleDictionary:)`) under both policies.
    case styleDictionary = "style-dictionary"
    /// The Tokens Studio reader (`DTCGImporter.pack(tokensStudio:)`: sets, `$themes`, math) under both policies.
    case tokensStudio = "tokens-studio"
    /// A DTCG 2025.10 colour value (the input as `$value`: any colour space, out-of-range components, `hex`)
    /// read under both policies, and ``ColorSpace`` conversions round-tripping.
    case colorSpace = "color-space"
    /// A Tokens Studio colour modifier (the input as `$extensions["studio.tokens"].modify`) applied under both
    /// policies, on its own and in a chain.
    case tokensStudioModifier = "tokens-studio-modifier"

    /// Runs one input through the target.
    /// - Parameter data: The input bytes.
    /// - Returns: The properties the input violated; empty when all hold.
    public func check(_ data: Data) -> [String] {
        switch self {
        case .hex: Self.checkHex(data)
        case .pack: Self.checkPack(data)
        case .dtcg: Self.checkDTCG(data)
        case .css: Self.checkCSS(data)
        case .styleDictionary: Self.checkLegacy(data, format: .styleDictionary)
        case .tokensStudio: Self.checkLegacy(data, format: .tokensStudio)
        case .colorSpace: Self.checkColorSpace(data)
        case .tokensStudioModifier: Self.checkModifier(data)
        }
    }

    // MARK: Hex

    /// Whether `text` is a hex colour by CSS's grammar, written independently of the parser.
    static func isHexColor(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "#", [4, 5, 7, 9].contains(scalars.count) else { return false }
        return scalars.dropFirst().allSatisfy { scalar in
            ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
        }
    }

    static func checkHex(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let expected = isHexColor(text)
        let color: ThemeColor
        do {
            color = try ThemeColor(hex: text)
        } catch {
            var violations: [String] = []
            if expected { violations.append("rejected the valid hex colour \(text.debugDescription): \(error)") }
            if String(describing: error).isEmpty { violations.append("an empty error for \(text.debugDescription)") }
            return violations
        }
        var violations: [String] = []
        if !expected { violations.append("accepted \(text.debugDescription), which is not a hex colour") }
        for component in [color.red, color.green, color.blue, color.alpha] where !(0...1).contains(component) {
            violations.append("\(text.debugDescription) gave the component \(component), outside 0…1")
        }
        let canonical = color.hex
        if (try? ThemeColor(hex: canonical))?.hex != canonical {
            violations.append("\(text.debugDescription) → \(canonical) does not parse back to itself")
        }
        return violations
    }

    // MARK: Theme packs

    static func checkPack(_ data: Data) -> [String] {
        var violations: [String] = []
        let strict: DecodedThemePack?
        do {
            strict = try ThemePackDecoder(policy: .strict).decode(data)
        } catch {
            strict = nil
            if error.description.isEmpty { violations.append("strict decoding threw an empty error") }
        }
        let lenient: DecodedThemePack?
        do {
            lenient = try ThemePackDecoder(policy: .lenient).decode(data)
        } catch {
            lenient = nil
            if error.description.isEmpty { violations.append("lenient decoding threw an empty error") }
        }
        for warning in lenient?.warnings ?? [] where warning.path.isEmpty || warning.reason.isEmpty {
            violations.append("a warning without a path or a reason: \(warning)")
        }
        for pack in [strict?.pack, lenient?.pack].compactMap({ $0 }) { violations += checkStyleLimits(pack) }
        for warning in lenient?.warnings ?? [] {
            let line = TerminalText.safeLine("x: \(warning.path): \(warning.reason)")
            if line.unicodeScalars.contains(where: TerminalText.needsEscape) {
                violations.append("an escaped issue line still holds a control character: \(warning)")
            }
        }
        guard let strict else { return violations }
        if lenient?.pack != strict.pack {
            violations.append("lenient decoding differs from strict decoding of a pack strict accepts")
        }
        let encoded = ThemePackEncoder().encode(strict.pack)
        do {
            let again = try ThemePackDecoder(policy: .strict).decode(encoded).pack
            if again != strict.pack { violations.append("encoding then decoding changed the pack") }
        } catch {
            violations.append("the encoder wrote a pack the decoder rejects: \(error)")
        }
        return violations
    }

    /// A decoded pack stays within the style limits, and the one-pass resolution (`StyleTable`) agrees with
    /// `ColorSet.resolved` for every style of (up to 16 of) its colours.
    static func checkStyleLimits(_ pack: ThemePack) -> [String] {
        var violations: [String] = []
        if pack.styles.count > ThemePack.maxStyles {
            violations.append("a decoded pack has \(pack.styles.count) styles, over the limit")
        }
        for style in pack.styles.keys {
            var depth = 0
            var current = style
            while let base = pack.styles[current], depth <= ThemePack.maxStyleChainDepth {
                depth += 1
                current = base
            }
            if depth > ThemePack.maxStyleChainDepth {
                violations.append("the style \(style) is deeper than the chain limit")
                break
            }
        }
        let table = StyleTable(baseStyles: pack.styles)
        for name in pack.colors.keys.sorted().prefix(16) {
            guard let set = pack.colors[name] else { continue }
            for contrast in ThemeContrast.allCases {
                let colors = table.colors(of: set, contrast: contrast)
                for style in [ThemeStyle.light, .dark] + Array(pack.styles.keys)
                where table.color(for: style, in: colors, of: set, contrast: contrast)
                    != set.resolved(for: style, contrast: contrast, baseStyles: pack.styles)
                {
                    violations.append("StyleTable and ColorSet.resolved disagree on \(name) in \(style)")
                }
            }
        }
        return violations
    }

    // MARK: Design tokens

    static func checkDTCG(_ data: Data) -> [String] {
        let document: DTCGDocument
        do {
            document = try DTCGDocument(data: data)
        } catch {
            return error.description.isEmpty ? ["reading threw an empty error"] : []
        }
        var violations: [String] = []
        var results: [DecodingPolicy: DTCGImportResult] = [:]
        for policy in DecodingPolicy.allCases {
            do {
                results[policy] = try DTCGImporter(policy: policy).pack(document: document)
                _ = try? DTCGImporter(policy: policy).pack(light: document, dark: document)
            } catch {
                if error.description.isEmpty { violations.append("\(policy) import threw an empty error") }
            }
        }
        for warning in results[.lenient]?.warnings ?? [] where warning.path.isEmpty || warning.reason.isEmpty {
            violations.append("a warning without a path or a reason: \(warning)")
        }
        guard let strict = results[.strict] else { return violations }
        if results[.lenient]?.pack != strict.pack {
            violations.append("lenient import differs from strict import of a document strict accepts")
        }
        // The exporter promises a lossless round trip for every pack it can write.
        if let exported = try? DTCGExporter().data(for: strict.pack) {
            do {
                let again = try DTCGImporter(policy: .strict).pack(
                    document: DTCGDocument(data: exported), id: strict.pack.id, name: strict.pack.name)
                if again.pack != strict.pack { violations.append("exporting then importing changed the pack") }
            } catch {
                violations.append("the exporter wrote a document the importer rejects: \(error)")
            }
        }
        return violations
    }

    // MARK: CSS colours

    static func checkCSS(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let color: ThemeColor
        do {
            color = try ThemeColor(css: text)
        } catch {
            var violations: [String] = []
            if isHexColor(text) { violations.append("rejected the hex colour \(text.debugDescription): \(error)") }
            if error.description.isEmpty { violations.append("an empty error for \(text.debugDescription)") }
            return violations
        }
        var violations: [String] = []
        if text.unicodeScalars.count > ThemeColor.maxCSSLength {
            violations.append("accepted \(text.unicodeScalars.count) characters, over the limit")
        }
        for component in [color.red, color.green, color.blue, color.alpha] where !(0...1).contains(component) {
            violations.append("\(text.debugDescription) gave the component \(component), outside 0…1")
        }
        if isHexColor(text), (try? ThemeColor(hex: text)) != color {
            violations.append("\(text.debugDescription) parsed differently from ThemeColor(hex:)")
        }
        if (try? ThemeColor(css: color.hex))?.hex != color.hex {
            violations.append("\(text.debugDescription) → \(color.hex) does not parse back to itself")
        }
        return violations
    }

    // MARK: Style Dictionary and Tokens Studio

    /// Both policies; every issue with a path and a reason; strict success implies the same lenient pack;
    /// the pack written from the result is one the pack decoder accepts.
    static func checkLegacy(_ data: Data, format: TokenFormat) -> [String] {
        let document: JSONDocument
        do {
            document = try JSONReader().read(data)
        } catch {
            return error.description.isEmpty ? ["reading threw an empty error"] : []
        }
        _ = TokenFormat.detect(document.value)
        var violations: [String] = []
        var results: [DecodingPolicy: DTCGImportResult] = [:]
        for policy in DecodingPolicy.allCases {
            let importer = DTCGImporter(policy: policy)
            do {
                switch format {
                case .tokensStudio: results[policy] = try importer.pack(tokensStudio: document, source: "fuzz.json")
                default: results[policy] = try importer.pack(styleDictionary: document, source: "fuzz.json")
                }
            } catch {
                if error.description.isEmpty { violations.append("\(policy) import threw an empty error") }
                for issue in error.issues where issue.path.isEmpty || issue.reason.isEmpty {
                    violations.append("an issue without a path or a reason: \(issue)")
                }
            }
        }
        for warning in results[.lenient]?.warnings ?? [] where warning.path.isEmpty || warning.reason.isEmpty {
            violations.append("a warning without a path or a reason: \(warning)")
        }
        if let lenient = results[.lenient] {
            let encoded = ThemePackEncoder().encode(lenient.pack)
            var limits = JSONLimits.default
            limits.maxDocumentBytes = max(limits.maxDocumentBytes, encoded.count)
            limits.maxTokenCount = Int.max
            do {
                _ = try ThemePackDecoder(policy: .strict, limits: limits).decode(encoded)
            } catch {
                violations.append("the imported pack is not a valid pack: \(error)")
            }
        }
        guard let strict = results[.strict] else { return violations }
        if results[.lenient]?.pack != strict.pack {
            violations.append("lenient import differs from strict import of a document strict accepts")
        }
        return violations
    }

    // MARK: Colour spaces and modifiers

    /// Imports a document under both policies: every issue must have a path and a reason, and a document
    /// strict accepts must give the same pack under lenient.
    static func importBoth(_ text: String, studio: Bool) -> (results: [DecodingPolicy: DTCGImportResult], [String]) {
        var violations: [String] = []
        var results: [DecodingPolicy: DTCGImportResult] = [:]
        guard let document = try? JSONReader().read(Data(text.utf8)) else { return ([:], []) }
        for policy in DecodingPolicy.allCases {
            do {
                results[policy] =
                    studio
                    ? try DTCGImporter(policy: policy).pack(tokensStudio: document, source: "fuzz.json")
                    : try DTCGImporter(policy: policy).pack(document: DTCGDocument(document: document))
            } catch {
                for issue in error.issues where issue.path.isEmpty || issue.reason.isEmpty {
                    violations.append("an issue without a path or a reason: \(issue)")
                }
            }
        }
        for warning in results[.lenient]?.warnings ?? [] where warning.path.isEmpty || warning.reason.isEmpty {
            violations.append("a warning without a path or a reason: \(warning)")
        }
        if let strict = results[.strict], results[.lenient]?.pack != strict.pack {
            violations.append("lenient import differs from strict import of a document strict accepts")
        }
        return (results, violations)
    }

    /// The input as JSON text, or `nil` when it is not JSON within the default limits.
    static func jsonText(_ data: Data) -> String? {
        guard (try? JSONReader().read(data)) != nil else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func checkColorSpace(_ data: Data) -> [String] {
        guard let value = jsonText(data) else { return [] }
        var (results, violations) = importBoth(#"{"c": {"$type": "color", "$value": \#(value)}}"#, studio: false)
        // The sRGB value (or fallback) of a colour strict accepts is in sRGB, so every space converts it there
        // and back unchanged; a wide-gamut colour is handed to platforms in Display P3.
        if let color = results[.strict]?.pack.colors["c"]?.light {
            if (color.displayP3 != nil) != (color.platformComponents.space == .displayP3) {
                violations.append("\(color.hex) has a Display P3 value but is handed over as sRGB, or the reverse")
            }
            let rgb = [color.red, color.green, color.blue]
            for space in ColorSpace.allCases {
                let back = space.convert(ColorSpace.srgb.convert(rgb, to: space), to: .srgb)
                if zip(back, rgb).contains(where: { abs($0 - $1) > 1e-6 }) {
                    violations.append("\(color.hex) through \(space.rawValue) came back as \(back)")
                }
            }
        }
        results = [:]
        return violations
    }

    static func checkModifier(_ data: Data) -> [String] {
        guard let value = jsonText(data) else { return [] }
        let modify = #"{"studio.tokens": {"modify": \#(value)}}"#
        let document =
            ##"{"base": {"value": "#336699", "type": "color"}, "amount": {"value": "0.25", "type": "opacity"}, "##
            + #""m": {"value": "{base}", "type": "color", "$extensions": \#(modify)}, "#
            + #""n": {"value": "{m}", "type": "color", "$extensions": \#(modify)}}"#
        let (results, violations) = importBoth(document, studio: true)
        if let lenient = results[.lenient], lenient.pack.colors["m"] == nil {
            return violations + ["a modifier lenient accepted left the token out"]
        }
        return violations
    }
}
