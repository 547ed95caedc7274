@_spi(Runtime) import HTTPValues

/// An ordered list of header fields whose names compare case-insensitively.
///
/// ```swift
/// var headers = HTTPHeaders()
/// headers.add("Content-Type", "text/html; charset=utf-8")
/// headers["content-type"]  // "text/html; charset=utf-8"
/// ```
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field.
    package typealias Field = NameValue

    private var fields: [Field]

    /// No headers.
    public init() {
        fields = []
    }

    /// Empty, with room for `capacity` fields before it grows.
    package init(minimumCapacity capacity: Int) {
        fields = []
        fields.reserveCapacity(capacity)
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// Makes room for `count` more fields, so that adding them allocates at most once.
    package mutating func reserveCapacity(adding count: Int) {
        fields.reserveCapacity(fields.count + count)
    }

    /// The value of the first field with this name, or `nil`.
    public subscript(name: String) -> String? {
        get {
            // By index: iterating would copy (retain and release) every field on the way.
            for index in fields.indices where Self.namesMatch(fields[index].name, name) {
                return fields[index].value
            }
            return nil
        }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            // Replace the first field in place (the common case: one field of that name), drop others.
            guard let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
                fields.append(Field(name: name, value: newValue))
                return
            }
            fields[first] = Field(name: name, value: newValue)
            var index = first + 1
            while index < fields.count {
                if Self.namesMatch(fields[index].name, name) {
                    fields.remove(at: index)
                } else {
                    index += 1
                }
            }
        }
    }

    /// All values of the fields with this name, in order.
    package func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Appends a field, keeping any others with the same name (as `Set-Cookie` needs).
    package mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field with this name.
    package mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    package func contains(_ name: String) -> Bool {
        self[name] != nil
    }

    package var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[NameValue]> {
        fields.makeIterator()
    }

    /// Compares two header names ASCII case-insensitively.
    package static func namesMatch(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        if a == b { return true }
        return a.utf8.elementsEqual(b.utf8) { ASCII.lowercased($0) == ASCII.lowercased($1) }
    }
}
