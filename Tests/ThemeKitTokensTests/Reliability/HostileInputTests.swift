import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// Feeds every input of the hostile corpus (`Tests/Corpus/hostile` and the large inputs
/// built at run time, see ``HostileCorpus``) to the decoders: each is refused with a clear
/// error, in bounded time, in process; and in a separate process it neither crashes nor
/// uses unbounded memory.
@Suite struct HostileInputTests {
    /// What a decoder did with an input.
    enum Outcome {
        case refused(ThemePackError)
        case accepted(warnings: [ThemePackIssue])

        var text: String {
            switch self {
            case .refused(let error): error.description
            case .accepted(let warnings): warnings.map(\.description).joined(separator: "\n")
            }
        }
    }

    /// Generous bounds for a debug build, four times wider under a sanitizer: they catch
    /// hangs and blow-ups, not slowness (how fast decoding is belongs to a benchmark, not here).
    static let slowdown = ProcessInfo.processInfo.environment["THEMEKIT_SANITIZER"] == nil ? 1 : 4
    static let bytesPerProcess = (512 << 20) * slowdown

    static func decode(_ input: HostileInput, data: Data, file: URL, policy: DecodingPolicy) -> Outcome {
        do throws(ThemePackError) {
            switch input.format {
            case .pack:
                return .accepted(warnings: try ThemePackDecoder(policy: policy).decode(contentsOf: file).warnings)
            case .tokens:
                let document = try DTCGDocument(data: data, source: input.name)
                return .accepted(warnings: try DTCGImporter(policy: policy).pack(document: document).warnings)
            case .resolver:
                return .accepted(warnings: try DTCGImporter(policy: policy).pack(resolver: file).warnings)
            }
        } catch {
            return .refused(error)
        }
    }

    @Test("every file in Tests/Corpus/hostile is listed in HostileCorpus with what its error must say")
    func corpusIsListed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: HostileCorpus.directory.path)
            .filter { $0.hasSuffix(".json") }
        #expect(Set(names) == Set(HostileCorpus.committed.map(\.name)))
        #expect(HostileCorpus.all.count == Set(HostileCorpus.all.map(\.name)).count, "names are unique")
    }

    @Test("a hostile input is refused with a clear error", arguments: HostileCorpus.all)
    func refusedClearly(input: HostileInput) throws {
        let scratch = TemporaryDirectory(prefix: "themekit-hostile")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let folder = scratch.url
        let file = folder.appendingPathComponent(input.name)
        let data = try input.data()
        try data.write(to: file)
        for policy in DecodingPolicy.allCases {
            // A hang shows in the separate-process test below, whose watchdog kills it.
            let outcome = Self.decode(input, data: data, file: file, policy: policy)
            let text = outcome.text.lowercased()
            let explains = input.mentions.contains { text.contains($0) }
            switch (policy, outcome) {
            case (.strict, .accepted):
                Issue.record("strict decoding accepted \(input.name)")
            case (_, .refused(let error)):
                #expect(explains, "\(policy) error does not say what is wrong: \(error.description.prefix(600))")
                #expect(error.issues.allSatisfy { !$0.reason.isEmpty })
            case (_, .accepted(let warnings)):
                // Lenient decoding may recover, but never silently.
                #expect(
                    explains, "\(policy) accepted with warnings that do not say what is wrong: \(warnings.prefix(5))")
            }
        }
    }

    @Test(
        "a large hostile input neither crashes nor exhausts memory in a separate process",
        arguments: HostileCorpus.generated.filter { $0.format != .resolver })
    func survivesInProcessOfItsOwn(input: HostileInput) throws {
        let replayer = try #require(
            ChildProcess.siblingExecutable(named: "ThemeKitFuzz"), "ThemeKitFuzz is built beside the tests")
        let scratch = TemporaryDirectory(prefix: "themekit-hostile")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let folder = scratch.url
        let file = folder.appendingPathComponent(input.name)
        try input.data().write(to: file)
        // The fuzz replayer runs the decoders under both policies and the round-trip checks.
        let run = try MeasuredRun(
            replayer, [input.format == .pack ? "pack" : "dtcg", file.path], within: 120 * Double(Self.slowdown))
        #expect(run.termination == .exited(0), "\(run.output.suffix(5).joined(separator: "\n"))")
        #expect(run.peakMemoryBytes < Self.bytesPerProcess, "peak memory \(run.peakMemoryBytes >> 20) MB")
    }
}
