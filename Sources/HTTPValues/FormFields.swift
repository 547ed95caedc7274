/// Name–value pairs decoded from a query string or an `application/x-www-form-urlencoded` body.
///
/// ```swift
/// let form = try FormFields(decoding: Array("post=p1&liked=true".utf8))
/// form["post"]  // "p1"
/// ```
public struct FormFields: Sendable, Hashable, Sequence {
    /// One field.
    package typealias Field = NameValue

    package private(set) var fields: [Field]

    package init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Decodes `name=value&…`: `+` is a space, `%XX` escapes are decoded, empty pairs are skipped.
    ///
    /// - Throws: `HTTPError` 400 naming the field when an escape is malformed, the result is not UTF-8,
    ///   a name or value holds a control character (C0 but tab, line feed and carriage return, or DEL:
    ///   nothing a form field needs, and nothing that may reach markup), or a field is given twice.
    /// - Parameter checked: The fields whose values may hold control characters, because their form checks
    ///   them itself and says why in its own words (a comment's text).
    package init<Bytes: Collection<UInt8>>(
        decoding encoded: Bytes, checkingControlCharactersItself checked: Set<String> = []
    ) throws(HTTPError) {
        let parsed =
            encoded.withContiguousStorageIfAvailable { bytes in
                Result { () throws(HTTPError) in try Self.parse(bytes, checked: checked) }
            }
            ?? Array(encoded).withUnsafeBufferPointer { bytes in
                Result { () throws(HTTPError) in try Self.parse(bytes, checked: checked) }
            }
        self.fields = try parsed.get()
    }

    /// Decodes contiguous bytes (the fast path for request targets).
    package init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(HTTPError) {
        self.fields = try Self.parse(bytes)
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, checked: Set<String> = []
    ) throws(HTTPError) -> [Field] {
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
                let decodedValue = try decode(value, describing: decodedName)
                try refuseControlCharacters(decodedName, describing: nil)
                if checked.isEmpty || !checked.contains(decodedName) {
                    try refuseControlCharacters(decodedValue, describing: decodedName)
                }
                if fields.contains(where: { $0.name == decodedName }) {
                    throw HTTPError(
                        .badRequest, "The field \"\(decodedName)\" is given more than once; send it once.")
                }
                fields.append(Field(name: decodedName, value: decodedValue))
            }
            start = end + 1
        }
        return fields
    }

    /// The fields, after checking that every one is among `names`.
    ///
    /// - Throws: `HTTPError` 400 naming the first field the form does not take.
    package func taking(only names: Set<String>) throws(HTTPError) -> FormFields {
        // A form's few names are compared, not hashed: for a handful, comparing short strings is cheaper
        // than hashing each field's name. (A plain loop: a closure chosen by the count cost an allocation.)
        let compares = names.count <= 8
        for field in fields where !(compares ? names.contains { $0 == field.name } : names.contains(field.name)) {
            throw HTTPError(
                .badRequest,
                "Unknown field \"\(field.name)\": this form takes \(names.sorted().joined(separator: ", ")).")
        }
        return self
    }

    /// The first value for `name`, or `nil`.
    package subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order.
    /// The value of the last field with this name, or `nil`.
    package func last(_ name: String) -> String? {
        fields.last { $0.name == name }?.value
    }

    package func values(for name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    package mutating func append(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    package var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[NameValue]> {
        fields.makeIterator()
    }

    /// Encodes the fields as `name=value&…`.
    package var encoded: String {
        fields.map { "\(PercentEncoding.encodeQueryValue($0.name))=\(PercentEncoding.encodeQueryValue($0.value))" }
            .joined(separator: "&")
    }

    public static func == (lhs: FormFields, rhs: FormFields) -> Bool {
        lhs.fields == rhs.fields
    }

    private static func refuseControlCharacters(_ text: String, describing field: String?) throws(HTTPError) {
        // On the contiguous bytes (a stack copy for small strings): iterating `utf8` costs several times more.
        var text = text
        let control = text.withUTF8 { bytes in
            bytes.first { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }
        }
        if let byte = control {
            let code = String(byte, radix: 16, uppercase: true)
            let subject = field.map { "The value of field \"\($0)\"" } ?? "A field name"
            throw HTTPError(
                .badRequest,
                "\(subject) holds the control character U+\(code.count == 1 ? "000" : "00")\(code), "
                    + "which no field may hold.")
        }
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
