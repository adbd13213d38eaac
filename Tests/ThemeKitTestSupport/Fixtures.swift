import Foundation

/// Locates the shared real-world fixtures (`../shared/fixtures` beside the repository).
public enum Fixtures {
    /// The fixtures folder, found by walking up from this source file; `nil` when absent.
    public static let directory: URL? = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            url = url.deletingLastPathComponent()
            let candidate = url.appendingPathComponent("shared/fixtures")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let sibling = url.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
            if FileManager.default.fileExists(atPath: sibling.path) { return sibling }
        }
        return nil
    }()

    /// The repository root (the folder holding `Package.swift`).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// Reads a fixture file by path relative to the fixtures folder.
    public static func data(_ relativePath: String) throws -> Data {
        guard let directory else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: directory.appendingPathComponent(relativePath))
    }
}
