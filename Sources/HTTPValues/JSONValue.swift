/// A JSON value that encodes itself to UTF-8 bytes, for API responses.
///
/// ```swift
/// JSONValue.object([("id", .string("p1")), ("count", .int(12))]).encoded()
/// // {"id":"p1","count":12}
/// ```
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// A string, escaped when encoded.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// Keys keep the order given, so output is deterministic.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.encoded() == rhs.encoded()
    }

    /// The value as compact JSON text in UTF-8.
    package func encoded() -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(256)
        encode(into: &bytes)
        return bytes
    }

    /// Appends the value as compact JSON text in UTF-8 to `bytes`.
    package func encode(into bytes: inout [UInt8]) {
        switch self {
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let value):
            bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value):
            ASCII.appendDecimal(value, to: &bytes)
        case .double(let value):
            if value.isFinite {
                bytes.append(contentsOf: value.description.utf8)
            } else {
                bytes.append(contentsOf: "null".utf8)
            }
        case .string(let value):
            Self.encodeString(value, into: &bytes)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                value.encode(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.encodeString(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                value.encode(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Writes a JSON string literal; `<`, `>` and `&` are escaped too so JSON is safe to embed in HTML.
    private static func encodeString(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
            case 0x0A: bytes.append(contentsOf: "\\n".utf8)
            case 0x0D: bytes.append(contentsOf: "\\r".utf8)
            case 0x09: bytes.append(contentsOf: "\\t".utf8)
            case 0x00..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(ASCII.hexDigits[Int(byte >> 4)])
                bytes.append(ASCII.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
