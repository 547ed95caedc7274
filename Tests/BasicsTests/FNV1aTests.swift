@_spi(Runtime) import Basics
import Testing

@Suite struct FNV1aTests {
    /// The published 64-bit FNV-1a test vectors (from the algorithm's reference): empty, "a", "foobar".
    @Test func matchesTheReferenceVectors() {
        #expect(FNV1a().value == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a("a".utf8).value == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a("foobar".utf8).value == 0x8594_4171_f739_67e8)
    }

    @Test func combiningInPiecesIsHashingTheWhole() {
        var pieces = FNV1a()
        pieces.combine("foo".utf8)
        pieces.combine(byte: UInt8(ascii: "b"))
        pieces.combine("ar".utf8)
        #expect(pieces.value == FNV1a("foobar".utf8).value)
    }

    @Test func aWordChangesTheHashPastItsLowByte() {
        var small = FNV1a("p1".utf8)
        small.combine(word: 1)
        var large = FNV1a("p1".utf8)
        large.combine(word: 257)
        #expect(small.value != large.value)
        var byte = FNV1a("p1".utf8)
        byte.combine(byte: 1)
        #expect(byte.value == small.value, "a byte is the word of its value")
    }
}
