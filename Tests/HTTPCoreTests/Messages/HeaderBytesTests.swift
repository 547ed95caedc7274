import Testing

@testable import HTTPCore

@Suite struct HeaderBytesTests {
    private func append(_ name: String, _ value: String, to bytes: inout HeaderBytes) {
        Array(name.utf8).withUnsafeBufferPointer { name in
            Array(value.utf8).withUnsafeBufferPointer { value in bytes.appendField(name, value) }
        }
    }

    private func text(_ bytes: HeaderBytes) -> [UInt8] {
        bytes.withUnsafeBufferPointer { Array($0) }
    }

    @Test func fieldsAreWrittenWithTheirNULs() {
        var bytes = HeaderBytes()
        #expect(bytes.count == 0 && text(bytes).isEmpty)
        append("Host", "a", to: &bytes)
        append("", "", to: &bytes)
        #expect(text(bytes) == Array("Host\0a\0\0\0".utf8))
    }

    /// Growing past the room it has keeps every byte written before.
    @Test func growingKeepsTheBytes() {
        var bytes = HeaderBytes()
        var expected: [UInt8] = []
        for index in 0..<100 {
            let value = String(repeating: "x", count: index)
            append("N\(index)", value, to: &bytes)
            expected += Array("N\(index)".utf8) + [0] + Array(value.utf8) + [0]
        }
        #expect(bytes.count == expected.count && text(bytes) == expected)
    }

    /// A copy shares the buffer until either is changed; then each has its own.
    @Test func aCopyKeepsItsBytes() {
        var original = HeaderBytes()
        original.reserveCapacity(1024)
        append("A", "1", to: &original)
        let copy = original
        append("B", "2", to: &original)
        #expect(text(copy) == Array("A\01\0".utf8))
        #expect(text(original) == Array("A\01\0B\02\0".utf8))
    }
}
