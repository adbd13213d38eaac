import Foundation

/// Shows what a long command is doing, on standard error, once it has run for more than a second.
///
/// Only when standard error is a terminal: ``CommandEnvironment/current`` gives a sink then and none
/// otherwise, so pipes, CI logs and tests see nothing. Each line overwrites the previous one
/// (`\r` and *erase line*) and the last is erased when the command ends, so the terminal is left as
/// if no progress had been shown. A timer thread prints the current phase when the second has passed;
/// later phases print as they start.
///
/// The phase and the visibility flag live behind one lock; the sink is called outside it.
final class ProgressReporter: @unchecked Sendable {  // Mutable state guarded by `lock`; the sink is Sendable.
    private let sink: (@Sendable (String) -> Void)?
    private let threshold: TimeInterval
    private let started = Date()
    private let lock = NSLock()
    private var phase: String?
    private var isVisible = false
    private var isFinished = false
    private var timer: DispatchSourceTimer?

    /// - Parameters:
    ///   - sink: Where lines go; `nil` shows nothing.
    ///   - threshold: How long a command runs before progress is shown; one second.
    init(sink: (@Sendable (String) -> Void)?, threshold: TimeInterval = 1) {
        self.sink = sink
        self.threshold = threshold
    }

    deinit { timer?.cancel() }

    /// Starts a phase (`reading big.tokens.json (6 MB)`); shown now if a second has passed, else by the timer.
    func begin(_ text: String) {
        guard sink != nil else { return }
        let show: Bool
        lock.lock()
        phase = text
        show = !isFinished && (isVisible || Date().timeIntervalSince(started) >= threshold)
        if show { isVisible = true }
        let needsTimer = !show && timer == nil && !isFinished
        lock.unlock()
        if show { emit(text) }
        if needsTimer { startTimer() }
    }

    /// Erases the progress line, if one was shown; later phases show nothing.
    func finish() {
        lock.lock()
        let wasVisible = isVisible
        isFinished = true
        isVisible = false
        let pending = timer
        timer = nil
        lock.unlock()
        pending?.cancel()
        if wasVisible { sink?("") }
    }

    private func emit(_ text: String) {
        let seconds = Int(Date().timeIntervalSince(started))
        sink?("themekit: \(text)… (\(seconds) s)")
    }

    private func startTimer() {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        let delay = max(0, threshold - Date().timeIntervalSince(started))
        source.schedule(deadline: .now() + delay, repeating: 1)
        source.setEventHandler { [weak self] in self?.tick() }
        lock.lock()
        if timer == nil, !isFinished {
            timer = source
            lock.unlock()
            source.resume()
        } else {
            lock.unlock()
        }
    }

    private func tick() {
        lock.lock()
        let current = isFinished ? nil : phase
        if current != nil { isVisible = true }
        lock.unlock()
        if let current { emit(current) }
    }

    /// The sink for a terminal: overwrite the line in place; an empty line erases it.
    static let terminalSink: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }
}
