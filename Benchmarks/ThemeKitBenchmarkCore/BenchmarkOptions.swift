/// How a benchmark run is configured, usually from the command line.
public struct BenchmarkOptions: Sendable, Equatable {
    /// Small sizes and few trials: a run of a few seconds that exercises every scenario.
    public var quick = false
    /// Where to write the results as JSON, if anywhere.
    public var jsonPath: String?
    /// Where to write the SVG plot of ns per binding against size, if anywhere.
    public var plotPath: String?
    /// Only scenarios whose name starts with one of these (all when empty).
    public var scenarios: [String] = []
    /// Run only ThemeKit's side of this scenario, for a profiler (see ``ProfileMode``).
    public var profile: String?
    /// The sizes given with `--size`: bindings (or observers) for `--profile`, which
    /// takes the last; in a timed run, the sizes every scenario runs at instead of its own.
    public var sizes: [Int] = []
    /// Bindings (or observers) for `--profile`: the last `--size`, or 100,000.
    public var profileSize: Int { sizes.last ?? 100_000 }
    /// Repetitions for `--profile`.
    public var profileRepetitions = 10

    /// Options for a full run.
    public init() {}

    /// Parses command-line arguments (without the program name).
    /// - Throws: ``BenchmarkUsageError`` for an unknown flag or a missing value.
    public init(arguments: [String]) throws(BenchmarkUsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--json": jsonPath = try Self.value(for: argument, from: &remaining)
            case "--plot": plotPath = try Self.value(for: argument, from: &remaining)
            case "--scenario": scenarios.append(try Self.value(for: argument, from: &remaining))
            case "--profile": profile = try Self.value(for: argument, from: &remaining)
            case "--size": sizes.append(try Self.integer(for: argument, from: &remaining))
            case "--repeat": profileRepetitions = try Self.integer(for: argument, from: &remaining)
            case "-h", "--help": throw .help
            default: throw .unknownArgument(argument)
            }
        }
    }

    private static func value(
        for flag: String, from arguments: inout ArraySlice<String>
    ) throws(BenchmarkUsageError) -> String {
        guard let value = arguments.popFirst() else { throw .missingValue(flag) }
        return value
    }

    private static func integer(
        for flag: String, from arguments: inout ArraySlice<String>
    ) throws(BenchmarkUsageError) -> Int {
        let text = try value(for: flag, from: &arguments)
        guard let number = Int(text), number > 0 else { throw .missingValue(flag) }
        return number
    }

    /// Whether `scenario` is selected.
    func runs(_ scenario: String) -> Bool {
        scenarios.isEmpty || scenarios.contains { scenario.hasPrefix($0) }
    }

    /// The usage text.
    public static let usage = """
        usage: themekit-bench [--quick] [--json FILE] [--plot FILE.svg] [--scenario NAME]...

          --quick           small sizes, few trials (a few seconds; allowed in debug builds)
          --json FILE       write the results as a JSON array
          --plot FILE       write an SVG plot of ns per binding against size (log-log)
          --scenario NAME   run only scenarios starting with NAME (repeatable): full, fine,
                            subtree, register, churn, observers, batch
          --profile NAME    run only ThemeKit's side of NAME (full, full-shared, full-setter,
                            full-keypath, full-captures, fine, subtree, register, register-batch,
                            register-shared, register-shared-batch, register-keypath,
                            register-keypath-batch, batch, observers, bus) for a profiler; no timing
          --size N          bindings for --profile (default 100000); in a timed run, run
                            every scenario at N instead of its own sizes (repeatable)
          --repeat K        repetitions for --profile (default 10)
        """
}

/// A command line the benchmark cannot run.
public enum BenchmarkUsageError: Error, Equatable, CustomStringConvertible {
    /// `--help` was asked for.
    case help
    /// A flag the benchmark does not know.
    case unknownArgument(String)
    /// A flag that needs a value came last.
    case missingValue(String)

    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case .help: BenchmarkOptions.usage
        case .unknownArgument(let argument): "unknown argument \(argument)\n\(BenchmarkOptions.usage)"
        case .missingValue(let flag): "\(flag) needs a value\n\(BenchmarkOptions.usage)"
        }
    }
}
