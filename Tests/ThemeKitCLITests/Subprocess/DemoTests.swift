import Foundation
import Testing
import ThemeKitTestSupport

/// The example app (`Examples/ThemeKitDemo`) run as a child process with its state in a scratch folder.
@Suite(
    .enabled(
        if: BuildProducts.directory.map {
            FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("themekit-demo").path)
        } == true,
        "the themekit-demo executable is not in the build folder; run 'swift build' first"))
struct DemoTests {
    let folder = TemporaryDirectory()

    func runDemo() throws -> ProcessResult {
        let demo = try #require(BuildProducts.directory).appendingPathComponent("themekit-demo")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = folder.path("state")
        environment["HOME"] = folder.path("home")
        let result = try runProcess(demo, ["3"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    @Test("a first run says nothing was restored, keeps its state in the user's state folder, and ends with a summary")
    func firstAndSecondRun() throws {
        let state = folder.path("state/themekit-demo/theme.json")
        let first = try runDemo()
        let firstLine = first.stdout.split(separator: "\n").first.map(String.init)
        #expect(firstLine == "No saved choice at \(state) yet; starting with style light, variant none")
        #expect(!first.stdout.contains("Restored from"))
        #expect(FileManager.default.fileExists(atPath: state))
        #expect(first.stdout.contains("\nSummary\n  3 screens, 9 views, 36 bindings\n  8 changes refreshed in "))
        #expect(first.stdout.hasSuffix("  the choice is saved in \(state); run again to see it restored.\n"))

        let second = try runDemo()
        #expect(second.stdout.hasPrefix("Restored from \(state): style dark, variant ocean\n"))
    }
}
