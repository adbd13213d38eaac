import Foundation
import Testing

/// Locates the shared real-world fixtures: `../shared/fixtures` beside the repository.
///
/// Those files are other teams' published data, so they never live in the repository. A test that
/// needs them carries ``Fixtures/required``: where the folder is absent (a user's fresh clone) the
/// test is skipped with one line naming the folder, and under `THEMEKIT_REQUIRE_FIXTURES=1` (which
/// `.ci/run` sets) it runs and fails instead.
public enum Fixtures {
    /// Where the fixtures are expected: `THEMEKIT_FIXTURES` when set, else `../shared/fixtures`
    /// next to the repository root.
    public static let expectedDirectory: URL = {
        if let override = ProcessInfo.processInfo.environment["THEMEKIT_FIXTURES"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures", isDirectory: true)
    }()

    /// The fixtures folder, or `nil` when it is absent.
    public static let directory: URL? = {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: expectedDirectory.path, isDirectory: &isDirectory)
        return exists && isDirectory.boolValue ? expectedDirectory : nil
    }()

    /// Whether `THEMEKIT_REQUIRE_FIXTURES=1` asks for tests to fail rather than skip when the folder is absent.
    public static var areRequired: Bool { ProcessInfo.processInfo.environment["THEMEKIT_REQUIRE_FIXTURES"] == "1" }

    /// The trait for every test (or suite) that reads the fixtures: skips with one line when the folder
    /// is absent, unless `THEMEKIT_REQUIRE_FIXTURES=1`, in which case the test runs and fails on the first read.
    public static var required: ConditionTrait {
        .enabled(
            if: directory != nil || areRequired,
            Comment(rawValue: missingFolderNote))
    }

    /// The one line a skipped test prints: what is missing and how to get it.
    public static var missingFolderNote: String {
        "no shared fixtures at \(expectedDirectory.standardizedFileURL.path): they are other projects' published "
            + "files, kept outside the repository; Tests/FIXTURES.md says where each comes from "
            + "(set THEMEKIT_FIXTURES to a copy)"
    }

    /// The repository root (the folder holding `Package.swift`).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The URL of a fixture, relative to the fixtures folder.
    ///
    /// - Throws: ``FixtureError/missingFolder(_:)`` when the folder is absent and
    ///   ``FixtureError/missingFile(_:)`` when the file is.
    public static func url(_ relativePath: String) throws(FixtureError) -> URL {
        guard let directory else { throw .missingFolder(expectedDirectory.standardizedFileURL.path) }
        let url = directory.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { throw .missingFile(url.path) }
        return url
    }

    /// Reads a fixture file by path relative to the fixtures folder.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }
}

/// Why a fixture could not be found.
public enum FixtureError: Error, CustomStringConvertible {
    /// The fixtures folder is not beside the repository.
    case missingFolder(String)
    /// The folder is there, the file is not.
    case missingFile(String)

    /// What is missing, with its path.
    public var description: String {
        switch self {
        case .missingFolder(let path):
            "the shared fixtures folder \(path) is absent (THEMEKIT_REQUIRE_FIXTURES=1 makes that a failure); "
                + "Tests/FIXTURES.md says where the files come from, and THEMEKIT_FIXTURES points to a copy"
        case .missingFile(let path): "the fixture \(path) is absent"
        }
    }
}
