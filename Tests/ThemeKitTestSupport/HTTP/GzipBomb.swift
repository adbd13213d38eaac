import Foundation

/// A gzip body that inflates to far more than it weighs: zeros, compressed with fixed Huffman codes.
///
/// One DEFLATE block (RFC 1951 §3.2.6) with a literal zero and then back-references of length 258 at
/// distance 1, each 13 bits, so every byte sent inflates to about 159. The trailer's CRC-32 is left zero
/// (computing it over the inflated size would take seconds): a client that reads to the end reports a
/// damaged body, one that stops at its limit never gets there.
///
/// ```swift
/// let body = GzipBomb.make(inflatedSize: 256 << 20)   // ~1.7 MB that inflates to 256 MiB
/// server.route("/bomb", TestHTTPResponse(status: 200, headers: [("Content-Encoding", "gzip")], body: body))
/// ```
public enum GzipBomb {
    /// A gzip member that inflates to at least `inflatedSize` zero bytes.
    ///
    /// - Parameter inflatedSize: The size once inflated, in bytes (rounded up to a multiple of 258, plus 1).
    /// - Returns: The compressed bytes.
    public static func make(inflatedSize: Int) -> Data {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        bits.writeCode(0x30, length: 8)  // literal 0
        for _ in 0..<(max(0, inflatedSize - 1) + 257) / 258 {
            bits.writeCode(0b1100_0101, length: 8)  // length code 285: 258 bytes
            bits.writeCode(0, length: 5)  // distance code 0: distance 1
        }
        bits.writeCode(0, length: 7)  // end of block
        var data = Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
        data.append(contentsOf: bits.finished)
        data.append(contentsOf: [0, 0, 0, 0])  // CRC-32, deliberately wrong
        let size = UInt32(truncatingIfNeeded: inflatedSize)
        data.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) })
        return data
    }

    /// DEFLATE's bit order: data elements from the least significant bit, Huffman codes from the most.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt8 = 0
        var used = 0

        mutating func write(_ value: Int, count: Int) {
            for index in 0..<count { append((value >> index) & 1) }
        }

        mutating func writeCode(_ code: Int, length: Int) {
            for index in stride(from: length - 1, through: 0, by: -1) { append((code >> index) & 1) }
        }

        private mutating func append(_ bit: Int) {
            current |= UInt8(bit) << UInt8(used)
            used += 1
            if used == 8 {
                bytes.append(current)
                (current, used) = (0, 0)
            }
        }

        var finished: [UInt8] { used == 0 ? bytes : bytes + [current] }
    }
}
