/// Bounds that ``JSONReader`` enforces on untrusted documents, so a hostile file
/// cannot exhaust memory, the stack, or time.
///
/// Every limit is checked while reading, before the work it guards is done: the byte
/// count before the first byte is parsed, the depth before a container is opened, a
/// string's length as it grows. Exceeding one throws a ``JSONReadError`` naming the
/// limit, the byte offset and the JSON path where it was crossed.
///
/// ```swift
/// var limits = JSONLimits.default
/// limits.maxDocumentBytes = 64 * 1024
/// let document = try JSONReader(limits: limits).read(data)
/// ```
public struct JSONLimits: Hashable, Sendable {
    /// The deepest nesting any reader accepts, whatever ``maxDepth`` says.
    ///
    /// Values are trees of indirect enums whose comparison, hashing and deallocation
    /// recurse; this ceiling keeps that recursion far from the stack's limit.
    public static let hardMaximumDepth = 512

    /// The largest document accepted, in bytes. Default: 8 MiB.
    public var maxDocumentBytes: Int
    /// The deepest nesting of arrays and objects; the root container is depth 1.
    /// Default: 64. Clamped to ``hardMaximumDepth``.
    public var maxDepth: Int {
        get { storedMaxDepth }
        set { storedMaxDepth = min(max(newValue, 0), Self.hardMaximumDepth) }
    }
    /// The longest string (key or value) accepted, in UTF-8 bytes after decoding escapes.
    /// Default: 1 MiB.
    public var maxStringBytes: Int
    /// The longest number literal accepted, in characters. Default: 256.
    public var maxNumberLength: Int
    /// The most values (scalars, arrays, objects, and object keys) in one document.
    /// Default: 1 000 000.
    public var maxTokenCount: Int

    private var storedMaxDepth: Int

    /// Creates limits; any argument left out takes its default.
    /// - Parameters:
    ///   - maxDocumentBytes: The largest document accepted, in bytes.
    ///   - maxDepth: The deepest nesting of arrays and objects (clamped to ``hardMaximumDepth``).
    ///   - maxStringBytes: The longest string accepted, in UTF-8 bytes.
    ///   - maxNumberLength: The longest number literal accepted, in characters.
    ///   - maxTokenCount: The most values and keys in one document.
    public init(
        maxDocumentBytes: Int = 8 * 1024 * 1024,
        maxDepth: Int = 64,
        maxStringBytes: Int = 1024 * 1024,
        maxNumberLength: Int = 256,
        maxTokenCount: Int = 1_000_000
    ) {
        self.maxDocumentBytes = maxDocumentBytes
        self.storedMaxDepth = min(max(maxDepth, 0), Self.hardMaximumDepth)
        self.maxStringBytes = maxStringBytes
        self.maxNumberLength = maxNumberLength
        self.maxTokenCount = maxTokenCount
    }

    /// The default limits: 8 MiB, depth 64, 1 MiB strings, 256-character numbers, 1 000 000 tokens.
    public static let `default` = JSONLimits()
}
