import Foundation

/// The `themekit-bench` command: parses arguments, runs, prints the table and
/// writes the JSON and plot files.
public enum BenchmarkCommand {
    /// Runs the command and returns its exit status (0: done, even with missed
    /// targets; 1: a self-check failed or a file could not be written; 2: bad usage
    /// or a debug build).
    public static func main(arguments: [String]) -> Int32 {
        let options: BenchmarkOptions
        do {
            options = try BenchmarkOptions(arguments: arguments)
        } catch {
            printError(error.description)
            return error == .help ? 0 : 2
        }
        if let operation = options.profile {
            guard ProfileMode.run(operation, size: options.profileSize, repetitions: options.profileRepetitions) else {
                printError("unknown --profile \(operation); one of \(ProfileMode.operations.joined(separator: ", "))")
                return 2
            }
            return 0
        }
        let report: BenchmarkReport
        do {
            report = try BenchmarkRunner.run(options) { printError($0) }
        } catch {
            printError(error.description)
            return 2
        }
        print(BenchmarkRunner.table(report))
        let peak = report.peakResidentBytes.map { "\($0 / 1_048_576) MiB" } ?? "unknown"
        print("\nBuild: \(BenchmarkRunner.build); run took \(Int(report.seconds.rounded())) s; peak RSS \(peak)")
        var status: Int32 = report.problems.isEmpty ? 0 : 1
        do {
            if let path = options.jsonPath {
                try BenchmarkRunner.json(report).write(to: URL(fileURLWithPath: path))
            }
            if let path = options.plotPath {
                try BenchmarkRunner.plot(report.results).write(toFile: path, atomically: true, encoding: .utf8)
            }
        } catch {
            printError("cannot write output: \(error)")
            status = 1
        }
        return status
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
