import Foundation
import ThemeKitBenchmarkCore

exit(BenchmarkCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
