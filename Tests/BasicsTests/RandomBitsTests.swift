import Basics
import Dispatch
import Synchronization
import Testing

@Suite struct RandomBitsTests {
    @Test func valuesDoNotRepeatAcrossBlocks() {
        let random = RandomBits(blockSize: 4)  // 250 refills
        let values = (0..<1000).map { _ in random.next() }
        #expect(Set(values).count == values.count)
    }

    @Test func everyBitVaries() {
        let random = RandomBits(blockSize: 64)
        var ones = [Int](repeating: 0, count: 64)
        let draws = 2000
        for _ in 0..<draws {
            let value = random.next()
            for bit in 0..<64 where value & (1 << UInt64(bit)) != 0 { ones[bit] += 1 }
        }
        // Each bit is set about half the time: a stuck bit, or a block never filled (zeros), fails.
        for (bit, count) in ones.enumerated() {
            #expect((800...1200).contains(count), "bit \(bit) was set \(count) times in \(draws)")
        }
    }

    @Test func threadsDrawingAtOnceGetDistinctValues() {
        let random = RandomBits(blockSize: 16)
        let drawn = Mutex<[UInt64]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let mine = (0..<500).map { _ in random.next() }
            drawn.withLock { $0 += mine }
        }
        let values = drawn.withLock { $0 }
        #expect(values.count == 4000)
        #expect(Set(values).count == 4000)
    }
}
