/// The cookies a request carries, parsed from its `Cookie` header (RFC 6265 §4.2).
///
/// ```swift
/// let cookies = Cookies(header: "viewer=v-12ab; theme=dark")
/// cookies["viewer"]  // "v-12ab"
/// ```
public struct Cookies: Sendable, Equatable {
    public private(set) var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// Parses `name=value; name2=value2`. Pairs without `=` or with an empty name are ignored;
    /// the first occurrence of a name wins; values in double quotes are unquoted. Never fails.
    public init(header: String?) {
        var values = [String: String]()
        guard let header else {
            self.values = values
            return
        }
        for pair in header.utf8.split(separator: UInt8(ascii: ";")) {
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = Self.trimmed(pair[pair.startIndex..<equals])
            var value = Self.trimmed(pair[pair.index(after: equals)...])
            if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                value = value.dropFirst().dropLast()
            }
            guard !name.isEmpty else { continue }
            let key = String(decoding: name, as: UTF8.self)
            if values[key] == nil {
                values[key] = String(decoding: value, as: UTF8.self)
            }
        }
        self.values = values
    }

    public subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }

    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        var bytes = bytes
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            bytes = bytes.dropFirst()
        }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            bytes = bytes.dropLast()
        }
        return bytes
    }
}
