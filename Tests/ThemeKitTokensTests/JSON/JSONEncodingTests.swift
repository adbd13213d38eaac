import Foundation
import Testing
import ThemeKitTokens

@Suite struct JSONEncodingTests {
    @Test(
        "documents in UTF-16 or UTF-32 are refused by name, with or without a byte-order mark",
        arguments: [
            ([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], "UTF-16"), ([0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D], "UTF-16"),
            ([0x7B, 0x00, 0x7D, 0x00], "UTF-16"), ([0x00, 0x7B, 0x00, 0x7D], "UTF-16"),
            ([0xFF, 0xFE, 0x00, 0x00, 0x7B, 0x00, 0x00, 0x00], "UTF-32"), ([0x00, 0x00, 0x00, 0x7B], "UTF-32"),
        ] as [([UInt8], String)])
    func otherEncodings(bytes: [UInt8], name: String) throws {
        let error = try #require(throws: JSONReadError.self) { try JSONReader().read(Data(bytes)) }
        #expect(error.reason == .unsupportedEncoding(name))
        #expect(error.reason.description == "\(name) is not supported; save as UTF-8")
    }

    @Test("UTF-8 with or without its byte-order mark still reads")
    func utf8() throws {
        #expect(try JSONReader().read(Data([0xEF, 0xBB, 0xBF, 0x7B, 0x7D])).value == .object([:]))
        #expect(try JSONReader().read(Data("1".utf8)).value == 1)
    }
}
