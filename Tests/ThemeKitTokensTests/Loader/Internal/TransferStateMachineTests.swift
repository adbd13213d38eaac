import Foundation
import Testing
import ThemeKitTokens

extension Loader {
    @Suite struct TransferStateMachineTests {
        private let url = URL(string: "https://themes.example.com/pack.json")!

        private func machine(limit: Int = 10, conditional: Bool = false) -> TransferStateMachine {
            var machine = TransferStateMachine(url: url, limit: limit, timeout: 2)
            _ = machine.started(conditional: conditional)
            return machine
        }

        private func head(
            _ status: Int = 200, length: Int? = nil, etag: String? = nil, comparable: Bool = true
        ) -> ResponseHead {
            ResponseHead(status: status, declaredLength: length, etag: etag, lengthIsComparable: comparable)
        }

        @Test("a complete 200 finishes with the body and ETag")
        func completeBody() {
            var machine = machine()
            #expect(machine.receivedResponse(head(length: 4, etag: "\"e\"")) == .none)
            #expect(machine.receivedData(Data("ab".utf8)) == .none)
            #expect(machine.receivedData(Data("cd".utf8)) == .none)
            #expect(machine.completed(error: nil) == .finish(.success(.ok(body: Data("abcd".utf8), etag: "\"e\""))))
        }

        @Test("crossing the limit finishes at once, and data still arriving afterwards is ignored")
        func limitThenIgnore() {
            var machine = machine(limit: 3)
            _ = machine.receivedResponse(head())
            #expect(machine.receivedData(Data("ab".utf8)) == .none)
            #expect(
                machine.receivedData(Data("cd".utf8))
                    == .cancelTaskAndFinish(.failure(.bodyTooLarge(url: url, limit: 3, received: 4))))
            #expect(machine.receivedData(Data("ef".utf8)) == .none)
            #expect(machine.completed(error: URLError(.cancelled)) == .none)
            #expect(machine.deadlinePassed() == .none)
        }

        @Test("a declared length over the limit is rejected before any body byte")
        func declaredTooLarge() {
            var machine = machine(limit: 3)
            #expect(
                machine.receivedResponse(head(length: 99))
                    == .cancelTaskAndFinish(.failure(.bodyTooLarge(url: url, limit: 3, received: 99))))
        }

        @Test("fewer bytes than declared is a truncation even when the session reports success")
        func shortBodyWithoutError() {
            var machine = machine()
            _ = machine.receivedResponse(head(length: 8))
            _ = machine.receivedData(Data("abc".utf8))
            #expect(machine.completed(error: nil) == .finish(.failure(.truncated(url: url, expected: 8, received: 3))))
        }

        @Test("a content-encoded body is not compared with its declared length")
        func encodedBodyLengthIgnored() {
            var machine = machine()
            _ = machine.receivedResponse(head(length: 8, comparable: false))
            _ = machine.receivedData(Data("abc".utf8))
            #expect(machine.completed(error: nil) == .finish(.success(.ok(body: Data("abc".utf8), etag: nil))))
        }

        @Test("a connection error after the head is a truncation; before it, a transport error")
        func errorClassification() {
            var afterHead = machine()
            _ = afterHead.receivedResponse(head())
            _ = afterHead.receivedData(Data("abc".utf8))
            #expect(
                afterHead.completed(error: URLError(.networkConnectionLost))
                    == .finish(.failure(.truncated(url: url, expected: nil, received: 3))))

            var beforeHead = machine()
            guard
                case .finish(.failure(.transport(url, let reason))) = beforeHead.completed(
                    error: URLError(.cannotConnectToHost))
            else {
                Issue.record("expected a transport error")
                return
            }
            #expect(reason.contains(String(URLError.Code.cannotConnectToHost.rawValue)))
        }

        @Test("a session timeout is reported as timedOut with the configured deadline")
        func sessionTimeout() {
            var machine = machine()
            #expect(machine.completed(error: URLError(.timedOut)) == .finish(.failure(.timedOut(url: url, after: 2))))
        }

        @Test("a 304 is accepted only in answer to a conditional request")
        func notModified() {
            var conditional = machine(conditional: true)
            #expect(conditional.receivedResponse(head(304, etag: "\"e\"")) == .none)
            #expect(conditional.completed(error: nil) == .finish(.success(.notModified(etag: "\"e\""))))

            var unconditional = machine(conditional: false)
            #expect(
                unconditional.receivedResponse(head(304))
                    == .cancelTaskAndFinish(.failure(.httpStatus(url: url, code: 304))))
        }

        @Test("only the first terminal event counts", arguments: 0..<3)
        func firstTerminalEventWins(first: Int) {
            var machine = machine()
            _ = machine.receivedResponse(head())
            let events: [(inout TransferStateMachine) -> TransferStateMachine.Action] = [
                { $0.deadlinePassed() }, { $0.cancel() }, { $0.completed(error: nil) },
            ]
            #expect(events[first](&machine) != .none)
            for (index, event) in events.enumerated() where index != first {
                #expect(event(&machine) == .none)
            }
        }

        @Test("a transfer cancelled before it starts refuses to start")
        func cancelBeforeStart() {
            var machine = TransferStateMachine(url: url, limit: 10, timeout: 2)
            #expect(machine.cancel() == .cancelTaskAndFinish(.failure(.cancelled(url: url))))
            #expect(machine.started(conditional: false) == false)
        }
    }
}
