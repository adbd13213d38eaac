import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads a theme pack over HTTP with limits, ETag revalidation, and a last-known-good copy on disk.
///
/// The loader is generic over the decoding step, so it works with any pack type: pass a closure that turns
/// the downloaded bytes into a `Pack` or throws. For ``ThemePack`` and ``DecodedThemePack`` there are
/// initializers that take a ``ThemePackDecoder`` instead.
///
/// ```swift
/// let loader = ThemePackLoader(
///     configuration: .init(timeout: 10, cacheDirectory: cachesURL.appendingPathComponent("ThemePacks")),
///     decode: { data in try ThemePackDecoder().decode(data).pack })
///
/// loader.load(from: packURL) { result in
///     switch result {
///     case .success(let loaded): apply(loaded.pack)          // fresh, revalidated, or last-known-good
///     case .failure(let error): log(error.description)       // and nothing usable was cached
///     }
/// }
/// ```
///
/// What one load does:
/// 1. Reads the cached copy for the URL (if a ``Configuration/cacheDirectory`` is set) and decodes it, so a
///    copy that no longer decodes is never revalidated.
/// 2. Sends `GET`, with `If-None-Match` when the usable cached copy has an ETag.
/// 3. `200`: checks size and completeness, decodes, stores the body with its ETag (atomically), returns it
///    as ``LoadedPackSource/network``. `304`: returns the cached copy as ``LoadedPackSource/notModified``.
/// 4. Any failure — transport, timeout, other status, too large, truncated, undecodable — returns the cached
///    copy as ``LoadedPackSource/cache(fallbackReason:)`` when there is one, otherwise the error. A body that
///    failed never replaces the cached copy. Cancellation is the exception: it never falls back.
///
/// Thread safety: the loader is a `Sendable` value; copies share one `URLSession`, and any number of loads
/// may run at once from any thread. The session is invalidated, after its loads finish, when the last copy
/// of the loader is released.
public struct ThemePackLoader<Pack: Sendable>: Sendable {
    /// The limits and storage this loader was created with.
    public let configuration: Configuration

    private let decode: @Sendable (Data) throws -> Pack
    private let session: TransferSession
    private let cache: PackCache?

    private static var workQueue: DispatchQueue { .global(qos: .userInitiated) }

    /// Creates a loader that decodes packs with `decode`.
    ///
    /// The loader creates and owns its `URLSession` (see ``Configuration/sessionConfiguration``).
    ///
    /// - Parameters:
    ///   - configuration: The timeout, size limit, cache folder, and session configuration.
    ///   - decode: Turns a body into a pack, or throws to reject it. Called on a background queue, for
    ///     downloaded bodies and for cached ones; it must not depend on the calling thread.
    public init(configuration: Configuration = Configuration(), decode: @escaping @Sendable (Data) throws -> Pack) {
        self.configuration = configuration
        self.decode = decode
        session = TransferSession(
            configuration: configuration.sessionConfiguration(), timeout: configuration.effectiveTimeout)
        cache = configuration.cacheDirectory.map { PackCache(directory: $0) }
    }

    /// Loads the pack at `url` and calls `completion` with it, or with why nothing usable could be had.
    ///
    /// `completion` is called exactly once, on an unspecified background queue, and never synchronously from
    /// inside this method — also when the load is cancelled through the returned task. Hop to the main
    /// queue yourself before touching UI.
    ///
    /// - Parameters:
    ///   - url: An `http` or `https` URL.
    ///   - completion: Receives the loaded pack (fresh, revalidated, or last-known-good with the failure
    ///     attached), or the error when no usable cached copy exists.
    /// - Returns: A task that can cancel the load; it may be discarded.
    @discardableResult
    public func load(
        from url: URL,
        completion: @escaping @Sendable (Result<LoadedPack<Pack>, ThemePackLoaderError>) -> Void
    ) -> ThemePackLoadTask {
        let cached = Locked(CacheLookup<Pack>.none)
        let finalURL = Locked(url)
        let transfer = Transfer(
            url: url, limit: configuration.effectiveMaximumBodySize, timeout: configuration.effectiveTimeout,
            redirectPolicy: configuration.redirectPolicy, finalURL: finalURL
        ) { [self] result in
            // Off the session's delegate queue: decoding and disk writes must not hold up other transfers.
            Self.workQueue.async {
                var loaded = finish(url: url, transfer: result, cached: cached.withLock { $0 })
                if case .success(var pack) = loaded, pack.source == .network || pack.source == .notModified {
                    pack.finalURL = finalURL.withLock { $0 }
                    loaded = .success(pack)
                }
                completion(loaded)
            }
        }
        Self.workQueue.async { [self] in
            if let problem = configuration.timeoutProblem {
                transfer.fail(.invalidConfiguration(url: url, reason: problem))
                return
            }
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                transfer.fail(.unsupportedURL(url: url))
                return
            }
            let lookup = lookUpCache(for: url)
            cached.withLock { $0 = lookup }
            var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
            // An ETag stored before the length cap existed is not sent back either.
            if case .usable(let entry) = lookup, let etag = TransferStateMachine.acceptableETag(entry.etag) {
                request.setValue(etag, forHTTPHeaderField: "If-None-Match")
            }
            session.start(
                transfer, request: request, conditional: request.value(forHTTPHeaderField: "If-None-Match") != nil)
        }
        return ThemePackLoadTask(transfer: transfer)
    }

    // MARK: - Steps

    private func lookUpCache(for url: URL) -> CacheLookup<Pack> {
        guard let cache else { return .none }
        let entry: PackCache.Entry
        do {
            guard let found = try cache.read(for: url) else { return .none }
            entry = found
        } catch {
            return .unusable(error)
        }
        do {
            return .usable(CachedPack(pack: try decode(entry.data), data: entry.data, etag: entry.etag))
        } catch {
            return .unusable(
                .cacheUnreadable(
                    url: url, path: cache.fileURL(for: url).path, reason: "It no longer decodes: \(error)"))
        }
    }

    private func finish(
        url: URL, transfer result: TransferResult, cached: CacheLookup<Pack>
    ) -> Result<LoadedPack<Pack>, ThemePackLoaderError> {
        switch result {
        case .success(.ok(let body, let etag)):
            let pack: Pack
            do {
                pack = try decode(body)
            } catch {
                return fallBack(from: .invalidPack(url: url, reason: "\(error)"), cached: cached)
            }
            var problem: ThemePackLoaderError?
            if case .unusable(let error) = cached { problem = error }
            if let cache {
                do {
                    try cache.store(PackCache.Entry(data: body, etag: etag), for: url)
                } catch {
                    problem = error
                }
            }
            return .success(LoadedPack(pack: pack, source: .network, etag: etag, data: body, cacheProblem: problem))

        case .success(.notModified(let etag)):
            // Only sent conditionally, i.e. only with a usable cached copy; anything else is a server error.
            guard case .usable(let entry) = cached else { return .failure(.httpStatus(url: url, code: 304)) }
            var problem: ThemePackLoaderError?
            if let cache, let etag, etag != entry.etag {
                // RFC 9111 §4.3.4: a 304 updates the stored response's validators.
                do {
                    try cache.store(PackCache.Entry(data: entry.data, etag: etag), for: url)
                } catch {
                    problem = error
                }
            }
            return .success(
                LoadedPack(
                    pack: entry.pack, source: .notModified, etag: etag ?? entry.etag, data: entry.data,
                    cacheProblem: problem))

        case .failure(.cancelled(let url)):
            return .failure(.cancelled(url: url))

        case .failure(let error):
            return fallBack(from: error, cached: cached)
        }
    }

    private func fallBack(
        from error: ThemePackLoaderError, cached: CacheLookup<Pack>
    ) -> Result<LoadedPack<Pack>, ThemePackLoaderError> {
        guard case .usable(let entry) = cached else { return .failure(error) }
        return .success(
            LoadedPack(pack: entry.pack, source: .cache(fallbackReason: error), etag: entry.etag, data: entry.data))
    }
}

/// A handle on one load started by ``ThemePackLoader/load(from:completion:)``.
///
/// Thread safety: ``cancel()`` may be called from any thread, any number of times.
public final class ThemePackLoadTask: Sendable {
    private let transfer: Transfer

    init(transfer: Transfer) {
        self.transfer = transfer
    }

    /// Stops the load if it is still running.
    ///
    /// The completion is then called with ``ThemePackLoaderError/cancelled(url:)`` — cancellation never falls
    /// back to the cached copy. Has no effect once the completion has been scheduled.
    public func cancel() {
        transfer.cancel()
    }
}

/// A cached copy that read and decoded successfully.
struct CachedPack<Pack: Sendable>: Sendable {
    var pack: Pack
    var data: Data
    var etag: String?
}

/// What the disk cache had for a URL when a load started.
enum CacheLookup<Pack: Sendable>: Sendable {
    /// No cache folder, or no entry for the URL.
    case none
    /// An entry that reads and decodes.
    case usable(CachedPack<Pack>)
    /// An entry that could not be read or no longer decodes; ignored, and reported as a cache problem.
    case unusable(ThemePackLoaderError)
}
