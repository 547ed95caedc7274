/// A small, fast, seedable random number generator (SplitMix64): the same seed gives the same numbers on
/// every run, so simulated failures and randomized tests reproduce. Not for secrets.
///
/// ```swift
/// var generator = SplitMix64(seed: 42)
/// let index = Int.random(in: 0..<10, using: &generator)
/// ```
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in [0, 1).
    package mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
