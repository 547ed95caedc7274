import Synchronization
import Testing

@testable import HTTPCore

/// Responses around a kept body are lent one request at a time and lent again once given back, each time
/// with per-request headers of its own; idle ones are bounded.
@Suite struct ReuseWithPerRequestHeadersTests {
    final class Counter: Sendable {
        let calls = Atomic<Int>(0)

        func fresh() -> HTTPHeaders {
            ["Set-Cookie": "n=\(calls.add(1, ordering: .relaxed).newValue)"]
        }
    }

    private func responses(_ counter: Counter, idleCapacity: Int = 16) -> ReuseWithPerRequestHeaders {
        ReuseWithPerRequestHeaders(
            body: ReusedBody(Array("body".utf8)), headers: ["X-Kept": "yes"],
            perRequest: { counter.fresh() }, idleCapacity: idleCapacity)
    }

    @Test func aResponseGivenBackIsLentAgainWithNewFreshHeaders() throws {
        let counter = Counter()
        let pool = responses(counter)
        var first = try #require(pool.lend())
        let pointer = first.pointer
        first = try #require(pool.lend())  // the first is given back as this one is lent
        #expect(pool.made == 2, "the first was still lent when the second was asked for")
        let third = try #require(pool.lend())
        #expect(third.pointer == pointer, "given back, the first is lent again")
        #expect(pool.made == 2)
        #expect(counter.calls.load(ordering: .relaxed) == 3, "per-request headers for every loan")
    }

    @Test func responsesLentAtOnceAreDistinct() throws {
        let counter = Counter()
        let pool = responses(counter)
        var held = try (0..<3).map { _ in try #require(pool.lend()) }
        let first = Set(held.map { UInt(bitPattern: Int(bitPattern: $0.pointer)) })
        #expect(first.count == 3)
        held = []
        let again = try (0..<3).map { _ in try #require(pool.lend()) }
        #expect(pool.made == 3, "the three given back are lent again")
        #expect(Set(again.map { UInt(bitPattern: Int(bitPattern: $0.pointer)) }) == first, "the same three")
    }

    @Test func idleResponsesAreBounded() throws {
        let counter = Counter()
        let pool = responses(counter, idleCapacity: 2)
        var held = try (0..<5).map { _ in try #require(pool.lend()) }
        held.removeAll()  // two are kept idle, three destroyed
        held = try (0..<5).map { _ in try #require(pool.lend()) }
        #expect(pool.made == 8, "two of the five lent again were kept; three were made anew")
        held.removeAll()
        _ = try #require(pool.lend())
        #expect(pool.made == 8, "one of the two kept this time is lent")
    }
}
