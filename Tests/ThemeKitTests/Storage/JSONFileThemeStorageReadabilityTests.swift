import Foundation
import Testing
import ThemeKit
import ThemeKitTestSupport

/// The JSON file a user is pointed to (the demo's state, an app's settings) shows the theme's values as JSON,
/// not Base64, and still reads files written entirely in Base64.
@Suite struct JSONFileThemeStorageReadabilityTests {
    let scratch = TemporaryDirectory(prefix: "themekit-readability")
    var url: URL { scratch.appending("theme.json") }

    func fileObject() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test("a theme's style and variant are written as JSON arrays that read back exactly")
    func themeValuesAreReadable() throws {
        do {
            let theme = Theme(storage: JSONFileThemeStorage(fileURL: url), namespace: "demo", delivery: .synchronous)
            theme.style = .dark
            theme.contrast = .increased
        }
        let object = try fileObject()
        let style = try #require(object.first { $0.key.hasSuffix("style") }?.value)
        #expect(style as? [String] == ["dark"], "the file holds \(style) rather than the JSON array [\"dark\"]")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(text.contains(#"["dark"]"#))
        #expect(text.contains(#"["increased"]"#))
        let reopened = Theme(storage: JSONFileThemeStorage(fileURL: url), namespace: "demo", delivery: .synchronous)
        #expect(reopened.style == .dark)
        #expect(reopened.contrast == .increased)
    }

    @Test("a file written in Base64 (before 0.1.0) still reads, and the next write makes it readable")
    func base64FilesStillRead() throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"ThemeKit.demo.style":"WyJkYXJrIl0="}"#.utf8).write(to: url)
        let storage = JSONFileThemeStorage(fileURL: url)
        #expect(try storage.data(forKey: "ThemeKit.demo.style") == Data(#"["dark"]"#.utf8))
        #expect(Theme(storage: storage, namespace: "demo", delivery: .synchronous).style == .dark)
        try storage.setData(Data(#"["x"]"#.utf8), forKey: "other")
        #expect(try fileObject()["ThemeKit.demo.style"] as? [String] == ["dark"])
    }

    @Test(
        "values that would not read back byte for byte as JSON stay Base64",
        arguments: [
            Data(#"{"b":1,"a":2}"#.utf8),  // keys out of order
            Data(#"[ "spaced" ]"#.utf8),  // whitespace
            Data(#""a string""#.utf8),  // not an array or object
            Data([0xFF, 0x00, 0x7B]),  // not JSON
            Data("[1,".utf8),  // truncated
        ])
    func otherValuesStayBase64(_ value: Data) throws {
        try JSONFileThemeStorage(fileURL: url).setData(value, forKey: "k")
        #expect(try JSONFileThemeStorage(fileURL: url).data(forKey: "k") == value)
        #expect(try fileObject()["k"] is String)
    }
}
