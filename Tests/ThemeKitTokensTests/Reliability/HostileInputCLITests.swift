import Foundation
import Testing
import ThemeKitTestSupport

/// Runs the `themekit` tool on every input of the hostile corpus, as a user would: each run
/// ends with a clear message and status 1 (or, leniently, 0 with warnings that name the
/// problem), never a crash, in bounded time and memory.
@Suite struct HostileInputCLITests {
    @Test("themekit validate refuses a hostile input clearly, in bounded time and memory", arguments: HostileCorpus.all)
    func validate(input: HostileInput) throws {
        let tool = try #require(ChildProcess.siblingExecutable(named: "themekit"), "themekit is built beside the tests")
        let scratch = TemporaryDirectory(prefix: "themekit-hostile")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let folder = scratch.url
        let file = folder.appendingPathComponent(input.name)
        try input.data().write(to: file)
        let slowdown = Double(HostileInputTests.slowdown)
        for strict in [true, false] {
            let arguments = ["validate"] + (strict ? ["--strict"] : []) + [file.path]
            let started = Date()
            let run = try MeasuredRun(tool, arguments, within: 60 * slowdown)
            let elapsed = Date().timeIntervalSince(started)
            let output = run.output.joined(separator: "\n")
            let explains = input.mentions.contains { output.lowercased().contains($0) }
            if strict {
                #expect(run.termination == .exited(1), "\(arguments): \(output.suffix(600))")
            } else {
                #expect(run.termination == .exited(0) || run.termination == .exited(1), "\(output.suffix(600))")
            }
            #expect(explains, "\(arguments) does not say what is wrong: \(output.prefix(600))")
            #expect(run.peakMemoryBytes < HostileInputTests.bytesPerProcess, "peak \(run.peakMemoryBytes >> 20) MB")
            let policy = strict ? "strict" : "lenient"
            print(
                "Hostile CLI \(input.name) \(policy): \(run.termination.map(String.init(describing:)) ?? "?"), "
                    + "\(Int(elapsed * 1000)) ms, peak \(run.peakMemoryBytes >> 20) MB")
        }
    }
}
