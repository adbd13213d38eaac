import Foundation
import Testing
import ThemeKitTestSupport

/// The body-size cap caps memory: a refused download never buffers more than the limit, compressed or not.
///
/// Peak memory is process-wide and only grows, so each download runs alone in a child process
/// (`ThemeKitCrashChild download …`), which serves the body itself on 127.0.0.1, loads it once with a small
/// body first (so URLSession and libcurl are set up), then reports its peak before and after the hostile load.
@Suite("Hostile downloads", .serialized)
struct HostileDownloadTests {
    /// The cap the child's loader uses.
    static let limit = 1 << 20
    /// What a refused download may add to the peak besides the limit itself: the body's buffer growing by
    /// doubling, callbacks in flight, libcurl's buffers.
    static let slack = 16 << 20

    /// Under AddressSanitizer (`Scripts/sanitize.sh address`), the child runs with ASan's quarantine off:
    /// the quarantine keeps freed blocks from being reused, so the peak would count every buffer the
    /// download ever freed (the gzip bomb's decompression chunks) rather than what it holds at once, and
    /// went 12 KB past the bound in one CI run. Freed memory then comes back at once, as without ASan.
    static var childEnvironment: [String: String] {
        let environment = ProcessInfo.processInfo.environment
        guard environment["THEMEKIT_SANITIZER"] == "address" else { return [:] }
        let inherited = environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        return ["ASAN_OPTIONS": inherited + "quarantine_size_mb=0:thread_local_quarantine_size_kb=0"]
    }

    static func run(_ kind: String) throws -> (result: String, growth: Int) {
        let executable = try #require(
            ChildProcess.siblingExecutable(named: "ThemeKitCrashChild"),
            "ThemeKitCrashChild is not built beside the tests: run `swift build --build-tests` first")
        let child = try ChildProcess(
            executable: executable, arguments: ["download", kind, String(limit)], environment: childEnvironment)
        let termination = try #require(child.waitForExit(within: 60), "the child did not finish within 60 s")
        let lines = child.lines
        #expect(termination == .exited(0), "\(lines)")
        func value(_ key: String) -> String? {
            lines.first { $0.hasPrefix(key + " ") }.map { String($0.dropFirst(key.count + 1)) }
        }
        let baseline = try #require(value("baseline-peak").flatMap(Int.init), "\(lines)")
        let peak = try #require(value("peak").flatMap(Int.init), "\(lines)")
        return (try #require(value("result"), "\(lines)"), peak - baseline)
    }

    @Test("a gzip bomb (256 MiB of zeros, chunked) is refused with at most the limit plus a constant in memory")
    func gzipBombIsRefusedWithinTheLimit() throws {
        let (result, growth) = try Self.run("gzip-bomb")
        #expect(result.contains("is larger than the \(Self.limit)-byte limit"), "\(result)")
        #expect(growth <= Self.limit + Self.slack, "the peak grew by \(growth) bytes")
    }

    @Test("an endless chunked body is refused with at most the limit plus a constant in memory")
    func endlessBodyIsRefusedWithinTheLimit() throws {
        let (result, growth) = try Self.run("endless")
        #expect(result.contains("is larger than the \(Self.limit)-byte limit"), "\(result)")
        #expect(growth <= Self.limit + Self.slack, "the peak grew by \(growth) bytes")
    }
}
