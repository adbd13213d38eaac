import Foundation
import Testing
import ThemeKitTokens

@Suite struct ThemePackEncoderTests {
    @Test("a decoded pack encodes and decodes back to an equal pack")
    func roundTrips() throws {
        let pack = try ThemePackDecoder().decode(packJSON(validPackJSON)).pack
        let encoded = ThemePackEncoder().encode(pack)
        let decoded = try ThemePackDecoder().decode(encoded)
        #expect(decoded.pack == pack)
        #expect(decoded.warnings.isEmpty)
    }

    @Test("encoding is canonical: sorted keys, stable bytes, exact colours")
    func isCanonical() throws {
        let pack = ThemePack(
            id: "c", name: "C",
            colors: [
                "b": ColorSet(light: try ThemeColor(hex: "#FFFFFF"), dark: ThemeColor(red: 0.1, green: 0.2, blue: 0.3)),
                "a": ColorSet(try ThemeColor(hex: "#00000080")),
            ],
            spacing: ["m": 16], styles: [ThemeStyle(rawValue: "sepia"): .light])
        let text = ThemePackEncoder().string(pack)
        #expect(
            text == """
                {
                  "colors": {
                    "a": {
                      "dark": "#00000080",
                      "light": "#00000080"
                    },
                    "b": {
                      "dark": {
                        "alpha": 1,
                        "blue": 0.3,
                        "green": 0.2,
                        "red": 0.1
                      },
                      "light": "#FFFFFF"
                    }
                  },
                  "id": "c",
                  "name": "C",
                  "schemaVersion": 1,
                  "spacing": {
                    "m": 16
                  },
                  "styles": {
                    "sepia": "light"
                  }
                }

                """)
        #expect(ThemePackEncoder().encode(pack) == ThemePackEncoder().encode(pack))
        #expect(try ThemePackDecoder().decode(Data(text.utf8)).pack == pack)
    }
}
