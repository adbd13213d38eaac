// swift-format-ignore-file
// Docs/RemoteLoading.md's examples, compiled by `swift build --build-tests` (CONTRIBUTING.md, "Documentation snippets").
// The text between the markers is the guide's, word for word; the rest declares what it needs.

// snippet: Docs/RemoteLoading.md loader
import ThemeKitTokens
// end snippet
import Foundation  // harness: Data and URL in signatures, and the "load" fragment's DispatchQueue
import ThemeKit

/// A pack format of the app's own, for the custom-decoder example.
struct MyPackFormat: Sendable {
    init(_ data: Data) throws { _ = data }
}

func remoteLoadingLoader(cachesURL: URL) {
    // snippet: Docs/RemoteLoading.md loader

    let loader = ThemePackLoader<ThemePack>(
        configuration: .init(
            timeout: 10,                                   // whole exchange, seconds (default 15)
            maximumBodySize: 1 << 20,                      // bytes (default 2 MiB)
            cacheDirectory: cachesURL.appendingPathComponent("ThemePacks")),  // nil = no disk cache
        decoder: ThemePackDecoder(policy: .strict))
    // end snippet
    _ = loader
}

func remoteLoadingCustomDecoder() {
    // snippet: Docs/RemoteLoading.md custom decoder
    let custom = ThemePackLoader(configuration: .init()) { data in try MyPackFormat(data) }
    // end snippet
    _ = custom
}

func remoteLoadingLoad(loader: ThemePackLoader<ThemePack>, packURL: URL, theme: Theme) async throws {
    @Sendable func log(_ message: String) { print(message) }
    @Sendable func apply(_ pack: ThemePack) { theme.apply(pack) }
    // snippet: Docs/RemoteLoading.md load
    // Completion handler (iOS 14+): called exactly once, on a background queue.
    loader.load(from: packURL) { result in
        switch result {
        case .success(let loaded):
            if case .cache(let reason) = loaded.source { log("showing the last-known-good theme: \(reason)") }
            DispatchQueue.main.async { apply(loaded.pack) }
        case .failure(let error):
            log(error.description)                         // nothing usable was cached either
        }
    }

    // async/await
    let loaded = try await loader.load(from: packURL)    // throws(ThemePackLoaderError)
    // end snippet
    _ = loaded
}
