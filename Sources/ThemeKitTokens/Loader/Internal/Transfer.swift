import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP exchange: owns the state machine, the task, the deadline and the completion, and delivers the
/// result exactly once.
///
/// Every event goes through ``handle(_:)``: the machine decides under the lock, and cancelling the task,
/// cancelling the deadline and calling the completion all happen after the lock is released.
// Sound: all mutable state is inside `state`, a Locked.
final class Transfer: @unchecked Sendable {

    private struct State {
        var machine: TransferStateMachine
        var task: URLSessionDataTask?
        var deadline: DispatchWorkItem?
        var completion: (@Sendable (TransferResult) -> Void)?
    }

    private let state: Locked<State>
    let url: URL
    let timeout: TimeInterval
    /// Which redirects the session delegate follows for this transfer.
    let redirectPolicy: ThemePackRedirectPolicy
    /// The URL the response comes from: `url`, or where an accepted redirect led.
    let finalURL: Locked<URL>

    /// Creates an idle transfer; `completion` is called exactly once, on an unspecified queue.
    init(
        url: URL, limit: Int, timeout: TimeInterval, redirectPolicy: ThemePackRedirectPolicy = .sameHost,
        finalURL: Locked<URL>? = nil, completion: @escaping @Sendable (TransferResult) -> Void
    ) {
        self.url = url
        self.timeout = timeout
        self.redirectPolicy = redirectPolicy
        self.finalURL = finalURL ?? Locked(url)
        state = Locked(
            State(
                machine: TransferStateMachine(url: url, limit: limit, timeout: timeout), completion: completion))
    }

    /// Attaches the task and arms the deadline; returns `false` (leaving `task` untouched) when the transfer
    /// already finished, for instance because it was cancelled while the cache was being read.
    func begin(task: URLSessionDataTask, conditional: Bool) -> Bool {
        let deadline = DispatchWorkItem { [weak self] in self?.handle { $0.deadlinePassed() } }
        let started = state.withLock { state -> Bool in
            guard state.machine.started(conditional: conditional) else { return false }
            state.task = task
            state.deadline = deadline
            return true
        }
        guard started else { return false }
        DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + timeout, execute: deadline)
        return true
    }

    /// Feeds one event to the state machine and performs the resulting action outside the lock.
    ///
    /// - Returns: Whether the transfer is finished after the event.
    @discardableResult
    func handle(_ event: (inout TransferStateMachine) -> TransferStateMachine.Action) -> Bool {
        typealias Effects = (
            task: URLSessionDataTask?, deadline: DispatchWorkItem?,
            completion: (@Sendable (TransferResult) -> Void)?, result: TransferResult
        )
        let (effects, finished) = state.withLock { state -> (Effects?, Bool) in
            let action = event(&state.machine)
            let result: TransferResult
            let cancelTask: Bool
            switch action {
            case .none: return (nil, state.machine.isFinished)
            case .finish(let value): (result, cancelTask) = (value, false)
            case .cancelTaskAndFinish(let value): (result, cancelTask) = (value, true)
            }
            defer { (state.task, state.deadline, state.completion) = (nil, nil, nil) }
            return ((cancelTask ? state.task : nil, state.deadline, state.completion, result), true)
        }
        if let effects {
            effects.deadline?.cancel()
            if let task = effects.task {
                // Not here: on the session's delegate queue, FoundationNetworking's `cancel()` waits for its work
                // queue, which may be busy inflating the rest of a compressed body into delegate callbacks that
                // queue up behind this one, so the whole body would pile up in memory. Off the delegate queue,
                // those callbacks keep running and each drops its bytes at once (the machine has finished).
                DispatchQueue.global(qos: .userInitiated).async { task.cancel() }
            }
            effects.completion?(effects.result)
        }
        return finished
    }

    /// Cancels the transfer; the completion receives ``ThemePackLoaderError/cancelled(url:)`` unless it
    /// already ran.
    func cancel() { handle { $0.cancel() } }

    /// Ends the transfer with `error` before any request is made.
    func fail(_ error: ThemePackLoaderError) { handle { $0.fail(error) } }
}
