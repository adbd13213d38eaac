// The child process of the crash-safety tests (Tests/ThemeKitTests/Reliability/CrashSafetyTests.swift).
//
//     ThemeKitCrashChild storage <file>   rewrites one key of a JSONFileThemeStorage in a loop
//     ThemeKitCrashChild theme <file>     switches a Theme's style and stores an app value in a loop
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
    let theme = Theme(storage: JSONFileThemeStorage(fileURL: url), namespace: CrashPayload.namespace)
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

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: ThemeKitCrashChild storage|theme <file>") }
let url = URL(fileURLWithPath: arguments[2])
switch arguments[1] {
case "storage": runStorage(url)
case "theme": runTheme(url)
default: fail("unknown mode \(arguments[1])")
}
