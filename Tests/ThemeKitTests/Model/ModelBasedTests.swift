import Dispatch
import Foundation
import Testing
import ThemeKitTestSupport

@testable import ThemeKit

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
    func singleThread() async {
        let budget = ModelBudget.fromEnvironment(defaultSeed: 0x28_5EED, defaultOperations: 1200)
        await Self.runRounds(budget, name: "one thread", test: "singleThread") { seed, steps in
            await Self.runOneThreadWithStreams(seed: seed, steps: steps)
        }
    }

    /// Runs rounds within `budget`, each from a new theme: prints each round's seed before it starts
    /// (so a log names the round a crash happened in) and, for a failure, what differs and the command
    /// that replays the round.
    /// - Parameters:
    ///   - name: The run's name in the log.
    ///   - test: The test's function name, for the replay command.
    ///   - threads: Lanes per round (several run at once, each `steps` operations).
    ///   - round: Runs one round of `steps` operations from `seed`; returns what went wrong, or nil.
    private static func runRounds(
        _ budget: ModelBudget, name: String, test: String, threads: Int = 1,
        _ round: (_ seed: UInt64, _ steps: Int) async -> String?
    ) async {
        let perThread = threads > 1 ? " per thread" : ""
        Self.say("ThemeKit model, \(name): \(budget)\(threads > 1 ? " (per thread)" : "")")
        let start = Date()
        var rounds = 0
        var total = 0
        while budget.allowsRound(rounds, startedAt: start) {
            let seed = budget.seed &+ UInt64(rounds)
            let steps = budget.steps(inRound: rounds)
            Self.say("  round \(rounds): seed \(seed), \(steps) operations\(perThread)")
            total += steps * threads
            if let failure = await round(seed, steps) {
                let replay = ModelBudget.replay(seed: seed, steps: steps, test: test)
                Self.say("ThemeKit model FAILED (seed \(seed)): \(failure)\n  replay: \(replay)")
                Issue.record("seed \(seed): \(failure)\nreplay: \(replay)")
                return
            }
            rounds += 1
        }
        Self.say(
            "ThemeKit model, \(name): \(rounds) rounds, \(total) operations\(threads > 1 ? " in all" : ""), "
                + "seed \(budget.seed), " + String(format: "%.1f s", Date().timeIntervalSince(start)))
    }

    /// Runs one round of one lane; returns what went wrong, or nil.
    ///
    /// Under ``Theme/Delivery/mainThread`` (`mainThreadDelivery`, off the main thread) every operation
    /// is queued for the main queue, and the lane lets the main queue run it before it compares, so
    /// every comparison of the synchronous run applies.
    static func runOneThread(seed: UInt64, steps: Int, delivery: Theme.Delivery = .synchronous) -> String? {
        let round = OneThreadRound(seed: seed, delivery: delivery)
        return round.run(steps: steps) ?? round.finish()
    }

    /// Runs one round of one lane that also makes `theme.events` streams, and checks them at the end.
    static func runOneThreadWithStreams(seed: UInt64, steps: Int) async -> String? {
        let round = OneThreadRound(seed: seed, delivery: .synchronous)
        round.lane.makesStreams = true
        if let failure = round.run(steps: steps) { return failure }
        let found = await round.lane.streamMismatches()
        if !found.isEmpty { return report(found, step: nil, trace: round.lane.trace) }
        return round.finish()
    }

    /// One round of one lane: its theme, its storage and its lane.
    // Sound: used by one thread at a time (the round's).
    final class OneThreadRound: @unchecked Sendable {
        let storage = InMemoryThemeStorage()
        let theme: Theme
        let lane: ModelLane
        let delivery: Theme.Delivery

        init(seed: UInt64, delivery: Theme.Delivery) {
            precondition(
                delivery == .synchronous || !Thread.isMainThread, "main-thread delivery runs off the main thread")
            self.delivery = delivery
            theme = Theme(storage: storage, delivery: delivery, limits: .model)
            var global = GlobalModel(style: theme.style, contrast: theme.contrast)
            global.followsSystem = theme.followsSystem
            global.followsSystemContrast = theme.followsSystemContrast
            lane = ModelLane(theme: theme, seed: seed, lane: 0, global: global)
        }

        /// Performs `steps` operations, comparing after each; returns what went wrong, or nil.
        func run(steps: Int) -> String? {
            for step in 0..<steps {
                lane.step()
                if delivery == .mainThread { drainMainQueue() }
                var found = lane.problems + lane.mismatches(global: lane.global!) + theme.checkInvariants()
                // Every 16th operation, what a relaunch would restore from the same storage.
                if step % 16 == 15 { found += lane.reopenMismatches(storage: storage, global: lane.global!) }
                if !found.isEmpty { return report(found, step: step, trace: lane.trace) }
            }
            return nil
        }

        /// Releases everything the lane holds; returns what is still alive, or nil.
        func finish() -> String? {
            _ = lane.releaseEverything()
            if delivery == .mainThread { drainMainQueue() }
            let alive = lane.aliveObjects()
            if !alive.isEmpty { return "the theme kept objects alive after the test released them: \(alive)" }
            return nil
        }
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
        await Self.runRounds(budget, name: "main-thread delivery", test: "mainThreadDelivery") { seed, steps in
            // On a thread of its own, not the test's: the round waits for the main queue, and a
            // thread of the cooperative pool must never block on it (Docs/Reliability.md).
            await Self.onThread { Self.runOneThread(seed: seed, steps: steps, delivery: .mainThread) }
        }
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
    func severalThreads() async {
        let budget = ModelBudget.fromEnvironment(defaultSeed: 0x28_7EAD, defaultOperations: 3000)
        await Self.runRounds(budget, name: "3 threads", test: "severalThreads", threads: 3) { seed, steps in
            Self.runThreads(seed: seed, steps: steps, threads: 3)
        }
    }

    /// Runs `threads` lanes on one theme at once. Each lane's operations are fixed by the
    /// seed; their interleaving is not, so the check comes after the threads joined.
    static func runThreads(seed: UInt64, steps: Int, threads: Int) -> String? {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous, limits: .model)
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

extension DeliveryLimits {
    /// The model's themes reach the delivery limits all the time, where every other theme's
    /// deliveries reach them only under a flood: a main-queue delivery hands other threads'
    /// work on after 2 passes, and a chain of 4 passes of a delivering thread's own callbacks'
    /// work alone would be taken for a refresh loop (the model's callbacks re-trigger 1 deep at
    /// most: a provider's release of an object). So a count that mistook other threads' work
    /// for a loop, or a hand-off that lost work, is a mismatch within seconds.
    static let model = DeliveryLimits(maximumPasses: 4, passesBeforeHandOff: 2)
}
