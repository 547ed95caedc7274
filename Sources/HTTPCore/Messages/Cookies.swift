/// The cookies a request carries, parsed from its `Cookie` header (RFC 6265 §4.2).
///
/// ```swift
/// let cookies = Cookies(header: "viewer=v-12ab; theme=dark")
/// cookies["viewer"]  // "v-12ab"
/// ```
package struct Cookies: Sendable, Equatable {
    /// A request carries a handful, so they are compared, not hashed.
    private var pairs: SmallMap<String, String>
    /// Names whose values the server set while handling this request (see `assign`), in order.
    package private(set) var assignedNames: [String] = []

    package init(_ values: [String: String] = [:]) {
        pairs = SmallMap()
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            pairs[name] = value
        }
    }

    /// Every cookie by name.
    package var values: [String: String] {
        Dictionary(uniqueKeysWithValues: pairs.entries.map { ($0.key, $0.value) })
    }

    /// Parses `name=value; name2=value2`. Pairs without `=` or with an empty name are ignored;
    /// the first occurrence of a name wins; values in double quotes are unquoted. Never fails.
    package init(header: String?) {
        guard var header else {
            self.init()
            return
        }
        self = header.withUTF8 { Cookies(bytes: $0) }
    }

    /// Parses a `Cookie` header's bytes, as `init(header:)` does.
    package init(bytes: UnsafeBufferPointer<UInt8>) {
        var pairs = SmallMap<String, String>()
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: ";") { end += 1 }
            var equals = start
            while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            if equals < end {
                let name = Self.trimmed(bytes, start, equals)
                var value = Self.trimmed(bytes, equals + 1, end)
                if value.count >= 2 && bytes[value.lowerBound] == UInt8(ascii: "\"")
                    && bytes[value.upperBound - 1] == UInt8(ascii: "\"")
                {
                    value = (value.lowerBound + 1)..<(value.upperBound - 1)
                }
                if !name.isEmpty {
                    // The first of a repeated name counts (the most specific path comes first).
                    let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)
                    if pairs[key] == nil {
                        pairs[key] = String(decoding: UnsafeBufferPointer(rebasing: bytes[value]), as: UTF8.self)
                    }
                }
            }
            start = end + 1
        }
        self.pairs = pairs
    }

    /// The range `start..<end` without leading and trailing spaces and tabs.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int> {
        var start = start
        var end = end
        while start < end && (bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t")) { start += 1 }
        while end > start && (bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t")) { end -= 1 }
        return start..<end
    }

    package subscript(name: String) -> String? {
        get { pairs[name] }
        set { pairs[name] = newValue }
    }

    /// Sets a value the client did not send (say, a new session id), remembering that the server chose it,
    /// so that the response can set the cookie.
    package mutating func assign(_ name: String, _ value: String) {
        self[name] = value
        if !assignedNames.contains(name) {
            assignedNames.append(name)
        }
    }

    package static func == (lhs: Cookies, rhs: Cookies) -> Bool {
        lhs.values == rhs.values && Set(lhs.assignedNames) == Set(rhs.assignedNames)
    }
}
