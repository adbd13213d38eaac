import Foundation
import Testing
import ThemeKitTokens
import ThemeKitTestSupport

@testable import ThemeKitCLI

/// Collects the lines a progress sink receives.
final class LineCollector: @unchecked Sendable {  // `lines` is guarded by `lock`.
    private let lock = NSLock()
    private var storage: [String] = []

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    func append(_ line: String) {
        lock.lock()
        storage.append(line)
        lock.unlock()
    }
}

@Suite struct ProgressReporterTests {
    @Test("once the threshold has passed, each phase is shown as it starts and the line is erased at the end")
    func phasesAfterThreshold() {
        let collector = LineCollector()
        let reporter = ProgressReporter(sink: { collector.append($0) }, threshold: 0)
        reporter.begin("reading big.tokens.json")
        reporter.begin("encoding the pack")
        reporter.finish()
        let atFinish = collector.lines
        reporter.begin("after the end")
        reporter.finish()
        // The timer may also repeat a phase; the order and the single final erase are what is promised.
        #expect(atFinish.first?.hasPrefix("themekit: reading big.tokens.json… (") == true)
        let encoding = atFinish.firstIndex { $0.hasPrefix("themekit: encoding the pack… (") }
        #expect(encoding != nil)
        #expect(atFinish.last == "")
        #expect(atFinish.filter(\.isEmpty).count == 1)
        #expect(collector.lines == atFinish)
    }

    @Test("a command that ends within the threshold shows nothing and erases nothing")
    func quickCommandShowsNothing() {
        let collector = LineCollector()
        let reporter = ProgressReporter(sink: { collector.append($0) }, threshold: 3_600)
        reporter.begin("reading small.json")
        reporter.finish()
        #expect(collector.lines == [])
    }

    @Test("without a terminal there is no sink, and a convert run writes no progress to standard error")
    func noTerminalNoProgress() throws {
        let directory = TemporaryDirectory()
        let input = try directory.write("t.tokens.json", ##"{"c": {"$type": "color", "a": {"$value": "#112233"}}}"##)
        let result = themekit(["convert", input, "--to", "pack"])
        #expect(result.status == 0)
        #expect(!result.stderr.contains("themekit: reading"))
    }
}

@Suite struct PackSizeLimitTests {
    @Test("convert refuses a pack larger than the readers' limit, naming the output and the limit")
    func oversizedOutputIsRefused() throws {
        let pack = ThemePack(
            id: "big", name: "Big",
            colors: [
                "a": ColorSet(light: ThemeColor(red: 1, green: 0, blue: 0), dark: ThemeColor(red: 0, green: 0, blue: 1))
            ])
        var context = CommandContext(environment: CommandEnvironment(currentDirectory: URL(fileURLWithPath: "/")))
        var limits = JSONLimits.default
        limits.maxDocumentBytes = 64
        let size = ThemePackEncoder().encode(pack).count
        #expect {
            _ = try context.checkedPackData(pack, output: "out.json", readingLimits: limits)
        } throws: { error in
            guard case CommandError.input(let message?) = error else { return false }
            return message.hasPrefix("out.json: at \(size) bytes it is larger than the 64-byte limit")
                && message.contains("nothing was written")
        }
    }

    @Test("the value-count limit is named the same way")
    func tooManyValuesIsNamed() throws {
        let pack = ThemePack(
            id: "big", name: "Big",
            colors: [
                "a": ColorSet(light: ThemeColor(red: 1, green: 0, blue: 0), dark: ThemeColor(red: 1, green: 0, blue: 0))
            ])
        var context = CommandContext(environment: CommandEnvironment(currentDirectory: URL(fileURLWithPath: "/")))
        var limits = JSONLimits.default
        limits.maxTokenCount = 5
        #expect {
            _ = try context.checkedPackData(pack, output: "-", readingLimits: limits)
        } throws: { error in
            guard case CommandError.input(let message?) = error else { return false }
            return message.hasPrefix("the pack written to standard output: it holds more than 5 JSON values")
                && message.contains("(JSONLimits.maxTokenCount)")
        }
    }

    @Test("a pack within the limits is written without a warning")
    func normalPackHasNoWarning() throws {
        let pack = ThemePack(
            id: "small", name: "Small",
            colors: [
                "a": ColorSet(light: ThemeColor(red: 1, green: 0, blue: 0), dark: ThemeColor(red: 1, green: 0, blue: 0))
            ])
        var context = CommandContext(environment: CommandEnvironment(currentDirectory: URL(fileURLWithPath: "/")))
        _ = try context.checkedPackData(pack, output: "out.json")
        #expect(context.errors == "")
    }
}
