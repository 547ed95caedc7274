@_spi(Runtime) import Basics
import Testing

@Suite struct BoundedCacheTests {
    @Test func makesAValueOnceAndThenServesIt() {
        let cache = BoundedCache<String, Int>(capacity: 8)
        var made = 0
        for _ in 0..<5 {
            let value = cache.value(for: "a") {
                made += 1; return 42
            }
            #expect(value == 42)
        }
        #expect(made == 1)
        #expect(cache.statistics.hits == 4)
        #expect(cache.statistics.misses == 1)
    }

    @Test func neverHoldsMoreThanItsCapacity() {
        let cache = BoundedCache<Int, Int>(capacity: 10)
        for key in 0..<1000 {
            cache.store(key * 2, for: key)
            #expect(cache.statistics.count <= 10)
        }
        // The newest entries are still there; the oldest went.
        #expect(cache.lookUp(999) == 1998)
        #expect(cache.lookUp(0) == nil)
    }

    @Test func anEntryInUseOutlivesEntriesThatAreNot() {
        let cache = BoundedCache<Int, String>(capacity: 4)
        cache.store("kept", for: -1)
        for key in 0..<100 {
            cache.store("\(key)", for: key)
            #expect(cache.lookUp(-1) == "kept", "lost after \(key)")
        }
    }

    @Test func aFailureIsNotKept() {
        struct Refused: Error {}
        let cache = BoundedCache<String, Int>(capacity: 4)
        #expect(throws: Refused.self) { try cache.value(for: "a") { () throws(Refused) -> Int in throw Refused() } }
        #expect(cache.lookUp("a") == nil)
        #expect(cache.value(for: "a") { 7 } == 7)
    }

    @Test func removeAllForgetsEveryEntryButNotTheCounts() {
        let cache = BoundedCache<Int, Int>(capacity: 4)
        cache.store(1, for: 1)
        #expect(cache.lookUp(1) == 1)
        cache.removeAll()
        #expect(cache.lookUp(1) == nil)
        #expect(cache.statistics.count == 0)
        #expect(cache.statistics.hits == 1, "the lookups since the cache was made")
        #expect(cache.statistics.misses == 1)
    }

    @Test func aByteBudgetBoundsWhatIsKeptAndRefusesTheHeaviest() {
        let cache = BoundedCache<Int, [UInt8]>(capacity: 1000, byteCapacity: 6400, weigh: \.count)
        cache.store([UInt8](repeating: 1, count: 101), for: 0)
        #expect(cache.lookUp(0) == nil, "over a sixty-fourth of the budget: not kept")
        for key in 1...100 {
            cache.store([UInt8](repeating: 2, count: 100), for: key)
        }
        // Each generation holds at most half the budget (32 of these), so at most 64 are kept in all.
        #expect(cache.statistics.count <= 64)
        #expect(cache.lookUp(100) != nil, "the newest stay")
        #expect(cache.lookUp(1) == nil, "the oldest went")
        cache.store([UInt8](repeating: 3, count: 100), for: 100)
        #expect(cache.lookUp(100) == [UInt8](repeating: 3, count: 100), "the same key again replaces its value")
    }

    /// Whether a lookup found `key`, or on a miss whether the key was admitted.
    private func look(_ cache: BoundedCache<Int, Int>, _ key: Int) -> String {
        switch cache.lookUpAdmitting(key) {
        case .hit(let value): "hit \(value)"
        case .miss(let admitted): admitted ? "admitted" : "noted"
        }
    }

    @Test func onSecondMissAKeyIsAdmittedTheSecondTimeItMissesWithinTheWindow() {
        let cache = BoundedCache<Int, Int>(capacity: 8, admission: .onSecondMiss(window: 4))
        #expect(look(cache, 1) == "noted")
        #expect(look(cache, 1) == "admitted")
        cache.store(10, for: 1)
        #expect(look(cache, 1) == "hit 10")
        #expect(look(cache, 1) == "hit 10", "a hit is not a miss: nothing to note")
        // Keys that come back only after more than the window of others are noted again, never admitted.
        for key in 2...7 { #expect(look(cache, key) == "noted") }
        for key in 2...7 { #expect(look(cache, key) == "noted", "key \(key) came back too late") }
        #expect(cache.statistics.hits == 2 && cache.statistics.misses == 14)
        cache.removeAll()
        #expect(look(cache, 1) == "noted", "what was noted goes with everything else")
    }

    @Test func alwaysAdmitsEveryMiss() {
        let cache = BoundedCache<Int, Int>(capacity: 8)
        #expect(look(cache, 1) == "admitted")
        cache.store(3, for: 1)
        #expect(look(cache, 1) == "hit 3")
    }

    @Test func itsBytesAreTheSumOfWhatItKeepsAcrossBothGenerationsAndNeverPastItsBudget() {
        let cache = BoundedCache<Int, [UInt8]>(capacity: 1000, byteCapacity: 6400, weigh: \.count)
        var shadow: [Int: Int] = [:]
        for key in 0..<300 {
            let size = 1 + (key * 37) % 100
            cache.store([UInt8](repeating: 0, count: size), for: key % 90)
            shadow[key % 90] = size
            if key % 7 == 0 {
                _ = cache.lookUp((key * 13) % 90)  // a hit in the old generation moves it back
            }
            if key % 11 == 0 {
                cache.remove(key % 90)
            }
            let kept = (0..<90).reduce(0) { sum, key in
                // Weighed without counting as lookups: what `bytes` must equal.
                sum + (cache.contains(key) ? shadow[key]! : 0)
            }
            #expect(cache.bytes == kept && cache.bytes <= 6400, "after \(key)")
        }
    }

    @Test func aLookupThatFindsAStaleValueDropsItAndIsAMiss() {
        let cache = BoundedCache<String, Int>(capacity: 8, byteCapacity: 640) { _ in 10 }
        cache.store(1, for: "a")
        #expect(cache.lookUp("a", ifCurrent: { $0 == 1 }) == 1)
        #expect(cache.lookUp("a", ifCurrent: { $0 == 2 }) == nil)
        #expect(cache.lookUp("a") == nil && cache.bytes == 0, "dropped")
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 2)
    }

    /// A key stored again is kept once, with its last value, in whichever generation it was: replaced
    /// where it is in the young one, moved out of the old one otherwise.
    @Test func aKeyStoredAgainIsKeptOnceWithItsLastValue() {
        let cache = BoundedCache<Int, [UInt8]>(capacity: 8, byteCapacity: 6400, weigh: \.count)
        var last: [Int: Int] = [:]
        for step in 0..<200 {
            let key = (step * 7) % 11
            cache.store([UInt8](repeating: UInt8(step % 256), count: 1 + step % 5), for: key)
            last[key] = step
            let kept = (0..<11).filter { cache.contains($0) }
            #expect(cache.statistics.count == kept.count, "after \(step)")
            #expect(cache.bytes == kept.reduce(0) { $0 + 1 + last[$1]! % 5 }, "after \(step)")
        }
        for key in 0..<11 where cache.contains(key) {
            #expect(cache.lookUp(key)?.first == UInt8(last[key]! % 256))
        }
    }
}
