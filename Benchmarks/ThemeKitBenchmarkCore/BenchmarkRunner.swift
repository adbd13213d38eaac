import Foundation

/// Runs the scenarios of issue #4 in one process, each against its baselines.
///
/// ```swift
/// var options = BenchmarkOptions()
/// options.quick = true
/// let report = try BenchmarkRunner.run(options) { print($0) }
/// ```
public enum BenchmarkRunner {
    /// `debug` when this module was compiled in the debug configuration (SwiftPM
    /// defines `DEBUG` there), else `release`.
    public static let build: String = {
        #if DEBUG
            return "debug"
        #else
            return "release"
        #endif
    }()

    /// The scenario names, in run order.
    public static let scenarios = ["full", "fine", "subtree", "register", "churn", "observers", "batch"]

    /// Runs every selected scenario and checks the targets.
    ///
    /// Runs single-threaded on the calling thread. A full run takes several minutes
    /// and a few GB of memory; `--quick` takes seconds.
    /// - Parameters:
    ///   - options: Sizes and which scenarios to run.
    ///   - log: Called with a progress line as each row completes.
    /// - Throws: ``BenchmarkRunError/debugBuild`` for a full run of an unoptimised build.
    /// - Returns: The rows, the target checks, and the process's peak resident size.
    public static func run(
        _ options: BenchmarkOptions, log: @escaping (String) -> Void = { _ in }
    ) throws(BenchmarkRunError) -> BenchmarkReport {
        if build == "debug" && !options.quick { throw .debugBuild }
        let start = MonotonicClock.now()
        let context = ScenarioContext(options: options, build: build, log: log)
        let tallyBefore = CoreSpeed.tally
        CoreSpeed.calibrate(
            minimumMilliseconds: options.quick ? 10 : 300, maximumMilliseconds: options.quick ? 10 : 3_000)
        log(TableWriter.header)
        let runners: [(String, (ScenarioContext) -> Void)] = [
            ("full", FullSwitchScenario.run), ("fine", FineGrainedScenario.run), ("subtree", SubtreeScenario.run),
            ("register", RegistrationScenario.run), ("churn", ChurnScenario.run),
            ("observers", ObserversScenario.run), ("batch", BatchScenario.run),
        ]
        for (name, run) in runners where options.runs(name) || options.scenarios.contains(where: name.hasPrefix) {
            run(context)
        }
        var report = BenchmarkReport(
            results: context.results, targets: TargetEvaluator.evaluate(context.results),
            peakResidentBytes: ProcessCounters.peakResidentBytes, problems: context.problems,
            seconds: Double(MonotonicClock.now() - start) / 1e9)
        let tally = CoreSpeed.tally
        report.trialTally = (tally.kept - tallyBefore.kept, tally.setAside - tallyBefore.setAside)
        report.fastestProbeNanoseconds = Double(CoreSpeed.fastest)
        return report
    }

    /// The run as JSON: `rows` (one object per scenario and size), `targets` (each
    /// target with what was measured and `passed`), the build, the run's duration and
    /// peak resident size.
    public static func json(_ report: BenchmarkReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(
            ReportFile(
                build: build, rows: report.results, targets: report.targets,
                peakResidentBytes: report.peakResidentBytes, seconds: report.seconds))
    }

    /// What `--json` writes.
    private struct ReportFile: Encodable {
        var build: String
        var rows: [BenchmarkResult]
        var targets: [TargetCheck]
        var peakResidentBytes: Int64?
        var seconds: Double
    }

    /// The SVG plot of `results`.
    public static func plot(_ results: [BenchmarkResult]) -> String {
        PlotWriter.svg(results, title: "ThemeKit: ns per binding against N (log-log, \(build) build)")
    }

    /// The table printed on stdout, with the targets.
    public static func table(_ report: BenchmarkReport) -> String { TableWriter.table(report) }
}

/// Why a benchmark run was refused.
public enum BenchmarkRunError: Error, Equatable, CustomStringConvertible {
    /// A full run was asked of a build without optimisation.
    case debugBuild

    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case .debugBuild:
            "refusing to benchmark a debug build: run `swift run -c release themekit-bench` "
                + "(only --quick runs in debug, and its figures are marked debug)"
        }
    }
}
