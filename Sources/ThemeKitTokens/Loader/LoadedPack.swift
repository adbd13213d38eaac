import Foundation

/// Where a ``LoadedPack`` came from.
public enum LoadedPackSource: Sendable, Equatable {
    /// Downloaded now with status `200` and decoded.
    case network
    /// The server answered `304 Not Modified` to the cached ETag, so the cached copy is current.
    case notModified
    /// The network or the downloaded pack failed; this is the last-known-good copy from the disk cache.
    ///
    /// `fallbackReason` says what failed, so callers can log it or tell the user the theme may be stale.
    case cache(fallbackReason: ThemePackLoaderError)
}

/// A decoded theme pack together with where it came from and the bytes it was decoded from.
///
/// ```swift
/// loader.load(from: url) { result in
///     guard case .success(let loaded) = result else { return }
///     if case .cache(let reason) = loaded.source { log("using cached theme: \(reason)") }
///     apply(loaded.pack)
/// }
/// ```
public struct LoadedPack<Pack: Sendable>: Sendable {
    /// The decoded pack.
    public var pack: Pack
    /// Whether the pack is fresh, revalidated, or a fallback, and why.
    public var source: LoadedPackSource
    /// The entity tag of `data` as the server sent it (quotes and `W/` included), or `nil` when it sent none.
    public var etag: String?
    /// The body the pack was decoded from.
    public var data: Data
    /// A disk-cache problem that did not stop this load, or `nil` when the cache behaved.
    ///
    /// Either ``ThemePackLoaderError/cacheUnreadable(url:path:reason:)`` (the cached copy was ignored and
    /// a full download was made) or ``ThemePackLoaderError/cacheWriteFailed(url:path:reason:)`` (the fresh
    /// pack could not be stored, so it will not be available offline).
    public var cacheProblem: ThemePackLoaderError?
    /// The URL the response came from: the one asked for, or where the redirects the
    /// ``ThemePackLoader/Configuration/redirectPolicy`` allowed led; `nil` for a cached copy used as a fallback
    /// (``LoadedPackSource/cache(fallbackReason:)``).
    public var finalURL: URL?

    /// Creates a loaded pack.
    ///
    /// - Parameters:
    ///   - pack: The decoded pack.
    ///   - source: Where it came from.
    ///   - etag: The entity tag of `data`, if any.
    ///   - data: The body the pack was decoded from.
    ///   - cacheProblem: A disk-cache problem that did not stop the load.
    ///   - finalURL: The URL the response came from, if it was fetched.
    public init(
        pack: Pack, source: LoadedPackSource, etag: String?, data: Data, cacheProblem: ThemePackLoaderError? = nil,
        finalURL: URL? = nil
    ) {
        self.pack = pack
        self.source = source
        self.etag = etag
        self.data = data
        self.cacheProblem = cacheProblem
        self.finalURL = finalURL
    }
}

extension LoadedPack: Equatable where Pack: Equatable {}
