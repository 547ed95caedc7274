import Testing

@testable import Components

/// The queue's own bookkeeping: messages replaced or taken are passed over where they stand, and the
/// oldest message still waiting is the one dropped, however many times the queue was compacted.
@Suite struct FlashMessagesTests {
    private let start = ContinuousClock.now

    @Test func theOldestWaitingIsDroppedAfterManyReplacements() {
        var messages = FlashMessages<String, Int>(limits: FlashLimits(capacity: 3, maxAge: .seconds(600)))
        for key in ["a", "b", "c"] {
            messages.set(0, for: key, now: start)
        }
        // "a" replaced often enough to compact the queue several times over: it is now the newest.
        for value in 1...500 {
            messages.set(value, for: "a", now: start)
        }
        messages.set(0, for: "d", now: start)
        #expect(messages.count == 3)
        #expect(messages.take(for: "b", now: start) == nil, "b was the oldest waiting")
        #expect(messages.take(for: "a", now: start) == 500)
        #expect(messages.take(for: "c", now: start) == 0)
        #expect(messages.take(for: "d", now: start) == 0)
        #expect(messages.isEmpty)
    }

    @Test func takenAndForgottenMessagesAreNotDroppedAgain() {
        var messages = FlashMessages<String, Int>(limits: FlashLimits(capacity: 2, maxAge: .seconds(600)))
        messages.set(1, for: "a", now: start)
        messages.set(2, for: "b", now: start)
        #expect(messages.take(for: "a", now: start) == 1)
        messages.replace(with: nil, for: "b", now: start)
        messages.set(3, for: "c", now: start)
        messages.set(4, for: "d", now: start)
        #expect(messages.count == 2)
        #expect(messages.take(for: "c", now: start) == 3)
        #expect(messages.take(for: "d", now: start) == 4)
    }

    @Test func messagesPastTheAgeLimitGoWhenTheNextIsSet() {
        var messages = FlashMessages<String, Int>(limits: FlashLimits(capacity: 10, maxAge: .seconds(60)))
        messages.set(1, for: "a", now: start)
        messages.set(2, for: "b", now: start + .seconds(30))
        messages.set(3, for: "c", now: start + .seconds(70))
        #expect(messages.count == 2, "a is past the limit")
        #expect(messages.take(for: "b", now: start + .seconds(70)) == 2)
    }

    /// After `removeAll`, positions go on from where they were: an old message's place is never taken
    /// for a new one's.
    @Test func removeAllStartsAfresh() {
        var messages = FlashMessages<String, Int>(limits: FlashLimits(capacity: 1, maxAge: .seconds(600)))
        messages.set(1, for: "a", now: start)
        messages.removeAll()
        messages.set(2, for: "b", now: start)
        messages.set(3, for: "b", now: start)
        #expect(messages.count == 1)
        #expect(messages.take(for: "a", now: start) == nil)
        #expect(messages.take(for: "b", now: start) == 3)
    }
}
