import Foundation
import Testing
import ThemeKit

@Suite struct ThemeStyleTests {
    @Test("custom styles are values that round-trip through JSON as plain strings")
    func customStyleRoundTrips() throws {
        let data = try JSONEncoder().encode([ThemeStyle.sepia, .dark])
        #expect(String(decoding: data, as: UTF8.self) == #"["sepia","dark"]"#)
        #expect(try JSONDecoder().decode([ThemeStyle].self, from: data) == [.sepia, .dark])
    }
}
