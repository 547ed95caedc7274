@_spi(Runtime) import HTTPValues

#if canImport(Glibc)
    import Glibc
#endif

/// An ordered list of header fields whose names compare case-insensitively.
///
/// ```swift
/// var headers = HTTPHeaders()
/// headers.add("Content-Type", "text/html; charset=utf-8")
/// headers["content-type"]  // "text/html; charset=utf-8"
/// ```
///
/// The fields are kept as bytes, each name and value followed by a NUL: a request's headers are copied in
/// from libmicrohttpd without a `String` made of any of them, a value becomes a `String` only when asked
/// for, and a response's are handed to libmicrohttpd as they are. A lookup compares names only where the
/// lengths agree, and a bit per name length says which lengths are there at all, so looking for a field
/// that is not there (as `CrossOriginProtection` does twice on every tap) mostly reads no field.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral, Equatable {
    /// One field.
    package typealias Field = NameValue

    /// Each field's name and value, each followed by a NUL byte, in order.
    private var bytes: HeaderBytes
    /// Where each field is in `bytes`.
    private var spans: [Span]
    /// Bit `n % 64` is set when a field's name is `n` bytes long: a name of a length no field has (most
    /// lookups of a header that is not there) is known absent without reading any field.
    private var nameLengths: UInt64

    private struct Span: Equatable, Sendable {
        var start: UInt32
        var nameCount: UInt32
        var valueCount: UInt32

        var name: Range<Int> { Int(start)..<Int(start + nameCount) }
        var value: Range<Int> { Int(start + nameCount + 1)..<Int(start + nameCount + 1 + valueCount) }
    }

    /// No headers.
    public init() {
        bytes = HeaderBytes()
        spans = []
        nameLengths = 0
    }

    /// Empty, with room for `capacity` fields (of a usual size) before it grows.
    package init(minimumCapacity capacity: Int) {
        self.init()
        reserveCapacity(adding: capacity)
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init()
        for (name, value) in elements {
            add(name, value)
        }
    }

    /// Makes room for `count` more fields, so that adding them allocates at most once each for the
    /// positions and the bytes (at 48 bytes a field; longer ones grow the bytes once more).
    package mutating func reserveCapacity(adding count: Int) {
        spans.reserveCapacity(spans.count + count)
        bytes.reserveCapacity(bytes.count + count * 48)
    }

    /// The value of the first field with this name, or `nil`.
    public subscript(name: String) -> String? {
        get {
            firstIndex(of: name).map(value(at:))
        }
        set {
            var name = name
            name.withUTF8 { name in
                if var newValue {
                    newValue.withUTF8 { set(name, $0) }
                } else {
                    remove(name)
                }
            }
        }
    }

    /// The value of the first field with this name, or `nil`.
    package subscript(name: KnownName) -> String? {
        firstIndex(of: name).map(value(at:))
    }

    /// `body` of the value of the first field with this name, as bytes; `nil` when there is none.
    package func withValue<Result>(
        of name: KnownName, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        guard let index = firstIndex(of: name) else { return nil }
        let range = spans[index].value
        return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Whether the first field with this name has the value `expected` (lowercase), compared ASCII
    /// case-insensitively: `headers.value(of: .hxRequest, is: "true")`.
    package func value(of name: KnownName, is expected: StaticString) -> Bool {
        withValue(of: name) { value in
            expected.withUTF8Buffer { expected in
                value.count == expected.count
                    && zip(value, expected).allSatisfy { ASCII.lowercased($0) == $1 }
            }
        } ?? false
    }

    /// All values of the fields with this name, in order.
    package func values(for name: String) -> [String] {
        var name = name
        return name.withUTF8 { name in
            spans.indices.filter { nameMatches(at: $0, name) }.map(value(at:))
        }
    }

    /// Appends a field, keeping any others with the same name (as `Set-Cookie` needs).
    package mutating func add(_ name: String, _ value: String) {
        var name = name
        var value = value
        name.withUTF8 { name in
            value.withUTF8 { value in add(name: name, value: value) }
        }
    }

    /// Appends a field given as bytes (a request's, as libmicrohttpd read it).
    package mutating func add(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count + name.count + value.count + 2 <= UInt32.max, "headers beyond 4 GiB")
        let start = UInt32(truncatingIfNeeded: bytes.count)
        bytes.appendField(name, value)
        nameLengths |= 1 &<< UInt64(name.count & 63)
        spans.append(
            Span(
                start: start, nameCount: UInt32(truncatingIfNeeded: name.count),
                valueCount: UInt32(truncatingIfNeeded: value.count)))
    }

    /// Appends every field of `other`, in order, with one copy of its bytes: a block of fields made once
    /// and added to many responses (the security headers).
    package mutating func append(contentsOf other: HTTPHeaders) {
        let shift = UInt32(truncatingIfNeeded: bytes.count)
        precondition(bytes.count + other.bytes.count <= UInt32.max, "headers beyond 4 GiB")
        other.bytes.withUnsafeBufferPointer { bytes.append($0) }
        for var span in other.spans {
            span.start += shift
            spans.append(span)
        }
        nameLengths |= other.nameLengths
    }

    /// Removes every field with this name.
    package mutating func remove(_ name: String) {
        var name = name
        name.withUTF8 { remove($0) }
    }

    package func contains(_ name: String) -> Bool {
        firstIndex(of: name) != nil
    }

    package func contains(_ name: KnownName) -> Bool {
        firstIndex(of: name) != nil
    }

    package var count: Int { spans.count }

    /// The number of fields (exact).
    public var underestimatedCount: Int { spans.count }

    public func makeIterator() -> Iterator {
        Iterator(headers: self)
    }

    /// The fields in order, each made a `NameValue` as it is reached.
    public struct Iterator: IteratorProtocol {
        fileprivate let headers: HTTPHeaders
        fileprivate var index = 0

        public mutating func next() -> NameValue? {
            guard index < headers.spans.count else { return nil }
            defer { index += 1 }
            return NameValue(name: headers.name(at: index), value: headers.value(at: index))
        }
    }

    /// `body` of each field's name and value, each a NUL-terminated C string (as libmicrohttpd takes
    /// them), in order.
    package func forEachField(_ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            base.withMemoryRebound(to: CChar.self, capacity: all.count) { text in
                for span in spans {
                    body(text + span.name.lowerBound, text + span.value.lowerBound)
                }
            }
        }
    }

    /// `body` of each field's name and value as bytes (without their NULs), in order.
    package func forEachField(bytes body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            for span in spans {
                body(UnsafeBufferPointer(rebasing: all[span.name]), UnsafeBufferPointer(rebasing: all[span.value]))
            }
        }
    }

    /// The same fields in the same order, names and values byte for byte.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        guard lhs.spans == rhs.spans, lhs.bytes.count == rhs.bytes.count else { return false }
        return lhs.bytes.withUnsafeBufferPointer { left in
            rhs.bytes.withUnsafeBufferPointer { right in
                left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }

    /// Compares two header names ASCII case-insensitively.
    package static func namesMatch(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        if a == b { return true }
        return a.utf8.elementsEqual(b.utf8) { ASCII.lowercased($0) == ASCII.lowercased($1) }
    }

    // MARK: - Finding fields

    private func firstIndex(of name: KnownName) -> Int? {
        firstIndex(of: UnsafeBufferPointer(start: name.text.utf8Start, count: name.text.utf8CodeUnitCount))
    }

    private func firstIndex(of name: String) -> Int? {
        var name = name
        return name.withUTF8(firstIndex(of:))
    }

    private func firstIndex(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard nameLengths & (1 &<< UInt64(name.count & 63)) != 0 else { return nil }
        return bytes.withUnsafeBufferPointer { all in
            spans.withUnsafeBufferPointer { spans in
                for index in spans.indices
                where Int(spans[index].nameCount) == name.count && Self.namesMatch(all, spans[index], name) {
                    return index
                }
                return nil
            }
        }
    }

    /// Whether the value of the first field with this name starts with `prefix`, byte for byte.
    package func value(of name: KnownName, startsWith prefix: StaticString) -> Bool {
        withValue(of: name) { value in
            value.count >= prefix.utf8CodeUnitCount
                && (prefix.utf8CodeUnitCount == 0
                    || memcmp(value.baseAddress!, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0)
        } ?? false
    }

    /// Whether field `index`'s name is `name`, ASCII case-insensitively.
    private func nameMatches(at index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        Int(spans[index].nameCount) == name.count
            && bytes.withUnsafeBufferPointer { Self.namesMatch($0, spans[index], name) }
    }

    /// Whether the name at `span` in `all`, of `name`'s length, is `name`, ASCII case-insensitively.
    private static func namesMatch(
        _ all: UnsafeBufferPointer<UInt8>, _ span: Span, _ name: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var offset = Int(span.start)
        for byte in name {
            guard ASCII.lowercased(all[offset]) == ASCII.lowercased(byte) else { return false }
            offset += 1
        }
        return true
    }

    private func name(at index: Int) -> String {
        text(in: spans[index].name)
    }

    private func value(at index: Int) -> String {
        text(in: spans[index].value)
    }

    /// The bytes in `range` as text (invalid UTF-8 repaired).
    private func text(in range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    // MARK: - Changing fields

    /// Replaces the first field named `name` (the common case: one field of that name) in place and drops
    /// any others; appends one when there is none.
    private mutating func set(_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) {
        guard let first = firstIndex(of: name) else {
            add(name: name, value: value)
            return
        }
        self = rewritten { index in
            index == first ? .replace(name, value) : index > first && nameMatches(at: index, name) ? .drop : .keep
        }
    }

    private mutating func remove(_ name: UnsafeBufferPointer<UInt8>) {
        guard firstIndex(of: name) != nil else { return }
        self = rewritten { index in nameMatches(at: index, name) ? .drop : .keep }
    }

    private enum Rewrite {
        case keep
        case drop
        case replace(UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>)
    }

    /// The same fields again, each kept, dropped or replaced as `choice` says.
    private func rewritten(_ choice: (Int) -> Rewrite) -> HTTPHeaders {
        var rewritten = HTTPHeaders()
        rewritten.reserveCapacity(adding: spans.count)
        bytes.withUnsafeBufferPointer { all in
            for index in spans.indices {
                switch choice(index) {
                case .keep:
                    rewritten.add(
                        name: UnsafeBufferPointer(rebasing: all[spans[index].name]),
                        value: UnsafeBufferPointer(rebasing: all[spans[index].value]))
                case .drop:
                    break
                case .replace(let name, let value):
                    rewritten.add(name: name, value: value)
                }
            }
        }
        return rewritten
    }
}
