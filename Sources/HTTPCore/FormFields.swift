/// Name–value pairs decoded from a query string or an `application/x-www-form-urlencoded` body.
///
/// ```swift
/// let form = try FormFields(decoding: Array("post=p1&liked=true".utf8))
/// form["post"]  // "p1"
/// ```
public struct FormFields: Sendable, Equatable, Sequence {
    /// One field.
    public typealias Field = NameValue

    public private(set) var fields: [Field]

    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Decodes `name=value&…`: `+` is a space, `%XX` escapes are decoded, empty pairs are skipped.
    ///
    /// - Throws: `HTTPError` 400 naming the field when an escape is malformed or the result is not UTF-8.
    public init<Bytes: Collection<UInt8>>(decoding encoded: Bytes) throws(HTTPError) {
        let parsed =
            encoded.withContiguousStorageIfAvailable { bytes in
                Result { () throws(HTTPError) in try Self.parse(bytes) }
            }
            ?? Array(encoded).withUnsafeBufferPointer { bytes in
                Result { () throws(HTTPError) in try Self.parse(bytes) }
            }
        self.fields = try parsed.get()
    }

    /// Decodes contiguous bytes (the fast path for request targets).
    init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(HTTPError) {
        self.fields = try Self.parse(bytes)
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPError) -> [Field] {
        var fields = [Field]()
        // One field per `&`, plus one: sized once instead of grown while appending.
        var separators = 0
        for byte in bytes where byte == UInt8(ascii: "&") { separators += 1 }
        fields.reserveCapacity(separators + 1)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                var equals = start
                while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = UnsafeBufferPointer(rebasing: bytes[start..<equals])
                let value = UnsafeBufferPointer(rebasing: bytes[Swift.min(equals + 1, end)..<end])
                let decodedName = try decode(name, describing: nil)
                fields.append(Field(name: decodedName, value: try decode(value, describing: decodedName)))
            }
            start = end + 1
        }
        return fields
    }

    /// The first value for `name`, or `nil`.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order.
    /// The value of the last field with this name, or `nil`.
    public func last(_ name: String) -> String? {
        fields.last { $0.name == name }?.value
    }

    public func values(for name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    public mutating func append(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// Encodes the fields as `name=value&…`.
    public var encoded: String {
        fields.map { "\(PercentEncoding.encodeQueryValue($0.name))=\(PercentEncoding.encodeQueryValue($0.value))" }
            .joined(separator: "&")
    }

    public static func == (lhs: FormFields, rhs: FormFields) -> Bool {
        lhs.fields == rhs.fields
    }

    private static func decode(
        _ part: UnsafeBufferPointer<UInt8>,
        describing field: String?
    ) throws(HTTPError) -> String {
        do {
            return try PercentEncoding.decode(part, plusAsSpace: true)
        } catch {
            let subject = field.map { "the value of field \"\($0)\"" } ?? "a field name"
            switch error {
            case .malformedEscape(let offset):
                throw HTTPError(
                    .badRequest,
                    "Malformed percent-escape in \(subject) at offset \(offset): "
                        + "a % must be followed by two hexadecimal digits."
                )
            case .invalidUTF8:
                throw HTTPError(
                    .badRequest,
                    "\(subject.prefix(1).uppercased() + subject.dropFirst()) is not valid UTF-8 once decoded.")
            }
        }
    }
}
