import Foundation
import Testing
import ThemeKit

@Suite struct ThemeEventBusTests {
    @Test("subscribers receive style, contrast, extension and variant events in order")
    func eventsInOrder() {
        let theme = makeTheme()
        let events = Counter()
        let subscription = theme.events.subscribe { events.increment($0.description) }
        theme.style = .dark
        theme.contrast = .increased
        theme.apply(Metrics(cornerRadius: 2))
        #expect(
            events.entries == [
                "followsSystem changed to false", "style changed to dark", "followsSystemContrast changed to false",
                "contrast changed to increased", "\(String(reflecting: Metrics.self)) changed",
            ])
        _ = subscription
    }

    @Test("a cancelled or released subscription receives nothing more")
    func cancellation() {
        let theme = makeTheme()
        let events = Counter()
        var subscription: ThemeSubscription? = theme.events.subscribe { _ in events.increment() }
        theme.apply(Metrics(cornerRadius: 1))
        #expect(theme.events.subscriberCount == 1)
        subscription = nil
        theme.apply(Metrics(cornerRadius: 2))
        #expect(events.count == 1)
        #expect(theme.events.subscriberCount == 0)
        _ = subscription
    }

    @Test("a subscriber that releases every subscription mid-post: the rest of the post and the next reach none")
    func releasingEverySubscriptionDuringPost() {
        let theme = makeTheme()
        let received = Counter()
        let holder = SubscriptionHolder()
        // The first subscriber lets go of all of them, its own and the ones after it,
        // while the post is running.
        holder.subscriptions.append(
            theme.events.subscribe { _ in
                received.increment("first")
                holder.releaseAll()
            })
        for index in 1..<50 {
            holder.subscriptions.append(theme.events.subscribe { _ in received.increment("\(index)") })
        }
        theme.events.post(.styleChanged(.dark))
        // Released on the posting thread: the handlers after the first are skipped (the
        // post's copy still holds them, so releasing them mid-walk frees nothing it uses).
        #expect(received.entries == ["first"])
        #expect(theme.events.subscriberCount == 0)
        theme.events.post(.styleChanged(.light))
        #expect(received.count == 1)
    }

    @Test("a subscription cancelled by a subscriber on the posting thread misses the rest of that post")
    func cancelledDuringPost() {
        let theme = makeTheme()
        let received = Counter()
        let holder = SubscriptionHolder()
        let first = theme.events.subscribe { event in
            received.increment("first \(event)")
            holder.subscriptions.first?.cancel()
        }
        holder.subscriptions.append(theme.events.subscribe { event in received.increment("second \(event)") })
        let third = theme.events.subscribe { event in received.increment("third \(event)") }
        // Two events in one post: the second subscriber is skipped for both.
        theme.style = .dark
        #expect(
            received.entries == [
                "first followsSystem changed to false", "third followsSystem changed to false",
                "first style changed to dark", "third style changed to dark",
            ])
        _ = (first, third)
    }

    @Test("a subscription cancelled on another thread during a post receives nothing after the post ends")
    func cancelledOnAnotherThread() {
        let theme = makeTheme()
        let received = Counter()
        let holder = SubscriptionHolder()
        // The first subscriber cancels the second from another thread and waits for it.
        let blocker = theme.events.subscribe { _ in
            let done = DispatchSemaphore(value: 0)
            // A thread of its own: a dispatch or cooperative-pool thread may be busy elsewhere.
            Thread.detachNewThread {
                holder.subscriptions[0].cancel()
                done.signal()
            }
            done.wait()
        }
        holder.subscriptions.append(theme.events.subscribe { _ in received.increment() })
        theme.events.post(.styleChanged(.dark))
        // The post under way may still reach it (documented); a post that starts after
        // the cancel returned does not.
        let afterFirstPost = received.count
        #expect(afterFirstPost <= 1)
        theme.events.post(.styleChanged(.light))
        #expect(received.count == afterFirstPost)
        _ = blocker
    }

    /// Records the event of every `.themeDidChange` notification `theme` posts; remove
    /// the returned observer when done.
    private func recordNotifications(of theme: Theme) -> (Counter, any NSObjectProtocol) {
        let received = Counter()
        let observer = NotificationCenter.default.addObserver(forName: .themeDidChange, object: theme, queue: nil) {
            note in
            let event = note.userInfo?[ThemeEvent.userInfoKey] as? ThemeEvent
            received.increment(event?.description ?? "missing")
        }
        return (received, observer)
    }

    @Test("each change is posted to NotificationCenter with the theme as object and the event in userInfo")
    func notificationCenter() {
        let theme = makeTheme()
        let (received, observer) = recordNotifications(of: theme)
        defer { NotificationCenter.default.removeObserver(observer) }
        let other = makeTheme()
        other.apply(Metrics(cornerRadius: 9))
        theme.apply(Metrics(cornerRadius: 3))
        #expect(received.entries == ["\(String(reflecting: Metrics.self)) changed"])
    }

    @Test("repeated and alternating changes each carry their own event in userInfo")
    func notificationPayloadsAlternate() {
        let theme = makeTheme()
        let (received, observer) = recordNotifications(of: theme)
        defer { NotificationCenter.default.removeObserver(observer) }
        // More distinct events than the theme keeps payloads for, then the first ones again.
        theme.style = .dark
        theme.style = .light
        theme.contrast = .increased
        theme.style = .dark
        theme.style = .light
        theme.contrast = .standard
        #expect(
            received.entries == [
                "followsSystem changed to false", "style changed to dark", "style changed to light",
                "followsSystemContrast changed to false", "contrast changed to increased",
                "style changed to dark", "style changed to light", "contrast changed to standard",
            ])
    }

    @Test("an AsyncStream delivers events to a task and unsubscribes when the loop ends")
    func asyncStream() async {
        let theme = makeTheme()
        let task = Task {
            var collected: [ThemeEvent] = []
            for await event in theme.events.stream {
                collected.append(event)
                if collected.count == 2 { break }
            }
            return collected
        }
        while theme.events.subscriberCount == 0 { await Task.yield() }
        theme.apply(Metrics(cornerRadius: 1))
        theme.systemStyleDidChange(to: .dark)
        let collected = await task.value
        #expect(collected == [.extensionChanged(ThemeExtensionID(Metrics.self)), .styleChanged(.dark)])
        // Ending the loop terminated the stream, which unsubscribed it.
        for _ in 0..<1000 where theme.events.subscriberCount != 0 { await Task.yield() }
        #expect(theme.events.subscriberCount == 0)
    }

    @Test("a bounded stream keeps only the newest events when the consumer lags")
    func boundedStream() async {
        let theme = makeTheme()
        let stream = theme.events.stream(bufferingNewest: 1)
        for radius in 1...5 { theme.apply(Metrics(cornerRadius: Double(radius))) }
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first == .extensionChanged(ThemeExtensionID(Metrics.self)))
        #expect(theme.value(Metrics.self).cornerRadius == 5)
    }
}

/// Holds subscriptions so that one of their own handlers can release them all.
// Sound: only the thread posting in the test touches it (delivery is synchronous).
private final class SubscriptionHolder: @unchecked Sendable {
    var subscriptions: [ThemeSubscription] = []
    func releaseAll() { subscriptions.removeAll() }
}
