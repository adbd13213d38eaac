import Foundation
import Testing
import ThemeKitTokens

/// Imports a Tokens Studio file given as JSON text, under a policy.
private func studio(_ json: String, policy: DecodingPolicy = .lenient) throws -> DTCGImportResult {
    try DTCGImporter(policy: policy).pack(tokensStudio: JSONReader().read(Data(json.utf8)), source: "t.json")
}

/// The light colour of a token as hex.
private func hex(_ result: DTCGImportResult, _ name: String) -> String? { result.pack.colors[name]?.light.hex }

/// A colour token with a modifier, as Tokens Studio writes it.
private func modified(_ base: String, _ type: String, _ value: String, _ space: String, color: String? = nil) -> String
{
    let mix = color.map { #", "color": "\#($0)""# } ?? ""
    return #"{"value": "\#(base)", "type": "color", "$extensions": {"studio.tokens": {"modify": "#
        + #"{"type": "\#(type)", "value": "\#(value)", "space": "\#(space)"\#(mix)}}}}"#
}

@Suite struct TokensStudioModifierTests {
    // The four expected values are the ones in Tokens Studio's own test of its modifiers
    // (tokens-studio/figma-plugin, convertModifiedColorToHex.test.ts): base #ff0033, amount 0.3.
    @Test("lighten, darken, alpha and mix give Tokens Studio's own results")
    func tokensStudioReferenceValues() throws {
        let result = try studio(
            #"""
            {"base": {"value": "#ff0033", "type": "color"},
             "amount": {"value": "0.3", "type": "opacity"},
             "lighter": \#(modified("{base}", "lighten", "0.3", "lch")),
             "darker": \#(modified("{base}", "darken", "{amount}", "lch")),
             "faded": \#(modified("{base}", "alpha", "0.3", "lch")),
             "mixed": \#(modified("{base}", "mix", "0.3", "srgb", color: "#334455"))}
            """#, policy: .strict)
        #expect(hex(result, "lighter") == "#FF756B")
        #expect(hex(result, "darker") == "#AD1B26")
        #expect(hex(result, "faded") == "#FF00334D")
        #expect(hex(result, "mixed") == "#C2143D")
        #expect(hex(result, "base") == "#FF0033")
    }

    @Test("srgb, p3 and hsl lighten and darken per channel or lightness; a modifier's value may be math")
    func otherSpaces() throws {
        let result = try studio(
            #"""
            {"red": {"value": "#ff0000", "type": "color"}, "white": {"value": "#ffffff", "type": "color"},
             "half": {"value": "0.25", "type": "opacity"},
             "a": \#(modified("{red}", "darken", "0.2", "srgb")),
             "b": \#(modified("{white}", "darken", "{half} * 2", "p3")),
             "c": \#(modified("{red}", "lighten", "0.5", "hsl")),
             "d": \#(modified("{red}", "darken", "0.5", "hsl"))}
            """#, policy: .strict)
        #expect(hex(result, "a") == "#CC0000")
        #expect(hex(result, "b") == "#808080")
        #expect(hex(result, "c") == "#FF8080")
        #expect(hex(result, "d") == "#800000")
    }

    @Test("a wide-gamut base is modified in Display P3, and a result outside sRGB keeps its P3 value")
    func wideGamut() throws {
        let p3Red = #"{"colorSpace": "display-p3", "components": [1, 0, 0]}"#
        let result = try studio(
            #"""
            {"red": {"value": \#(p3Red), "type": "color"},
             "dim": {"value": "{red}", "type": "color", "$extensions": {"studio.tokens": {"modify":
                     {"type": "darken", "value": "0.2", "space": "p3"}}}},
             "faded": {"value": "{red}", "type": "color", "$extensions": {"studio.tokens": {"modify":
                     {"type": "alpha", "value": "0.5", "space": "lch"}}}},
             "srgbDim": \#(modified("#ff0000", "darken", "0.2", "p3")),
             "halfRed": {"value": "rgba({red}, 0.5)", "type": "color"}}
            """#, policy: .strict)
        let red = try #require(result.pack.colors["red"]?.light)
        #expect(red.displayP3 == DisplayP3Components(red: 1, green: 0, blue: 0))
        // Darkened in P3: 0.8 of P3 red, outside sRGB, so kept in P3 with a gamut-mapped sRGB fallback.
        let dim = try #require(result.pack.colors["dim"]?.light)
        let dimP3 = try #require(dim.displayP3)
        #expect(abs(dimP3.red - 0.8) < 0.001 && dimP3.green < 0.001 && dimP3.blue < 0.001, "\(dimP3)")
        #expect(dim.platformComponents.space == .displayP3)
        #expect(dim.hex == ThemeColor(displayP3: DisplayP3Components(red: 0.8, green: 0, blue: 0)).hex)
        // Alpha in lch: the same P3 red, half transparent (to lch and back, within its precision).
        let faded = try #require(result.pack.colors["faded"]?.light)
        let fadedP3 = try #require(faded.displayP3)
        #expect(abs(fadedP3.red - 1) < 0.01 && fadedP3.green < 0.01 && fadedP3.blue < 0.01, "\(fadedP3)")
        #expect(faded.alpha == 0.5)
        // An sRGB base darkened in P3 stays inside sRGB: no P3 value, the value as before.
        #expect(result.pack.colors["srgbDim"]?.light.displayP3 == nil)
        #expect(hex(result, "srgbDim") == "#CC0605")
        // rgba({wide}, a) keeps the referenced colour's Display P3 value.
        let halfRed = try #require(result.pack.colors["halfRed"]?.light)
        #expect(halfRed.displayP3 == red.displayP3)
        #expect(halfRed.alpha == 0.5)
    }

    @Test("mixing with white in lch keeps the colour's hue: white has no hue of its own")
    func mixWithAchromatic() throws {
        let result = try studio(
            #"""
            {"red": {"value": "#ff0000", "type": "color"},
             "pink": \#(modified("{red}", "mix", "0.5", "lch", color: "#ffffff"))}
            """#, policy: .strict)
        let pink = try #require(result.pack.colors["pink"]?.light)
        // The mix lies just outside sRGB: its exact value is the Display P3 one (the sRGB fallback is
        // gamut-mapped from it, which moves the hue a little more).
        let exact = try #require(pink.displayP3)
        let lch = ColorSpace.displayP3.convert([exact.red, exact.green, exact.blue], to: .lch)
        let redHue = ColorSpace.srgb.convert([1, 0, 0], to: .lch)[2]
        #expect(abs(lch[2] - redHue) < 1.5)
        #expect(abs(lch[0] - (54.29 + 100) / 2) < 2)
    }

    @Test("a modified colour can be the base of another, and a chain of modifiers is followed")
    func chains() throws {
        let result = try studio(
            #"""
            {"base": {"value": "#ff0033", "type": "color"},
             "light": \#(modified("{base}", "lighten", "0.3", "lch")),
             "alias": {"value": "{light}", "type": "color"},
             "faded": \#(modified("{alias}", "alpha", "0.5", "srgb"))}
            """#, policy: .strict)
        #expect(hex(result, "alias") == "#FF756B")
        #expect(hex(result, "faded") == "#FF756B80")
    }

    @Test("spaces around a reference are not part of it, as in Workday's export ('{palette.peach.200} ')")
    func spacesAroundReferences() throws {
        let result = try studio(
            #"""
            {"peach": {"value": "#ff0033", "type": "color"},
             "plain": {"value": "{peach} ", "type": "color"},
             "mixed": \#(modified("{peach} ", "mix", "0.3", "srgb", color: "{other} ")),
             "other": {"value": "#334455", "type": "color"}}
            """#, policy: .strict)
        #expect(hex(result, "plain") == "#FF0033")
        #expect(hex(result, "mixed") == "#C2143D")
    }

    @Test("a modifier ThemeKit cannot apply is an error under both policies, naming the token")
    func unknownModifierIsAnError() throws {
        let json =
            ##"{"base": {"value": "#ff0033", "type": "color"}, "x": \##(modified("{base}", "saturate", "0.3", "lch"))}"##
        for policy in [DecodingPolicy.lenient, .strict] {
            #expect {
                _ = try studio(json, policy: policy)
            } throws: { error in
                let issues = (error as? ThemePackError)?.issues ?? []
                return issues.count == 1 && issues[0].path == "x.$extensions.studio.tokens.modify"
                    && issues[0].reason.contains("saturate")
            }
        }
    }
}

@Suite struct TokensStudioW3CExportTests {
    @Test("a $value/$type export keeps Tokens Studio's types and its aliases to dimensions")
    func dollarValueTypes() throws {
        let json = #"""
            {"space": {"base": {"$value": "8", "$type": "spacing"}, "double": {"$value": "{space.base} * 2", "$type": "spacing"}},
             "radius": {"card": {"$value": "{space.base}", "$type": "borderRadius"}},
             "size": {"icon": {"$value": "24", "$type": "sizing"}, "text": {"$value": "16", "$type": "fontSizes"}},
             "font": {"body": {"$value": "Inter", "$type": "fontFamilies"}},
             "color": {"red": {"$value": "#ff0000", "$type": "color"}}}
            """#
        let document = try JSONReader().read(Data(json.utf8))
        #expect(TokenFormat.detect(document.value) == .tokensStudio)
        let result = try DTCGImporter(policy: .strict).pack(tokensStudio: document, source: "w3c.json")
        #expect(result.pack.spacing["space.base"] == 8)
        #expect(result.pack.spacing["space.double"] == 16)
        #expect(result.pack.radii["radius.card"] == 8)
        #expect(result.pack.colors["color.red"]?.light.hex == "#FF0000")
        #expect(result.warnings.isEmpty)
    }
}

@Suite struct TokenFormatStructureTests {
    @Test("an rgba({…}) value does not make a Style Dictionary file Tokens Studio; untyped colours stay colours")
    func rgbaReferenceKeepsStyleDictionary() throws {
        let json = #"""
            {"color": {"black": {"value": "#000000"}, "shadow": {"value": "rgba({color.black}, 0.5)"},
                       "clear": {"value": "transparent"}}}
            """#
        let document = try JSONReader().read(Data(json.utf8))
        #expect(TokenFormat.detect(document.value) == .styleDictionary)
        let result = try DTCGImporter(policy: .strict).pack(styleDictionary: document, source: "sd.json")
        #expect(result.pack.colors["color.clear"]?.light.hex == "#00000000")
        #expect(result.pack.colors["color.shadow"]?.light.hex == "#00000080")
    }

    @Test("Tokens Studio's vendor extension or one of its types decides, whatever the values")
    func studioMarks() throws {
        let marked = ##"{"a": {"$value": "#fff", "$type": "color", "$extensions": {"studio.tokens": {"id": "1"}}}}"##
        let other = ##"{"a": {"$value": "#fff", "$type": "color", "$extensions": {"com.example": {"id": "1"}}}}"##
        let math = ##"{"a": {"value": "{b} * 2"}, "b": {"value": "4"}}"##
        #expect(TokenFormat.detect(try JSONReader().read(Data(marked.utf8)).value) == .tokensStudio)
        #expect(TokenFormat.detect(try JSONReader().read(Data(other.utf8)).value) == .dtcg)
        #expect(TokenFormat.detect(try JSONReader().read(Data(math.utf8)).value) == .styleDictionary)
    }
}

@Suite struct TokensStudioAlphaReferenceTests {
    @Test("rgba({color.black},{opacity.half}) takes its alpha from the reference")
    func alphaReference() throws {
        let result = try studio(
            #"""
            {"color": {"black": {"value": "#000000", "type": "color"},
                       "shade": {"value": "rgba({color.black},{opacity.half})", "type": "color"}},
             "opacity": {"half": {"value": "50%", "type": "opacity"}}}
            """#, policy: .strict)
        #expect(hex(result, "color.shade") == "#00000080")
    }

    @Test("a colour string that cannot be evaluated is reported once, with no second 'not null' error")
    func oneErrorPerBadColour() throws {
        let json =
            #"{"a": {"value": "hsl({hue}, 50%, 50%)", "type": "color"}, "hue": {"value": "10", "type": "number"}}"#
        #expect {
            _ = try studio(json, policy: .strict)
        } throws: { error in
            let issues = (error as? ThemePackError)?.issues ?? []
            return issues.count == 1 && issues[0].path == "a.$value" && !issues[0].reason.contains("null")
        }
    }
}

@Suite struct TokensStudioThemeGroupTests {
    @Test("with no light or dark theme, every group's first theme is applied and the others are named")
    func everyGroupApplied() throws {
        let result = try studio(
            #"""
            {"$themes": [
               {"name": "Base", "group": "Base", "selectedTokenSets": {"base": "enabled"}},
               {"name": "Canvas", "group": "Brand", "selectedTokenSets": {"base": "source", "canvas": "enabled"}},
               {"name": "Forest", "group": "Brand", "selectedTokenSets": {"base": "source", "forest": "enabled"}}],
             "$metadata": {"tokenSetOrder": ["base", "canvas", "forest"]},
             "base": {"grey": {"value": "#808080", "type": "color"}},
             "canvas": {"brand": {"value": "#0000ff", "type": "color"}},
             "forest": {"brand": {"value": "#00ff00", "type": "color"}}}
            """#)
        #expect(hex(result, "grey") == "#808080")
        #expect(hex(result, "brand") == "#0000FF")
        #expect(result.warnings.contains { $0.reason.contains("\"Forest\" (group \"Brand\") is not used") })
        #expect(
            result.warnings.contains { $0.reason.contains("\"Base\" (group \"Base\"), \"Canvas\" (group \"Brand\")") })
        #expect(result.warnings.contains { $0.reason.contains("the token set \"forest\" is not read") })
    }
}
