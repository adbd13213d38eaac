import Foundation
import ThemeKitTestSupport

/// The build folder this test bundle was built into, and the tools next to it.
///
/// Subprocess tests run the `themekit` executable built into the same folder (`swift build` builds it;
/// `.ci/cli` builds it before testing). The Swift-export test compiles generated code against the
/// `ThemeKitTokens` module and object files in the same folder. Set `THEMEKIT_BUILD_DIR` to point elsewhere.
enum BuildProducts {
    /// The folder holding `Modules/ThemeKitTokens.swiftmodule`, or `nil` when it cannot be found.
    static let directory: URL? = {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["THEMEKIT_BUILD_DIR"] {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        return candidates.first { url in
            FileManager.default.fileExists(
                atPath: url.appendingPathComponent("Modules/ThemeKitTokens.swiftmodule").path)
        }
    }()

    /// The built `themekit` executable, or `nil` when it has not been built.
    static let themekit: URL? = {
        guard let url = directory?.appendingPathComponent("themekit"),
            FileManager.default.isExecutableFile(atPath: url.path)
        else { return nil }
        return url
    }()

    /// `swiftc` from `PATH`, or `nil`.
    static let swiftc: URL? = executable(named: "swiftc")

    /// Chromium from `PATH` (`chromium`, `chromium-browser`, `google-chrome`), or `nil`.
    static let chromium: URL? = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(executable(named:))
        .first

    /// Whether a missing Chromium should fail the tests rather than skip them (set by `.ci/cli`).
    static var chromiumRequired: Bool { ProcessInfo.processInfo.environment["THEMEKIT_REQUIRE_CHROMIUM"] == "1" }

    /// The flags that let `swiftc` import ThemeKit's C module (`CThemeKitAtomics`, which ThemeKit imports):
    /// its include folder, where its module map is, in this package's sources.
    static let cModuleFlags: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return ["-I", root.appendingPathComponent("Sources/CThemeKitAtomics/include").path]
    }()

    /// The object files of a target in the build folder (`ThemeKitTokens.build/*.o`).
    static func objects(of target: String) -> [String] {
        guard let folder = directory?.appendingPathComponent("\(target).build") else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".o") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}

/// What a child process printed and how it ended.
struct ProcessResult {
    var status: Int32
    /// `true` when the process ended by a signal (a crash), not by `exit`.
    var crashed: Bool
    var stdout: String
    var stderr: String
}

/// Runs a program to completion; its output goes through files, so no pipe can fill up and block it.
func runProcess(
    _ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
    directory: URL? = nil
) throws -> ProcessResult {
    let scratch = TemporaryDirectory()
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    let inURL = scratch.url.appendingPathComponent("stdin")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: inURL.path, contents: stdin ?? Data())
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let output = try FileHandle(forWritingTo: outURL)
    let errors = try FileHandle(forWritingTo: errURL)
    let input = try FileHandle(forReadingFrom: inURL)
    defer {
        try? output.close()  // Closing handles to finished scratch files cannot lose anything the test reads.
        try? errors.close()
        try? input.close()
    }
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input
    try process.run()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
        stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}
