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
        /// cannot keep a load alive. Defaults to 15 seconds.
        ///
        /// It must be finite, larger than zero and at most ``maximumTimeout`` (a day); otherwise every load
        /// fails at once with ``ThemePackLoaderError/invalidConfiguration(url:reason:)`` and sends nothing
        /// (FoundationNetworking traps on an infinite or huge timeout, and `nan` would silently mean zero).
        public var timeout: TimeInterval

        /// The largest body accepted, in bytes. Defaults to 2 MiB.
        ///
        /// A larger declared `Content-Length` is rejected before any body byte is read; without one, the
        /// download stops as soon as the running count of decoded bytes would pass the limit, so an oversized
        /// body (or a small compressed one that inflates) is never buffered: memory stays within the limit.
        /// Negative values count as zero.
        public var maximumBodySize: Int

        /// Which redirects the loader follows; ``ThemePackRedirectPolicy/sameHost`` by default.
        ///
        /// A redirect from `https` to `http` is refused under every policy. A refused redirect fails the load
        /// with ``ThemePackLoaderError/redirectRefused(url:location:)``. The URL the pack finally came from
        /// is ``LoadedPack/finalURL``; it is cached under the URL that was asked for.
        public var redirectPolicy: ThemePackRedirectPolicy

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
        ///   - redirectPolicy: Which redirects are followed; same host only by default.
        ///   - sessionConfiguration: Makes the owned session's configuration; `.ephemeral` by default.
        public init(
            timeout: TimeInterval = 15,
            maximumBodySize: Int = 2 * 1024 * 1024,
            cacheDirectory: URL? = nil,
            redirectPolicy: ThemePackRedirectPolicy = .sameHost,
            sessionConfiguration: @escaping @Sendable () -> URLSessionConfiguration = { .ephemeral }
        ) {
            self.timeout = timeout
            self.maximumBodySize = maximumBodySize
            self.cacheDirectory = cacheDirectory
            self.redirectPolicy = redirectPolicy
            self.sessionConfiguration = sessionConfiguration
        }

        /// The longest accepted ``timeout``: one day.
        public static var maximumTimeout: TimeInterval { 86_400 }

        /// Why ``timeout`` cannot be used, or `nil` when it can.
        var timeoutProblem: String? {
            guard timeout.isFinite, timeout > 0, timeout <= Self.maximumTimeout else {
                return "The timeout \(timeout) is not a number of seconds larger than 0 and at most "
                    + "\(Int(Self.maximumTimeout)); set Configuration.timeout to such a value."
            }
            return nil
        }

        /// The timeout, or 15 s when it is invalid (the load then fails before any request).
        var effectiveTimeout: TimeInterval { timeoutProblem == nil ? timeout : 15 }
        var effectiveMaximumBodySize: Int { max(0, maximumBodySize) }
    }
}

/// Which HTTP redirects a ``ThemePackLoader`` follows.
///
/// A redirect from `https` to `http` is refused whatever the policy: it would hand a pack the app asked
/// to fetch securely to anyone on the network path.
public enum ThemePackRedirectPolicy: Sendable, Hashable {
    /// Follow none: a `3xx` answer fails the load.
    case refuse
    /// Follow redirects to the same host (and port), the default: a pack server may move its files, but
    /// not hand the app to another server.
    case sameHost
    /// Follow redirects to any host (a CDN, for instance).
    case anyHost

    /// Whether a redirect from `source` to `destination` is followed.
    ///
    /// - Parameters:
    ///   - source: The URL that answered with the redirect.
    ///   - destination: Where it points.
    /// - Returns: `true` when the policy allows it and it does not go from `https` to `http`.
    public func allows(from source: URL, to destination: URL) -> Bool {
        let from = source.scheme?.lowercased()
        let to = destination.scheme?.lowercased()
        guard to == "https" || (to == "http" && from == "http") else { return false }
        switch self {
        case .refuse: return false
        case .anyHost: return true
        case .sameHost:
            return source.host?.lowercased() == destination.host?.lowercased()
                && Self.port(of: source) == Self.port(of: destination)
        }
    }

    private static func port(of url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    }
}
