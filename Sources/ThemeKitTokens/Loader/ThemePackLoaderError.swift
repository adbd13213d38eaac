import Foundation

/// Why loading a theme pack from a URL failed, naming the URL and the reason.
///
/// Every case carries the URL that was requested. ``description`` is a plain sentence suitable for logs.
/// When the loader falls back to its last-known-good copy, the failure travels along as
/// ``LoadedPackSource/cache(fallbackReason:)``.
///
/// ```swift
/// switch error {
/// case .httpStatus(_, let code) where code == 404: showMissingPackMessage()
/// case .timedOut: retryLater()
/// default: log(error.description)
/// }
/// ```
public enum ThemePackLoaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL's scheme is not `http` or `https`.
    case unsupportedURL(url: URL)
    /// The request failed before a complete response arrived (no connection, DNS failure, TLS failure…).
    ///
    /// `reason` is the system's description of the underlying error.
    case transport(url: URL, reason: String)
    /// The exchange took longer than ``ThemePackLoader/Configuration/timeout`` seconds.
    case timedOut(url: URL, after: TimeInterval)
    /// The server answered with a status other than `200` (or an unexpected `304`).
    case httpStatus(url: URL, code: Int)
    /// The body exceeded ``ThemePackLoader/Configuration/maximumBodySize``.
    ///
    /// `received` is the `Content-Length` the server declared when it was rejected up front, otherwise
    /// the number of bytes received when the limit was crossed; in both cases the body is at least that large.
    case bodyTooLarge(url: URL, limit: Int, received: Int)
    /// The connection ended before the whole body arrived.
    ///
    /// `expected` is the declared `Content-Length`, or `nil` when the server did not declare one
    /// (a chunked or close-delimited body cut off mid-way).
    case truncated(url: URL, expected: Int?, received: Int)
    /// The body arrived whole but the decoder rejected it; `reason` is the decoder's error description.
    case invalidPack(url: URL, reason: String)
    /// The cached copy at `path` could not be read, is damaged, or no longer decodes.
    case cacheUnreadable(url: URL, path: String, reason: String)
    /// A freshly downloaded pack could not be stored at `path`; the pack itself was loaded.
    case cacheWriteFailed(url: URL, path: String, reason: String)
    /// The load was cancelled by its caller.
    case cancelled(url: URL)
    /// The server redirected to `location`, which ``ThemePackLoader/Configuration/redirectPolicy`` does not
    /// allow (another host, or `https` to `http`).
    case redirectRefused(url: URL, location: URL)
    /// The loader's configuration cannot be used (an infinite, zero or NaN timeout); nothing was sent.
    case invalidConfiguration(url: URL, reason: String)

    /// The URL that was being loaded.
    public var url: URL {
        switch self {
        case .unsupportedURL(let url), .transport(let url, _), .timedOut(let url, _), .httpStatus(let url, _),
            .bodyTooLarge(let url, _, _), .truncated(let url, _, _), .invalidPack(let url, _),
            .cacheUnreadable(let url, _, _), .cacheWriteFailed(let url, _, _), .cancelled(let url),
            .redirectRefused(let url, _), .invalidConfiguration(let url, _):
            return url
        }
    }

    /// A plain sentence saying what went wrong and where.
    ///
    /// URLs are shown without their credentials (`https://***@host/…`), and text from the server or the
    /// system is escaped (``TerminalText/escaped(_:)``): the sentence is meant for logs.
    public var description: String {
        TerminalText.escaped(sentence)
    }

    private var sentence: String {
        let address = Self.display(url)
        switch self {
        case .unsupportedURL:
            return "The theme pack URL \(address) is not an http or https URL."
        case .transport(_, let reason):
            return "The theme pack at \(address) could not be fetched: \(Self.sentence(reason))"
        case .timedOut(_, let seconds):
            return "The theme pack at \(address) did not arrive within \(Self.seconds(seconds)) seconds."
        case .httpStatus(_, let code):
            return "The server answered HTTP \(code) for the theme pack at \(address)."
        case .bodyTooLarge(_, let limit, let received):
            return
                "The theme pack at \(address) is larger than the \(limit)-byte limit (at least \(received) bytes)."
        case .truncated(_, let expected?, let received):
            return
                "The theme pack at \(address) was cut off after \(received) of \(expected) bytes."
        case .truncated(_, nil, let received):
            return "The theme pack at \(address) was cut off after \(received) bytes."
        case .invalidPack(_, let reason):
            return "The theme pack at \(address) is not a valid pack: \(Self.sentence(reason))"
        case .cacheUnreadable(_, let path, let reason):
            return "The cached copy of the theme pack at \(address) (\(path)) is unusable: \(Self.sentence(reason))"
        case .cacheWriteFailed(_, let path, let reason):
            return
                "The theme pack at \(address) loaded but could not be cached at \(path): \(Self.sentence(reason))"
        case .cancelled:
            return "Loading the theme pack at \(address) was cancelled."
        case .redirectRefused(_, let location):
            return "The server redirected the theme pack at \(address) to \(Self.display(location)), which the "
                + "loader's redirect policy does not allow."
        case .invalidConfiguration(_, let reason):
            return "The theme pack at \(address) was not loaded: \(Self.sentence(reason))"
        }
    }

    /// `url` as text, with any user name and password replaced by `***`: credentials in a URL must never
    /// reach a log or a file.
    ///
    /// - Parameter url: Any URL.
    /// - Returns: Its absolute string, credentials hidden.
    public static func display(_ url: URL) -> String {
        guard url.user != nil || url.password != nil,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url.absoluteString }
        components.user = "***"
        components.password = nil
        return components.string ?? "(a URL with credentials)"
    }

    private static func sentence(_ reason: String) -> String {
        let trimmed = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = trimmed.last else { return "no reason was given." }
        return ".!?".contains(last) ? trimmed : trimmed + "."
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.3g", value)
    }
}
