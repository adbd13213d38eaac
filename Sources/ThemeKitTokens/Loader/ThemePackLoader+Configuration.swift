import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ThemePackLoader {
    /// The limits and storage a ``ThemePackLoader`` works with.
    ///
    /// ```swift
    /// var configuration = ThemePackLoader<ThemePack>.Configuration()
    /// configuration.timeout = 10
    /// configuration.cacheDirectory = cachesURL.appendingPathComponent("ThemePacks")
    /// ```
    public struct Configuration: Sendable {
        /// The longest the network exchange may take, in seconds, from sending the request to the last body byte.
        ///
        /// The loader enforces this itself as one overall deadline, so a server that drips bytes slowly
        /// cannot keep a load alive. Negative values count as zero. Defaults to 15 seconds.
        public var timeout: TimeInterval

        /// The largest body accepted, in bytes. Defaults to 2 MiB.
        ///
        /// A larger declared `Content-Length` is rejected before any body byte is read; without one, the
        /// download stops as soon as the running count passes the limit, so an oversized body is never
        /// buffered whole. Negative values count as zero.
        public var maximumBodySize: Int

        /// The folder that holds the last-known-good copies and their ETags, or `nil` for no disk cache.
        ///
        /// Created on first write. Without a cache there is no `If-None-Match` revalidation and no fallback.
        public var cacheDirectory: URL?

        /// Makes the configuration of the `URLSession` the loader creates and owns. Defaults to `.ephemeral`.
        ///
        /// Use it for extra headers, proxies, or cellular policy. The loader then turns off `URLCache`
        /// (it keeps its own disk cache) and sets the session's timeouts as a backstop behind ``timeout``.
        ///
        /// The loader makes its own session rather than taking one because it must be the session's
        /// delegate to cap the body while it streams: per-task delegates need iOS 15, and
        /// FoundationNetworking on Linux has none.
        public var sessionConfiguration: @Sendable () -> URLSessionConfiguration

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - timeout: The overall deadline of the network exchange, in seconds; 15 by default.
        ///   - maximumBodySize: The largest body accepted, in bytes; 2 MiB by default.
        ///   - cacheDirectory: The disk cache folder, or `nil` (the default) for none.
        ///   - sessionConfiguration: Makes the owned session's configuration; `.ephemeral` by default.
        public init(
            timeout: TimeInterval = 15,
            maximumBodySize: Int = 2 * 1024 * 1024,
            cacheDirectory: URL? = nil,
            sessionConfiguration: @escaping @Sendable () -> URLSessionConfiguration = { .ephemeral }
        ) {
            self.timeout = timeout
            self.maximumBodySize = maximumBodySize
            self.cacheDirectory = cacheDirectory
            self.sessionConfiguration = sessionConfiguration
        }

        var effectiveTimeout: TimeInterval { max(0, timeout) }
        var effectiveMaximumBodySize: Int { max(0, maximumBodySize) }
    }
}
