import Dispatch
import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// Namespace for the remote-loading suites, so `--filter ThemeKitTokensTests.Loader` selects them all.
enum Loader {}

/// A stand-in for the real theme pack: JSON `{"name": …, "revision": …}`.
struct TestPack: Codable, Equatable, Sendable {
    var name: String
    var revision: Int

    /// The pack's JSON body, byte-for-byte the same on every call (keys sorted).
    var json: Data {
        get throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return try encoder.encode(self)
        }
    }

    /// The decode step handed to the loader.
    @Sendable static func decode(_ data: Data) throws -> TestPack {
        try JSONDecoder().decode(TestPack.self, from: data)
    }

    static let v1 = TestPack(name: "Ocean", revision: 1)
    static let v2 = TestPack(name: "Ocean", revision: 2)
}

/// Bytes that the test decoder rejects.
let invalidPackBody = Data(#"{"name": "Ocean", "revision": "one"}"#.utf8)

typealias LoadResult = Result<LoadedPack<TestPack>, ThemePackLoaderError>

/// Records every call of a completion handler and lets a test await the first one with a generous bound.
///
/// The wait holds no thread: a waiter is a continuation that `record` resumes, or a timer gives up on.
/// (It used to block a thread of Dispatch's global pool in a semaphore wait. On Linux that pool is about
/// as wide as the CPUs, so during a full `swift test` on 2 cores the blocked waiters took it over, and the
/// loader's own work on that pool stalled until the transfers timed out.) The timer is a dispatch source,
/// cancelled when the call arrives: a timer left pending would keep the recorder, and what it recorded,
/// alive for its whole timeout (LeakSanitizer reports what is still held that way at exit).
// Sound: `values`, `waiters` and `nextWaiter` are only touched while `lock` is held; a dispatch source may
// be cancelled and resumed from any thread.
final class CompletionRecorder<Value: Sendable>: @unchecked Sendable {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Value?, Never>
        let timer: any DispatchSourceTimer
    }

    private let lock = NSLock()
    private var values: [Value] = []
    private var waiters: [Waiter] = []
    private var nextWaiter = 0

    func record(_ value: Value) {
        let woken = lock.withLock { () -> [Waiter] in
            values.append(value)
            guard values.count == 1 else { return [] }
            defer { waiters = [] }
            return waiters
        }
        for waiter in woken {
            waiter.timer.cancel()
            waiter.continuation.resume(returning: value)
        }
    }

    /// Every call so far.
    var calls: [Value] { lock.withLock { values } }

    /// The first call, or `nil` when none arrives within `timeout` seconds.
    func first(timeout: TimeInterval = 30) async -> Value? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let id = lock.withLock { () -> Int in
                nextWaiter += 1
                return nextWaiter
            }
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + timeout)
            timer.setEventHandler { self.expire(id) }
            let waiting = lock.withLock { () -> Bool in
                guard values.isEmpty else { return false }
                waiters.append(Waiter(id: id, continuation: continuation, timer: timer))
                return true
            }
            // Resumed whatever happens: a suspended source must not be released.
            timer.resume()
            if !waiting {
                timer.cancel()
                continuation.resume(returning: calls.first)
            }
        }
    }

    /// The timer of waiter `id` fired: it gets `nil`, unless a call came first.
    private func expire(_ id: Int) {
        let expired = lock.withLock { () -> Waiter? in
            guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return waiters.remove(at: index)
        }
        guard let expired else { return }
        expired.timer.cancel()
        expired.continuation.resume(returning: nil)
    }
}

/// A fresh folder under the temporary directory, removed at the end of `body`.
func withTemporaryDirectory<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("ThemePackLoaderTests-\(UUID().uuidString)", isDirectory: true)
    defer {
        do {
            if FileManager.default.fileExists(atPath: directory.path) {
                try FileManager.default.removeItem(at: directory)
            }
        } catch {
            Issue.record("Could not remove \(directory.path): \(error)")
        }
    }
    return try await body(directory)
}

/// Builds a loader for `TestPack` with test-sized limits.
func makeLoader(
    cacheDirectory: URL?, timeout: TimeInterval = 10, maximumBodySize: Int = 64 * 1024
) -> ThemePackLoader<TestPack> {
    ThemePackLoader(
        configuration: .init(timeout: timeout, maximumBodySize: maximumBodySize, cacheDirectory: cacheDirectory),
        decode: TestPack.decode)
}

/// Runs one load through the completion API and returns its result (recording an issue if none arrives).
func loadResult(
    _ loader: ThemePackLoader<TestPack>, from url: URL, recorder: CompletionRecorder<LoadResult> = .init()
) async throws -> LoadResult {
    loader.load(from: url) { recorder.record($0) }
    return try #require(await recorder.first(), "the completion was not called within 30 seconds")
}

/// Puts `pack` into the cache at `directory` for `url`, as an earlier successful load would have.
func seedCache(_ directory: URL, url: URL, pack: TestPack = .v1, etag: String? = "\"v1\"") throws {
    try PackCache(directory: directory).store(PackCache.Entry(data: pack.json, etag: etag), for: url)
}

extension LoadResult {
    /// The loaded pack, or `nil` on failure.
    var loaded: LoadedPack<TestPack>? {
        if case .success(let loaded) = self { return loaded }
        return nil
    }

    /// The error, or `nil` on success.
    var error: ThemePackLoaderError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
