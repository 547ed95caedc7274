/// Base64 (RFC 4648, the standard alphabet with `=` padding), for what arrives in it: a screenshot in a
/// browser's JSON answer.
///
/// ```swift
/// Base64.decode("aGk=")     // [0x68, 0x69]
/// Base64.encode([0x68, 0x69])  // "aGk="
/// ```
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Each byte's value in the alphabet, or 255 for a byte that is not in it.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: 255, count: 256)
        for (index, byte) in alphabet.enumerated() {
            values[Int(byte)] = UInt8(index)
        }
        return values
    }()

    /// The bytes `text` encodes, or `nil` when it is not base64 (a byte outside the alphabet, a length that
    /// is not a multiple of four, padding anywhere but at the end).
    package static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let last = index + 4 == input.count
            var quad: [UInt8] = [0, 0, 0, 0]
            var padding = 0
            for offset in 0..<4 {
                let byte = input[index + offset]
                if byte == UInt8(ascii: "=") && last && offset >= 2 {
                    padding += 1
                    continue
                }
                let value = values[Int(byte)]
                guard value != 255, padding == 0 else { return nil }
                quad[offset] = value
            }
            let bits = UInt32(quad[0]) << 18 | UInt32(quad[1]) << 12 | UInt32(quad[2]) << 6 | UInt32(quad[3])
            output.append(UInt8(truncatingIfNeeded: bits >> 16))
            if padding < 2 { output.append(UInt8(truncatingIfNeeded: bits >> 8)) }
            if padding < 1 { output.append(UInt8(truncatingIfNeeded: bits)) }
            index += 4
        }
        return output
    }

    /// `bytes` in base64, padded.
    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var bits = UInt32(bytes[index]) << 16
            if count > 1 { bits |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { bits |= UInt32(bytes[index + 2]) }
            output.append(alphabet[Int(bits >> 18 & 63)])
            output.append(alphabet[Int(bits >> 12 & 63)])
            output.append(count > 1 ? alphabet[Int(bits >> 6 & 63)] : UInt8(ascii: "="))
            output.append(count > 2 ? alphabet[Int(bits & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
