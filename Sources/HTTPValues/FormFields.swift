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
        // Which names are ASCII: two of those are the same name only if they are the same bytes, so the
        // check for a name given twice compares lengths first (`==` on two different strings takes
        // Unicode's slow path, which knows that K and the Kelvin sign are one name).
        var asciiNames: UInt64 = 0
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                var equals = start
                while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = try decode(UnsafeBufferPointer(rebasing: bytes[start..<equals]), describing: nil)
                let value = try decode(
                    UnsafeBufferPointer(rebasing: bytes[Swift.min(equals + 1, end)..<end]), describing: name.text)
                try refuse(name.control, describing: nil)
                if let control = value.control, checked.isEmpty || !checked.contains(name.text) {
                    try refuse(control, describing: name.text)
                }
                let count = name.text.utf8.count
                for index in fields.indices {
                    let bothASCII = name.isASCII && index < 64 && asciiNames & (1 << UInt64(index)) != 0
                    if bothASCII && fields[index].name.utf8.count != count { continue }
                    if fields[index].name == name.text {
                        throw HTTPError(
                            .badRequest, "The field \"\(name.text)\" is given more than once; send it once.")
                    }
                }
                if name.isASCII && fields.count < 64 { asciiNames |= 1 << UInt64(fields.count) }
                fields.append(Field(name: name.text, value: value.text))
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

    /// Throws the `400` for a control character found in a field name (`field` `nil`) or value.
    private static func refuse(_ control: UInt8?, describing field: String?) throws(HTTPError) {
        guard let byte = control else { return }
        let code = String(byte, radix: 16, uppercase: true)
        let subject = field.map { "The value of field \"\($0)\"" } ?? "A field name"
        throw HTTPError(
            .badRequest,
            "\(subject) holds the control character U+\(code.count == 1 ? "000" : "00")\(code), "
                + "which no field may hold.")
    }

    /// Whether `byte` is a control character no field may hold: C0 but tab, line feed and carriage return,
    /// or DEL.
    @inline(__always) private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }

    /// A name or value decoded, with the first control character it holds (not thrown here, so that a
    /// malformed escape in the value is reported before a control character in the name) and whether it
    /// is ASCII.
    private struct Decoded {
        var text: String
        var control: UInt8?
        var isASCII: Bool
    }

    /// Decodes one part in one pass over its bytes: plain text (the common case) is checked and copied
    /// at once; text with escapes is decoded by `PercentEncoding`, and its decoded bytes checked.
    private static func decode(
        _ part: UnsafeBufferPointer<UInt8>,
        describing field: String?
    ) throws(HTTPError) -> Decoded {
        var escaped = false
        var isASCII = true
        var control: UInt8?
        for byte in part {
            if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+") {
                escaped = true
                break
            }
            if byte >= 0x80 { isASCII = false }
            if control == nil && isControl(byte) { control = byte }
        }
        if !escaped && isASCII {
            return Decoded(text: String(decoding: part, as: UTF8.self), control: control, isASCII: true)
        }
        let text: String
        do {
            text = try PercentEncoding.decode(part, plusAsSpace: true)
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
        var decoded = text
        return decoded.withUTF8 { bytes in
            Decoded(
                text: text, control: bytes.first(where: isControl),
                isASCII: !bytes.contains { $0 >= 0x80 })
        }
    }
}
