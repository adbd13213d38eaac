// The child process of the crash-safety tests (Tests/ThemeKitTests/Reliability/CrashSafetyTests.swift).
//
//     ThemeKitCrashChild storage <file>   rewrites one key of a JSONFileThemeStorage in a loop
//     ThemeKitCrashChild theme <file>     switches a Theme's style and stores an app value in a loop
//     ThemeKitCrashChild nil-optional <unused>
//                                         binds `\.badge!.text`, sets `badge` to nil and switches the
//                                         style: the key-path write must trap ("Unexpectedly found nil")
//     ThemeKitCrashChild storage-keys <file> <prefix> <count>
//                                         writes <count> distinct keys <prefix>-0… into a JSONFileThemeStorage
//                                         that another process writes at the same time, starting when
//                                         <file>.go exists; reports `ready 0`, then `done <count>`
//     ThemeKitCrashChild download gzip-bomb|endless <limit>
//                                         serves a gzip bomb or an endless chunked body on 127.0.0.1, loads it
//                                         with a ThemePackLoader capped at <limit> bytes, and reports
//                                         `result <error>`, `baseline-peak <bytes>` and `peak <bytes>`
//     ThemeKitCrashChild measure <seconds> <executable> <argument>...
//                                         runs a program (killed after <seconds>) and reports how
//                                         it ended and its peak memory
//
// It reports progress on standard output, one unbuffered line per step, so that the
// parent knows which write was in flight when it sent SIGKILL:
//     ready <n>    the value read back at start-up (0 when none)
//     begin <i>    about to write value i
//     end <i>      value i is written
//     error <why>  something failed; the child exits with status 2
// It runs until killed, and exits by itself after 20 s or when its parent is gone.

import Foundation
import ThemeKit
import ThemeKitTestSupport
import ThemeKitTokens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func report(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written <= 0 { exit(3) }
        offset += written
    }
}

func fail(_ reason: String) -> Never {
    report("error \(reason)")
    exit(2)
}

let parent = getppid()
let start = Date()

func shouldStop() -> Bool { getppid() != parent || Date().timeIntervalSince(start) > 20 }

func runStorage(_ url: URL) {
    let storage = JSONFileThemeStorage(fileURL: url)
    var sequence = 0
    do {
        if let data = try storage.data(forKey: CrashPayload.sequenceKey) {
            guard let stored = CrashPayload.sequence(of: data) else { fail("stored value is torn") }
            sequence = stored
        }
    } catch {
        fail("cannot read: \(error)")
    }
    report("ready \(sequence)")
    while !shouldStop() {
        sequence += 1
        report("begin \(sequence)")
        do {
            try storage.setData(CrashPayload.make(sequence), forKey: CrashPayload.sequenceKey)
        } catch {
            fail("cannot write \(sequence): \(error)")
        }
        report("end \(sequence)")
    }
}

func runTheme(_ url: URL) {
    let theme = Theme(
        storage: JSONFileThemeStorage(fileURL: url), namespace: CrashPayload.namespace, delivery: .synchronous)
    if let issue = theme.storageIssues.first { fail("storage issue at start-up: \(issue)") }
    var sequence = 0
    do {
        sequence = try theme.storedValue(Int.self, forKey: CrashPayload.counterKey) ?? 0
    } catch {
        fail("cannot read the counter: \(error)")
    }
    let failures = theme.events.subscribe { event in
        if case .storageFailure(let error) = event { fail("storage failure: \(error)") }
    }
    report("ready \(sequence)")
    while !shouldStop() {
        sequence += 1
        report("begin \(sequence)")
        theme.style = sequence % 2 == 0 ? .dark : .light
        do {
            try theme.store(sequence, forKey: CrashPayload.counterKey)
        } catch {
            fail("cannot store \(sequence): \(error)")
        }
        report("end \(sequence)")
    }
    failures.cancel()
}

/// A property reached through an optional, for `nil-optional`.
struct Badge {
    var text = ""
    var icon: AnyObject?
}

// Sound: only this process's main thread touches it.
final class BadgeHolder: @unchecked Sendable {
    var badge: Badge? = Badge()
}

/// Binds a key path through an optional, makes the optional `nil`, then switches the
/// style. Swift's key-path write must trap; a runtime that wrote behind the setter
/// would resurrect the optional instead (and report `survived`).
func runNilOptional() -> Never {
    let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
    let holder = BadgeHolder()
    theme.bind(holder, \.badge!.text) { env in env.style.rawValue }
    guard holder.badge?.text == "light" else { fail("the binding did not write: \(String(describing: holder.badge))") }
    holder.badge = nil
    report("before-switch")
    theme.style = .dark
    report("survived \(String(describing: holder.badge))")
    exit(0)
}

/// Runs `command` with this process's standard output and error, killing it after
/// `seconds`, then reports `measured-status <wait status>` and `peak-memory-bytes <n>`.
///
/// A process started with `posix_spawn` inherits its parent's peak memory in `ru_maxrss` on
/// Linux; started from this small launcher, the figure is the program's own (or the
/// launcher's few megabytes, whichever is larger).
func runMeasured(seconds: Double, _ command: [String]) -> Never {
    let argv = command.map { strdup($0) } + [nil]
    var pid: pid_t = 0
    let status = posix_spawn(&pid, command[0], nil, nil, argv, environ)
    guard status == 0 else { fail("cannot start \(command[0]): \(String(cString: strerror(status)))") }
    let deadline = Date().addingTimeInterval(seconds)
    var waitStatus: Int32 = 0
    var usage = rusage()
    while true {
        let result = wait4(pid, &waitStatus, WNOHANG, &usage)
        if result == pid { break }
        if result < 0 && errno != EINTR { fail("cannot wait for \(command[0])") }
        if Date() > deadline { kill(pid, SIGKILL) }
        usleep(2_000)
    }
    #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)
    #else
        let peak = Int(usage.ru_maxrss) * 1024
    #endif
    report("measured-status \(waitStatus)")
    report("peak-memory-bytes \(peak)")
    exit(0)
}

/// This process's peak resident memory in bytes: `VmHWM` on Linux, `ru_maxrss` elsewhere.
func peakResidentBytes() -> Int {
    #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).dropLast(3))
        {
            return kilobytes * 1024
        }
        fail("cannot read VmHWM")
    #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
    #endif
}

/// Loads `path` from `server` with `loader` and returns the outcome, failing after 30 s.
func load(_ loader: ThemePackLoader<Data>, _ url: URL) -> Result<LoadedPack<Data>, ThemePackLoaderError> {
    let outcome = Locked<Result<LoadedPack<Data>, ThemePackLoaderError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    loader.load(from: url) { result in
        outcome.withLock { $0 = result }
        done.signal()
    }
    guard done.wait(timeout: .now() + 30) == .success, let result = outcome.withLock({ $0 }) else {
        fail("the load did not finish within 30 s")
    }
    return result
}

/// A hostile download measured alone: a warm-up load first (so the session and libcurl are set up), then the
/// peak before and after the hostile one.
func runDownload(_ kind: String, limit: Int) -> Never {
    let server: TestHTTPServer
    do {
        server = try TestHTTPServer()
    } catch {
        fail("cannot start the server: \(error)")
    }
    server.route("/warm-up", .ok(Data(repeating: 0x20, count: 1024)))
    switch kind {
    case "gzip-bomb":
        // 256 MiB of zeros in about 1.7 MB.
        let body = GzipBomb.make(inflatedSize: 256 << 20)
        // Chunked, so no Content-Length gives it away: only the inflated bytes can be counted.
        server.route(
            "/hostile",
            TestHTTPResponse(status: 200, headers: [("Content-Encoding", "gzip")], body: body, framing: .chunked))
    case "endless":
        server.route(
            "/hostile",
            TestHTTPResponse(status: 200, body: Data(repeating: 0x20, count: 64 * 1024), framing: .chunkedEndless))
    default:
        fail("unknown download \(kind)")
    }
    let loader = ThemePackLoader<Data>(configuration: .init(timeout: 20, maximumBodySize: limit)) { $0 }
    guard case .success = load(loader, server.url("/warm-up")) else { fail("the warm-up load failed") }
    report("baseline-peak \(peakResidentBytes())")
    switch load(loader, server.url("/hostile")) {
    case .success(let loaded): report("result success \(loaded.data.count)")
    case .failure(let error): report("result \(error)")
    }
    report("peak \(peakResidentBytes())")
    server.stop()
    exit(0)
}

/// Writes `count` distinct keys, as an app and its extension sharing one storage file would.
func runStorageKeys(_ url: URL, prefix: String, count: Int) -> Never {
    let storage = JSONFileThemeStorage(fileURL: url)
    report("ready 0")
    // Start together: the parent creates `<file>.go` once every writer is ready.
    let go = url.path + ".go"
    while !FileManager.default.fileExists(atPath: go) {
        if shouldStop() { fail("no start signal") }
        usleep(1_000)
    }
    for index in 0..<count {
        do {
            try storage.setData(Data("\(prefix) \(index)".utf8), forKey: "\(prefix)-\(index)")
        } catch {
            fail("cannot write \(prefix)-\(index): \(error)")
        }
    }
    report("done \(count)")
    exit(0)
}

let arguments = CommandLine.arguments
if arguments.count == 5 && arguments[1] == "storage-keys", let count = Int(arguments[4]) {
    runStorageKeys(URL(fileURLWithPath: arguments[2]), prefix: arguments[3], count: count)
}
if arguments.count == 4 && arguments[1] == "download", let limit = Int(arguments[3]) {
    runDownload(arguments[2], limit: limit)
}
if arguments.count >= 4 && arguments[1] == "measure", let seconds = Double(arguments[2]) {
    runMeasured(seconds: seconds, Array(arguments.dropFirst(3)))
}
guard arguments.count == 3 else {
    fail("usage: ThemeKitCrashChild storage|theme|nil-optional <file>, or measure <command>")
}
let url = URL(fileURLWithPath: arguments[2])
switch arguments[1] {
case "storage": runStorage(url)
case "theme": runTheme(url)
case "nil-optional": runNilOptional()
default: fail("unknown mode \(arguments[1])")
}
