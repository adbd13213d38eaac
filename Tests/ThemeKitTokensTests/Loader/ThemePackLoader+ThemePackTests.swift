import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

extension Loader {
    @Suite struct ThemePackLoaderDecoderTests {
        private static let oceanJSON = Data(
            ##"{"schemaVersion": 1, "id": "com.example.ocean", "name": "Ocean", "colors": {"accent": "#0055FF"}}"##.utf8
        )
        private static let unknownKeyJSON = Data(
            ##"{"schemaVersion": 1, "id": "com.example.ocean", "name": "Ocean", "sparkle": true}"##.utf8)
        private static let badColorJSON = Data(
            ##"{"schemaVersion": 1, "id": "com.example.ocean", "name": "Ocean", "colors": {"accent": "#GGG"}}"##.utf8)

        @Test("the ThemePack loader decodes a served pack with the real decoder")
        func decodesThemePack() async throws {
            try await TestHTTPServer.withServer { server in
                server.route("/ocean.json", .ok(Self.oceanJSON, etag: "\"1\""))
                let loader = ThemePackLoader<ThemePack>(configuration: .init(timeout: 10))

                let loaded = try await loader.load(from: server.url("/ocean.json"))

                #expect(loaded.pack.id == "com.example.ocean")
                #expect(loaded.pack.colors["accent"] != nil)
            }
        }

        @Test("the DecodedThemePack loader keeps the decoder's warnings")
        func keepsWarnings() async throws {
            try await TestHTTPServer.withServer { server in
                server.route("/ocean.json", .ok(Self.unknownKeyJSON))
                let loader = ThemePackLoader<DecodedThemePack>(configuration: .init(timeout: 10))

                let loaded = try await loader.load(from: server.url("/ocean.json"))

                #expect(loaded.pack.pack.name == "Ocean")
                #expect(loaded.pack.warnings.contains { $0.path.contains("sparkle") })
            }
        }

        @Test("a pack the real decoder rejects falls back to the cached pack and names the problem")
        func rejectedPackFallsBack() async throws {
            try await withTemporaryDirectory { cache in
                try await TestHTTPServer.withServer { server in
                    let url = server.url("/ocean.json")
                    let loader = ThemePackLoader<ThemePack>(configuration: .init(timeout: 10, cacheDirectory: cache))
                    server.route("/ocean.json", .ok(Self.oceanJSON))
                    _ = try await loader.load(from: url)

                    server.route("/ocean.json", .ok(Self.badColorJSON))
                    let loaded = try await loader.load(from: url)

                    guard case .cache(.invalidPack(url, let reason)) = loaded.source else {
                        Issue.record("expected an invalidPack fallback, got \(loaded.source)")
                        return
                    }
                    #expect(reason.contains("colors.accent"))
                    #expect(loaded.pack.colors["accent"] != nil)
                    #expect(loaded.data == Self.oceanJSON)
                }
            }
        }
    }
}
