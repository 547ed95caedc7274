/// Percent-decoding and -encoding of URL parts, working on UTF-8 bytes.
package enum PercentEncoding {
    /// Why a percent-encoded string could not be decoded.
    package enum DecodingError: Error, Sendable, Equatable {
        /// A `%` not followed by two hexadecimal digits, at this byte offset.
        case malformedEscape(offset: Int)
        /// The decoded bytes are not valid UTF-8.
        case invalidUTF8
    }

    /// Decodes `%XX` escapes, and `+` as a space when `plusAsSpace` is set (forms and queries).
    package static func decode<Bytes: Collection<UInt8>>(
        _ encoded: Bytes,
        plusAsSpace: Bool
    ) throws(DecodingError) -> String {
        let decoded =
            encoded.withContiguousStorageIfAvailable { bytes in
                Result { () throws(DecodingError) in try decode(bytes, plusAsSpace: plusAsSpace) }
            }
            ?? Array(encoded).withUnsafeBufferPointer { bytes in
                Result { () throws(DecodingError) in try decode(bytes, plusAsSpace: plusAsSpace) }
            }
        return try decoded.get()
    }

    /// The work of `decode`, on contiguous bytes: plain text (the common case) is validated and
    /// copied in one go; only text with escapes is rebuilt byte by byte.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) throws(DecodingError) -> String {
        var needsDecoding = false
        var isASCII = true
        for byte in bytes {
            if byte == UInt8(ascii: "%") || (byte == UInt8(ascii: "+") && plusAsSpace) {
                needsDecoding = true
                break
            }
            if byte >= 0x80 { isASCII = false }
        }
        if !needsDecoding {
            // ASCII is valid UTF-8 as it is; anything else is checked.
            if isASCII { return String(decoding: bytes, as: UTF8.self) }
            guard let string = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
            return string
        }
        var decoded = [UInt8]()
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count,
                    let high = ASCII.hexValue(bytes[index + 1]), let low = ASCII.hexValue(bytes[index + 2])
                else {
                    throw .malformedEscape(offset: index)
                }
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            decoded.append(byte == UInt8(ascii: "+") && plusAsSpace ? UInt8(ascii: " ") : byte)
            index += 1
        }
        guard let string = String(validating: decoded, as: UTF8.self) else { throw .invalidUTF8 }
        return string
    }

    /// Encodes a string for use as one path segment: everything but unreserved characters is escaped.
    ///
    /// `"a b/c"` becomes `"a%20b%2Fc"`.
    package static func encodePathSegment(_ string: String) -> String {
        encode(string) { isUnreserved($0) || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") }
    }

    /// Encodes a string as a form or query value (`application/x-www-form-urlencoded`, spaces as `%20`).
    package static func encodeQueryValue(_ string: String) -> String {
        encode(string, keeping: isUnreserved)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func encode(_ string: String, keeping keep: (UInt8) -> Bool) -> String {
        if string.utf8.allSatisfy(keep) {
            return string
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(string.utf8.count + 8)
        for byte in string.utf8 {
            if keep(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(ASCII.hexDigits[Int(byte >> 4)])
                bytes.append(ASCII.hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
