import Foundation

extension ThemePackLoader where Pack == DecodedThemePack {
    /// Creates a loader that decodes packs with `decoder` and keeps the decoder's warnings.
    ///
    /// A body the decoder rejects (``ThemePackError``) fails the load as
    /// ``ThemePackLoaderError/invalidPack(url:reason:)`` — falling back to the last pack that decoded — and is
    /// never cached.
    ///
    /// ```swift
    /// let loader = ThemePackLoader<DecodedThemePack>(
    ///     configuration: .init(cacheDirectory: cachesURL.appendingPathComponent("ThemePacks")),
    ///     decoder: ThemePackDecoder(policy: .lenient, base: bundledPack))
    /// let loaded = try await loader.load(from: packURL)
    /// for warning in loaded.pack.warnings { log(warning.description) }
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: The timeout, size limit, cache folder, and session configuration.
    ///   - decoder: The decoder; strict by default.
    public init(configuration: Configuration = Configuration(), decoder: ThemePackDecoder = ThemePackDecoder()) {
        self.init(configuration: configuration) { data throws(ThemePackError) in try decoder.decode(data) }
    }
}

extension ThemePackLoader where Pack == ThemePack {
    /// Creates a loader that decodes packs with `decoder`, keeping only the pack.
    ///
    /// The decoder's warnings (unknown keys; under `.lenient`, replaced tokens) are dropped: use
    /// `ThemePackLoader<DecodedThemePack>` to see them. A body the decoder rejects fails the load as
    /// ``ThemePackLoaderError/invalidPack(url:reason:)`` and is never cached.
    ///
    /// ```swift
    /// let loader = ThemePackLoader<ThemePack>(configuration: .init(timeout: 10))
    /// loader.load(from: packURL) { result in … }
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: The timeout, size limit, cache folder, and session configuration.
    ///   - decoder: The decoder; strict by default.
    public init(configuration: Configuration = Configuration(), decoder: ThemePackDecoder = ThemePackDecoder()) {
        self.init(configuration: configuration) { data throws(ThemePackError) in try decoder.decode(data).pack }
    }
}
