import Synchronization
import Testing

@testable import Components

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let now = Mutex(ContinuousClock.now)

    func read() -> ContinuousClock.Instant {
        now.withLock { $0 }
    }

    func advance(_ duration: Duration) {
        now.withLock { $0 += duration }
    }
}

/// One-time messages wait only for viewers who come back soon: a cap (the oldest go first) and an age
/// limit, so that clients that never return (no cookie jar) cannot grow the store.
@Suite struct FlashLimitTests {
    let clock = TestClock()

    private func store(capacity: Int = 3, maxAge: Duration = .seconds(600)) -> ToggleStore {
        let clock = self.clock
        return ToggleStore(
            baseCounts: ["p1": 0, "p2": 0], flashLimits: FlashLimits(capacity: capacity, maxAge: maxAge),
            clock: { clock.read() })
    }

    private func key(_ viewer: Int, _ target: String = "p1") -> ToggleStore.Key {
        ToggleStore.Key(viewer: Viewer(bits: UInt64(viewer)), target: target)
    }

    @Test func aViewerWhoComesBackWithinTheLimitsSeesTheirMessageOnce() {
        let store = store()
        store.leave(.failed("oops"), for: key(1))
        clock.advance(.seconds(599))
        #expect(store.presentation("p1", viewer: Viewer(bits: 1))?.message == "oops")
        #expect(store.presentation("p1", viewer: Viewer(bits: 1))?.message == nil)
        #expect(store.waiting.flashes == 0)
    }

    @Test func aMessageForAViewerWhoNeverReturnsIsDroppedAfterTheAgeLimit() {
        let store = store(capacity: 100)
        store.leave(.failed("old"), for: key(1))
        clock.advance(.seconds(601))
        #expect(store.takeFlash(for: key(1)) == nil, "too old to show")
        store.leave(.failed("a"), for: key(2))
        clock.advance(.seconds(601))
        store.leave(.failed("b"), for: key(3))  // setting drops what has aged out
        #expect(store.waiting.flashes == 1)
        #expect(store.takeFlash(for: key(3)) == .failed("b"))
    }

    @Test func theNewestAreKeptWhenTheCapIsReached() {
        let store = store(capacity: 3)
        for viewer in 1...5 {
            store.leave(.failed("\(viewer)"), for: key(viewer))
            clock.advance(.milliseconds(1))
        }
        #expect(store.waiting.flashes == 3)
        #expect(store.takeFlash(for: key(1)) == nil)
        #expect(store.takeFlash(for: key(2)) == nil)
        #expect(store.takeFlash(for: key(3)) == .failed("3"))
        #expect(store.takeFlash(for: key(4)) == .failed("4"))
        #expect(store.takeFlash(for: key(5)) == .failed("5"))
    }

    @Test func aReplacedMessageCountsAsNewAndItsOldPlaceIsForgotten() {
        let store = store(capacity: 2)
        store.leave(.failed("first"), for: key(1))
        store.leave(.failed("other"), for: key(2))
        store.leave(.committed, for: key(1))  // key 1 is now the newest
        store.leave(.failed("third"), for: key(3))  // over the cap: key 2 is the oldest
        #expect(store.takeFlash(for: key(2)) == nil)
        #expect(store.takeFlash(for: key(1)) == .committed)
        #expect(store.takeFlash(for: key(3)) == .failed("third"))
    }

    /// A flood of viewers who never come back, as a client without cookies makes: the messages stay at the
    /// cap however many there were.
    @Test func aFloodOfViewersWhoNeverReturnStaysAtTheCap() {
        let store = store(capacity: 1_000)
        for viewer in 1...50_000 {
            store.leave(.failed("x"), for: key(viewer, viewer % 2 == 0 ? "p1" : "p2"))
            if viewer % 3 == 0 {
                _ = store.takeFlash(for: key(viewer - 1, "p2"))  // some come back
            }
        }
        #expect(store.waiting.flashes <= 1_000)
        #expect(store.takeFlash(for: key(50_000, "p1")) == .failed("x"), "the newest is kept")
    }
}
