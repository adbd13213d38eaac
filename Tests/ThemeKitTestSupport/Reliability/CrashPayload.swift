import Foundation

/// The values the crash-safety child writes, one per sequence number, built so that
/// any torn, truncated or mixed value is recognised.
///
/// Value `n` is a header naming `n` and its length, then a filler that depends on
/// `n`; lengths vary from a few bytes to 32 KB so that writes of different sizes
/// (and so different kill windows) are exercised.
public enum CrashPayload {
    /// The storage key the child rewrites in a loop.
    public static let sequenceKey = "crash.sequence"

    /// The app-value key (under a theme's namespace) the theme child rewrites in a loop.
    public static let counterKey = "counter"

    /// The namespace of the theme the theme child drives.
    public static let namespace = "crash"

    /// The bytes of value `sequence`.
    public static func make(_ sequence: Int) -> Data {
        let length = 16 + (sequence &* 7919) % 32_768
        var bytes = Array("seq=\(sequence);len=\(length);".utf8)
        bytes.reserveCapacity(bytes.count + length)
        for index in 0..<length {
            bytes.append(UInt8(ascii: "a") + UInt8((sequence &+ index &* 7) % 26))
        }
        return Data(bytes)
    }

    /// The sequence number of `data` when it is exactly one value built by ``make(_:)``, else `nil`.
    public static func sequence(of data: Data) -> Int? {
        guard let separator = data.firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let header = String(decoding: data[data.startIndex..<separator], as: UTF8.self)
        guard header.hasPrefix("seq="), let sequence = Int(header.dropFirst(4)), sequence >= 0 else { return nil }
        return make(sequence) == data ? sequence : nil
    }

    /// Keys written once before the first child starts and never touched again:
    /// each must survive every kill byte for byte.
    public static let untouchedKeys: [(key: String, value: Data)] = (0..<8).map { index in
        ("crash.untouched.\(index)", Data((0..<(64 << index)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }))
    }
}
