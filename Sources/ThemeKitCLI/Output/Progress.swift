import Foundation
import ThemeKitTokens

/// Shows what a long command is doing, on standard error, once it has run for more than a second.
///
/// Only when standard error is a terminal: ``CommandEnvironment/current`` gives a sink then and none
/// otherwise, so pipes, CI logs and tests see nothing. Each line overwrites the previous one
/// (`\r` and *erase line*) and the last is erased when the command ends, so the terminal is left as
/// if no progress had been shown. A timer prints the current phase, with the seconds elapsed, every
/// second once the first has passed; later phases print as they start.
///
/// Every line is written from one serial queue, the timer's, so lines never interleave and none is
/// written after ``finish()`` has erased the last. The phase and flags live behind a lock that is never
/// held while the sink runs.
final class ProgressReporter: @unchecked Sendable {  // Mutable state is guarded by `lock` or confined to `queue`.
    private let sink: (@Sendable (String) -> Void)?
    private let threshold: TimeInterval
    private let started = Date()
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "themekit.progress")
    private var phase: String?
    private var isFinished = false
    private var timer: DispatchSourceTimer?
    /// Whether a line is on the terminal; read and written on `queue` only.
    private var isVisible = false

    /// - Parameters:
    ///   - sink: Where lines go; `nil` shows nothing.
    ///   - threshold: How long a command runs before progress is shown; one second.
    init(sink: (@Sendable (String) -> Void)?, threshold: TimeInterval = 1) {
        self.sink = sink
        self.threshold = threshold
    }

    deinit { timer?.cancel() }

    /// Starts a phase (`importing big.tokens.json`); shown now if a second has passed, else by the timer.
    func begin(_ text: String) {
        guard sink != nil else { return }
        lock.lock()
        // Phases name input files; escaped so a file name cannot move the cursor or start a CI command.
        let text = TerminalText.escaped(text)
        phase = text
        let isDue = !isFinished && Date().timeIntervalSince(started) >= threshold
        let needsTimer = !isFinished && timer == nil
        lock.unlock()
        if isDue { queue.async { self.emit(text) } }
        if needsTimer { startTimer() }
    }

    /// Erases the progress line, if one was shown; later phases show nothing. Returns after every line
    /// already started has been written.
    func finish() {
        guard sink != nil else { return }
        queue.sync {
            lock.lock()
            isFinished = true
            let pending = timer
            timer = nil
            lock.unlock()
            pending?.cancel()
            if isVisible {
                isVisible = false
                sink?("")
            }
        }
    }

    /// On `queue`: writes a phase unless the command has finished.
    private func emit(_ text: String) {
        lock.lock()
        let finished = isFinished
        lock.unlock()
        guard !finished else { return }
        isVisible = true
        sink?("themekit: \(text)… (\(Int(Date().timeIntervalSince(started))) s)")
    }

    private func startTimer() {
        let source = DispatchSource.makeTimerSource(queue: queue)
        let delay = max(0, threshold - Date().timeIntervalSince(started))
        source.schedule(deadline: .now() + delay, repeating: 1)
        source.setEventHandler { [weak self] in self?.tick() }
        lock.lock()
        let install = timer == nil && !isFinished
        if install { timer = source }
        lock.unlock()
        if install { source.resume() }
    }

    /// On `queue`: the timer's tick.
    private func tick() {
        lock.lock()
        let current = phase
        lock.unlock()
        if let current { emit(current) }
    }

    /// The sink for a terminal: overwrite the line in place; an empty line erases it.
    static let terminalSink: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }
}
