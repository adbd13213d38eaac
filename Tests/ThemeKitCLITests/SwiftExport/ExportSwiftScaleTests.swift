import Foundation
import Testing
import ThemeKitTestSupport

/// `export-swift` output for big packs compiles in bounded time and memory (issue #23).
///
/// GitHub Primer's resolver gives 1,140 colours; before, the generated file made the compiler use over 24 GB.
/// Compiling it takes a few seconds, so the test runs only in CI (`CI=true` or `THEMEKIT_REQUIRE_FIXTURES=1`,
/// which `.ci/run` sets). It compiles the file to an object the way `swift build` does (debug, Swift 6,
/// warnings as errors) under `/usr/bin/time -v` when that exists, which reports the compiler's peak memory.
@Suite struct ExportSwiftScaleTests {
    let folder = TemporaryDirectory()

    static var inCI: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true" || Fixtures.areRequired
    }

    @Test(
        "the Primer resolver's 1,140 colours export as Swift that compiles in at most 60 s and 2 GB",
        Fixtures.required,
        .enabled(if: inCI, "compiles a 1,140-colour file; runs with CI=true or THEMEKIT_REQUIRE_FIXTURES=1"),
        .enabled(
            if: BuildProducts.directory != nil,
            "the build folder with Modules/ThemeKitTokens.swiftmodule was not found; run 'swift build' first"),
        .enabled(if: BuildProducts.swiftc != nil, "swiftc is not on PATH; put the Swift toolchain's bin folder on PATH")
    )
    func primerCompiles() throws {
        let resolver = try Fixtures.url("realworld/github-primer.resolver.json").path
        let pack = folder.path("primer.json")
        let convert = themekit(["convert", "--lenient", resolver, "--to", "pack", "-o", pack])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(convert.stdout.contains(": 1353 tokens read; 1140 colours, "), "\(convert.stdout)")
        let generated = folder.path("Primer.swift")
        #expect(themekit(["export-swift", pack, "-o", generated, "--type-prefix", "Primer"]).status == 0)

        let swiftc = try #require(BuildProducts.swiftc)
        let build = try #require(BuildProducts.directory)
        let arguments =
            [
                "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-c", "-module-name", "PrimerTokens",
                "-I", build.appendingPathComponent("Modules").path,
            ] + BuildProducts.cModuleFlags + [generated, "-o", folder.path("Primer.o")]
        let time = URL(fileURLWithPath: "/usr/bin/time")
        let measured = FileManager.default.isExecutableFile(atPath: time.path)
        let clock = ContinuousClock()
        let start = clock.now
        let result =
            measured
            ? try runProcess(time, ["-v", swiftc.path] + arguments) : try runProcess(swiftc, arguments)
        let elapsed = clock.now - start
        #expect(result.status == 0, "\(result.stderr.prefix(4_000))")
        #expect(elapsed <= .seconds(60), "compiling took \(elapsed)")
        let peakKilobytes = measured ? Self.maximumResidentKilobytes(result.stderr) : Self.childrenPeakKilobytes()
        let peak = try #require(peakKilobytes, "no peak memory figure")
        #expect(peak <= 2 * 1_024 * 1_024, "the compiler's peak resident memory was \(peak) KB")
    }

    /// `Maximum resident set size (kbytes): N` from `/usr/bin/time -v`.
    static func maximumResidentKilobytes(_ report: String) -> Int? {
        let label = "Maximum resident set size (kbytes):"
        guard let line = report.split(separator: "\n").last(where: { $0.contains(label) }) else { return nil }
        return Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
    }

    /// The largest peak of any waited-for child process, in kilobytes (an upper bound for the compiler's).
    static func childrenPeakKilobytes() -> Int? {
        var usage = rusage()
        // RUSAGE_CHILDREN is -1 on Linux and Darwin; Glibc imports the constant as an enum case.
        guard getrusage(-1, &usage) == 0 else { return nil }
        #if canImport(Darwin)
            return Int(usage.ru_maxrss) / 1_024  // bytes on Darwin
        #else
            return Int(usage.ru_maxrss)  // kilobytes on Linux
        #endif
    }
}
