import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process whose standard output and error are read line by line through a
/// pipe, and which can be killed at a precise moment.
///
/// Spawned with `posix_spawn` rather than `Foundation.Process`: on Linux `Process`
/// waits for exit by polling a run loop (tens of milliseconds per child), and the
/// crash tests start hundreds of children.
public final class ChildProcess {
    /// How a child ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        /// It called `exit` with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        /// A readable summary ("exit 2", "signal 9").
        public var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    private static let spawnLock = NSLock()

    /// The child's process id.
    public let pid: pid_t
    private var output: Int32
    private var buffer: [UInt8] = []
    private var termination: Termination?
    /// The child's `ru_maxrss` in bytes, known once it has exited.
    ///
    /// On Linux this is at least the parent's own peak at the time of the spawn (the
    /// spawned process inherits it), so it bounds the child's memory only from above;
    /// have the child report its own `VmHWM` for an exact figure.
    public private(set) var peakResidentBytes: Int?
    /// Every line read so far, in order.
    public private(set) var lines: [String] = []

    /// Starts `executable` with `arguments`, inheriting the environment, with `environment`'s
    /// variables set (or replaced) in it.
    /// - Throws: `POSIXError` when the pipe or the process cannot be created.
    public init(executable: String, arguments: [String], environment: [String: String] = [:]) throws {
        var fds: [Int32] = [-1, -1]
        // Other children spawned meanwhile must not inherit the pipe, or the read end
        // would not see end-of-file when this child dies. `pipe2(O_CLOEXEC)` is not
        // visible to Swift on Linux, so pipe creation and spawning are serialised here.
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        guard pipe(&fds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status: Int32
        if environment.isEmpty {
            status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        } else {
            var merged = ProcessInfo.processInfo.environment
            merged.merge(environment) { _, set in set }
            let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for pointer in envp { free(pointer) } }
            status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        }
        close(fds[1])
        guard status == 0 else {
            close(fds[0])
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        self.pid = pid
        output = fds[0]
    }

    deinit {
        if termination == nil {
            kill(pid, SIGKILL)
            _ = waitForExit()
        }
        if output >= 0 { close(output) }
    }

    /// The next line of output, waiting at most `timeout` seconds; `nil` at end of
    /// output or on timeout.
    public func readLine(timeout: Double = 30) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                lines.append(line)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, output >= 0 else { return nil }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            guard fill() else {
                // End of output: hand out a final unterminated line, if any.
                guard !buffer.isEmpty else { return nil }
                let line = String(decoding: buffer, as: UTF8.self)
                buffer.removeAll()
                lines.append(line)
                return line
            }
        }
    }

    /// Reads every remaining line until the child closes its output.
    @discardableResult
    public func readRemainingLines(timeout: Double = 30) -> [String] {
        var result: [String] = []
        while let line = readLine(timeout: timeout) { result.append(line) }
        return result
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits for the child to end and reaps it.
    @discardableResult
    public func waitForExit() -> Termination {
        if let termination { return termination }
        return reap(options: 0) ?? .signalled(0)
    }

    /// Waits at most `seconds` for the child to end, reading its output meanwhile; kills
    /// it when it has not ended by then.
    /// - Returns: How it ended, or `nil` when it had to be killed.
    public func waitForExit(within seconds: Double) -> Termination? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let termination = termination ?? reap(options: WNOHANG) {
                readRemainingLines(timeout: 5)
                return termination
            }
            if readLine(timeout: 0.01) == nil { usleep(5_000) }
        }
        send(SIGKILL)
        waitForExit()
        return nil
    }

    private func reap(options: Int32) -> Termination? {
        var status: Int32 = 0
        var usage = rusage()
        var result: pid_t
        repeat { result = wait4(pid, &status, options, &usage) } while result < 0 && errno == EINTR
        guard result == pid else { return nil }
        #if canImport(Darwin)
            peakResidentBytes = Int(usage.ru_maxrss)
        #else
            peakResidentBytes = Int(usage.ru_maxrss) * 1024
        #endif
        let signal = status & 0x7F
        let ended: Termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        termination = ended
        return ended
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }

    /// The path of an executable built beside the running test binary (SwiftPM puts
    /// every product of a package in one directory).
    public static func siblingExecutable(named name: String) -> String? {
        if let override = ProcessInfo.processInfo.environment["THEMEKIT_CHILD_DIRECTORY"] {
            return URL(fileURLWithPath: override).appendingPathComponent(name).path
        }
        var directories: [URL] = []
        #if os(Linux)
            if let binary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                directories.append(URL(fileURLWithPath: binary).deletingLastPathComponent())
            }
        #endif
        #if canImport(Darwin)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                directories.append(bundle.bundleURL.deletingLastPathComponent())
            }
        #endif
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for directory in directories {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A program run to completion through the `ThemeKitCrashChild measure` launcher, which
/// reports the program's own peak memory.
public struct MeasuredRun: Sendable {
    /// How the program ended (`.signalled(SIGKILL)` when it exceeded the time allowed);
    /// `nil` when the launcher itself did not report.
    public var termination: ChildProcess.Termination?
    /// The program's peak resident memory in bytes (at least the launcher's few megabytes).
    public var peakMemoryBytes: Int
    /// The program's standard output and error, interleaved, line by line.
    public var output: [String]

    /// Runs `executable` with `arguments`, allowing it `seconds`.
    /// - Throws: When the launcher is not built or cannot be started.
    public init(_ executable: String, _ arguments: [String], within seconds: Double) throws {
        guard let launcher = ChildProcess.siblingExecutable(named: "ThemeKitCrashChild") else {
            throw POSIXError(.ENOENT)
        }
        let child = try ChildProcess(
            executable: launcher, arguments: ["measure", "\(seconds)", executable] + arguments)
        var lines = child.waitForExit(within: seconds + 30) == nil ? nil : child.lines
        var status: Int32?
        var peak = 0
        while let last = lines?.last, last.hasPrefix("measured-status ") || last.hasPrefix("peak-memory-bytes ") {
            let value = last.split(separator: " ").last.flatMap { Int($0) } ?? 0
            if last.hasPrefix("measured-status ") { status = Int32(value) } else { peak = value }
            lines?.removeLast()
        }
        termination = status.map { status in
            let signal = status & 0x7F
            return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        }
        peakMemoryBytes = peak
        output = lines ?? child.lines
    }
}
