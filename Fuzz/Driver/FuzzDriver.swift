// The libFuzzer driver for the targets in Fuzz/Targets.
//
// Scripts/fuzz.sh builds it with `-sanitize=fuzzer,address -D THEMEKIT_LIBFUZZER`: its
// main then hands control to libFuzzer, which calls `fuzzTestOneInput` with each input.
// THEMEKIT_FUZZ_TARGET (hex, pack, dtcg, css, style-dictionary, tokens-studio, color-space or
// tokens-studio-modifier) chooses the target,
// so one build serves all.
//
// In an ordinary build it is a replayer instead: `ThemeKitFuzz <target> <file>...` runs
// each file through the target, prints `peak-memory-bytes N`, and exits with status 1
// when a property fails.

import CLibFuzzer
import Foundation
import ThemeKitFuzzTargets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["THEMEKIT_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        printError("THEMEKIT_FUZZ_TARGET must be one of \(names); it is '\(name)'")
        exit(2)
    }
    return target
}()

/// Runs one input; a violated property aborts, which libFuzzer records as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let violations = selectedTarget.check(data)
    if !violations.isEmpty {
        printError("ThemeKitFuzz \(selectedTarget.rawValue): \(violations.joined(separator: "; "))")
        abort()
    }
    return 0
}

@main
enum FuzzDriver {
    static func main() {
        #if THEMEKIT_LIBFUZZER
            _ = selectedTarget
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))
        #else
            replay(Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    static func replay(_ arguments: [String]) {
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            printError("usage: ThemeKitFuzz \(names) <file>...")
            exit(2)
        }
        var failed = false
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                printError("cannot read \(path)")
                exit(2)
            }
            let violations = target.check(data)
            if !violations.isEmpty {
                failed = true
                print("\(path): \(violations.joined(separator: "; "))")
            }
        }
        print("peak-memory-bytes \(peakMemoryBytes())")
        exit(failed ? 1 : 0)
    }

    /// The process's own peak resident memory (`VmHWM`). Not `getrusage`: on Linux a process
    /// started with `posix_spawn` inherits its parent's peak in `ru_maxrss`.
    static func peakMemoryBytes() -> Int {
        #if os(Linux)
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
            else { return 0 }
            return kilobytes * 1024
        #else
            var usage = rusage()
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)
        #endif
    }
}
