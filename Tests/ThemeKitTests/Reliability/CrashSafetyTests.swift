import Foundation
import Testing
import ThemeKit
import ThemeKitTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Kills a child process (SIGKILL) at random moments while it writes a
/// `JSONFileThemeStorage`, hundreds of times, and checks after every kill that the
/// file reads back the old or the new value — never a torn one — with every other key intact.
///
/// The child is the `ThemeKitCrashChild` executable of this package. It reports each
/// write it begins and ends, so the parent knows which values are acceptable after the kill.
/// `THEMEKIT_CRASH_ROUNDS` sets the number of kills per test (default 200);
/// `THEMEKIT_CRASH_SEED` replays the kill delays of a failing run.
@Suite struct CrashSafetyTests {
    static let rounds = ProcessInfo.processInfo.environment["THEMEKIT_CRASH_ROUNDS"].flatMap { Int($0) } ?? 200

    /// What the kills hit, for the report.
    struct Tally: CustomStringConvertible {
        var kills = 0
        var duringWrite = 0
        var betweenWrites = 0
        var newValueSeen = 0
        var leftoverTemporaryFiles = 0
        var description: String {
            "\(kills) kills (\(duringWrite) during a write, \(betweenWrites) between writes), "
                + "\(newValueSeen) read back the in-flight value, "
                + "\(leftoverTemporaryFiles) temporary files left behind"
        }
    }

    /// The child's progress, parsed from its output after the kill.
    struct Progress {
        var ready: Int?
        var lastBegun: Int?
        var lastEnded: Int?
        var error: String?

        init(_ lines: [String]) {
            for line in lines {
                let parts = line.split(separator: " ", maxSplits: 1)
                guard parts.count == 2 else { continue }
                switch parts[0] {
                case "ready": ready = Int(parts[1])
                case "begin": lastBegun = Int(parts[1])
                case "end": lastEnded = Int(parts[1])
                case "error": error = String(parts[1])
                default: break
                }
            }
        }

        /// The values a reader may see: the last finished one, or the one in flight.
        var acceptable: Set<Int> {
            guard let ready else { return [] }
            var values: Set<Int> = [lastEnded ?? ready]
            if let lastBegun, lastBegun != lastEnded { values.insert(lastBegun) }
            return values
        }

        var wasWriting: Bool { lastBegun != nil && lastBegun != lastEnded }
    }

    static func childExecutable() throws -> String {
        try #require(
            ChildProcess.siblingExecutable(named: "ThemeKitCrashChild"),
            "ThemeKitCrashChild is not built beside the tests: run `swift build --build-tests` first")
    }

    static func makeSeed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["THEMEKIT_CRASH_SEED"], let seed = UInt64(text) {
            return seed
        }
        return UInt64.random(in: 1...UInt64.max)
    }

    /// A kill delay in microseconds: often within the first write, sometimes several writes later.
    static func delay(_ random: inout SeededRandom) -> UInt32 {
        random.next() % 2 == 0 ? UInt32(random.next() % 2_000) : UInt32(random.next() % 20_000)
    }

    /// Starts the child, waits until it is writing, kills it after a random delay,
    /// and returns its progress.
    static func killOnce(
        _ executable: String, mode: String, file: URL, expectedStart: Int, random: inout SeededRandom
    ) throws -> Progress {
        let child = try ChildProcess(executable: executable, arguments: [mode, file.path])
        let ready = child.readLine()
        try #require(ready == "ready \(expectedStart)", "the child read back \(ready ?? "nothing"): \(child.lines)")
        usleep(delay(&random))
        child.send(SIGKILL)
        let termination = child.waitForExit()
        let lines = child.readRemainingLines(timeout: 10)
        let progress = Progress([ready ?? ""] + lines)
        try #require(
            termination == .signalled(SIGKILL) && progress.error == nil,
            "the child ended by itself (\(termination)): \(progress.error ?? lines.suffix(3).joined(separator: " | "))")
        return progress
    }

    static func countTemporaryFiles(in directory: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.contains(".tmp-") }.count
    }

    @Test("a storage killed at random points mid-write reads back the old or the new value, other keys intact")
    func storageSurvivesKills() throws {
        let executable = try Self.childExecutable()
        let scratch = TemporaryDirectory(prefix: "themekit-crash")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let directory = scratch.url
        let file = directory.appendingPathComponent("theme.json")
        let setup = JSONFileThemeStorage(fileURL: file)
        for (key, value) in CrashPayload.untouchedKeys { try setup.setData(value, forKey: key) }

        let seed = Self.makeSeed()
        var random = SeededRandom(seed: seed)
        var tally = Tally()
        var current = 0
        for round in 0..<Self.rounds {
            let progress = try Self.killOnce(
                executable, mode: "storage", file: file, expectedStart: current, random: &random)
            tally.kills += 1
            if progress.wasWriting { tally.duringWrite += 1 } else { tally.betweenWrites += 1 }

            let storage = JSONFileThemeStorage(fileURL: file)
            // No value yet is the old state of the very first write, and reads as 0.
            let data = try storage.data(forKey: CrashPayload.sequenceKey) ?? CrashPayload.make(0)
            let stored = try #require(
                CrashPayload.sequence(of: data), "round \(round), seed \(seed): a torn value of \(data.count) bytes")
            try #require(
                progress.acceptable.contains(stored),
                "round \(round), seed \(seed): read \(stored), expected one of \(progress.acceptable.sorted())")
            if progress.wasWriting && stored == progress.lastBegun { tally.newValueSeen += 1 }
            for (key, value) in CrashPayload.untouchedKeys {
                try #require(
                    try storage.data(forKey: key) == value, "round \(round), seed \(seed): key \(key) was damaged")
            }
            current = stored
        }
        tally.leftoverTemporaryFiles = Self.countTemporaryFiles(in: directory)
        print("CrashSafety JSONFileThemeStorage: \(tally), seed \(seed)")
        #expect(tally.kills == Self.rounds)
        #expect(tally.duringWrite > 0, "no kill landed inside a write; the delays are miscalibrated")
        #expect(current > 0, "the child never finished a write")
    }

    @Test("a theme killed while persisting its style restores a consistent style, counter and app values")
    func themeSurvivesKills() throws {
        let executable = try Self.childExecutable()
        let scratch = TemporaryDirectory(prefix: "themekit-crash")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let directory = scratch.url
        let file = directory.appendingPathComponent("theme.json")
        let keptValues = ["accent": "#FF8800", "pack": "solarized", "user": "ada"]
        do {
            let storage = JSONFileThemeStorage(fileURL: file)
            for (key, value) in CrashPayload.untouchedKeys { try storage.setData(value, forKey: key) }
            let theme = Theme(storage: storage, namespace: CrashPayload.namespace, delivery: .synchronous)
            theme.style = .dark
            try theme.store(0, forKey: CrashPayload.counterKey)
            for (key, value) in keptValues { try theme.store(value, forKey: key) }
        }
        func style(after sequence: Int) -> ThemeStyle { sequence % 2 == 0 ? .dark : .light }

        let seed = Self.makeSeed()
        var random = SeededRandom(seed: seed)
        var tally = Tally()
        var current = 0
        for round in 0..<max(1, Self.rounds / 2) {
            let progress = try Self.killOnce(
                executable, mode: "theme", file: file, expectedStart: current, random: &random)
            tally.kills += 1
            if progress.wasWriting { tally.duringWrite += 1 } else { tally.betweenWrites += 1 }

            let storage = JSONFileThemeStorage(fileURL: file)
            let theme = Theme(storage: storage, namespace: CrashPayload.namespace, delivery: .synchronous)
            let context = "round \(round), seed \(seed)"
            try #require(theme.storageIssues == [], "\(context): \(theme.storageIssues)")
            let counter = try #require(try theme.storedValue(Int.self, forKey: CrashPayload.counterKey))
            try #require(
                progress.acceptable.contains(counter),
                "\(context): counter \(counter), expected one of \(progress.acceptable.sorted())")
            // Step i writes its style, then its counter. So with the counter at i the style
            // is step i's, or step i + 1's when a kill (in this round or an earlier one)
            // came between the two writes of the next step.
            let styles: Set<ThemeStyle> = [style(after: counter), style(after: counter + 1)]
            try #require(styles.contains(theme.style), "\(context): style \(theme.style) after counter \(counter)")
            try #require(theme.followsSystem == false, "\(context): followsSystem was lost")
            if progress.wasWriting && counter == progress.lastBegun { tally.newValueSeen += 1 }
            for (key, value) in keptValues {
                try #require(try theme.storedValue(String.self, forKey: key) == value, "\(context): \(key) damaged")
            }
            for (key, value) in CrashPayload.untouchedKeys {
                try #require(try storage.data(forKey: key) == value, "\(context): key \(key) was damaged")
            }
            current = counter
        }
        tally.leftoverTemporaryFiles = Self.countTemporaryFiles(in: directory)
        print("CrashSafety Theme: \(tally), seed \(seed)")
        #expect(tally.duringWrite > 0, "no kill landed inside a write; the delays are miscalibrated")
        #expect(current > 0, "the child never finished a step")
    }

    @Test("the payload check rejects a truncated, extended or mixed value")
    func payloadCheckIsStrict() {
        let value = CrashPayload.make(41)
        #expect(CrashPayload.sequence(of: value) == 41)
        #expect(CrashPayload.sequence(of: value.dropLast()) == nil)
        #expect(CrashPayload.sequence(of: value + Data([0x61])) == nil)
        let mixed = CrashPayload.make(42).prefix(10) + value.dropFirst(10)
        #expect(CrashPayload.sequence(of: Data(mixed)) == nil)
        #expect(CrashPayload.sequence(of: Data()) == nil)
    }
}
