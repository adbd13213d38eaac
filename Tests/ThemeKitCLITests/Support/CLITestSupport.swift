import Foundation
import ThemeKitCLI
import Testing
import ThemeKitTestSupport

/// The outcome of one in-process run of the tool.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String

    /// stdout and stderr together, for checks that do not care which stream a line went to.
    var all: String { stdout + stderr }
}

/// Runs `themekit` in-process.
/// - Parameters:
///   - arguments: The arguments after the program name.
///   - directory: The working directory relative paths are resolved against.
///   - terminal: Whether standard output pretends to be a terminal.
///   - variables: The environment variables.
func themekit(
    _ arguments: [String], in directory: URL? = nil, terminal: Bool = false, variables: [String: String] = [:]
) -> CommandResult {
    var out = ""
    var err = ""
    let environment = CommandEnvironment(
        currentDirectory: directory ?? URL(fileURLWithPath: NSTemporaryDirectory()), variables: variables,
        isStandardOutputTerminal: terminal)
    let status = ThemeKitCommand.run(arguments: arguments, stdout: &out, stderr: &err, environment: environment)
    return CommandResult(status: status, stdout: out, stderr: err)
}

/// Optional use of the shared real-world fixtures, for tests that also run without them.
enum SharedFixtures {
    /// The fixture's path; `nil` when the folder is absent, unless `THEMEKIT_REQUIRE_FIXTURES=1`,
    /// in which case a missing folder or file is recorded as a test failure.
    static func path(_ relative: String) -> String? {
        if Fixtures.directory == nil && !Fixtures.areRequired { return nil }
        do {
            return try Fixtures.url(relative).path
        } catch {
            Issue.record("\(error)")
            return nil
        }
    }
}

/// The example packs in `Examples/Packs/`, when the repository has them.
enum ExamplePacks {
    static var paths: [String] {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Examples/Packs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0).path }
    }
}
