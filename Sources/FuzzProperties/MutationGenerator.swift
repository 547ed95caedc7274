import Basics
import HTTPCore

/// Deterministic mutations of fuzz seeds for the regression tests: SplitMix64 from a fixed state, so the
/// mutations are the same on every run. Each mutation applies one to four edits (insert, replace or remove
/// one byte), the byte drawn half the time from `interesting`, otherwise from all 256.
package struct MutationGenerator: RandomNumberGenerator {
    private var random: SplitMix64
    /// Bytes that matter to the code under test, inserted or substituted by the mutations.
    package let interesting: [UInt8]

    package init(state: UInt64 = 0x5EED, interesting: [UInt8]) {
        self.random = SplitMix64(seed: state)
        self.interesting = interesting
    }

    package mutating func next() -> UInt64 {
        random.next()
    }

    /// `count` mutations of each seed, seed by seed.
    package mutating func mutations(of seeds: [[UInt8]], count: Int = 100) -> [[UInt8]] {
        var mutations: [[UInt8]] = []
        for seed in seeds {
            for _ in 0..<count {
                mutations.append(mutate(seed))
            }
        }
        return mutations
    }

    package mutating func mutate(_ seed: [UInt8]) -> [UInt8] {
        let interesting = self.interesting  // a copy: `self` is passed inout as the generator below
        var bytes = seed
        for _ in 0...Int.random(in: 0..<4, using: &self) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &self)
            let byte =
                Bool.random(using: &self)
                ? interesting.randomElement(using: &self)! : UInt8.random(in: 0...255, using: &self)
            switch Int.random(in: 0..<3, using: &self) {
            case 0: bytes.insert(byte, at: position)
            case 1 where position < bytes.count: bytes[position] = byte
            default: if position < bytes.count { bytes.remove(at: position) }
            }
        }
        return bytes
    }
}
