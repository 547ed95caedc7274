extension JSONValue {
    /// Why bytes are not one JSON value.
    package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        package var offset: Int
        package var message: String
        package var description: String { "\(message) at byte \(offset)" }
    }

    /// Parses one JSON value (RFC 8259) from UTF-8 bytes: objects keep their keys' order, numbers
    /// without a fraction or exponent that fit are `.int`, others `.double`.
    ///
    /// ```swift
    /// try JSONValue(parsing: Array(#"{"on": true, "count": 3}"#.utf8))["/count"]   // .int(3)
    /// ```
    package init(parsing bytes: [UInt8]) throws(ParseError) {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        self = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.offset == bytes.count else { throw parser.error("text after the value") }
    }

    /// The value a JSON Pointer (RFC 6901) names: `""` is the whole, `/comments/0/text` a member of an
    /// element; `nil` when there is none.
    package subscript(pointer: String) -> JSONValue? {
        guard !pointer.isEmpty else { return self }
        guard pointer.hasPrefix("/") else { return nil }
        var value = self
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let name = token.replacing("~1", with: "/").replacing("~0", with: "~")
            switch value {
            case .object(let members):
                guard let member = members.first(where: { $0.0 == name }) else { return nil }
                value = member.1
            case .array(let elements):
                guard let index = Int(name), elements.indices.contains(index) else { return nil }
                value = elements[index]
            default:
                return nil
            }
        }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var offset = 0

        func error(_ message: String) -> ParseError {
            ParseError(offset: offset, message: message)
        }

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        mutating func expect(_ word: String) throws(ParseError) {
            for byte in word.utf8 {
                guard offset < bytes.count, bytes[offset] == byte else { throw error("expected \(word)") }
                offset += 1
            }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < 256 else { throw error("nested too deeply") }
            guard offset < bytes.count else { throw error("expected a value") }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            default: return try number()
            }
        }

        mutating func object(depth: Int) throws(ParseError) -> JSONValue {
            offset += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a key") }
                let key = try string()
                skipSpace()
                try expect(":")
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard offset < bytes.count else { throw error("unterminated object") }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                try expect("}")
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> JSONValue {
            offset += 1
            var elements: [JSONValue] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
                guard offset < bytes.count else { throw error("unterminated array") }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                try expect("]")
                return .array(elements)
            }
        }

        mutating func string() throws(ParseError) -> String {
            offset += 1
            var scalars = String.UnicodeScalarView()
            var run = offset
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
            }
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    flush(offset)
                    offset += 1
                    return String(scalars)
                }
                if byte < 0x20 { throw error("a control character in a string") }
                if byte != UInt8(ascii: "\\") {
                    offset += 1
                    continue
                }
                flush(offset)
                offset += 1
                guard offset < bytes.count else { break }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                        bytes[offset + 1] == UInt8(ascii: "u")
                    {
                        offset += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate") }
                    scalars.append(scalar)
                default:
                    throw error("an unknown escape")
                }
                run = offset
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard offset + 4 <= bytes.count,
                let code = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
            else { throw error("expected four hexadecimal digits") }
            offset += 4
            return code
        }

        /// A number as RFC 8259 writes it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        mutating func number() throws(ParseError) -> JSONValue {
            let start = offset
            var integral = true
            if peek(UInt8(ascii: "-")) { offset += 1 }
            if peek(UInt8(ascii: "0")) {
                offset += 1
            } else if digits() == 0 {
                offset = start
                throw error("expected a value")
            }
            if peek(UInt8(ascii: ".")) {
                integral = false
                offset += 1
                guard digits() > 0 else { throw error("expected a digit after the decimal point") }
            }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                integral = false
                offset += 1
                if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
                guard digits() > 0 else { throw error("expected a digit in the exponent") }
            }
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            if integral, let value = Int(text) { return .int(value) }
            guard !text.isEmpty, let value = Double(text) else {
                offset = start
                throw error("expected a value")
            }
            return .double(value)
        }

        private func peek(_ byte: UInt8) -> Bool {
            offset < bytes.count && bytes[offset] == byte
        }

        /// Skips the digits here; returns how many there were.
        private mutating func digits() -> Int {
            let start = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
                offset += 1
            }
            return offset - start
        }
    }
}
