import Foundation
import Testing
import ThemeKitTokens

extension Loader {
    @Suite struct ThemePackLoaderErrorTests {
        static let url = URL(string: "https://themes.example.com/pack.json")!
        static let all: [ThemePackLoaderError] = [
            .unsupportedURL(url: url),
            .transport(url: url, reason: "Could not connect to the server"),
            .timedOut(url: url, after: 0.5),
            .httpStatus(url: url, code: 503),
            .bodyTooLarge(url: url, limit: 2_097_152, received: 5_000_000),
            .truncated(url: url, expected: 5000, received: 1000),
            .truncated(url: url, expected: nil, received: 1000),
            .invalidPack(url: url, reason: "colors.primary: \"#GGG\" is not a colour."),
            .cacheUnreadable(url: url, path: "/caches/0123.themepack-cache", reason: "It no longer decodes"),
            .cacheWriteFailed(url: url, path: "/caches/0123.themepack-cache", reason: "No space left on device"),
            .cancelled(url: url),
        ]

        @Test("every description is one plain sentence naming the URL", arguments: all)
        func descriptions(error: ThemePackLoaderError) {
            #expect(error.description.contains(Self.url.absoluteString))
            #expect(error.description.hasSuffix("."))
            #expect(!error.description.hasSuffix(".."))
            #expect(error.url == Self.url)
        }

        @Test("descriptions carry the numbers that matter")
        func numbers() {
            #expect(
                ThemePackLoaderError.truncated(url: Self.url, expected: 5000, received: 1000).description
                    == "The theme pack at \(Self.url) was cut off after 1000 of 5000 bytes.")
            #expect(
                ThemePackLoaderError.timedOut(url: Self.url, after: 0.5).description
                    == "The theme pack at \(Self.url) did not arrive within 0.5 seconds.")
            #expect(
                ThemePackLoaderError.httpStatus(url: Self.url, code: 404).description
                    == "The server answered HTTP 404 for the theme pack at \(Self.url).")
        }
    }
}
