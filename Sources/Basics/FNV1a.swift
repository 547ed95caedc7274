/// The 64-bit FNV-1a hash: quick, stable across runs and machines, and not for secrets. The same bytes
/// always give the same value (a stylesheet's tag, a state file's check, a viewer named by an id).
///
/// ```swift
/// var hash = FNV1a()
/// hash.combine("p1".utf8)
/// hash.combine(byte: 3)
/// let tag = String(hash.value, radix: 16)
/// ```
@_spi(Runtime) public struct FNV1a: Sendable {
    /// The hash of what was combined so far (of nothing, the offset basis).
    public var value: UInt64 { state }

    // Inlinable, so that a caller's loop over its bytes is specialized for them (the generic loop took
    // about 200 instructions a byte). Public to the runtime's SPI, not `package`: this toolchain does not
    // inline or specialise `@inlinable package` code in another module.
    @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

    @inlinable public init() {}

    /// The hash of `bytes`.
    @inlinable public init(_ bytes: some Sequence<UInt8>) {
        combine(bytes)
    }

    @inlinable public mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            combine(byte: byte)
        }
    }

    @inlinable public mutating func combine(byte: UInt8) {
        combine(word: UInt64(byte))
    }

    /// One step over a whole 64-bit word at once (XOR, then multiply), where FNV-1a proper takes a byte:
    /// for a number that must change the hash whatever its size (a count past 255).
    @inlinable public mutating func combine(word: UInt64) {
        state = (state ^ word) &* 0x0000_0100_0000_01B3
    }
}
