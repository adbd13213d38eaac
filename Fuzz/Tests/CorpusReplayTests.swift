import Foundation
import Testing
import ThemeKitFuzzTargets
import ThemeKitTestSupport

/// Replays the seed corpus and every input that ever failed a fuzz run through its target's
/// checks: each must pass, in bounded time.
///
/// `Scripts/fuzz.sh` copies each crash, hang or out-of-memory input it finds to
/// `Fuzz/Regressions/<target>/`; committed there, it is replayed here forever after.
@Suite struct CorpusReplayTests {
    static let fuzzDirectory = Fixtures.repositoryRoot.appendingPathComponent("Fuzz")

    /// The files of `Fuzz/<folder>/<target>/`, sorted; empty when the folder does not exist.
    static func files(_ folder: String, _ target: FuzzTarget) -> [URL] {
        let directory = fuzzDirectory.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test("every seed and every input that ever failed passes its target's checks", arguments: FuzzTarget.allCases)
    func replay(target: FuzzTarget) throws {
        let seeds = Self.files("Corpus", target)
        let regressions = Self.files("Regressions", target)
        #expect(seeds.count >= 5, "the seed corpus of \(target) is missing")
        for file in seeds + regressions {
            let data = try Data(contentsOf: file)
            let started = Date()
            let violations = target.check(data)
            let elapsed = Date().timeIntervalSince(started)
            #expect(violations == [], "\(file.lastPathComponent)")
            // Generous: libFuzzer's bound is 1 s per input in a release build; this is a debug build.
            #expect(elapsed < 20, "\(file.lastPathComponent) took \(elapsed) s")
        }
    }
}
