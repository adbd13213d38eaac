import Dispatch
import Foundation
import Testing
import ThemeKit
import ThemeKitTestSupport

/// How long a model run goes on, from the environment (Docs/Reliability.md, "Reference model").
///
/// - `THEMEKIT_MODEL_SEED`: the seed of the first round (round `r` uses seed + r); default fixed.
/// - `THEMEKIT_MODEL_OPERATIONS`: operations in all (default: the fixed budget of `swift test`).
/// - `THEMEKIT_MODEL_SECONDS`: run rounds until this many seconds have passed (then the
///   operation count only bounds the total if it is set too).
/// - `THEMEKIT_MODEL_STEPS`: operations per round (default 400): a round starts from a new theme.
struct ModelBudget: CustomStringConvertible {
    var seed: UInt64
    var operations: Int?
    var seconds: Double?
    var stepsPerRound: Int

    static func fromEnvironment(defaultSeed: UInt64, defaultOperations: Int) -> ModelBudget {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["THEMEKIT_MODEL_SECONDS"].flatMap(Double.init)
        let operations = environment["THEMEKIT_MODEL_OPERATIONS"].flatMap(Int.init)
        return ModelBudget(
            seed: environment["THEMEKIT_MODEL_SEED"].flatMap(UInt64.init) ?? defaultSeed,
            operations: operations ?? (seconds == nil ? defaultOperations : nil), seconds: seconds,
            stepsPerRound: max(1, environment["THEMEKIT_MODEL_STEPS"].flatMap(Int.init) ?? 400))
    }

    /// The operations of round `round` (fewer in the last round of an operation budget).
    func steps(inRound round: Int) -> Int {
        guard let operations else { return stepsPerRound }
        return min(stepsPerRound, operations - round * stepsPerRound)
    }

    func allowsRound(_ round: Int, startedAt start: Date) -> Bool {
        if steps(inRound: round) <= 0 { return false }
        if let seconds { return round == 0 || Date().timeIntervalSince(start) < seconds }
        return true
    }

    var description: String {
        var parts = ["seed \(seed)", "\(stepsPerRound) operations a round"]
        if let operations { parts.append("at most \(operations) operations") }
        if let seconds { parts.append("\(seconds) s") }
        return parts.joined(separator: ", ")
    }

    /// The command that replays one round.
    static func replay(seed: UInt64, steps: Int, test: String) -> String {
        "THEMEKIT_MODEL_SEED=\(seed) THEMEKIT_MODEL_OPERATIONS=\(steps) THEMEKIT_MODEL_STEPS=\(steps) "
            + "swift test --filter 'ModelBasedTests/\(test)'"
    }
}

/// Random operation sequences checked against a naive reference model (issue #28, item 6).
@Suite struct ModelBasedTests {
    /// Prints a line at once (the log shows the round that was running if the process dies).
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    @Test("random operations on one thread leave every bound property and observer as the model says")
    func singleThread() {
        let budget = ModelBudget.fromEnvironment(defaultSeed: 0x28_5EED, defaultOperations: 1200)
        Self.say("ThemeKit model, one thread: \(budget)")
        let start = Date()
        var round = 0
        var total = 0
        while budget.allowsRound(round, startedAt: start) {
            let seed = budget.seed &+ UInt64(round)
            let steps = budget.steps(inRound: round)
            Self.say("  round \(round): seed \(seed), \(steps) operations")
            total += steps
            if let failure = Self.runOneThread(seed: seed, steps: steps) {
                let replay = ModelBudget.replay(seed: seed, steps: steps, test: "singleThread")
                Self.say("ThemeKit model FAILED (seed \(seed)): \(failure)\n  replay: \(replay)")
                Issue.record("seed \(seed): \(failure)\nreplay: \(replay)")
                return
            }
            round += 1
        }
        Self.say(
            "ThemeKit model, one thread: \(round) rounds, \(total) operations, seed \(budget.seed), "
                + String(format: "%.1f s", Date().timeIntervalSince(start)))
    }

    /// Runs one round; returns what went wrong, or nil.
    static func runOneThread(seed: UInt64, steps: Int) -> String? {
        let storage = InMemoryThemeStorage()
        let theme = Theme(storage: storage, delivery: .synchronous)
        var global = GlobalModel(style: theme.style, contrast: theme.contrast)
        global.followsSystem = theme.followsSystem
        global.followsSystemContrast = theme.followsSystemContrast
        let lane = ModelLane(theme: theme, seed: seed, lane: 0, global: global)
        for step in 0..<steps {
            lane.step()
            var found = lane.problems + lane.mismatches(global: lane.global!) + theme.checkInvariants()
            // Every 16th operation, what a relaunch would restore from the same storage.
            if step % 16 == 15 { found += lane.reopenMismatches(storage: storage, global: lane.global!) }
            if !found.isEmpty { return report(found, step: step, trace: lane.trace) }
        }
        let alive = lane.releaseEverything()
        if !alive.isEmpty { return "the theme kept objects alive after the test released them: \(alive)" }
        return nil
    }

    private static func report(_ found: [String], step: Int?, trace: [String]) -> String {
        let place = step.map { "after operation \($0)" } ?? "at the end"
        return "\(place):\n    " + found.prefix(8).joined(separator: "\n    ")
            + "\n  last operations:\n    " + trace.joined(separator: "\n    ")
    }

    @Test(
        "random operations made off the main thread under main-thread delivery end as the model says once the main queue has run"
    )
    func mainThreadDelivery() async {
        let budget = ModelBudget.fromEnvironment(defaultSeed: 0x28_3A1D, defaultOperations: 800)
        Self.say("ThemeKit model, main-thread delivery: \(budget)")
        let start = Date()
        var round = 0
        var total = 0
        while budget.allowsRound(round, startedAt: start) {
            let seed = budget.seed &+ UInt64(round)
            let steps = budget.steps(inRound: round)
            Self.say("  round \(round): seed \(seed), \(steps) operations")
            total += steps
            // On a thread of its own, not the test's: the round waits for the main queue, and a
            // thread of the cooperative pool must never block on it (Docs/Reliability.md).
            if let failure = await Self.onThread({ Self.runMainThreadDelivery(seed: seed, steps: steps) }) {
                let replay = ModelBudget.replay(seed: seed, steps: steps, test: "mainThreadDelivery")
                Self.say("ThemeKit model FAILED (seed \(seed)): \(failure)\n  replay: \(replay)")
                Issue.record("seed \(seed): \(failure)\nreplay: \(replay)")
                return
            }
            round += 1
        }
        Self.say(
            "ThemeKit model, main-thread delivery: \(round) rounds, \(total) operations, seed \(budget.seed), "
                + String(format: "%.1f s", Date().timeIntervalSince(start)))
    }

    /// One round of `mainThreadDelivery`, run on a thread that is not the main thread: a
    /// theme under ``Theme/Delivery/mainThread`` queues what each operation delivers for the
    /// main queue (binds made here included), and the lane lets the main queue run it before
    /// it compares, so every comparison of `runOneThread` applies.
    static func runMainThreadDelivery(seed: UInt64, steps: Int) -> String? {
        precondition(!Thread.isMainThread, "the round must run off the main thread")
        let storage = InMemoryThemeStorage()
        let theme = Theme(storage: storage, delivery: .mainThread)
        var global = GlobalModel(style: theme.style, contrast: theme.contrast)
        global.followsSystem = theme.followsSystem
        global.followsSystemContrast = theme.followsSystemContrast
        let lane = ModelLane(theme: theme, seed: seed, lane: 0, global: global)
        for step in 0..<steps {
            lane.step()
            drainMainQueue()
            var found = lane.problems + lane.mismatches(global: lane.global!) + theme.checkInvariants()
            if step % 16 == 15 { found += lane.reopenMismatches(storage: storage, global: lane.global!) }
            if !found.isEmpty { return report(found, step: step, trace: lane.trace) }
        }
        let alive = lane.releaseEverything()
        drainMainQueue()
        if !alive.isEmpty, !lane.aliveObjects().isEmpty {
            return "the theme kept objects alive after the test released them: \(lane.aliveObjects())"
        }
        return nil
    }

    /// Waits until the main queue has run what was queued on it before, twice: a delivery
    /// may queue one more (a change a provider made).
    private static func drainMainQueue() {
        for _ in 0..<2 { DispatchQueue.main.sync {} }
    }

    /// Runs `body` on a new thread and returns its result, without blocking the caller's thread.
    private static func onThread(_ body: @escaping @Sendable () -> String?) async -> String? {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    @Test("random operations from several threads end as the model says once the threads have joined")
    func severalThreads() {
        let budget = ModelBudget.fromEnvironment(defaultSeed: 0x28_7EAD, defaultOperations: 3000)
        Self.say("ThemeKit model, 3 threads: \(budget) (per thread)")
        let start = Date()
        var round = 0
        var total = 0
        while budget.allowsRound(round, startedAt: start) {
            let seed = budget.seed &+ UInt64(round)
            let steps = budget.steps(inRound: round)
            Self.say("  round \(round): seed \(seed), \(steps) operations per thread")
            total += steps * 3
            if let failure = Self.runThreads(seed: seed, steps: steps, threads: 3) {
                let replay = ModelBudget.replay(seed: seed, steps: steps, test: "severalThreads")
                Self.say("ThemeKit model FAILED (seed \(seed)): \(failure)\n  replay: \(replay)")
                Issue.record("seed \(seed): \(failure)\nreplay: \(replay)")
                return
            }
            round += 1
        }
        Self.say(
            "ThemeKit model, 3 threads: \(round) rounds, \(total) operations in all, seed \(budget.seed), "
                + String(format: "%.1f s", Date().timeIntervalSince(start)))
    }

    /// Runs `threads` lanes on one theme at once. Each lane's operations are fixed by the
    /// seed; their interleaving is not, so the check comes after the threads joined.
    static func runThreads(seed: UInt64, steps: Int, threads: Int) -> String? {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        var seeds = SeededRandom(seed: seed)
        let lanes = (0..<threads).map { ModelLane(theme: theme, seed: seeds.next(), lane: $0, global: nil) }
        let group = DispatchGroup()
        for lane in lanes {
            group.enter()
            let thread = Thread {
                for _ in 0..<steps { lane.step() }
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        // A bound for deadlocks, not a timing assertion.
        guard group.wait(timeout: .now() + 300) == .success else {
            return "the threads did not finish within 300 s (deadlock?)"
        }
        var found = lanes.flatMap(\.problems)
        var global = GlobalModel.read(from: theme)
        for lane in lanes { found += lane.mismatches(global: global, receipts: .skipped) }
        found += theme.checkInvariants()
        for lane in lanes { lane.settleCancelled() }
        // One change of everything from here reaches every observer and subscriber still active.
        theme.batch {
            theme.apply(ModelColors(text: "final.\(seed)"))
            theme.apply(ModelMetrics(size: Int(truncatingIfNeeded: seed % 100_000) + 1000))
            theme.apply(ModelFonts(name: "final.\(seed)"))
            theme.style = global.style == .dark ? .light : .dark
            theme.contrast = global.contrast == .standard ? .increased : .standard
        }
        global = GlobalModel.read(from: theme)
        for lane in lanes { found += lane.mismatches(global: global, receipts: .delivered) }
        found += theme.checkInvariants()
        if !found.isEmpty {
            return report(
                found, step: nil, trace: lanes.flatMap { lane in lane.trace.suffix(12).map { "t\(lane.lane): \($0)" } })
        }
        let alive = lanes.flatMap { $0.releaseEverything() }
        if !alive.isEmpty { return "the theme kept objects alive after the test released them: \(alive)" }
        return nil
    }
}
